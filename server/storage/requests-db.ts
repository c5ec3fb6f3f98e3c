/**
 * Contact requests in SQLite, through Node's built-in `node:sqlite` (no native addon to build).
 * One file, `<DATA_DIR>/dauys.sqlite`, created with its directory on first start. WAL mode lets
 * the export script read while the server writes. Its tables are PostgreSQL's, in SQLite's dialect:
 * one list of migrations for both (schema.ts).
 *
 * The inbox reads a page at a time, newest first by arrival (`seq`), and searches through an
 * FTS5 index (`requests_search`, Unicode case folding in every script), so neither a page nor a
 * search reads the whole table; the CSV reads the table in batches.
 */
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { StoredContactRequest } from "../../src/shared/contact-validation.ts";
import type { InboxPageQuery } from "./inbox-search.ts";
import {
  prepareInboxReads,
  requestFields,
  type BatchCursor,
  type RowWithSeq,
} from "./sqlite-inbox-reads.ts";
import { migrateSqlite, newRequestColumns, newRequestValues } from "./schema.ts";

export type StoredRequest = StoredContactRequest;

export type NewRequest = Omit<StoredRequest, "receivedAt" | "handledAt">;

export type { RowWithSeq };

export const withoutSeq = ({ seq: _seq, ...request }: RowWithSeq): StoredRequest => request;

/** Rows a store reads at a time when it goes through every request (the CSV). */
export const iterateBatchSize = 500;

/** Reads up to `limit` requests received after `after`, oldest first (either store's query). */
export type ReadBatch = (after: BatchCursor, limit: number) => RowWithSeq[] | Promise<RowWithSeq[]>;

/** Every stored request, oldest first by receipt, read `batchSize` at a time. */
export async function* inArrivalOrder(
  readBatch: ReadBatch,
  batchSize = iterateBatchSize,
): AsyncGenerator<StoredRequest> {
  let after: BatchCursor = { receivedAt: "", seq: 0 };
  for (;;) {
    const batch = await readBatch(after, batchSize);
    for (const row of batch) yield withoutSeq(row);
    if (batch.length < batchSize) return;
    after = batch.at(-1)!;
  }
}

export const requestsDbFile = "dauys.sqlite";

export function requestsDbPath(dataDir: string): string {
  return join(dataDir, requestsDbFile);
}

export function requestsDbExists(dataDir: string): boolean {
  return existsSync(requestsDbPath(dataDir));
}

/** How long a serving connection waits for another process's lock on the file, in ms. */
const servingBusyTimeoutMs = 250;

/**
 * After a write found the file locked, how long the connection's writes try the lock once
 * instead of waiting for it, in ms. A lock held for long (a shell left in a transaction, a backup
 * tool) made each write wait its 250 ms on the server's one thread, every request behind it: ten
 * contact requests a second kept the server waiting most of the time. Now one write waits, the
 * next ones are refused at once (503, and the app's outbox sends them again) and one that comes
 * once the lock has gone is stored at once; the window starts again with each write refused.
 */
const lockedNoWaitMs = 5_000;

/** SQLite's BUSY and LOCKED result codes: another connection holds the lock. */
function isLockedFile(error: unknown): boolean {
  const { code, errcode } = error as { code?: unknown; errcode?: unknown };
  return (
    code === "ERR_SQLITE_ERROR" && typeof errcode === "number" && [5, 6].includes(errcode & 0xff)
  );
}

/** Runs a serving connection's writes, which stop waiting for a lock once one found it held. */
export function lockAwareWrites(db: DatabaseSync) {
  let noWaitUntil = 0;
  return function write<T>(run: () => T): T {
    if (noWaitUntil !== 0 && Date.now() >= noWaitUntil) {
      db.exec(`PRAGMA busy_timeout = ${servingBusyTimeoutMs}`);
      noWaitUntil = 0;
    }
    try {
      return run();
    } catch (error) {
      if (isLockedFile(error)) {
        if (noWaitUntil === 0) db.exec("PRAGMA busy_timeout = 0");
        noWaitUntil = Date.now() + lockedNoWaitMs;
      }
      throw error;
    }
  };
}

/** A connection to the server's SQLite file, its schema up to date. */
export function openSqliteDatabase(dataDir: string): DatabaseSync {
  mkdirSync(dataDir, { recursive: true });
  const db = new DatabaseSync(requestsDbPath(dataDir));
  db.exec("PRAGMA journal_mode = WAL");
  // Starting up, another process may be migrating the same file: wait for it.
  db.exec("PRAGMA busy_timeout = 5000");
  migrateSqlite(db);
  // Then the connection serves requests on the server's one thread, where SQLite waits for a lock
  // synchronously: a file held by another process (a backup, a shell left in a transaction) would
  // stop every request, static files too, for the whole wait. A write takes milliseconds; one
  // that cannot have the lock soon is refused (503, try again), and the server goes on.
  db.exec(`PRAGMA busy_timeout = ${servingBusyTimeoutMs}`);
  return db;
}

export type RequestsDb = ReturnType<typeof openRequestsDb>;

export function openRequestsDb(dataDir: string) {
  const db = openSqliteDatabase(dataDir);

  const insert = db.prepare(
    `INSERT INTO requests (${newRequestColumns})
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(id) DO NOTHING`,
  );
  const selectAll = db.prepare(`SELECT ${requestFields} FROM requests ORDER BY received_at, seq`);
  const reads = prepareInboxReads(db);
  const updateHandled = db.prepare(`UPDATE requests SET handled_at = ? WHERE id = ?`);
  const write = lockAwareWrites(db);

  return {
    /** Stores a request once; `created` is false when its id was already stored. */
    save(request: NewRequest, receivedAt = new Date().toISOString()): { created: boolean } {
      const result = write(() => insert.run(...newRequestValues(request, receivedAt)));
      return { created: Number(result.changes) > 0 };
    },
    /** Every request, oldest first; for tests and small files (the server reads in batches). */
    all(): StoredRequest[] {
      return selectAll.all() as StoredRequest[];
    },
    /** Up to `limit` requests received after the one at (`receivedAt`, `seq`), oldest first. */
    batchAfter(after: { receivedAt: string; seq: number }, limit: number): RowWithSeq[] {
      return reads.batchAfter(after, limit);
    },
    /** One page of the inbox: newest first, before the `before` seq, matching every word. */
    page(query: InboxPageQuery): RowWithSeq[] {
      return reads.page(query);
    },
    /** Marks a request handled (at that time) or not (null); false when there is no such id. */
    setHandled(id: string, handledAt: string | null): boolean {
      return Number(write(() => updateHandled.run(handledAt, id)).changes) > 0;
    },
    /** Throws unless a request could be written now: takes the write lock, and lets it go. */
    ready() {
      write(() => db.exec("BEGIN IMMEDIATE"));
      db.exec("ROLLBACK");
    },
    close() {
      db.close();
    },
  };
}
