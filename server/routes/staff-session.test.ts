/**
 * Issue 39's findings on staff sessions and sign-in, through the real app: the inbox needs a
 * session secret, a cookie cannot be made from the password hash or stretched past 8 hours,
 * signing out and an idle half hour end a session, a new password ends them all, and only
 * wrong passwords count towards the sign-in limits.
 */
import { createHash, createHmac, randomBytes, scryptSync } from "node:crypto";
import { Writable } from "node:stream";
import { sign } from "@fastify/cookie";
import type { FastifyInstance } from "fastify";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { backgroundCheckHeader } from "../../src/shared/api-contract.ts";
import { hashPassword } from "../staff/password.ts";
import { readSessionSecret, sessionKey } from "../staff/session.ts";
import { signInLimits } from "../staff/sign-in-limit.ts";
import { buildTestApp, makeTempDirs, testSessionSecret } from "../test-support.ts";
import type { SpeechSynthesizer } from "./tts.ts";

const unusedSynthesizer: SpeechSynthesizer = {
  synthesize: () => Promise.reject(new Error("not used in these tests")),
};
const password = "Tulpar-2026-clinic";
let passwordHash = "";
beforeAll(async () => {
  passwordHash = await hashPassword(password);
});

const apps: FastifyInstance[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** What the server logs, as parsed lines. */
function logSink() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: { level: "warn", stream } };
}

async function start(
  options: {
    hash?: string;
    secret?: string | undefined;
    dataDir?: string;
    trustProxy?: string;
    logger?: ReturnType<typeof logSink>["logger"];
  } = {},
) {
  const app = await buildTestApp(
    unusedSynthesizer,
    {
      rateLimitPerMinute: 10_000,
      staffPasswordHash: options.hash ?? passwordHash,
      ...("secret" in options
        ? options.secret === undefined
          ? {}
          : { staffSessionSecret: options.secret }
        : { staffSessionSecret: testSessionSecret }),
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.trustProxy ? { trustProxy: options.trustProxy } : {}),
    },
    options.logger ? { logger: options.logger } : {},
  );
  apps.push(app);
  return app;
}

const staff = { "x-dauys-staff": "1" };

const signIn = (app: FastifyInstance, attempt = password, headers: Record<string, string> = {}) =>
  app.inject({
    method: "POST",
    url: "/api/staff/session",
    headers: { ...staff, ...headers },
    payload: { password: attempt },
  });

async function session(app: FastifyInstance): Promise<string> {
  const answer = await signIn(app);
  expect(answer.statusCode).toBe(204);
  return `dauys_staff=${answer.cookies.find((c) => c.name === "dauys_staff")!.value}`;
}

const inbox = (app: FastifyInstance, cookie: string) =>
  app.inject({ method: "GET", url: "/api/staff/requests", headers: { cookie } });

/** The open inbox's own check for new requests, made every minute without anyone asking. */
const backgroundCheck = (app: FastifyInstance, cookie: string) =>
  app.inject({
    method: "GET",
    url: "/api/staff/requests",
    headers: { cookie, [backgroundCheckHeader.name]: backgroundCheckHeader.value },
  });

