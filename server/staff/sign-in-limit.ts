/**
 * How many wrong passwords the staff sign-in takes: `perClient` from one client address and
 * `overall` from all clients together in a window, so a guess spread over many addresses is
 * slowed as well. Only wrong passwords count: a sign-in that succeeds takes its attempt back, and
 * a malformed request never reaches the count. Each attempt is counted before the password is
 * checked (and taken back if refused), so parallel guesses cannot slip past the limit.
 * The counts live in PostgreSQL's `rate_limits` table when nodes share one, else in memory.
 */
import { normalizeIP } from "@fastify/rate-limit";
import type pg from "pg";

export type SignInLimits = { perClient: number; overall: number; windowMs: number };

export const signInLimits: SignInLimits = {
  perClient: 5,
  overall: 100,
  windowMs: 15 * 60_000,
};

type Count = { count: number; msLeft: number };

export interface FailureCounter {
  /** Adds one to the key's count in its window (a new window when the last has ended). */
  add(key: string, windowMs: number): Promise<Count>;
  /** Takes one back from the key's count. */
  takeBack(key: string): Promise<void>;
}

/**
 * In memory, the counts are bounded: ended windows are swept once a minute, and past `maxKeys`
 * the key counted longest ago goes first. A key is moved to the end each time it counts, so the
 * one for all clients together, counted at every attempt, is never the one to go. Before, a guess
 * spread over many addresses (easy with IPv6) grew the map without bound, and once it held
 * 10,000 keys every attempt walked all of them.
 */
export function memoryFailureCounter(
  now: () => number = Date.now,
  maxKeys = 50_000,
): FailureCounter & { readonly size: number } {
  const counts = new Map<string, { count: number; windowEnds: number }>();
  let nextSweep = 0;
  return {
    async add(key, windowMs) {
      const time = now();
      if (time >= nextSweep) {
        for (const [old, entry] of counts) if (entry.windowEnds <= time) counts.delete(old);
        nextSweep = time + 60_000;
      }
      const current = counts.get(key);
      const entry =
        current && current.windowEnds > time ? current : { count: 0, windowEnds: time + windowMs };
      entry.count += 1;
      counts.delete(key);
      if (counts.size >= maxKeys) counts.delete(counts.keys().next().value!);
      counts.set(key, entry);
      return { count: entry.count, msLeft: entry.windowEnds - time };
    },
    /** For tests: how many keys are held. */
    get size() {
      return counts.size;
    },
    async takeBack(key) {
      const entry = counts.get(key);
      if (entry && entry.count > 0) entry.count -= 1;
    },
  };
}

export function postgresFailureCounter(pool: pg.Pool): FailureCounter {
  return {
    async add(key, windowMs) {
      const { rows } = await pool.query<{ count: number; ms_left: number }>(
        `INSERT INTO rate_limits AS r (key, count, window_ends)
         VALUES ($1, 1, now() + $2 * interval '1 millisecond')
         ON CONFLICT (key) DO UPDATE SET
           count = CASE WHEN r.window_ends <= now() THEN 1 ELSE r.count + 1 END,
           window_ends = CASE WHEN r.window_ends <= now() THEN EXCLUDED.window_ends
                         ELSE r.window_ends END
         RETURNING count,
           GREATEST(0, CEIL(EXTRACT(EPOCH FROM (window_ends - now())) * 1000))::float8 AS ms_left`,
        [key, windowMs],
      );
      return { count: rows[0]!.count, msLeft: rows[0]!.ms_left };
    },
    async takeBack(key) {
      await pool.query(
        `UPDATE rate_limits SET count = count - 1
         WHERE key = $1 AND count > 0 AND window_ends > now()`,
        [key],
      );
    },
  };
}

export type Lockout = { scope: "client" | "everyone"; msLeft: number };

/** Which limit, if any, refuses an attempt given the counts that include it. */
export function refusedBy(client: Count, everyone: Count, limits: SignInLimits): Lockout | null {
  if (client.count > limits.perClient) return { scope: "client", msLeft: client.msLeft };
  if (everyone.count > limits.overall) return { scope: "everyone", msLeft: everyone.msLeft };
  return null;
}

/** The limit a failed attempt has just reached, which the server logs. */
export function reachedBy(client: Count, everyone: Count, limits: SignInLimits): Lockout | null {
  if (everyone.count === limits.overall) return { scope: "everyone", msLeft: everyone.msLeft };
  if (client.count === limits.perClient) return { scope: "client", msLeft: client.msLeft };
  return null;
}

export type SignInAttempt =
  | { refused: Lockout }
  | {
      refused: null;
      /** The password was right: the attempt does not count. */
      succeeded(): Promise<void>;
      /** The password was wrong: the attempt counts; says which limit it reached, if one. */
      failed(): Lockout | null;
    };

/**
 * `knownDevice`: the id of the computer's signed device cookie, when it signed in before. It is
 * held to a limit of its own, the same as an address's, and nothing else: not the limit for
 * everyone, which a guess spread over many addresses can spend on purpose, and not its address's,
 * which it shares with everyone behind the same public address (a clinic's network behind NAT,
 * its guest Wi-Fi). Counted by address, five wrong guesses from a visitor there, or a colleague's
 * typing, kept every member of staff at the clinic out for 15 minutes; and its own wrong
 * passwords no longer count against the others there. Its id cannot be made up: the cookie is
 * signed, and a new one comes only with the right password.
 *
 * A client is its address as the rate limit counts it (@fastify/rate-limit's normalizeIP): an
 * IPv6 address by its /64, which one host holds whole, and an IPv4-mapped one as IPv4. Counted by
 * the full address, one host rotating addresses in its /64 spent the limit for everyone alone.
 */
export function signInLimiter(counter: FailureCounter, limits: SignInLimits = signInLimits) {
  const everyoneKey = "staff-sign-in:everyone";
  return async function begin(
    client: string,
    { knownDevice = null }: { knownDevice?: string | null } = {},
  ): Promise<SignInAttempt> {
    const keys = knownDevice
      ? [`staff-sign-in:device:${knownDevice}`]
      : [`staff-sign-in:client:${normalizeIP(client)}`, everyoneKey];
    const [mine, all = { count: 0, msLeft: 0 }] = await Promise.all(
      keys.map((key) => counter.add(key, limits.windowMs)),
    );
    const takeBack = () => Promise.all(keys.map((key) => counter.takeBack(key))).then(() => {});
    const refused = refusedBy(mine!, all, limits);
    if (refused) {
      await takeBack();
      return { refused };
    }
    return { refused: null, succeeded: takeBack, failed: () => reachedBy(mine!, all, limits) };
  };
}
