/**
 * A test fixture, frozen: the two migration lists and runners as they were before schema.ts
 * made them one (SQLite counted its five in `PRAGMA user_version`, PostgreSQL its ten in
 * `dauys_schema_version`), so that tests can build the databases those servers left behind and
 * open them with today's code. Never edit it to follow the schema.
 */
import type { DatabaseSync } from "node:sqlite";
import type pg from "pg";

export const sqliteMigrationsBefore = [
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
  `CREATE TABLE staff_sessions (
     id_hash TEXT PRIMARY KEY,
     signed_in_at INTEGER NOT NULL,
     expires_at INTEGER NOT NULL,
     last_seen_at INTEGER NOT NULL
   ) STRICT`,
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

/** The old SQLite runner, stopping after `upTo` migrations (all by default). */
export function migrateSqliteAsBefore(db: DatabaseSync, upTo = sqliteMigrationsBefore.length) {
  const migrations = sqliteMigrationsBefore.slice(0, upTo);
  const { user_version: current } = db.prepare("PRAGMA user_version").get() as {
    user_version: number;
  };
  if (current > migrations.length) {
    throw new Error(
      `dauys.sqlite has schema version ${current}, newer than this server (${migrations.length}).`,
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

export const postgresMigrationsBefore = [
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
  `CREATE TABLE rate_limits (
     key TEXT PRIMARY KEY,
     count INTEGER NOT NULL,
     window_ends TIMESTAMPTZ NOT NULL
   )`,
  `ALTER TABLE requests ADD COLUMN handled_at TEXT`,
  `CREATE TABLE staff_sessions (
     id_hash TEXT PRIMARY KEY,
     signed_in_at BIGINT NOT NULL,
     expires_at BIGINT NOT NULL,
     last_seen_at BIGINT NOT NULL
   )`,
  `ALTER TABLE requests ADD COLUMN search tsvector GENERATED ALWAYS AS (
     to_tsvector('simple', name || ' ' || email || ' ' || translate(email, '@.', '  ') || ' ' ||
       subject || ' ' || message)
   ) STORED`,
  `CREATE INDEX requests_search ON requests USING GIN (search)`,
  `CREATE UNIQUE INDEX requests_by_seq ON requests (seq)`,
  `CREATE INDEX requests_by_received_at_seq ON requests (received_at, seq)`,
  `DROP INDEX requests_by_received_at`,
];

/** The old PostgreSQL runner, stopping after `upTo` migrations (all by default). */
export async function migratePostgresAsBefore(
  client: pg.Client,
  upTo = postgresMigrationsBefore.length,
) {
  const migrations = postgresMigrationsBefore.slice(0, upTo);
  try {
    await client.query("BEGIN");
    await client.query("SELECT pg_advisory_xact_lock($1)", [0x4461_7579]);
    await client.query(
      `CREATE TABLE IF NOT EXISTS dauys_schema_version (
         id BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (id),
         version INTEGER NOT NULL
       )`,
    );
    await client.query(
      "INSERT INTO dauys_schema_version (id, version) VALUES (TRUE, 0) ON CONFLICT DO NOTHING",
    );
    const { rows } = await client.query<{ version: number }>(
      "SELECT version FROM dauys_schema_version",
    );
    const current = rows[0]!.version;
    if (current > migrations.length) {
      throw new Error(
        `The database has schema version ${current}, newer than this server (${migrations.length}).`,
      );
    }
    for (let version = current; version < migrations.length; version += 1) {
      await client.query(migrations[version]!);
    }
    await client.query("UPDATE dauys_schema_version SET version = $1", [migrations.length]);
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  }
}
