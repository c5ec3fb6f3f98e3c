/**
 * Contact requests as CSV (RFC 4180): a header row, CRLF line ends, and a cell quoted when it
 * holds a comma, a semicolon, a tab, a quote or a line break. The file starts with a UTF-8 byte
 * order mark: without it Excel reads the file in the system's legacy code page and shows
 * Russian, Kazakh or Uzbek names as gibberish.
 *
 * Staff open the file in spreadsheet programs, which run a cell that starts like a formula. Which
 * characters end a cell depends on the program's list separator: Excel with Russian, Kazakh or
 * Uzbek settings splits on `;`, others on `,` or tab, and a program that guesses wrong splits
 * inside our quoted cells too. So not only the cell's start is neutralised but every place where
 * any such split could start a cell: a formula character (=, +, -, @, a tab or carriage return,
 * or their fullwidth forms), after only spaces and quotes, at the start of the value or after a
 * `,` `;` tab or line break, gets an apostrophe before it and is shown as text.
 */
import { Readable, pipeline } from "node:stream";
import { createGzip } from "node:zlib";
import type { StoredRequest } from "./requests-db.ts";

export const requestColumns = [
  "id",
  "createdAt",
  "receivedAt",
  "language",
  "name",
  "email",
  "subject",
  "message",
  "handledAt",
] as const satisfies readonly (keyof StoredRequest)[];

export const utf8Bom = "\uFEFF";

/** Characters a spreadsheet may read as the start of a formula (ASCII and fullwidth). */
export const formulaCharacters = "=+-@\t\r\uFF1D\uFF0B\uFF0D\uFF20";
/** Characters after which some spreadsheet setting starts a new cell or row. */
export const cellBreaks = ",;\t\r\n\uFF0C\uFF1B";

// The break is looked behind, not taken: a tab or carriage return is both a break and a formula
// character, so each one in a row is guarded and starts the next look. The spaces between break
// and formula character leave out the breaks themselves: with them, every line break of a long
// run started a scan to the run's end (quadratic: 32,000 line breaks took 0.7 s).
const formulaAfterBreak =
  /(?<=^|[,;\t\r\n\uFF0C\uFF1B])((?:[^\S\t\r\n]|")*)([=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20])/gu;

export function neutraliseCell(value: string): string {
  return value.replace(formulaAfterBreak, "$1'$2");
}

export function csvCell(value: string): string {
  const safe = neutraliseCell(value);
  return /[",;\t\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvHeader = `${utf8Bom}${requestColumns.join(",")}\r\n`;

export function csvRow(request: StoredRequest): string {
  return `${requestColumns.map((column) => csvCell(request[column] ?? "")).join(",")}\r\n`;
}

export function requestsToCsv(requests: readonly StoredRequest[]): string {
  return csvHeader + requests.map(csvRow).join("");
}

/** The CSV of every request the iterator yields, in pieces of about `chunkBytes`. */
export async function* requestsCsvChunks(
  requests: AsyncIterable<StoredRequest>,
  chunkBytes = 64 * 1024,
): AsyncGenerator<string> {
  let chunk = csvHeader;
  for await (const request of requests) {
    chunk += csvRow(request);
    if (chunk.length >= chunkBytes) {
      yield chunk;
      chunk = "";
    }
  }
  yield chunk;
}

/**
 * The CSV of these requests as bytes in pieces of about 64 kB, gzip-compressed when the
 * download takes it. Made in a worker thread (server/storage/requests-csv-download.ts): each
 * piece is a buffer of its own, so its memory can be handed to the server's thread, not copied.
 */
export async function* csvPieces(
  requests: AsyncIterable<StoredRequest>,
  gzip: boolean,
): AsyncGenerator<Uint8Array> {
  const csv = requestsCsvChunks(requests);
  if (!gzip) {
    const encoder = new TextEncoder();
    for await (const chunk of csv) yield encoder.encode(chunk);
    return;
  }
  const compressed = createGzip({ chunkSize: 64 * 1024 });
  pipeline(Readable.from(csv), compressed, () => {});
  // A copy: zlib's output pieces may share one buffer.
  for await (const piece of compressed) yield new Uint8Array(piece as Buffer);
}
