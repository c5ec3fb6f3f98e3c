/**
 * The staff inbox's calls to the staff API, through the typed API client. The session is an
 * HttpOnly cookie the page never sees; every change carries the staff header the server requires
 * (CSRF).
 */
import { apiClient, errorFields } from "@/lib/api-client";
import { apiPaths, backgroundCheckHeader, staffHeader } from "@/shared/api-contract";
import type { StoredContactRequest } from "@/shared/contact-validation";

export type StaffRequest = StoredContactRequest;

export type SignInOutcome =
  | "signed-in"
  | "wrong-password"
  /**
   * Too many attempts: signing in is refused for `minutes` more (the server's Retry-After, rounded
   * up). The lockout runs from the first wrong password, so it is often less than its 15 minutes.
   */
  | { tooMany: { minutes: number } }
  | "not-configured"
  /** The inbox is set up, but its database is away: worth trying again shortly. */
  | "unavailable";

export class StaffApiError extends Error {
  readonly status: number;
  constructor(status: number) {
    super(`The staff API answered ${status}`);
    this.status = status;
  }
}

const fromInbox = { [staffHeader.name]: staffHeader.value };

export async function isSignedIn(): Promise<boolean> {
  const { response } = await apiClient.GET(apiPaths.staffSession);
  if (response.status === 401) return false;
  if (!response.ok) throw new StaffApiError(response.status);
  return true;
}

export async function signIn(password: string): Promise<SignInOutcome> {
  const { response, error } = await apiClient.POST(apiPaths.staffSession, {
    params: { header: fromInbox },
    body: { password },
  });
  if (response.ok) return "signed-in";
  if (response.status === 401) return "wrong-password";
  if (response.status === 429) {
    const seconds = Number(response.headers.get("retry-after"));
    const minutes = Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds / 60) : 15;
    return { tooMany: { minutes } };
  }
  // openapi-fetch has read the answer's body already: its error code is in `error`.
  if (response.status === 503) {
    return errorFields(error).error === "staff_not_configured" ? "not-configured" : "unavailable";
  }
  throw new StaffApiError(response.status);
}

/**
 * Ends the session on the server. False when it could not (no connection, or the server failed):
 * the session is then still open, and whoever uses this browser next could read the inbox.
 */
export async function signOut(): Promise<boolean> {
  try {
    const { response } = await apiClient.DELETE(apiPaths.staffSession, {
      params: { header: fromInbox },
    });
    return response.ok;
  } catch {
    return false;
  }
}

/** A page of the inbox, newest first; `next` asks for the page after it (null: none). */
export type RequestsPage = { requests: StaffRequest[]; next: string | null };

/**
 * The server searches and pages; `after` is the `next` of the page before. `inBackground` marks
 * the inbox's own check for new requests, which the server does not count as use of the session.
 */
export async function listRequests(
  query: string,
  { after, inBackground = false }: { after?: string | undefined; inBackground?: boolean } = {},
): Promise<RequestsPage> {
  const { data, response } = await apiClient.GET(apiPaths.staffRequests, {
    params: {
      query: { q: query.slice(0, 200), ...(after ? { after } : {}) },
      ...(inBackground && {
        header: { [backgroundCheckHeader.name]: backgroundCheckHeader.value },
      }),
    },
  });
  if (!data) throw new StaffApiError(response.status);
  return data;
}

export async function setHandled(id: string, handled: boolean): Promise<string | null> {
  const { data, response } = await apiClient.PATCH(apiPaths.staffRequest, {
    params: { path: { id }, header: fromInbox },
    body: { handled },
  });
  if (!data) throw new StaffApiError(response.status);
  return data.handledAt;
}

/** The CSV to save, or why there is none: the session ended, the server is busy, it failed, or
 * the connection failed (before the answer or during it). */
export type CsvDownload =
  | { file: Blob; fileName: string }
  | { problem: "session-ended" | "busy" | "failed" | "connection" };

/**
 * The CSV of every request, read whole before it is offered as a file. As a plain link, the
 * browser's download was the only one to hear of a refusal (the session ended, the node already
 * making its CSVs, the database away) or of a download cut short, and said it only in its list
 * of downloads, with no reason. The server still streams it; Chromium keeps a large blob on disk.
 */
export async function downloadRequestsCsv(): Promise<CsvDownload> {
  try {
    const { data, response } = await apiClient.GET(apiPaths.staffRequestsCsv, {
      parseAs: "blob",
    });
    if (response.ok && data) {
      const named = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "");
      return { file: data, fileName: named?.[1] ?? "dauys-requests.csv" };
    }
    if (response.status === 401) return { problem: "session-ended" };
    if (response.status === 503 || response.status === 429) return { problem: "busy" };
    return { problem: "failed" };
  } catch {
    return { problem: "connection" };
  }
}