describe("staff session secret (finding 2)", () => {
  it("keeps the inbox off without a good secret, says why in the log, and the site still runs", async () => {
    for (const secret of [undefined, "too-short", "0".repeat(64)]) {
      const { lines, logger } = logSink();
      const app = await start({ secret, logger });
      const answer = await signIn(app);
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({ error: "staff_not_configured" });
      expect(answer.cookies).toEqual([]);
      expect(lines.map((line) => line.msg)).toContainEqual(
        expect.stringMatching(/^The staff inbox is off: STAFF_SESSION_SECRET /),
      );
      expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    }
  });

  it("refuses a cookie made from the password hash alone (the old default key)", async () => {
    const app = await start();
    const body = `${Date.now() + 100 * 365 * 24 * 3_600_000}.forged`;
    const oldKey = createHash("sha256").update(`password-hash:${passwordHash}`).digest();
    const forged = `${body}.${createHmac("sha256", oldKey).update(body).digest("base64url")}`;
    expect((await inbox(app, `dauys_staff=${forged}`)).statusCode).toBe(401);
  });

  it("refuses a signed cookie whose expiry is beyond sign-in + 8 hours", async () => {
    const app = await start();
    const cookie = await session(app);
    const key = sessionKey(readSessionSecret(testSessionSecret) as Buffer, passwordHash);
    const value = decodeURIComponent(cookie.slice("dauys_staff=".length));
    const [id, signedInAt] = value.split(".") as [string, string];
    const resigned = (expiresAt: number) =>
      `dauys_staff=${encodeURIComponent(sign(`${id}.${signedInAt}.${expiresAt}`, key))}`;
    // The same session signed again as the server signed it is accepted...
    expect((await inbox(app, resigned(Number(signedInAt) + 8 * 3_600_000))).statusCode).toBe(200);
    // ...but not with a longer life, nor a hundred years.
    expect((await inbox(app, resigned(Number(signedInAt) + 8 * 3_600_000 + 1))).statusCode).toBe(
      401,
    );
    expect(
      (await inbox(app, resigned(Number(signedInAt) + 100 * 365 * 24 * 3_600_000))).statusCode,
    ).toBe(401);
  });

  it("ends every session when the password changes, on a node with the same settings", async () => {
    const { dataDir } = makeTempDirs();
    const before = await start({ dataDir });
    const cookie = await session(before);
    const sameSettings = await start({ dataDir });
    expect((await inbox(sameSettings, cookie)).statusCode).toBe(200);
    const newPassword = await start({ dataDir, hash: await hashPassword("a new password 2026") });
    expect((await inbox(newPassword, cookie)).statusCode).toBe(401);
  });
});

describe("signing out and idle sessions (finding 3)", () => {
  it("signing out ends the session: the same cookie no longer reads the inbox", async () => {
    const { dataDir } = makeTempDirs();
    const app = await start({ dataDir });
    const other = await start({ dataDir });
    const cookie = await session(app);
    const kept = await session(app);
    expect((await inbox(app, cookie)).statusCode).toBe(200);
    const out = await app.inject({
      method: "DELETE",
      url: "/api/staff/session",
      headers: { ...staff, cookie },
    });
    expect(out.statusCode).toBe(204);
    expect((await inbox(app, cookie)).statusCode).toBe(401);
    // Another server on the same store (a restart, another process) refuses it too.
    expect((await inbox(other, cookie)).statusCode).toBe(401);
    // Only that session ended.
    expect((await inbox(app, kept)).statusCode).toBe(200);
  });

  it("ends a session left alone for 30 minutes; use keeps it going, up to 8 hours", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.UTC(2026, 10, 27, 8) });
    const app = await start();
    const idle = await session(app);
    const busy = await session(app);
    for (let minute = 0; minute < 8 * 60 - 20; minute += 20) {
      vi.advanceTimersByTime(20 * 60_000);
      expect((await inbox(app, busy)).statusCode).toBe(200);
    }
    expect((await inbox(app, idle)).statusCode).toBe(401);
    vi.advanceTimersByTime(20 * 60_000);
    expect((await inbox(app, busy)).statusCode).toBe(401);
  });

  it("ends a session after 30 idle minutes, not before", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.UTC(2026, 10, 27, 8) });
    const app = await start();
    const cookie = await session(app);
    vi.advanceTimersByTime(29 * 60_000);
    expect((await inbox(app, cookie)).statusCode).toBe(200);
    vi.advanceTimersByTime(30 * 60_000 + 1);
    expect((await inbox(app, cookie)).statusCode).toBe(401);
  });

  it("ends a session after 30 minutes of background checks every minute and no use", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.UTC(2026, 10, 27, 8) });
    const app = await start();
    const cookie = await session(app);
    const statuses: number[] = [];
    for (let minute = 1; minute <= 31; minute++) {
      vi.advanceTimersByTime(60_000);
      statuses.push((await backgroundCheck(app, cookie)).statusCode);
    }
    expect(statuses).toEqual([...Array(29).fill(200), 401, 401]);
    // The session is gone, not just refused to the check.
    expect((await inbox(app, cookie)).statusCode).toBe(401);
  });

  it("keeps a session going through background checks when staff use it in between", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.UTC(2026, 10, 27, 8) });
    const app = await start();
    const cookie = await session(app);
    const statuses: number[] = [];
    for (let minute = 1; minute <= 46; minute++) {
      vi.advanceTimersByTime(60_000);
      // At minute 15 staff search the inbox: 30 idle minutes count from then.
      if (minute === 15) expect((await inbox(app, cookie)).statusCode).toBe(200);
      else statuses.push((await backgroundCheck(app, cookie)).statusCode);
    }
    expect(statuses).toEqual([...Array(43).fill(200), 401, 401]);
  });
});

