/**
 * Where contact requests live: one interface, two stores. SQLite (one file in DATA_DIR) is the
 * default and needs no setup; PostgreSQL is chosen by DATABASE_URL, so that several server nodes
 * behind a load balancer share the same requests. Both apply the same versioned migrations at
 * start, store a request once per id (a retry changes nothing) and list them oldest first.
 */
import { openRequestsDb, type NewRequest, type StoredRequest } from "./requests-db.ts";
import { openPostgresRequestsStore } from "./requests-postgres.ts";

export type { NewRequest, StoredRequest };

export interface RequestsStore {
  /** Stores a request once; `created` is false when its id was already stored. */
  save(request: NewRequest, receivedAt?: string): Promise<{ created: boolean }>;
  /** Every stored request, oldest first (by receipt). */
  all(): Promise<StoredRequest[]>;
  /** Marks a request handled (at that time) or not (null); false when there is no such id. */
  setHandled(id: string, handledAt: string | null): Promise<boolean>;
  /** Resolves when a request could be stored now; rejects with the reason otherwise. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export function openSqliteRequestsStore(dataDir: string): RequestsStore {
  const db = openRequestsDb(dataDir);
  return {
    save: async (request, receivedAt) => db.save(request, receivedAt),
    all: async () => db.all(),
    setHandled: async (id, handledAt) => db.setHandled(id, handledAt),
    ready: async () => db.ready(),
    close: async () => db.close(),
  };
}

export async function openRequestsStore(options: {
  dataDir: string;
  databaseUrl?: string | undefined;
}): Promise<RequestsStore> {
  return options.databaseUrl
    ? openPostgresRequestsStore(options.databaseUrl)
    : openSqliteRequestsStore(options.dataDir);
}

/** Text compared without case, in any script: "АЙГЕРИМ" finds "Айгерим". */
const folded = (text: string) => text.normalize("NFC").toLocaleLowerCase("und");

/**
 * The staff inbox's view: newest first, only requests whose name, e-mail, subject or message
 * holds every word of `query`, at most `limit`. Done on the store's list, the same way for both
 * stores (a clinic's requests number in the thousands at most).
 */
export async function searchRequests(
  store: RequestsStore,
  query: string,
  limit: number,
): Promise<{ requests: StoredRequest[]; total: number }> {
  const words = folded(query).split(/\s+/).filter(Boolean);
  const matching = (await store.all()).reverse().filter((request) => {
    const text = folded([request.name, request.email, request.subject, request.message].join("\n"));
    return words.every((word) => text.includes(word));
  });
  return { requests: matching.slice(0, limit), total: matching.length };
}
