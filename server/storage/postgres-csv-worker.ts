/**
 * worker_threads entry of PostgreSQL's CSV download (server/storage/requests-postgres.ts): a
 * connection of its own reads the requests oldest first in batches, and the CSV is made and
 * compressed here, one piece for each "next" from the server. A failure carries PostgreSQL's
 * error code, so the server tells a database that is away from a fault.
 */
import { parentPort, workerData } from "node:worker_threads";
import { csvPieces } from "./requests-csv.ts";
import { inArrivalOrder } from "./requests-db.ts";
import { newPool, postgresBatches } from "./requests-postgres.ts";
import { threadError, type ThreadError } from "./store-unavailable.ts";

export type PostgresCsvJob = { databaseUrl: string; gzip: boolean };

/** The answer to each "next": a piece, null at the end, or why it failed. */
export type CsvPieceAnswer =
  { ok: true; piece: Uint8Array | null } | { ok: false; error: ThreadError };

if (!parentPort) throw new Error("postgres-csv-worker.ts must be run as a worker thread");
const port = parentPort;
const { databaseUrl, gzip } = workerData as PostgresCsvJob;
const pool = newPool(databaseUrl, 1);
const pieces = csvPieces(inArrivalOrder(postgresBatches(pool)), gzip);

port.on("message", () => {
  pieces.next().then(
    ({ value, done }) => {
      const piece = done ? null : value;
      port.postMessage(
        { ok: true, piece } satisfies CsvPieceAnswer,
        piece ? [piece.buffer as ArrayBuffer] : [],
      );
      if (done) void pool.end();
    },
    (caught) =>
      port.postMessage({ ok: false, error: threadError(caught) } satisfies CsvPieceAnswer),
  );
});
