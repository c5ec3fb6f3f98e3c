/**
 * Where contact requests live: one interface, two stores. SQLite (one file in DATA_DIR) is the
 * default and needs no setup; PostgreSQL is chosen by DATABASE_URL, so that several server nodes
 * behind a load balancer share the same requests. Both apply the same versioned migrations at
 * start, store a request once per id (a retry changes nothing) and list them oldest first.
 */
import { searchWords, type InboxPageQuery } from "./inbox-search.ts";
import type { CsvPieces } from "./requests-csv-download.ts";
import {
  inArrivalOrder,
  openRequestsDb,
  requestsDbPath,
  withoutSeq,
  type NewRequest,
  type RowWithSeq,
  type StoredRequest,
} from "./requests-db.ts";
import { openPostgresRequestsStore } from "./requests-postgres.ts";
import { openSqliteInboxReader } from "./sqlite-inbox-reader.ts";

export type { NewRequest, StoredRequest };

export interface RequestsStore {
  /** Stores a request once; `created` is false when its id was already stored. */
  save(request: NewRequest, receivedAt?: string): Promise<{ created: boolean }>;
  /** One page of the inbox from the database: newest first by arrival, at most `limit`. */
  page(query: InboxPageQuery): Promise<RowWithSeq[]>;
  /** Every stored request, oldest first (by receipt), read from the database in batches. */
  iterate(batchSize?: number): AsyncIterable<StoredRequest>;
  /** The CSV of every request, made in a worker thread a piece at a time (the staff download). */
  csv(options: { gzip: boolean }): CsvPieces;
  /** Marks a request handled (at that time) or not (null); false when there is no such id. */
  setHandled(id: string, handledAt: string | null): Promise<boolean>;
  /** Resolves when a request could be stored now; rejects with the reason otherwise. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** Writes on the server's own connection; the inbox's reads in a worker thread, off the event loop. */
export function openSqliteRequestsStore(dataDir: string): RequestsStore {
  const db = openRequestsDb(dataDir);
  const reader = openSqliteInboxReader(requestsDbPath(dataDir));
  return {
    csv: ({ gzip }) => reader.csv(gzip),
    save: async (request, receivedAt) => db.save(request, receivedAt),
    page: (query) => reader.page(query),
    iterate: (batchSize) =>
      inArrivalOrder((after, limit) => reader.batchAfter(after, limit), batchSize),
    setHandled: async (id, handledAt) => db.setHandled(id, handledAt),
    ready: async () => db.ready(),
    async close() {
      await reader.close();
      db.close();
    },
  };
}

export async function openRequestsStore(options: {
  dataDir: string;
  databaseUrl?: string | undefined;
  onWarning?: (message: string) => void;
}): Promise<RequestsStore> {
  return options.databaseUrl
    ? openPostgresRequestsStore(options.databaseUrl, { onWarning: options.onWarning })
    : openSqliteRequestsStore(options.dataDir);
}

export type InboxPage = { requests: StoredRequest[]; next: string | null };

/**
 * The staff inbox's view: newest first, only requests whose name, e-mail, subject or message
 * has a word beginning with each word of `query`, at most `limit`, and the cursor of the next
 * page (null on the last). The database pages and searches; this reads one row more than it
 * shows to know whether there is a next page.
 */
export async function searchRequests(
  store: RequestsStore,
  query: string,
  options: { limit: number; after?: string | undefined },
): Promise<InboxPage> {
  const rows = await store.page({
    words: searchWords(query),
    before: options.after === undefined ? undefined : Number(options.after),
    limit: options.limit + 1,
  });
  const shown = rows.slice(0, options.limit);
  return {
    requests: shown.map(withoutSeq),
    next: rows.length > options.limit ? String(shown.at(-1)!.seq) : null,
  };
}
