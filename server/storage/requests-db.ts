/**
 * Contact requests in SQLite, through Node's built-in `node:sqlite` (no native addon to build).
 * One file, `<DATA_DIR>/dauys.sqlite`, created with its directory on first start. WAL mode lets
 * the export script read while the server writes. The schema is versioned with
 * `PRAGMA user_version`: each entry of `migrations` runs once, in order, in its own transaction.
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
import { prepareInboxReads, requestFields, type RowWithSeq } from "./sqlite-inbox-reads.ts";

export type StoredRequest = StoredContactRequest;

export type NewRequest = Omit<StoredRequest, "receivedAt" | "handledAt">;

const migrations = [
  `CREATE TABLE requests (
     id TEXT PRIMARY KEY,
     name TEXT NOT NULL,
     email TEXT NOT NULL,
     subject TEXT NOT NULL,
     message TEXT NOT NULL,
     language TEXT NOT NULL,
     created_at TEXT NOT NULL,
     received_at TEXT NOT NULL
   ) STRICT`,
  `CREATE INDEX requests_by_received_at ON requests (received_at)`,
  `ALTER TABLE requests ADD COLUMN handled_at TEXT`,
  // Staff sessions (server/staff/session-store.ts): signing out deletes the row.
  `CREATE TABLE staff_sessions (
     id_hash TEXT PRIMARY KEY,
     signed_in_at INTEGER NOT NULL,
     expires_at INTEGER NOT NULL,
     last_seen_at INTEGER NOT NULL
   ) STRICT`,
  // An explicit INTEGER PRIMARY KEY: the arrival order the inbox pages by, and a rowid that
  // VACUUM never renumbers, which the full-text index refers to. SQLite cannot add one to a
  // table, so the table is made again.
  `CREATE TABLE requests_by_arrival (
     seq INTEGER PRIMARY KEY,
     id TEXT NOT NULL UNIQUE,
     name TEXT NOT NULL,
     email TEXT NOT NULL,
     subject TEXT NOT NULL,
     message TEXT NOT NULL,
     language TEXT NOT NULL,
     created_at TEXT NOT NULL,
     received_at TEXT NOT NULL,
     handled_at TEXT
   ) STRICT;
   INSERT INTO requests_by_arrival
     (id, name, email, subject, message, language, created_at, received_at, handled_at)
     SELECT id, name, email, subject, message, language, created_at, received_at, handled_at
     FROM requests ORDER BY rowid;
   DROP TABLE requests;
   ALTER TABLE requests_by_arrival RENAME TO requests;
   CREATE INDEX requests_by_received_at ON requests (received_at);
   CREATE VIRTUAL TABLE requests_search USING fts5(
     name, email, subject, message,
     content = 'requests', content_rowid = 'seq',
     tokenize = 'unicode61 remove_diacritics 0'
   );
   INSERT INTO requests_search (requests_search) VALUES ('rebuild');
   CREATE TRIGGER requests_search_insert AFTER INSERT ON requests BEGIN
     INSERT INTO requests_search (rowid, name, email, subject, message)
       VALUES (new.seq, new.name, new.email, new.subject, new.message);
   END;
   CREATE TRIGGER requests_search_delete AFTER DELETE ON requests BEGIN
     INSERT INTO requests_search (requests_search, rowid, name, email, subject, message)
       VALUES ('delete', old.seq, old.name, old.email, old.subject, old.message);
   END;
   CREATE TRIGGER requests_search_update AFTER UPDATE OF name, email, subject, message
     ON requests BEGIN
     INSERT INTO requests_search (requests_search, rowid, name, email, subject, message)
       VALUES ('delete', old.seq, old.name, old.email, old.subject, old.message);
     INSERT INTO requests_search (rowid, name, email, subject, message)
       VALUES (new.seq, new.name, new.email, new.subject, new.message);
   END;`,
];

export type { RowWithSeq };

export const withoutSeq = ({ seq: _seq, ...request }: RowWithSeq): StoredRequest => request;

/** Rows a store reads at a time when it goes through every request (the CSV). */
export const iterateBatchSize = 500;

export const requestsDbFile = "dauys.sqlite";

export function requestsDbPath(dataDir: string): string {
  return join(dataDir, requestsDbFile);
}

export function requestsDbExists(dataDir: string): boolean {
  return existsSync(requestsDbPath(dataDir));
}

function migrate(db: DatabaseSync) {
  const { user_version: current } = db.prepare("PRAGMA user_version").get() as {
    user_version: number;
  };
  if (current > migrations.length) {
    throw new Error(
      `${requestsDbFile} has schema version ${current}, newer than this server (${migrations.length}).`,
    );
  }
  for (let version = current; version < migrations.length; version += 1) {
    db.exec("BEGIN IMMEDIATE");
    try {
      db.exec(migrations[version]!);
      db.exec(`PRAGMA user_version = ${version + 1}`);
      db.exec("COMMIT");
    } catch (error) {
      db.exec("ROLLBACK");
      throw error;
    }
  }
}

/** A connection to the server's SQLite file, its schema up to date. */
export function openSqliteDatabase(dataDir: string): DatabaseSync {
  mkdirSync(dataDir, { recursive: true });
  const db = new DatabaseSync(requestsDbPath(dataDir));
  db.exec("PRAGMA journal_mode = WAL");
  db.exec("PRAGMA busy_timeout = 5000");
  migrate(db);
  return db;
}

export type RequestsDb = ReturnType<typeof openRequestsDb>;

export function openRequestsDb(dataDir: string) {
  const db = openSqliteDatabase(dataDir);

  const insert = db.prepare(
    `INSERT INTO requests (id, name, email, subject, message, language, created_at, received_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(id) DO NOTHING`,
  );
  const selectAll = db.prepare(`SELECT ${requestFields} FROM requests ORDER BY received_at, seq`);
  const reads = prepareInboxReads(db);
  const updateHandled = db.prepare(`UPDATE requests SET handled_at = ? WHERE id = ?`);

  return {
    /** Stores a request once; `created` is false when its id was already stored. */
    save(request: NewRequest, receivedAt = new Date().toISOString()): { created: boolean } {
      const result = insert.run(
        request.id,
        request.name,
        request.email,
        request.subject,
        request.message,
        request.language,
        request.createdAt,
        receivedAt,
      );
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
      return Number(updateHandled.run(handledAt, id).changes) > 0;
    },
    /** Throws unless a request could be written now: takes the write lock, and lets it go. */
    ready() {
      db.exec("BEGIN IMMEDIATE");
      db.exec("ROLLBACK");
    },
    close() {
      db.close();
    },
  };
}
