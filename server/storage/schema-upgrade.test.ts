/**
 * Databases left by the servers before one migration list (legacy-schema-fixture.ts), at every
 * version they could have stopped at, opened with today's stores: the requests, sessions and
 * counters they hold survive, search finds old and new requests, and the tables end up the
 * same as a new database's.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  migratePostgresAsBefore,
  migrateSqliteAsBefore,
  postgresMigrationsBefore,
  sqliteMigrationsBefore,
} from "./legacy-schema-fixture.ts";
import { openSqliteDatabase, requestsDbPath } from "./requests-db.ts";
import { openPostgresRequestsStore } from "./requests-postgres.ts";
import {
  openSqliteRequestsStore,
  searchRequests,
  type NewRequest,
  type RequestsStore,
  type StoredRequest,
} from "./requests-store.ts";
import { latestSchemaVersion } from "./schema.ts";
import { startTestPostgres, type TestPostgres } from "./test-postgres.ts";

const before: NewRequest = {
  id: "00000000-0000-4000-8000-000000000001",
  name: "Ерлан Бекұлы",
  email: "erlan@example.kz",
  subject: "Pilot",
  message: "Stored before the upgrade",
  language: "kk",
  createdAt: "2025-01-01T09:00:00.000Z",
};
const after: NewRequest = {
  ...before,
  id: "00000000-0000-4000-8000-000000000002",
  name: "Ерлан Сейітов",
  message: "Stored after the upgrade",
};
const receivedAt = "2025-01-01T10:00:00.000Z";
const handledAt = "2025-01-02T10:00:00.000Z";
const sessionHash = "c2Vzc2lvbi1oYXNo";

/** `before` as a row of the first `requests` table, for an INSERT in either dialect. */
const insertBefore = (placeholders: string[]) =>
  `INSERT INTO requests (id, name, email, subject, message, language, created_at, received_at)
   VALUES (${placeholders.join(", ")})`;
const beforeRow = [
  before.id,
  before.name,
  before.email,
  before.subject,
  before.message,
  before.language,
  before.createdAt,
  receivedAt,
];

/** What the store holds of `before` once upgraded: handled if its table already had the column. */
const beforeAsStored = (hadHandledAt: boolean): StoredRequest => ({
  ...before,
  receivedAt,
  handledAt: hadHandledAt ? handledAt : null,
});

/** The old request is still there and found, and a new one is stored and found beside it. */
async function expectRequestsKept(store: RequestsStore, expected: StoredRequest[]) {
  expect(await Array.fromAsync(store.iterate())).toEqual(expected);
  await store.save(after, "2025-02-01T10:00:00.000Z");
  const found = await searchRequests(store, "ерлан", { limit: 5 });
  expect(found.requests.map((request) => request.id)).toEqual([
    after.id,
    ...expected.map((request) => request.id),
  ]);
}

