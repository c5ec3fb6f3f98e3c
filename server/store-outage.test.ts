/**
 * Issue 39, finding 7: a real PostgreSQL frozen with SIGSTOP (the server is there but answers
 * nothing, as in a stalled disk or a paused VM). Requests must be answered 503 with Retry-After
 * once the timeouts pass, instead of hanging; the readiness check must say the node cannot
 * store, while the liveness check still answers; and all of it must recover once it runs again.
 */
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SpeechSynthesizer } from "./routes/tts.ts";
import { createSpeechSynthesizer } from "./speech/speech-synthesizer.ts";
import { openPostgresRequestsStore } from "./storage/requests-postgres.ts";
import { startTestPostgres, type TestPostgres } from "./storage/test-postgres.ts";
import { hashPassword } from "./staff/password.ts";
import { buildTestApp, testSessionSecret } from "./test-support.ts";

const unusedSynthesizer: SpeechSynthesizer = {
  synthesize: () => Promise.reject(new Error("not used in these tests")),
};

let postgres: TestPostgres;
let app: FastifyInstance;

beforeAll(async () => {
  postgres = await startTestPostgres();
  app = await buildTestApp(unusedSynthesizer, { databaseUrl: postgres.url });
}, 120_000);

afterAll(async () => {
  postgres?.thaw();
  await app?.close();
  await postgres?.stop();
}, 60_000);

const contactRequest = () => ({
  id: randomUUID(),
  name: "Айгерим Садыкова",
  email: "aigerim@example.kz",
  subject: "Sent while the database stalls",
  message: "The outbox sends it again later.",
  language: "kk",
  createdAt: new Date().toISOString(),
});

const post = (body: object) => app.inject({ method: "POST", url: "/api/requests", payload: body });

/** The answer, or "no answer" if none came while the database stayed frozen. */
async function answerWithin<T>(ms: number, answer: Promise<T>): Promise<T | "no answer"> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<"no answer">((resolve) => {
    timer = setTimeout(resolve, ms, "no answer");
  });
  return Promise.race([answer, deadline]).finally(() => clearTimeout(timer));
}

describe("a frozen PostgreSQL", () => {
  it("gets 503 with Retry-After, not a hang; readiness says no; all recovers after", async () => {
    expect((await post(contactRequest())).statusCode).toBe(201);
    expect((await app.inject({ url: "/api/health/ready" })).json()).toEqual({ status: "ready" });

    // The readiness answer is reused for a second: the next check asks the database again.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const sent = contactRequest();
    postgres.freeze();
    let frozen: { post: unknown; ready: unknown; live: unknown; seconds: number };
    try {
      const started = Date.now();
      const [during, ready, live] = await Promise.all([
        answerWithin(15_000, post(sent)),
        answerWithin(15_000, app.inject({ url: "/api/health/ready" })),
        answerWithin(15_000, app.inject({ url: "/api/health" })),
      ]);
      frozen = { post: during, ready, live, seconds: (Date.now() - started) / 1000 };
    } finally {
      postgres.thaw();
    }
    console.info(`Answered in ${frozen.seconds.toFixed(1)} s with the database frozen`);
    const [during, ready, live] = [frozen.post, frozen.ready, frozen.live] as Awaited<
      ReturnType<typeof post>
    >[];
    expect(during).not.toBe("no answer");
    expect(during!.statusCode).toBe(503);
    expect(during!.headers["retry-after"]).toBe("5");
    expect(during!.json()).toMatchObject({ error: "store_unavailable" });
    expect(ready).not.toBe("no answer");
    expect(ready!.statusCode).toBe(503);
    expect(ready!.json()).toMatchObject({ error: "store_unavailable" });
    expect(live!.statusCode).toBe(200);

    // Running again: the outbox's retry of the same request is stored, and the node is ready.
    let retried = await post(sent);
    for (let tries = 0; retried.statusCode === 503 && tries < 10; tries++)
      retried = await post(sent);
    expect(retried.statusCode).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await app.inject({ url: "/api/health/ready" })).statusCode).toBe(200);
  }, 90_000);

  it("a staff search cut short by the stall leaves no connection that cannot write after it", async () => {
    const store = await openPostgresRequestsStore(postgres.url);
    try {
      expect(await store.save(contactRequest())).toBeDefined();
      // The pool keeps the connection the search used: the next query takes it again.
      await store.page({ words: ["stalls"], limit: 5 });
      postgres.freeze();
      let search: unknown;
      try {
        search = await store.page({ words: ["stalls"], limit: 5 }).catch((error: unknown) => error);
      } finally {
        postgres.thaw();
      }
      expect(search).toBeInstanceOf(Error);
      // Running again: the node is ready, and the next visitor's request is stored.
      await store.ready();
      const saved = contactRequest();
      await store.save(saved);
      const found = await store.page({ words: [saved.subject.split(" ")[0]!], limit: 50 });
      expect(found.map((request) => request.id)).toContain(saved.id);
    } finally {
      await store.close();
    }
  }, 90_000);

  it("speech, which needs no database, is answered while it is frozen (counted on the node alone)", async () => {
    const synthesizer = await createSpeechSynthesizer({ size: 1, warmUp: [] });
    const logged: string[] = [];
    const speaking = await buildTestApp(
      synthesizer,
      { databaseUrl: postgres.url },
      { logger: { level: "warn", stream: { write: (line: string) => logged.push(line) } } },
    );
    try {
      const speak = () =>
        speaking.inject({
          method: "POST",
          url: "/generate-tts",
          payload: { text: "Please call the nurse.", language: "en" },
        });
      expect((await speak()).statusCode).toBe(200);
      postgres.freeze();
      let during: Awaited<ReturnType<typeof speak>> | "no answer";
      try {
        during = await answerWithin(15_000, speak());
      } finally {
        postgres.thaw();
      }
      expect(during).not.toBe("no answer");
      expect((during as Awaited<ReturnType<typeof speak>>).statusCode).toBe(200);
      // The operator is told that the limit was counted on this node alone.
      expect(logged.join("")).toContain("Rate limits are counted on this node alone");
      expect((await speak()).statusCode).toBe(200);
    } finally {
      await speaking.close();
      await synthesizer.close();
    }
  }, 90_000);
});

