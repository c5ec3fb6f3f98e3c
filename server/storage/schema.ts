/**
 * The tables of both stores, SQLite (requests-db.ts) and PostgreSQL (requests-postgres.ts), as
 * one list of migrations, each in both dialects: the same SQL where they agree, one entry that
 * does nothing where a store has no use for it (rate limits shared by several nodes, or
 * PostgreSQL's search indexes). A database records how many it has run in its one-row table
 * `dauys_schema_version`; at start a server runs the rest in order, in one transaction, and
 * refuses a database newer than its list. A released migration is never edited (schema.test.ts
 * holds the first ten to the text they ran with): a change is a new entry at the end.
 */
import type { DatabaseSync } from "node:sqlite";
import type pg from "pg";
import type { NewRequest } from "./requests-db.ts";

export type Dialect = "sqlite" | "postgres";

type Migration = Readonly<Record<Dialect, string>>;

const inBoth = (sql: string): Migration => ({ sqlite: sql, postgres: sql });
const onlyPostgres = (sql: string): Migration => ({ sqlite: "", postgres: sql });

/** The columns `requests` began with, written alike in both dialects. */
const firstRequestColumns = `
     id TEXT PRIMARY KEY,
     name TEXT NOT NULL,
     email TEXT NOT NULL,
     subject TEXT NOT NULL,
     message TEXT NOT NULL,
     language TEXT NOT NULL,
     created_at TEXT NOT NULL,
     received_at TEXT NOT NULL
   `;

/** Times in milliseconds: SQLite's INTEGER holds them, PostgreSQL's needs to be BIGINT. */
const staffSessions = (integer: "INTEGER" | "BIGINT") => `CREATE TABLE staff_sessions (
     id_hash TEXT PRIMARY KEY,
     signed_in_at ${integer} NOT NULL,
     expires_at ${integer} NOT NULL,
     last_seen_at ${integer} NOT NULL
   )`;