describe("SQLite files from before one migration list", () => {
  /** The old server's file after its first `version` migrations, with a row in each table. */
  function sqliteFileAt(version: number): string {
    const dataDir = mkdtempSync(join(tmpdir(), "dauys-schema-test-"));
    const db = new DatabaseSync(requestsDbPath(dataDir));
    migrateSqliteAsBefore(db, version);
    if (version >= 1) db.prepare(insertBefore(beforeRow.map(() => "?"))).run(...beforeRow);
    if (version >= 3) db.prepare("UPDATE requests SET handled_at = ?").run(handledAt);
    if (version >= 4) db.exec(`INSERT INTO staff_sessions VALUES ('${sessionHash}', 1, 2, 1)`);
    db.close();
    return dataDir;
  }

  /** Every table, index, trigger and search table, as SQLite describes them. */
  function schemaOf(dataDir: string) {
    const db = new DatabaseSync(requestsDbPath(dataDir), { readOnly: true });
    try {
      return db
        .prepare("SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY name")
        .all()
        .map((entry) => ({ ...entry, sql: String(entry.sql).replace(/\s+/g, " ") }));
    } finally {
      db.close();
    }
  }

  const newSchema = () => {
    const dataDir = mkdtempSync(join(tmpdir(), "dauys-schema-test-"));
    openSqliteDatabase(dataDir).close();
    return schemaOf(dataDir);
  };

  it.each([0, ...sqliteMigrationsBefore.map((_, index) => index + 1)])(
    "upgrades a file at version %i, keeping its requests and sessions",
    async (version) => {
      const dataDir = sqliteFileAt(version);
      const store = openSqliteRequestsStore(dataDir);
      await expectRequestsKept(store, version >= 1 ? [beforeAsStored(version >= 3)] : []);
      await store.close();

      expect(schemaOf(dataDir)).toEqual(newSchema());
      const db = new DatabaseSync(requestsDbPath(dataDir), { readOnly: true });
      expect(db.prepare("SELECT version FROM dauys_schema_version").get()).toEqual({
        version: latestSchemaVersion,
      });
      expect(db.prepare("SELECT id_hash FROM staff_sessions").all()).toEqual(
        version >= 4 ? [{ id_hash: sessionHash }] : [],
      );
      db.close();
    },
  );

  it("leaves an upgraded file to be refused by a server from before, not misread", () => {
    const dataDir = sqliteFileAt(sqliteMigrationsBefore.length);
    openSqliteDatabase(dataDir).close();
    const db = new DatabaseSync(requestsDbPath(dataDir));
    expect(() => migrateSqliteAsBefore(db)).toThrow(/newer than this server \(5\)/);
    db.close();
  });

  it("leaves a file as it was when its upgrade fails part way", () => {
    const dataDir = sqliteFileAt(4);
    const db = new DatabaseSync(requestsDbPath(dataDir));
    // A table in the way of the full-text index that the last migration makes after rebuilding
    // the requests table: the rebuild must be undone with it.
    db.exec("CREATE TABLE requests_search (x)");
    db.close();
    const unchanged = schemaOf(dataDir);
    expect(() => openSqliteDatabase(dataDir)).toThrow(/requests_search already exists/);
    expect(schemaOf(dataDir)).toEqual(unchanged);
    const again = new DatabaseSync(requestsDbPath(dataDir), { readOnly: true });
    expect(again.prepare("PRAGMA user_version").get()).toEqual({ user_version: 4 });
    again.close();
  });

  it("opens an up-to-date file while another connection holds the write lock", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "dauys-schema-test-"));
    openSqliteDatabase(dataDir).close();
    const writer = new DatabaseSync(requestsDbPath(dataDir));
    writer.exec("BEGIN IMMEDIATE");
    try {
      const reader = openSqliteDatabase(dataDir);
      expect(reader.prepare("SELECT count(*) AS n FROM requests").get()).toEqual({ n: 0 });
      reader.close();
    } finally {
      writer.exec("ROLLBACK");
      writer.close();
    }
  });
});

