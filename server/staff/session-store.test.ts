/**
 * The session store against SQLite and a real PostgreSQL server: a use moves a session's idle
 * time on, a look (`isLive`, the inbox's background check) does not.
 */
import { mkdtempSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestsDbPath } from "../storage/requests-db.ts";
import { startTestPostgres, type TestPostgres } from "../storage/test-postgres.ts";
import { newSession } from "./session.ts";
import { openStaffSessionStore } from "./session-store.ts";

let postgres: TestPostgres;

beforeAll(async () => {
  postgres = await startTestPostgres();
}, 120_000);
afterAll(async () => postgres?.stop(), 60_000);

const minute = 60_000;
const idleMs = 30 * minute;

describe.each([
  { name: "SQLite", databaseUrl: async () => undefined },
  { name: "PostgreSQL", databaseUrl: () => postgres.createDatabase("session_store") },
])("staff sessions in $name", ({ databaseUrl }) => {
  it("end 30 minutes after the last use, however often they are only looked at", async () => {
    const sessions = await openStaffSessionStore({
      dataDir: mkdtempSync(join(tmpdir(), "dauys-session-test-")),
      databaseUrl: await databaseUrl(),
    });
    try {
      const start = Date.UTC(2026, 10, 27, 8);
      const looked = newSession(start);
      const used = newSession(start);
      await sessions.create(looked);
      await sessions.create(used);
      for (let at = start + minute; at < start + idleMs; at += minute) {
        expect(await sessions.isLive(looked.id, at, idleMs)).toBe(true);
      }
      expect(await sessions.use(used.id, start + 20 * minute, idleMs)).toBe(true);
      expect(await sessions.isLive(looked.id, start + idleMs, idleMs)).toBe(false);
      expect(await sessions.use(looked.id, start + idleMs, idleMs)).toBe(false);
      expect(await sessions.isLive(used.id, start + 49 * minute, idleMs)).toBe(true);
      expect(await sessions.isLive(used.id, start + 50 * minute, idleMs)).toBe(false);
      expect(await sessions.isLive("no such session", start, idleMs)).toBe(false);
    } finally {
      await sessions.close();
    }
  });
});

describe("staff sessions in a SQLite file another process has locked", () => {
  it("are refused while another process holds the lock, and go on once it has gone", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "dauys-session-test-"));
    const sessions = await openStaffSessionStore({ dataDir, databaseUrl: undefined });
    const other = new DatabaseSync(requestsDbPath(dataDir));
    try {
      const session = newSession(Date.now());
      await sessions.create(session);
      other.exec("BEGIN IMMEDIATE");
      // Each use (every staff request) is refused while it is held (that only the first waits for
      // it is lock-aware-writes.test's).
      for (let i = 0; i < 40; i++) {
        await expect(sessions.use(session.id, Date.now(), idleMs)).rejects.toMatchObject({
          errcode: 5,
        });
      }
      other.exec("ROLLBACK");
      expect(await sessions.use(session.id, Date.now(), idleMs)).toBe(true);
    } finally {
      other.close();
      await sessions.close();
    }
  });
});