export const migrations: readonly Migration[] = [
  {
    sqlite: `CREATE TABLE requests (${firstRequestColumns}) STRICT`,
    postgres: `CREATE TABLE requests (
     seq BIGSERIAL NOT NULL,${firstRequestColumns})`,
  },
  inBoth(`CREATE INDEX requests_by_received_at ON requests (received_at)`),
  // Rate-limit counters shared by all nodes (postgres-rate-limit.ts); one SQLite node counts in
  // its own memory.
  onlyPostgres(`CREATE TABLE rate_limits (
     key TEXT PRIMARY KEY,
     count INTEGER NOT NULL,
     window_ends TIMESTAMPTZ NOT NULL
   )`),
  inBoth(`ALTER TABLE requests ADD COLUMN handled_at TEXT`),
  // Staff sessions (server/staff/session-store.ts): signing out deletes the row.
  { sqlite: `${staffSessions("INTEGER")} STRICT`, postgres: staffSessions("BIGINT") },
  // The inbox's arrival order (`seq`) and search.
  {
    // An explicit INTEGER PRIMARY KEY: the arrival order the inbox pages by, and a rowid that
    // VACUUM never renumbers, which the full-text index refers to. SQLite cannot add one to a
    // table, so the table is made again.
    sqlite: `CREATE TABLE requests_by_arrival (
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
    // Lower case as the database's ctype says, so the database needs a UTF-8 ctype (the
    // README's createdb line) for Cyrillic to fold. The parser keeps an e-mail address as one
    // word, so its parts are added too: "dilnoza@mail" then finds "dilnoza@mail.uz".
    postgres: `ALTER TABLE requests ADD COLUMN search tsvector GENERATED ALWAYS AS (
     to_tsvector('simple', name || ' ' || email || ' ' || translate(email, '@.', '  ') || ' ' ||
       subject || ' ' || message)
   ) STORED`,
  },
  onlyPostgres(`CREATE INDEX requests_search ON requests USING GIN (search)`),
  onlyPostgres(`CREATE UNIQUE INDEX requests_by_seq ON requests (seq)`),
  onlyPostgres(`CREATE INDEX requests_by_received_at_seq ON requests (received_at, seq)`),
  onlyPostgres(`DROP INDEX requests_by_received_at`),
];

/** The version of a database that has run every migration of this server. */
export const latestSchemaVersion = migrations.length;

/**
 * The columns a new request is stored with, and its values in their order, for both stores'
 * INSERT (`?` placeholders in SQLite, `$1`… in PostgreSQL).
 */
export const newRequestColumns =
  "id, name, email, subject, message, language, created_at, received_at";
export function newRequestValues(request: NewRequest, receivedAt: string) {
  return [
    request.id,
    request.name,
    request.email,
    request.subject,
    request.message,
    request.language,
    request.createdAt,
    receivedAt,
  ];
}

/** Each migration's SQL in `dialect` that a database at schema `current` has still to run, in
 * order; throws for a database made by a newer server, whose tables this one does not know. */
export function pendingMigrations(dialect: Dialect, current: number): string[] {
  if (current > latestSchemaVersion) {
    throw new Error(
      `The database has schema version ${current}, newer than this server (${latestSchemaVersion}).`,
    );
  }
  return migrations
    .slice(current)
    .map((migration) => migration[dialect])
    .filter((sql) => sql !== "");
}

/** The same SQL keeps the version in both dialects. */
const createVersionTable = `CREATE TABLE IF NOT EXISTS dauys_schema_version (
  id BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (id),
  version INTEGER NOT NULL
)`;
const startVersionAt = (version: number) =>
  `INSERT INTO dauys_schema_version (id, version) VALUES (TRUE, ${version}) ON CONFLICT DO NOTHING`;
const readVersion = "SELECT version FROM dauys_schema_version";
const recordLatestVersion = `UPDATE dauys_schema_version SET version = ${latestSchemaVersion}`;

/**
 * Before this list, SQLite counted its own five migrations in `PRAGMA user_version`; this is
 * each count's version here (rate limits, this list's third, were never SQLite's).
 */
export const sqliteVersionForUserVersion = [0, 1, 2, 4, 5, 6] as const;

/** Set on every file this runner migrates, above any count a server from before this list
 * knows, so that one refuses the file instead of reading tables it does not know. */
const userVersionAfterSharedList = 1_000;

/** The file's schema version; undefined for a new file or one from before this list. */
function sqliteVersion(db: DatabaseSync): number | undefined {
  const hasVersionTable = db
    .prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'dauys_schema_version'")
    .get();
  return hasVersionTable
    ? (db.prepare(readVersion).get() as { version: number }).version
    : undefined;
}

/** Gives a new file, or one from before this list, its version table, starting at the version
 * its `PRAGMA user_version` counted. */
function createSqliteVersionTable(db: DatabaseSync) {
  const { user_version: userVersion } = db.prepare("PRAGMA user_version").get() as {
    user_version: number;
  };
  const start = sqliteVersionForUserVersion[userVersion];
  if (start === undefined) {
    throw new Error(
      `The database has user_version ${userVersion}, which this server does not know.`,
    );
  }
  db.exec(createVersionTable);
  db.exec(startVersionAt(start));
  db.exec(`PRAGMA user_version = ${userVersionAfterSharedList}`);
}

/** Brings a SQLite file's tables up to date. A file already there is only read, so a second
 * connection (the export script, a reader) opens it without waiting for the write lock. */
export function migrateSqlite(db: DatabaseSync) {
  if (sqliteVersion(db) === latestSchemaVersion) return;
  db.exec("BEGIN IMMEDIATE");
  try {
    if (sqliteVersion(db) === undefined) createSqliteVersionTable(db);
    for (const sql of pendingMigrations("sqlite", sqliteVersion(db)!)) db.exec(sql);
    db.exec(recordLatestVersion);
    db.exec("COMMIT");
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
}

/** Any constant shared by all nodes: the key of the advisory lock that serialises migrations. */
const migrationLockKey = 0x4461_7579; // "Dauy"

/** Migrations may rebuild a large table, and wait for another node's: they get longer than the
 * store's queries. */
const migrationTimeoutMs = 30 * 60_000;

/** A database the server must not use, said in words an operator can act on. */
export class UnsuitableDatabaseError extends Error {
  override name = "UnsuitableDatabaseError";
}

/** How to make a database the server can use (as the README says). */
const createdbLine = "createdb --template template0 --encoding UTF8 --locale C.UTF-8";

/**
 * Requests come in six languages and two scripts. A database in another encoding refuses, at
 * the first request, letters it has no code for (LATIN1 has no Cyrillic, WIN1251 no Kazakh Ә):
 * the request could never be stored. SQL_ASCII stores bytes without knowing their letters: a
 * Cyrillic word's search vector is empty, so the inbox search never finds it. The server refuses
 * such a database at start.
 */
const notUtf8 = (database: string, encoding: string) =>
  `The PostgreSQL database "${database}" stores text as ${encoding}; Dauys needs UTF8 to store ` +
  `requests in all six languages. Nothing was changed in it. Make a UTF-8 database ` +
  `(\`${createdbLine} ${database}\`) and move its data there.`;

/**
 * Whether the database folds Cyrillic (Russian and Kazakh) to lower case, as the inbox search
 * needs: it folds the words searched for, and the database folds the requests' words. A UTF8
 * database with the C locale folds only Latin letters, so "Ерлан" in a request is never found.
 * Returns what to tell the operator, or undefined when it folds.
 */
export async function postgresFoldingWarning(pool: pg.Pool): Promise<string | undefined> {
  const { rows } = await pool.query<{ folds: boolean; ctype: string; database: string }>(
    `SELECT lower('ЕРЛАН ӘЛИЯ') = 'ерлан әлия' AS folds, datctype AS ctype, datname AS database
     FROM pg_database WHERE datname = current_database()`,
  );
  const { folds, ctype, database } = rows[0]!;
  if (folds) return undefined;
  return (
    `The PostgreSQL database "${database}" has the character type "${ctype}", which does not ` +
    `fold Cyrillic to lower case: the staff inbox's search cannot find a Cyrillic word written ` +
    `with a capital (a name, a sentence's first word). Requests are stored and listed as ` +
    `usual. Make the database with \`${createdbLine}\` to search in every language.`
  );
}

/**
 * Brings a PostgreSQL database's tables up to date inside one transaction holding an advisory
 * lock, so two nodes starting at once run each migration exactly once (the second waits, then
 * finds nothing left to do). A database not in UTF8 is refused (UnsuitableDatabaseError).
 */
export async function migratePostgres(pool: pg.Pool) {
  const client = await pool.connect();
  // node-postgres reads a query's own query_timeout, which its type definitions leave out.
  const query = <Row extends pg.QueryResultRow>(text: string) =>
    client.query<Row>({ text, query_timeout: migrationTimeoutMs } as pg.QueryConfig);
  // A ROLLBACK that did not get through leaves the connection inside the transaction: it is
  // closed, not pooled again.
  let unusable = false;
  try {
    // Before anything is written: a database in another encoding is refused as it is.
    const { rows: settings } = await query<{ encoding: string; database: string }>(
      "SELECT current_setting('server_encoding') AS encoding, current_database() AS database",
    );
    const { encoding, database } = settings[0]!;
    if (encoding !== "UTF8") throw new UnsuitableDatabaseError(notUtf8(database, encoding));
    await query("BEGIN");
    await query("SET LOCAL statement_timeout = 0");
    await query(`SELECT pg_advisory_xact_lock(${migrationLockKey})`);
    await query(createVersionTable);
    await query(startVersionAt(0));
    const { rows } = await query<{ version: number }>(readVersion);
    for (const sql of pendingMigrations("postgres", rows[0]!.version)) await query(sql);
    await query(recordLatestVersion);
    await query("COMMIT");
  } catch (error) {
    await query("ROLLBACK").catch(() => {
      unusable = true;
    });
    throw error;
  } finally {
    client.release(unusable);
  }
}
