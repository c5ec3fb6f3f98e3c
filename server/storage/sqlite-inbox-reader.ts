/**
 * The staff inbox's reads of the SQLite file, off the event loop. node:sqlite is synchronous: a
 * search over a million requests on the server's own connection held every other request (a
 * public POST waited half a second behind it). Here the reads go to one worker thread with its
 * own read-only connection (server/storage/sqlite-inbox-worker.ts), one at a time, in order;
 * the CSV download is made and compressed there too, a piece at a time.
 *
 * The thread starts on the first read and stops after a minute without one (and no download
 * open), so an idle server
 * does not keep a second connection and heap. A read that outlives its time limit stops the
 * thread (the next read starts another) and fails as the store being away: the staff see 503
 * and try again, as with a stalled PostgreSQL.
 */
import { Worker } from "node:worker_threads";
import type { InboxPageQuery } from "./inbox-search.ts";
import type { BatchCursor, RowWithSeq } from "./sqlite-inbox-reads.ts";
import { csvPieceTimeoutMs, type CsvPieces } from "./requests-csv-download.ts";
import type {
  CsvStop,
  InboxRead,
  InboxReadAnswer,
  InboxReadMessage,
} from "./sqlite-inbox-worker.ts";
import { errorFromThread, StoreUnavailableError } from "./store-unavailable.ts";

/** As long as PostgreSQL's statement timeout (server/storage/requests-postgres.ts). */
export const sqliteReadTimeoutMs = 5_000;
const idleStopMs = 60_000;

type Pending = {
  resolve: (value: RowWithSeq[] | Uint8Array | null) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
};

type ReadOptions = { timeoutMs?: number };

export function openSqliteInboxReader(path: string, options: { idleStopMs?: number } = {}) {
  let worker: Worker | undefined;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  let nextId = 1;
  let closed = false;
  const pending = new Map<number, Pending>();
  /** CSV downloads begun on the thread and not yet ended or stopped. */
  const downloads = new Set<number>();
  let nextDownload = 1;

  /** Fails every read in flight and lets the thread go; the next read starts a new one. */
  const stop = (reason: Error) => {
    const stopped = worker;
    worker = undefined;
    downloads.clear();
    for (const [id, read] of pending) {
      clearTimeout(read.timer);
      pending.delete(id);
      read.reject(reason);
    }
    return stopped?.terminate();
  };

  const started = () => {
    if (worker) return worker;
    const thread = new Worker(new URL("./sqlite-inbox-worker.ts", import.meta.url), {
      workerData: { path },
      // A page or a batch of the CSV is at most a few megabytes: a small heap is enough, and
      // keeps the server's memory low while the CSV streams.
      resourceLimits: { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 64 },
    });
    thread.on("message", (answer: InboxReadAnswer) => {
      const read = pending.get(answer.id);
      if (!read) return;
      pending.delete(answer.id);
      clearTimeout(read.timer);
      if (answer.ok) read.resolve("rows" in answer ? answer.rows : answer.piece);
      else read.reject(errorFromThread(answer.error));
      whenIdle();
    });
    const failed = (error: Error) => {
      if (worker !== thread) return;
      void stop(new StoreUnavailableError(`The inbox reader stopped: ${error.message}`));
    };
    thread.on("error", failed);
    thread.on("exit", (code) => failed(new Error(`exit code ${code}`)));
    worker = thread;
    return thread;
  };

  /** With nothing in flight and no download open, the thread no longer keeps the process
   * alive, and stops later. */
  const whenIdle = () => {
    if (pending.size > 0 || downloads.size > 0 || !worker) return;
    worker.unref();
    const idle = worker;
    idleTimer = setTimeout(() => {
      if (worker === idle && pending.size === 0) void stop(new Error("idle"));
    }, options.idleStopMs ?? idleStopMs);
    idleTimer.unref();
  };

  const read = <Value>(
    message: InboxReadMessage,
    { timeoutMs = sqliteReadTimeoutMs }: ReadOptions,
  ) =>
    new Promise<Value>((resolve, reject) => {
      if (closed) return reject(new StoreUnavailableError("The inbox reader is closed."));
      clearTimeout(idleTimer);
      const thread = started();
      thread.ref();
      const id = nextId++;
      const timer = setTimeout(() => {
        // Terminating the thread is the only way to stop a synchronous query.
        void stop(new StoreUnavailableError(`The inbox read took longer than ${timeoutMs} ms.`));
      }, timeoutMs);
      pending.set(id, { resolve: resolve as Pending["resolve"], reject, timer });
      thread.postMessage({ ...message, id } satisfies InboxRead);
    });

  return {
    page: (query: InboxPageQuery, options: ReadOptions = {}) =>
      read<RowWithSeq[]>({ kind: "page", query }, options),
    batchAfter: (after: BatchCursor, limit: number, options: ReadOptions = {}) =>
      read<RowWithSeq[]>({ kind: "batch", after, limit }, options),
    /** A CSV download made on the thread (server/storage/requests-csv-download.ts). */
    csv(gzip: boolean): CsvPieces {
      const download = nextDownload++;
      downloads.add(download);
      const ended = () => {
        downloads.delete(download);
        whenIdle();
      };
      return {
        next: async () => {
          // The thread stopped since (a read outlived its limit): the rest of the file is lost.
          if (!downloads.has(download)) {
            throw new StoreUnavailableError("The inbox reader stopped during the download.");
          }
          try {
            const piece = await read<Uint8Array | null>(
              { kind: "csv", download, gzip },
              { timeoutMs: csvPieceTimeoutMs },
            );
            if (piece === null) ended();
            return piece;
          } catch (error) {
            ended();
            throw error;
          }
        },
        stop() {
          if (!downloads.has(download)) return;
          worker?.postMessage({ kind: "csv-stop", download } satisfies CsvStop);
          ended();
        },
      };
    },
    async close() {
      closed = true;
      clearTimeout(idleTimer);
      await stop(new StoreUnavailableError("The inbox reader is closed."));
    },
  };
}