describe("PostgreSQL databases from before one migration list", () => {
  let postgres: TestPostgres;
  let databaseCount = 0;

  beforeAll(async () => {
    postgres = await startTestPostgres();
  }, 120_000);
  afterAll(async () => postgres?.stop(), 60_000);

  async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client(url);
    await client.connect();
    try {
      return await use(client);
    } finally {
      await client.end();
    }
  }

  async function freshDatabase(): Promise<string> {
    databaseCount += 1;
    return postgres.createDatabase(`upgrade_${databaseCount}`);
  }

  /** The old server's database after its first `version` migrations, with a row in each table. */
  async function databaseAt(version: number): Promise<string> {
    const url = await freshDatabase();
    await withClient(url, async (client) => {
      await migratePostgresAsBefore(client, version);
      if (version >= 1) {
        await client.query(insertBefore(beforeRow.map((_, index) => `$${index + 1}`)), beforeRow);
      }
      if (version >= 3) {
        await client.query(
          "INSERT INTO rate_limits VALUES ('global:client', 3, '2030-01-01T00:00:00Z')",
        );
      }
      if (version >= 4) await client.query("UPDATE requests SET handled_at = $1", [handledAt]);
      if (version >= 5) {
        await client.query(`INSERT INTO staff_sessions VALUES ($1, 1, 2, 1)`, [sessionHash]);
      }
    });
    return url;
  }

  /** Every column (with its type, default and generation) and every index. */
  const schemaOf = (url: string) =>
    withClient(url, async (client) => ({
      columns: (
        await client.query(
          `SELECT table_name, column_name, data_type, is_nullable, column_default,
                  generation_expression
           FROM information_schema.columns WHERE table_schema = 'public'
           ORDER BY table_name, column_name`,
        )
      ).rows,
      indexes: (
        await client.query(
          `SELECT tablename, indexname, indexdef FROM pg_indexes
           WHERE schemaname = 'public' ORDER BY indexname`,
        )
      ).rows,
    }));

  let newSchema: Awaited<ReturnType<typeof schemaOf>>;
  beforeAll(async () => {
    const url = await freshDatabase();
    await (await openPostgresRequestsStore(url)).close();
    newSchema = await schemaOf(url);
  }, 60_000);

  it.each(postgresMigrationsBefore.map((_, index) => index))(
    "upgrades a database at version %i, keeping its requests, sessions and counters",
    async (version) => {
      const url = await databaseAt(version);
      const store = await openPostgresRequestsStore(url);
      await expectRequestsKept(store, version >= 1 ? [beforeAsStored(version >= 4)] : []);
      await store.close();

      expect(await schemaOf(url)).toEqual(newSchema);
      await withClient(url, async (client) => {
        expect((await client.query("SELECT version FROM dauys_schema_version")).rows).toEqual([
          { version: latestSchemaVersion },
        ]);
        expect((await client.query("SELECT id_hash FROM staff_sessions")).rows).toEqual(
          version >= 5 ? [{ id_hash: sessionHash }] : [],
        );
        expect((await client.query("SELECT key, count FROM rate_limits")).rows).toEqual(
          version >= 3 ? [{ key: "global:client", count: 3 }] : [],
        );
      });
    },
  );

  it("opens a database the old server left complete as it was", async () => {
    const url = await databaseAt(postgresMigrationsBefore.length);
    const unchanged = await schemaOf(url);
    const store = await openPostgresRequestsStore(url);
    await expectRequestsKept(store, [beforeAsStored(true)]);
    await store.close();
    expect(await schemaOf(url)).toEqual(unchanged);
  });

  it("leaves a database as it was when its upgrade fails part way", async () => {
    const url = await databaseAt(6);
    // A table in the way of the arrival-number index, the second migration still to run: the
    // first (the search index) must be undone with it.
    await withClient(url, (client) => client.query("CREATE TABLE requests_by_seq (x int)"));
    const unchanged = await schemaOf(url);
    await expect(openPostgresRequestsStore(url)).rejects.toThrow(
      /"requests_by_seq" already exists/,
    );
    expect(await schemaOf(url)).toEqual(unchanged);
    await withClient(url, async (client) => {
      expect((await client.query("SELECT version FROM dauys_schema_version")).rows).toEqual([
        { version: 6 },
      ]);
    });
  });

  it("upgrades an old database once when two nodes start at the same time", async () => {
    const url = await databaseAt(4);
    const stores = await Promise.all([
      openPostgresRequestsStore(url),
      openPostgresRequestsStore(url),
    ]);
    await expectRequestsKept(stores[0], [beforeAsStored(true)]);
    expect(await Array.fromAsync(stores[1].iterate())).toHaveLength(2);
    await Promise.all(stores.map((store) => store.close()));
    expect(await schemaOf(url)).toEqual(newSchema);
  });
});
