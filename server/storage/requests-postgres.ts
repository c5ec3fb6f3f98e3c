/**
 * Contact requests in PostgreSQL (DATABASE_URL), for several server nodes sharing one database.
 * Its tables are SQLite's, in PostgreSQL's dialect: one list of migrations for both (schema.ts),
 * run at start under an advisory lock, so several nodes may start at once.
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
import { migratePostgres, newRequestColumns, newRequestValues } from "./schema.ts";

/**
 * A stalled or unreachable database must not hang requests: connecting (or waiting for a free
 * connection) and each query give up after 5 s, here and in PostgreSQL itself, and the request
 * is answered 503 (server/storage/store-unavailable.ts).
 */
export const postgresTimeoutMs = 5_000;

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
        `INSERT INTO requests (${newRequestColumns})
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (id) DO NOTHING`,
        newRequestValues(request, receivedAt),
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
