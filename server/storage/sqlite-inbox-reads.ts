/**
 * The inbox's reads of the SQLite file (a page, a search, a batch of the CSV), prepared on any
 * connection: the server's own (server/storage/requests-db.ts) or the read-only one in the inbox
 * reader's worker thread (server/storage/sqlite-inbox-worker.ts), so both read alike.
 */
import type { DatabaseSync } from "node:sqlite";
import type { StoredContactRequest } from "../../src/shared/contact-validation.ts";
import { ftsMatch, type InboxPageQuery } from "./inbox-search.ts";

export const requestFields = `id, name, email, subject, message, language,
  created_at AS createdAt, received_at AS receivedAt, handled_at AS handledAt`;

/** A stored request with its arrival number, the inbox's page cursor. */
export type RowWithSeq = StoredContactRequest & { seq: number };

/** Where a batch of the CSV starts: after the request received at `receivedAt` with `seq`. */
export type BatchCursor = { receivedAt: string; seq: number };

export function prepareInboxReads(db: DatabaseSync) {
  const selectBatch = db.prepare(
    `SELECT seq, ${requestFields} FROM requests
     WHERE (received_at, seq) > (?, ?) ORDER BY received_at, seq LIMIT ?`,
  );
  const selectNewest = db.prepare(
    `SELECT seq, ${requestFields} FROM requests WHERE seq < ? ORDER BY seq DESC LIMIT ?`,
  );
  // The full-text index finds, orders and limits by rowid (= seq) itself.
  const searchNewest = db.prepare(
    `SELECT seq, ${requestFields} FROM requests
     WHERE seq IN (SELECT rowid FROM requests_search
                   WHERE requests_search MATCH ? AND rowid < ? ORDER BY rowid DESC LIMIT ?)
     ORDER BY seq DESC`,
  );
  return {
    /** Up to `limit` requests received after the one at `after`, oldest first. */
    batchAfter(after: BatchCursor, limit: number): RowWithSeq[] {
      return selectBatch.all(after.receivedAt, after.seq, limit) as RowWithSeq[];
    },
    /** One page of the inbox: newest first, before the `before` seq, matching every word. */
    page({ words, before, limit }: InboxPageQuery): RowWithSeq[] {
      const below = before ?? Number.MAX_SAFE_INTEGER;
      return (
        words.length === 0
          ? selectNewest.all(below, limit)
          : searchNewest.all(ftsMatch(words), below, limit)
      ) as RowWithSeq[];
    },
  };
}
