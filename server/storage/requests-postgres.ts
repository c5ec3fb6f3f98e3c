/**
 * Contact requests in PostgreSQL (DATABASE_URL), for several server nodes sharing one database.
 * The schema is versioned in `dauys_schema_version`; migrations run at start inside one
 * transaction holding an advisory lock, so two nodes starting at once apply each migration
 * exactly once (the second waits, then finds nothing left to do).
 *
 * The inbox reads a page at a time, newest first by arrival (`seq`), and searches a `tsvector`
 * with the 'simple' configuration (no language's stemming or stop words: requests come in six
 * languages and two scripts) under a GIN index; the CSV reads the table in batches.
 */
import pg from "pg";
import { numericSeq, requestFields, searchNewestFirst } from "./postgres-inbox-search.ts";
import {
  iterateBatchSize,
  withoutSeq,
  type NewRequest,
  type StoredRequest,
} from "./requests-db.ts";
import type { RequestsStore } from "./requests-store.ts";

/**
 * The SQLite store's tables (server/storage/requests-db.ts) in PostgreSQL's dialect, then the
 * tables only several nodes need.
 */
export const postgresMigrations = [
  `CREATE TABLE requests (
     seq BIGSERIAL NOT NULL,
     id TEXT PRIMARY KEY,
     name TEXT NOT NULL,
     email TEXT NOT NULL,
     subject TEXT NOT NULL,
     message TEXT NOT NULL,
     language TEXT NOT NULL,
     created_at TEXT NOT NULL,
     received_at TEXT NOT NULL
   )`,
  `CREATE INDEX requests_by_received_at ON requests (received_at)`,
  // Rate-limit counters shared by all nodes (server/storage/postgres-rate-limit.ts).
  `CREATE TABLE rate_limits (
     key TEXT PRIMARY KEY,
     count INTEGER NOT NULL,
     window_ends TIMESTAMPTZ NOT NULL
   )`,
  `ALTER TABLE requests ADD COLUMN handled_at TEXT`,
  // Staff sessions (server/staff/session-store.ts): signing out deletes the row.
  `CREATE TABLE staff_sessions (
     id_hash TEXT PRIMARY KEY,
     signed_in_at BIGINT NOT NULL,
     expires_at BIGINT NOT NULL,
     last_seen_at BIGINT NOT NULL
   )`,
  // The inbox's search: lower case as the database's ctype says, so the database needs a UTF-8
  // ctype (the README's createdb line) for Cyrillic to fold. The parser keeps an e-mail address
  // as one word, so its parts are added too: "dilnoza@mail" then finds "dilnoza@mail.uz".
  `ALTER TABLE requests ADD COLUMN search tsvector GENERATED ALWAYS AS (
     to_tsvector('simple', name || ' ' || email || ' ' || translate(email, '@.', '  ') || ' ' ||
       subject || ' ' || message)
   ) STORED`,
  `CREATE INDEX requests_search ON requests USING GIN (search)`,
  `CREATE UNIQUE INDEX requests_by_seq ON requests (seq)`,
  `CREATE INDEX requests_by_received_at_seq ON requests (received_at, seq)`,
  `DROP INDEX requests_by_received_at`,
];

/** Any constant shared by all nodes: the key of the advisory lock that serialises migrations. */
const migrationLockKey = 0x4461_7579; // "Dauy"

/**
 * A stalled or unreachable database must not hang requests: connecting (or waiting for a free
 * connection) and each query give up after 5 s, here and in PostgreSQL itself, and the request
 * is answered 503 (server/storage/store-unavailable.ts).
 */
export const postgresTimeoutMs = 5_000;
/** Migrations may rebuild a large table, and wait for another node's: they get longer. */
const migrationTimeoutMs = 30 * 60_000;

