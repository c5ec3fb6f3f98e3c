/**
 * Where staff sessions live: the `staff_sessions` table of the server's store (SQLite for one
 * node, PostgreSQL with DATABASE_URL, so that signing out on one node ends the session on all).
 * A row is kept under the SHA-256 of the session id, so the table alone cannot make a cookie.
 * A session is live while its row exists, it has not expired, and it was used within the idle
 * time; each use moves its last use on. The inbox's own background check for new requests only
 * looks (`isLive`), so a screen left open does not keep its session going.
 */
import { createHash } from "node:crypto";
import { lockAwareWrites, openSqliteDatabase } from "../storage/requests-db.ts";
import { openMigratedPool } from "../storage/requests-postgres.ts";
import type { Session } from "./session.ts";

export interface StaffSessionStore {
  create(session: Session): Promise<void>;
  /** True, and marks it used at `now`, when the session is live; false otherwise. */
  use(id: string, now: number, idleMs: number): Promise<boolean>;
  /** True when the session is live, without marking it used. */
  isLive(id: string, now: number, idleMs: number): Promise<boolean>;
  revoke(id: string): Promise<void>;
  close(): Promise<void>;
}

const idHash = (id: string) => createHash("sha256").update(id).digest("base64url");

function openSqliteSessionStore(dataDir: string): StaffSessionStore {
  const db = openSqliteDatabase(dataDir);
  const insert = db.prepare(
    `INSERT INTO staff_sessions (id_hash, signed_in_at, expires_at, last_seen_at)
     VALUES (?, ?, ?, ?)`,
  );
  const sweep = db.prepare(`DELETE FROM staff_sessions WHERE expires_at <= ? OR last_seen_at <= ?`);
  const use = db.prepare(
    `UPDATE staff_sessions SET last_seen_at = ?
     WHERE id_hash = ? AND expires_at > ? AND last_seen_at > ?`,
  );
  const live = db.prepare(
    `SELECT 1 FROM staff_sessions WHERE id_hash = ? AND expires_at > ? AND last_seen_at > ?`,
  );
  const remove = db.prepare(`DELETE FROM staff_sessions WHERE id_hash = ?`);
  // A file locked by another process is not waited on again and again (requests-db.ts).
  const write = lockAwareWrites(db);
  return {
    async create(session) {
      write(() => {
        // Sessions that ended without a sign-out are cleared as new ones begin.
        sweep.run(session.signedInAt, session.signedInAt - 24 * 3_600_000);
        insert.run(idHash(session.id), session.signedInAt, session.expiresAt, session.signedInAt);
      });
    },
    async use(id, now, idleMs) {
      return Number(write(() => use.run(now, idHash(id), now, now - idleMs)).changes) > 0;
    },
    async isLive(id, now, idleMs) {
      return live.get(idHash(id), now, now - idleMs) !== undefined;
    },
    async revoke(id) {
      write(() => remove.run(idHash(id)));
    },
    async close() {
      db.close();
    },
  };
}

async function openPostgresSessionStore(databaseUrl: string): Promise<StaffSessionStore> {
  const pool = await openMigratedPool(databaseUrl, 3);
  return {
    async create(session) {
      await pool.query(`DELETE FROM staff_sessions WHERE expires_at <= $1 OR last_seen_at <= $2`, [
        session.signedInAt,
        session.signedInAt - 24 * 3_600_000,
      ]);
      await pool.query(
        `INSERT INTO staff_sessions (id_hash, signed_in_at, expires_at, last_seen_at)
         VALUES ($1, $2, $3, $2)`,
        [idHash(session.id), session.signedInAt, session.expiresAt],
      );
    },
    async use(id, now, idleMs) {
      const result = await pool.query(
        `UPDATE staff_sessions SET last_seen_at = $1
         WHERE id_hash = $2 AND expires_at > $1 AND last_seen_at > $3`,
        [now, idHash(id), now - idleMs],
      );
      return (result.rowCount ?? 0) > 0;
    },
    async isLive(id, now, idleMs) {
      const result = await pool.query(
        `SELECT 1 FROM staff_sessions WHERE id_hash = $1 AND expires_at > $2 AND last_seen_at > $3`,
        [idHash(id), now, now - idleMs],
      );
      return (result.rowCount ?? 0) > 0;
    },
    async revoke(id) {
      await pool.query(`DELETE FROM staff_sessions WHERE id_hash = $1`, [idHash(id)]);
    },
    close: () => pool.end(),
  };
}

export async function openStaffSessionStore(options: {
  dataDir: string;
  databaseUrl?: string | undefined;
}): Promise<StaffSessionStore> {
  return options.databaseUrl
    ? openPostgresSessionStore(options.databaseUrl)
    : openSqliteSessionStore(options.dataDir);
}
