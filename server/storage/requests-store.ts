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
  close(): Promise<void>;
}

export function openSqliteRequestsStore(dataDir: string): RequestsStore {
  const db = openRequestsDb(dataDir);
  return {
    save: async (request, receivedAt) => db.save(request, receivedAt),
    all: async () => db.all(),
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
