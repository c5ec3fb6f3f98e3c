/**
 * Whether an error says the store is away (PostgreSQL unreachable, stalled past its timeouts,
 * shutting down or read-only; SQLite locked, full or unwritable) rather than that the request
 * was wrong or the server is broken. Such a request can succeed later: the server answers 503
 * with Retry-After, and the app's outbox sends the contact request again.
 */
const postgresCodes = new Set(["57P01", "57P02", "57P03", "57014", "53300", "25006", "40001"]);
const networkCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);
// node-postgres's own messages when a connection or a query outlives its timeout or is cut.
const postgresMessages =
  /^(Query read timeout|timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error)/;
// SQLite's primary result codes: BUSY, LOCKED, READONLY, IOERR, FULL, CANTOPEN.
const sqliteCodes = new Set([5, 6, 8, 10, 13, 14]);

/** The store did not answer in time, or its reader stopped: this server's own word for it. */
export class StoreUnavailableError extends Error {
  override name = "StoreUnavailableError";
}

/** An error as a worker thread sends it: its message and the store's codes that
 * `isStoreUnavailable` reads (an Error's own fields do not survive postMessage). */
export type ThreadError = { message: string; code?: unknown; errcode?: unknown };

export function threadError(caught: unknown): ThreadError {
  const { message, code, errcode } = caught as Error & { code?: unknown; errcode?: unknown };
  return { message: String(message), code, errcode };
}

/** The Error again on the server's side, classified as it would have been in the thread. */
export const errorFromThread = (error: ThreadError) =>
  Object.assign(new Error(error.message), error);

export function isStoreUnavailable(error: unknown): boolean {
  if (error instanceof StoreUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  const { code, errcode } = error as Error & { code?: unknown; errcode?: unknown };
  if (typeof code === "string") {
    if (postgresCodes.has(code) || code.startsWith("08") || networkCodes.has(code)) return true;
    if (code === "ERR_SQLITE_ERROR" && typeof errcode === "number") {
      return sqliteCodes.has(errcode & 0xff);
    }
  }
  return postgresMessages.test(error.message);
}
