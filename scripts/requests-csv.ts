/**
 * Contact requests as CSV (RFC 4180): a header row, CRLF line ends, and a cell quoted when it
 * holds a comma, a quote or a line break. Staff open the file in spreadsheet programs, so a cell
 * that starts like a formula (=, +, -, @, or a tab or carriage return that some programs skip)
 * gets a leading apostrophe and is shown as text instead of being run.
 */
import type { StoredRequest } from "../server/storage/requests-db.ts";

export const requestColumns = [
  "id",
  "createdAt",
  "receivedAt",
  "language",
  "name",
  "email",
  "subject",
  "message",
] as const satisfies readonly (keyof StoredRequest)[];

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
      requestColumns.map((column) => csvCell(request[column])).join(","),
    ),
  ];
  return rows.map((row) => `${row}\r\n`).join("");
}