export async function migratePostgres(pool: pg.Pool, migrations = postgresMigrations) {
  const client = await pool.connect();
  // node-postgres reads a query's own query_timeout, which its type definitions leave out.
  const query = <Row extends pg.QueryResultRow>(text: string, values?: unknown[]) =>
    client.query<Row>({ text, values, query_timeout: migrationTimeoutMs } as pg.QueryConfig);
  try {
    await query("BEGIN");
    await query("SET LOCAL statement_timeout = 0");
    await query("SELECT pg_advisory_xact_lock($1)", [migrationLockKey]);
    await query(
      `CREATE TABLE IF NOT EXISTS dauys_schema_version (
         id BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (id),
         version INTEGER NOT NULL
       )`,
    );
    await query(
      "INSERT INTO dauys_schema_version (id, version) VALUES (TRUE, 0) ON CONFLICT DO NOTHING",
    );
    const { rows } = await query<{ version: number }>("SELECT version FROM dauys_schema_version");
    const current = rows[0]!.version;
    if (current > migrations.length) {
      throw new Error(
        `The database has schema version ${current}, newer than this server (${migrations.length}).`,
      );
    }
    for (let version = current; version < migrations.length; version += 1) {
      await query(migrations[version]!);
    }
    await query("UPDATE dauys_schema_version SET version = $1", [migrations.length]);
    await query("COMMIT");
  } catch (error) {
    await query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** A connection pool to a database whose tables are up to date. */
export async function openMigratedPool(
  databaseUrl: string,
  maxConnections: number,
  timeoutMs = postgresTimeoutMs,
) {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: maxConnections,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
    statement_timeout: timeoutMs,
    keepAlive: true,
  });
  // An idle connection dropped by the database must not crash the server.
  pool.on("error", () => {});
  try {
    await migratePostgres(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return pool;
}

export async function openPostgresRequestsStore(
  databaseUrl: string,
  options: { maxConnections?: number; timeoutMs?: number } = {},
): Promise<RequestsStore & { pool: pg.Pool }> {
  const pool = await openMigratedPool(databaseUrl, options.maxConnections ?? 10, options.timeoutMs);
  return {
    pool,
    async save(request: NewRequest, receivedAt = new Date().toISOString()) {
      const result = await pool.query(
        `INSERT INTO requests (id, name, email, subject, message, language, created_at, received_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (id) DO NOTHING`,
        [
          request.id,
          request.name,
          request.email,
          request.subject,
          request.message,
          request.language,
          request.createdAt,
          receivedAt,
        ],
      );
      return { created: (result.rowCount ?? 0) > 0 };
    },
    async page({ words, before, limit }) {
      if (words.length === 0) {
        const { rows } = await pool.query(
          `SELECT seq, ${requestFields} FROM requests
           WHERE seq < $1 ORDER BY seq DESC LIMIT $2`,
          [before ?? Number.MAX_SAFE_INTEGER, limit],
        );
        return numericSeq(rows);
      }
      return searchNewestFirst(pool, words, before, limit);
    },
    async *iterate(batchSize = iterateBatchSize): AsyncGenerator<StoredRequest> {
      let after = { receivedAt: "", seq: 0 };
      for (;;) {
        const { rows } = await pool.query(
          `SELECT seq, ${requestFields} FROM requests
           WHERE (received_at, seq) > ($1, $2) ORDER BY received_at, seq LIMIT $3`,
          [after.receivedAt, after.seq, batchSize],
        );
        const batch = numericSeq(rows);
        for (const row of batch) yield withoutSeq(row);
        if (batch.length < batchSize) return;
        after = batch.at(-1)!;
      }
    },
    async setHandled(id: string, handledAt: string | null) {
      const result = await pool.query("UPDATE requests SET handled_at = $1 WHERE id = $2", [
        handledAt,
        id,
      ]);
      return (result.rowCount ?? 0) > 0;
    },
    async ready() {
      const { rows } = await pool.query<{ readOnly: string }>(
        `SELECT current_setting('transaction_read_only') AS "readOnly"`,
      );
      if (rows[0]?.readOnly !== "off") throw new Error("The database is read-only");
    },
    async close() {
      await pool.end();
    },
  };
}