describe("a busy PostgreSQL", () => {
  it("answers a third CSV download 503 with Retry-After at once while two are being made", async () => {
    const password = "Tulpar-2026-clinic";
    const staffApp = await buildTestApp(unusedSynthesizer, {
      databaseUrl: postgres.url,
      staffPasswordHash: await hashPassword(password),
      staffSessionSecret: testSessionSecret,
    });
    const locker = new pg.Client({ connectionString: postgres.url });
    const watcher = new pg.Client({ connectionString: postgres.url });
    await Promise.all([locker.connect(), watcher.connect()]);
    try {
      const signedIn = await staffApp.inject({
        method: "POST",
        url: "/api/staff/session",
        headers: { "x-dauys-staff": "1" },
        payload: { password },
      });
      const cookie = signedIn.cookies.find((c) => c.name === "dauys_staff")!;
      // Sent at once (an inject left unawaited is not sent).
      const download = async () =>
        staffApp.inject({
          url: "/api/staff/requests.csv",
          cookies: { [cookie.name]: cookie.value },
        });
      // Another transaction holds the requests: each download's thread waits for its first rows.
      await locker.query("BEGIN");
      await locker.query("LOCK TABLE requests IN ACCESS EXCLUSIVE MODE");
      const waiting = [download(), download()];
      // Asked outside the locking transaction, which would see the activity as it first read it.
      const lockWaits = async () =>
        (
          await watcher.query<{ count: number }>(
            `SELECT count(*)::int AS count FROM pg_stat_activity
             WHERE wait_event_type = 'Lock' AND datname = current_database()`,
          )
        ).rows[0]!.count;
      // Each thread starts, connects and asks (a second or two on a busy machine).
      await expect.poll(lockWaits, { timeout: 20_000 }).toBe(2);
      // A third would start a third thread and connection: refused at once instead.
      const third = await download();
      expect(third.statusCode).toBe(503);
      expect(third.headers["retry-after"]).toBe("5");
      expect(third.json()).toEqual({
        error: "unavailable",
        message:
          "2 CSV downloads are being made on this server already. Please try again in a minute.",
      });
      await locker.query("ROLLBACK");
      for (const answer of await Promise.all(waiting)) expect(answer.statusCode).toBe(200);
      // Once they are over, the next one is made.
      await expect.poll(async () => (await download()).statusCode, { timeout: 20_000 }).toBe(200);
    } finally {
      await Promise.all([locker.end(), watcher.end()]);
      await staffApp.close();
    }
  }, 60_000);
});
