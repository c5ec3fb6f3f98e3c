/**
 * worker_threads entry of the SQLite inbox reader (server/storage/sqlite-inbox-reader.ts): its
 * own read-only connection to the server's file, so a long search runs here and not on the
 * event loop that stores public requests. WAL mode lets it read while the server writes. Each
 * answer carries the request's id; a failure carries SQLite's error code, so the server maps it
 * to the same answer (server/storage/store-unavailable.ts) as a failure on its own connection.
 */
import { DatabaseSync } from "node:sqlite";
import { parentPort, workerData } from "node:worker_threads";
import type { InboxPageQuery } from "./inbox-search.ts";
import { prepareInboxReads, type BatchCursor, type RowWithSeq } from "./sqlite-inbox-reads.ts";

export type InboxRead =
  | { id: number; kind: "page"; query: InboxPageQuery }
  | { id: number; kind: "batch"; after: BatchCursor; limit: number };

export type InboxReadAnswer =
  | { id: number; ok: true; rows: RowWithSeq[] }
  | { id: number; ok: false; error: { message: string; code?: unknown; errcode?: unknown } };

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

port.on("message", (read: InboxRead) => {
  try {
    const db = openReads();
    const rows = read.kind === "page" ? db.page(read.query) : db.batchAfter(read.after, read.limit);
    port.postMessage({ id: read.id, ok: true, rows } satisfies InboxReadAnswer);
  } catch (caught) {
    const error = caught as Error & { code?: unknown; errcode?: unknown };
    port.postMessage({
      id: read.id,
      ok: false,
      error: { message: String(error.message), code: error.code, errcode: error.errcode },
    } satisfies InboxReadAnswer);
  }
});
