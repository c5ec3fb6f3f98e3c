/**
 * worker_threads entry of the SQLite inbox reader (server/storage/sqlite-inbox-reader.ts): its
 * own read-only connection to the server's file, so a long search runs here and not on the
 * event loop that stores public requests, and the staff CSV is made and compressed here a piece
 * at a time. WAL mode lets it read while the server writes. Each
 * answer carries the request's id; a failure carries SQLite's error code, so the server maps it
 * to the same answer (server/storage/store-unavailable.ts) as a failure on its own connection.
 */
import { DatabaseSync } from "node:sqlite";
import { parentPort, workerData } from "node:worker_threads";
import type { InboxPageQuery } from "./inbox-search.ts";
import { csvPieces } from "./requests-csv.ts";
import { inArrivalOrder } from "./requests-db.ts";
import { prepareInboxReads, type BatchCursor, type RowWithSeq } from "./sqlite-inbox-reads.ts";
import { threadError, type ThreadError } from "./store-unavailable.ts";

/** What the server asks the thread: a page, a batch, or the next piece of a CSV download
 * (server/storage/requests-csv-download.ts). */
export type InboxReadMessage =
  | { kind: "page"; query: InboxPageQuery }
  | { kind: "batch"; after: BatchCursor; limit: number }
  | { kind: "csv"; download: number; gzip: boolean };

export type InboxRead = InboxReadMessage & { id: number };

/** A download ended early: its reads stop. No answer. */
export type CsvStop = { kind: "csv-stop"; download: number };

export type InboxReadAnswer =
  | { id: number; ok: true; rows: RowWithSeq[] }
  | { id: number; ok: true; piece: Uint8Array | null }
  | { id: number; ok: false; error: ThreadError };

if (!parentPort) throw new Error("sqlite-inbox-worker.ts must be run as a worker thread");
const port = parentPort;
const { path } = workerData as { path: string };

let reads: ReturnType<typeof prepareInboxReads> | undefined;
/** Opened on the first read, so that a file that cannot be opened fails that read (and the next). */
function openReads() {
  if (!reads) {
    const db = new DatabaseSync(path, { readOnly: true });
    db.exec("PRAGMA busy_timeout = 5000");
    reads = prepareInboxReads(db);
  }
  return reads;
}

/** The CSV downloads under way, each read in arrival order on this thread's connection. */
const downloads = new Map<number, AsyncGenerator<Uint8Array>>();

async function nextPiece(read: Extract<InboxRead, { kind: "csv" }>): Promise<Uint8Array | null> {
  let pieces = downloads.get(read.download);
  if (!pieces) {
    const db = openReads();
    pieces = csvPieces(inArrivalOrder(db.batchAfter), read.gzip);
    downloads.set(read.download, pieces);
  }
  const { value, done } = await pieces.next();
  if (!done) return value;
  downloads.delete(read.download);
  return null;
}

const failed = (id: number, caught: unknown) =>
  port.postMessage({ id, ok: false, error: threadError(caught) } satisfies InboxReadAnswer);

port.on("message", (read: InboxRead | CsvStop) => {
  if (read.kind === "csv-stop") {
    void downloads.get(read.download)?.return(null);
    downloads.delete(read.download);
    return;
  }
  if (read.kind === "csv") {
    nextPiece(read).then(
      (piece) => {
        const transfer = piece ? [piece.buffer as ArrayBuffer] : [];
        port.postMessage({ id: read.id, ok: true, piece } satisfies InboxReadAnswer, transfer);
      },
      (caught) => failed(read.id, caught),
    );
    return;
  }
  try {
    const db = openReads();
    const rows = read.kind === "page" ? db.page(read.query) : db.batchAfter(read.after, read.limit);
    port.postMessage({ id: read.id, ok: true, rows } satisfies InboxReadAnswer);
  } catch (caught) {
    failed(read.id, caught);
  }
});
