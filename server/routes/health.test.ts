import { randomUUID } from "node:crypto";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { requestsDbPath } from "../storage/requests-db.ts";
import { buildTestApp, makeTempDirs } from "../test-support.ts";
import { sharedCheck } from "./health.ts";
import type { SpeechSynthesizer } from "./tts.ts";

const unusedSynthesizer: SpeechSynthesizer = {
  synthesize: () => Promise.reject(new Error("not used in these tests")),
};

describe("readiness check", () => {
  it("asks the store once for the checks that arrive together, again after a second", async () => {
    let time = 0;
    let asked = 0;
    let healthy = true;
    const check = sharedCheck(
      async () => {
        asked += 1;
        if (!healthy) throw new Error("away");
      },
      { now: () => time },
    );
    expect(await Promise.all([check(), check(), check()])).toEqual([true, true, true]);
    expect(asked).toBe(1);
    healthy = false;
    time += 999;
    expect(await check()).toBe(true);
    time += 1;
    expect(await check()).toBe(false);
    expect(asked).toBe(2);
  });

  it("counts a store that does not answer in time as not ready", async () => {
    const check = sharedCheck(() => new Promise(() => {}), { timeoutMs: 20 });
    expect(await check()).toBe(false);
  });

  it("says 503 with Retry-After, and refuses requests the same way, while SQLite is locked", async () => {
    const { dataDir } = makeTempDirs();
    const app = await buildTestApp(unusedSynthesizer, { dataDir });
    try {
      expect((await app.inject({ url: "/api/health/ready" })).json()).toEqual({ status: "ready" });
      await new Promise((resolve) => setTimeout(resolve, 1100));
      // Another process (a backup, an export gone wrong) holds the write lock.
      const other = new DatabaseSync(requestsDbPath(dataDir));
      other.exec("PRAGMA busy_timeout = 0");
      other.exec("BEGIN IMMEDIATE");
      const body = {
        id: randomUUID(),
        name: "Bakyt",
        email: "bakyt@example.kg",
        subject: "Locked",
        message: "Stored once the lock is gone.",
        language: "ky",
        createdAt: new Date().toISOString(),
      };
      try {
        const ready = await app.inject({ url: "/api/health/ready" });
        expect(ready.statusCode).toBe(503);
        expect(ready.headers["retry-after"]).toBe("5");
        const refused = await app.inject({ method: "POST", url: "/api/requests", payload: body });
        expect(refused.statusCode).toBe(503);
        expect(refused.headers["retry-after"]).toBe("5");
        expect(refused.json()).toMatchObject({ error: "store_unavailable" });
        // Refused soon, not after a long wait on the server's one thread, so more of them and
        // everything else still get answers: five more within the test's time limit (each
        // waited 5 s for the lock before, which took every request with it).
        for (let i = 0; i < 5; i++) {
          const again = await app.inject({
            method: "POST",
            url: "/api/requests",
            payload: { ...body, id: randomUUID() },
          });
          expect(again.statusCode).toBe(503);
        }
        expect((await app.inject({ url: "/api/health" })).statusCode).toBe(200);
      } finally {
        other.exec("ROLLBACK");
        other.close();
      }
      const stored = await app.inject({ method: "POST", url: "/api/requests", payload: body });
      expect(stored.statusCode).toBe(201);
    } finally {
      await app.close();
    }
  }, 15_000);

  it("answers every write 503 while another process holds the lock, and stores once it has gone", async () => {
    const { dataDir } = makeTempDirs();
    const app = await buildTestApp(unusedSynthesizer, { dataDir });
    const contactRequest = () => ({
      id: randomUUID(),
      name: "Bakyt",
      email: "bakyt@example.kg",
      subject: "Locked",
      message: "Stored once the lock is gone.",
      language: "ky",
      createdAt: new Date().toISOString(),
    });
    const send = (body: object) =>
      app.inject({ method: "POST", url: "/api/requests", payload: body });
    try {
      const other = new DatabaseSync(requestsDbPath(dataDir));
      other.exec("BEGIN IMMEDIATE");
      try {
        // All answered 503, which the app's outbox sends again (that only the first waits for the
        // lock is lock-aware-writes.test's, read from the connection rather than timed).
        for (let i = 0; i < 40; i++) expect((await send(contactRequest())).statusCode).toBe(503);
      } finally {
        other.exec("ROLLBACK");
        other.close();
      }
      // The lock has gone: the next request is stored at once.
      expect((await send(contactRequest())).statusCode).toBe(201);
    } finally {
      await app.close();
    }
  }, 30_000);
});