describe("sign-in limit (finding 5)", () => {
  it("does not count successful sign-ins or malformed requests", async () => {
    const app = await start();
    for (let i = 0; i < signInLimits.perClient + 3; i++) await session(app);
    const malformed = [
      { password: "" },
      { password: 42 },
      { pass: password },
      { password, extra: true },
    ];
    for (let i = 0; i < 3; i++) {
      for (const payload of malformed) {
        const answer = await app.inject({
          method: "POST",
          url: "/api/staff/session",
          headers: staff,
          payload,
        });
        expect(answer.statusCode).toBe(400);
      }
    }
    expect((await signIn(app)).statusCode).toBe(204);
  });

  it("locks a client out after 5 wrong passwords, with Retry-After, and logs it", async () => {
    const { lines, logger } = logSink();
    const app = await start({ logger, trustProxy: "127.0.0.1" });
    const from = (client: string) => ({ "x-forwarded-for": client });
    // Parallel guesses cannot slip past the limit.
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signIn(app, `guess ${i}`, from("203.0.113.9"))),
    );
    const statuses = guesses.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
    const locked = await signIn(app, password, from("203.0.113.9"));
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ error: "too_many_requests" });
    expect(locked.json().message).toBe(
      "Too many failed sign-in attempts. Try again in 15 minutes.",
    );
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(14 * 60);
    expect(Number(locked.headers["retry-after"])).toBeLessThanOrEqual(15 * 60);
    // Staff at another address still sign in.
    expect((await signIn(app, password, from("198.51.100.4"))).statusCode).toBe(204);
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 40,
        msg: "Staff sign-in locked for this client after too many wrong passwords",
        client: "203.0.113.9",
      }),
    );
  });

  it("counts an IPv6 client by its /64, as the rate limit does, and IPv4-mapped as IPv4", async () => {
    const app = await start({ trustProxy: "127.0.0.1" });
    // One host rotating through the addresses of its /64 is one client: it cannot spend the
    // limit for everyone (100) alone.
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        signIn(app, `guess ${i}`, { "x-forwarded-for": `2001:db8:1:2::${(i + 1).toString(16)}` }),
      ),
    );
    const statuses = guesses.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
    // Another /64 is another client.
    expect((await signIn(app, password, { "x-forwarded-for": "2001:db8:1:3::1" })).statusCode).toBe(
      204,
    );
    for (let i = 0; i < signInLimits.perClient; i++) {
      await signIn(app, `guess ${i}`, { "x-forwarded-for": "203.0.113.9" });
    }
    const mapped = await signIn(app, password, { "x-forwarded-for": "::ffff:203.0.113.9" });
    expect(mapped.statusCode).toBe(429);
  });

  it("stops everyone once all clients together spend the failure budget, and logs it", async () => {
    const { lines, logger } = logSink();
    // The cheapest cost the server accepts, so that a hundred wrong passwords are checked quickly.
    const salt = randomBytes(16);
    const key = scryptSync(password, salt, 32, { N: 2 ** 14, r: 1, p: 1 });
    const hash = `scrypt$16384$1$1$${salt.toString("base64url")}$${key.toString("base64url")}`;
    const app = await start({ logger, trustProxy: "127.0.0.1", hash });
    const answers = await Promise.all(
      Array.from({ length: signInLimits.overall }, (_, i) =>
        signIn(app, `guess ${i}`, { "x-forwarded-for": `10.9.${i >> 8}.${i & 255}` }),
      ),
    );
    expect(answers.every((answer) => answer.statusCode === 401)).toBe(true);
    const next = await signIn(app, password, { "x-forwarded-for": "198.51.100.4" });
    expect(next.statusCode).toBe(429);
    expect(next.json().message).toMatch(
      /^Too many failed sign-in attempts to this inbox from everywhere\./,
    );
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 40,
        msg: "Staff sign-in locked for every client after too many wrong passwords",
      }),
    );
  });

  it("lets a computer that signed in before in while everyone else is locked out", async () => {
    const salt = randomBytes(16);
    const key = scryptSync(password, salt, 32, { N: 2 ** 14, r: 1, p: 1 });
    const hash = `scrypt$16384$1$1$${salt.toString("base64url")}$${key.toString("base64url")}`;
    const app = await start({ trustProxy: "127.0.0.1", hash });
    // The clinic's computer signed in last week.
    const first = await signIn(app, password, { "x-forwarded-for": "198.51.100.4" });
    expect(first.statusCode).toBe(204);
    const device = first.cookies.find((cookie) => cookie.name === "dauys_staff_device");
    expect(device).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/api/staff" });
    // A guess spread over a hundred addresses locks everyone.
    await Promise.all(
      Array.from({ length: signInLimits.overall }, (_, i) =>
        signIn(app, `guess ${i}`, { "x-forwarded-for": `10.9.${i >> 8}.${i & 255}` }),
      ),
    );
    const stranger = await signIn(app, password, { "x-forwarded-for": "198.51.100.5" });
    expect(stranger.statusCode).toBe(429);
    const clinic = await signIn(app, password, {
      "x-forwarded-for": "198.51.100.4",
      cookie: `dauys_staff_device=${device!.value}`,
    });
    expect(clinic.statusCode).toBe(204);
    // A device cookie it did not sign counts for nothing.
    const forged = await signIn(app, password, {
      "x-forwarded-for": "198.51.100.6",
      cookie: `dauys_staff_device=${device!.value.replace(/.$/, (last) => (last === "A" ? "B" : "A"))}`,
    });
    expect(forged.statusCode).toBe(429);
    // Held to a limit of its own.
    for (let i = 0; i < signInLimits.perClient; i++) {
      await signIn(app, `wrong ${i}`, {
        "x-forwarded-for": "198.51.100.4",
        cookie: `dauys_staff_device=${device!.value}`,
      });
    }
    const locked = await signIn(app, password, {
      "x-forwarded-for": "198.51.100.4",
      cookie: `dauys_staff_device=${device!.value}`,
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/^Too many failed sign-in attempts\. /);
  });

  it("keeps the staff's computers in when someone behind the clinic's shared address guesses", async () => {
    const app = await start({ trustProxy: "127.0.0.1" });
    // The clinic reaches the server from one public address (NAT): the front desk signed in
    // there before, and so did the office.
    const clinic = { "x-forwarded-for": "198.51.100.4" };
    const deviceOf = async () => {
      const answer = await signIn(app, password, clinic);
      expect(answer.statusCode).toBe(204);
      return answer.cookies.find((cookie) => cookie.name === "dauys_staff_device")!.value;
    };
    const desk = await deviceOf();
    const office = await deviceOf();
    // A visitor on the clinic's Wi-Fi tries passwords until refused.
    for (let i = 0; i < signInLimits.perClient; i++) {
      expect((await signIn(app, `guess ${i}`, clinic)).statusCode).toBe(401);
    }
    expect((await signIn(app, password, clinic)).statusCode).toBe(429);
    // The staff's own computers still get in.
    const fromDesk = await signIn(app, password, {
      ...clinic,
      cookie: `dauys_staff_device=${desk}`,
    });
    expect(fromDesk.statusCode).toBe(204);
    // A colleague who mistypes at the desk spends the desk's attempts, not the office's.
    for (let i = 0; i < signInLimits.perClient; i++) {
      await signIn(app, `typo ${i}`, { ...clinic, cookie: `dauys_staff_device=${desk}` });
    }
    const deskLocked = await signIn(app, password, {
      ...clinic,
      cookie: `dauys_staff_device=${desk}`,
    });
    expect(deskLocked.statusCode).toBe(429);
    const fromOffice = await signIn(app, password, {
      ...clinic,
      cookie: `dauys_staff_device=${office}`,
    });
    expect(fromOffice.statusCode).toBe(204);
  });
});
