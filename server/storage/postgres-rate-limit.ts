/**
 * A @fastify/rate-limit store in PostgreSQL, so that every node behind a load balancer counts
 * against the same limit. One atomic upsert per request: a fixed window per key, like the
 * plugin's own in-memory store, reset once it has ended. Ended windows are swept now and then.
 * While the database does not answer, each node counts on its own (`sharedWaitMs`).
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import pg from "pg";
import { memoryFailureCounter } from "../staff/sign-in-limit.ts";
import { openMigratedPool } from "./requests-postgres.ts";

const increment = `
  INSERT INTO rate_limits AS r (key, count, window_ends)
  VALUES ($1, 1, now() + $2 * interval '1 millisecond')
  ON CONFLICT (key) DO UPDATE SET
    count = CASE WHEN r.window_ends <= now() THEN 1 ELSE r.count + 1 END,
    window_ends = CASE WHEN r.window_ends <= now() THEN EXCLUDED.window_ends ELSE r.window_ends END
  RETURNING count, GREATEST(0, CEIL(EXTRACT(EPOCH FROM (window_ends - now())) * 1000))::float8 AS ttl`;

/** About one request in this many also deletes the counters whose window has ended. */
const sweepEvery = 200;

/**
 * How long a request waits for the shared count by default (RATE_LIMIT_SHARED_WAIT_MS). A
 * database that stalls or is away would hold every limited route behind it, speech too, which
 * needs no database: after this, or at once on an error, the request is counted by this node
 * alone (fixed windows, as the plugin's in-memory store) and goes on, and so are the requests of
 * the next `sharedAwayMs`, without asking the database meanwhile.
 */
export const defaultSharedWaitMs = 1_000;
const sharedAwayMs = 5_000;

/** Counters kept by one node while the database does not answer; the oldest go past this many. */
const localKeys = 10_000;

export async function openPostgresRateLimitStore(
  databaseUrl: string,
  options: {
    sharedWaitMs?: number;
    /** Told each time the node starts counting on its own (at most once per `sharedAwayMs`). */
    onWarning?: (message: string) => void;
  } = {},
): Promise<{
  Store: FastifyRateLimitStoreCtor;
  pool: pg.Pool;
  close: () => Promise<void>;
}> {
  const pool = await openMigratedPool(databaseUrl, 5);

  // The same bounded fixed windows the staff sign-in counts in, when it has no database.
  const local = memoryFailureCounter(Date.now, localKeys);
  const countLocally = (key: string, timeWindow: number) =>
    local.add(key, timeWindow).then(({ count, msLeft }) => ({ current: count, ttl: msLeft }));
  const sharedWaitMs = options.sharedWaitMs ?? defaultSharedWaitMs;
  let sharedAwayUntil = 0;

  function store(prefix: string): FastifyRateLimitStore {
    return {
      incr(key, callback, timeWindow) {
        if (Date.now() < sharedAwayUntil) {
          void countLocally(`${prefix}${key}`, timeWindow).then((count) => callback(null, count));
          return;
        }
        let answered = false;
        const answer = (count: { current: number; ttl: number }) => {
          if (answered) return;
          answered = true;
          clearTimeout(timer);
          callback(null, count);
        };
        const alone = (error?: unknown) => {
          if (answered) return;
          if (Date.now() >= sharedAwayUntil) {
            options.onWarning?.(
              `Rate limits are counted on this node alone for ${sharedAwayMs / 1000} s: the database ${
                error === undefined
                  ? `did not answer in ${sharedWaitMs} ms`
                  : `failed (${String(error)})`
              }`,
            );
          }
          sharedAwayUntil = Date.now() + sharedAwayMs;
          void countLocally(`${prefix}${key}`, timeWindow).then(answer);
        };
        const timer = setTimeout(alone, sharedWaitMs);
        pool
          .query<{ count: number; ttl: number }>(increment, [`${prefix}${key}`, timeWindow])
          .then(({ rows }) => {
            answer({ current: rows[0]!.count, ttl: rows[0]!.ttl });
            if (Math.random() * sweepEvery < 1) {
              void pool
                .query("DELETE FROM rate_limits WHERE window_ends < now() - interval '1 hour'")
                .catch(() => {});
            }
          }, alone);
      },
      // Each route counts on its own, as with the in-memory store.
      child: (routeOptions) => store(`${routeOptions.method}:${routeOptions.url}:`),
    };
  }

  return {
    Store: class {
      constructor() {
        return store("global:");
      }
    } as unknown as FastifyRateLimitStoreCtor,
    pool,
    close: () => pool.end(),
  };
}
