/**
 * Contact requests in PostgreSQL (DATABASE_URL), for several server nodes sharing one database.
 * Its tables are SQLite's, in PostgreSQL's dialect: one list of migrations for both (schema.ts),
 * run at start under an advisory lock, so several nodes may start at once.
 *
 * The inbox reads a page at a time, newest first by arrival (`seq`), and searches a `tsvector`
 * with the 'simple' configuration (no language's stemming or stop words: requests come in six
 * languages and two scripts) under a GIN index; the CSV reads the table in batches.
 */
import { Worker } from "node:worker_threads";
import pg from "pg";
import type { CsvPieceAnswer, PostgresCsvJob } from "./postgres-csv-worker.ts";
import {
  CsvDownloadsBusyError,
  csvPieceTimeoutMs,
  type CsvPieces,
} from "./requests-csv-download.ts";
import { numericSeq, requestFields, searchNewestFirst } from "./postgres-inbox-search.ts";
import { inArrivalOrder, type NewRequest, type ReadBatch } from "./requests-db.ts";
import type { RequestsStore } from "./requests-store.ts";
import {
  migratePostgres,
  newRequestColumns,
  newRequestValues,
  postgresFoldingWarning,
} from "./schema.ts";
import { errorFromThread, StoreUnavailableError } from "./store-unavailable.ts";

/**
 * A stalled or unreachable database must not hang requests: connecting (or waiting for a free
 * connection) and each query give up after 5 s, here and in PostgreSQL itself, and the request
 * is answered 503 (server/storage/store-unavailable.ts).
 */
export const postgresTimeoutMs = 5_000;

/** A connection pool with the timeouts above. */
export function newPool(
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
  return pool;
}

/** A connection pool to a database whose tables are up to date. */
export async function openMigratedPool(
  databaseUrl: string,
  maxConnections: number,
  timeoutMs = postgresTimeoutMs,
) {
  const pool = newPool(databaseUrl, maxConnections, timeoutMs);
  try {
    await migratePostgres(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return pool;
}

/** The CSV's batches: requests received after a cursor, oldest first (as SQLite's batchAfter). */
export const postgresBatches =
  (pool: pg.Pool): ReadBatch =>
  async (after, limit) =>
    numericSeq(
      (
        await pool.query(
          `SELECT seq, ${requestFields} FROM requests
           WHERE (received_at, seq) > ($1, $2) ORDER BY received_at, seq LIMIT $3`,
          [after.receivedAt, after.seq, limit],
        )
      ).rows,
    );

/**
 * How many CSV downloads one node makes at once. Each has a thread (up to 64 MB of heap) and a
 * database connection of its own: without a limit, a staff session asking again and again (or a
 * stolen one) started as many as it asked for. Two let two staff download at once; a third is
 * answered 503 with Retry-After until one ends.
 */
export const maxCsvDownloads = 2;

/**
 * A CSV download's pieces, made by a thread of its own with its own connection; `ended` is
 * called once the thread has stopped, however the download ended.
 */
function postgresCsvPieces(job: PostgresCsvJob, ended: () => void): CsvPieces {
  const worker = new Worker(new URL("./postgres-csv-worker.ts", import.meta.url), {
    workerData: job,
    // A batch of rows and the piece made from it: a small heap is enough.
    resourceLimits: { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 64 },
  });
  worker.once("exit", ended);
  let answer: ((result: CsvPieceAnswer | Error) => void) | undefined;
  const settle = (result: CsvPieceAnswer | Error) => {
    const waiting = answer;
    answer = undefined;
    waiting?.(result);
  };
  worker.on("message", settle);
  worker.on("error", settle);
  worker.on("exit", (code) =>
    settle(new StoreUnavailableError(`The CSV's thread stopped (exit code ${code}).`)),
  );
  return {
    next: () =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          settle(
            new StoreUnavailableError(`The CSV's next rows took over ${csvPieceTimeoutMs} ms.`),
          );
          void worker.terminate();
        }, csvPieceTimeoutMs);
        answer = (result) => {
          clearTimeout(timer);
          if (result instanceof Error) reject(result);
          else if (!result.ok) reject(errorFromThread(result.error));
          else {
            if (result.piece === null) void worker.terminate();
            resolve(result.piece);
          }
        };
        worker.postMessage("next");
      }),
    stop: () => void worker.terminate(),
  };
}

/** `onWarning` hears what works but not fully in this database (its search's case folding). */
export async function openPostgresRequestsStore(
  databaseUrl: string,
  options: {
    maxConnections?: number;
    timeoutMs?: number;
    onWarning?: (message: string) => void;
  } = {},
): Promise<RequestsStore & { pool: pg.Pool }> {
  const pool = await openMigratedPool(databaseUrl, options.maxConnections ?? 10, options.timeoutMs);
  const warning = await postgresFoldingWarning(pool).catch(async (error: unknown) => {
    await pool.end();
    throw error;
  });
  if (warning) options.onWarning?.(warning);
  let csvDownloads = 0;
  return {
    pool,
    csv(options) {
      if (csvDownloads >= maxCsvDownloads) {
        throw new CsvDownloadsBusyError(
          `${maxCsvDownloads} CSV downloads are being made on this server already. Please try again in a minute.`,
        );
      }
      csvDownloads += 1;
      try {
        return postgresCsvPieces({ databaseUrl, ...options }, () => (csvDownloads -= 1));
      } catch (error) {
        csvDownloads -= 1;
        throw error;
      }
    },
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
    iterate: (batchSize) => inArrivalOrder(postgresBatches(pool), batchSize),
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
