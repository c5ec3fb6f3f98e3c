/**
 * The staff CSV of every stored request as a download, made off the event loop: the store's
 * worker thread reads the requests and writes (and compresses) the CSV, and this stream asks it
 * for the next piece only when the response has taken the last one, so a slow download holds
 * one piece, not the file. SQLite makes it in its inbox reader's thread
 * (server/storage/sqlite-inbox-worker.ts), PostgreSQL in a thread of its own for each download
 * (server/storage/postgres-csv-worker.ts).
 *
 * Why a thread: made on the event loop, the CSV of a million requests (1.6 GB) took a minute of
 * its time, and its garbage grew the server's young heap by 100–200 MB, so the server passed
 * 300 MB on either store while it streamed.
 *
 * The first piece (the header and the first rows) is read before the download is given out, so
 * a store that is away is answered with an error status, not with a file cut short.
 */
import { Readable } from "node:stream";

/** A download's pieces from the store's thread: the next one (null at the end), or stop early. */
export type CsvPieces = { next(): Promise<Uint8Array | null>; stop(): void };

/** Twice a query's time limit in either store: a piece is one or two batches of rows. */
export const csvPieceTimeoutMs = 10_000;

/** The node makes as many CSV downloads as it can at once already: answered 503, Retry-After. */
export class CsvDownloadsBusyError extends Error {
  override name = "CsvDownloadsBusyError";
  statusCode = 503;
}

export async function csvDownload(pieces: CsvPieces): Promise<Readable> {
  let pending: Uint8Array | null | undefined;
  try {
    pending = await pieces.next();
  } catch (error) {
    pieces.stop();
    throw error;
  }
  return new Readable({
    read() {
      const piece = pending === undefined ? pieces.next() : Promise.resolve(pending);
      pending = undefined;
      piece.then(
        (bytes) => this.push(bytes),
        (error: Error) => this.destroy(error),
      );
    },
    destroy(error, callback) {
      pieces.stop();
      callback(error);
    },
  });
}
