/**
 * Contact requests as CSV (RFC 4180): a header row, CRLF line ends, and a cell quoted when it
 * holds a comma, a quote or a line break. Staff open the file in spreadsheet programs, so a cell
 * that starts like a formula (=, +, -, @, or a tab or carriage return that some programs skip)
 * gets a leading apostrophe and is shown as text instead of being run. The file starts with a
 * UTF-8 byte order mark: without it Excel reads the file in the system's legacy code page and
 * shows Russian, Kazakh or Uzbek names as gibberish.
 */
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

const formulaStart = /^[=+\-@\t\r]/;

export function neutraliseCell(value: string): string {
  return formulaStart.test(value) ? `'${value}` : value;
}

export function csvCell(value: string): string {
  const safe = neutraliseCell(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function requestsToCsv(requests: readonly StoredRequest[]): string {
  const rows = [
    requestColumns.join(","),
    ...requests.map((request) =>
      requestColumns.map((column) => csvCell(request[column] ?? "")).join(","),
    ),
  ];
  return utf8Bom + rows.map((row) => `${row}\r\n`).join("");
}
