/**
 * The staff inbox's calls to /api/staff. The session is an HttpOnly cookie the page never sees;
 * every change carries the `X-Dauys-Staff` header the server requires (CSRF).
 */
import type { StoredContactRequest } from "@/shared/contact-validation";

export type StaffRequest = StoredContactRequest;

export type SignInOutcome =
  | "signed-in"
  | "wrong-password"
  | "too-many"
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

export const staffCsvUrl = "/api/staff/requests.csv";
const changeHeaders = { "Content-Type": "application/json", "X-Dauys-Staff": "1" };

export async function isSignedIn(): Promise<boolean> {
  const response = await fetch("/api/staff/session");
  if (response.status === 401) return false;
  if (!response.ok) throw new StaffApiError(response.status);
  return true;
}

export async function signIn(password: string): Promise<SignInOutcome> {
  const response = await fetch("/api/staff/session", {
    method: "POST",
    headers: changeHeaders,
    body: JSON.stringify({ password }),
  });
  if (response.ok) return "signed-in";
  if (response.status === 401) return "wrong-password";
  if (response.status === 429) return "too-many";
  if (response.status === 503) {
    const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
    return body?.error === "staff_not_configured" ? "not-configured" : "unavailable";
  }
  throw new StaffApiError(response.status);
}

export async function signOut(): Promise<void> {
  await fetch("/api/staff/session", { method: "DELETE", headers: { "X-Dauys-Staff": "1" } });
}

/** A page of the inbox, newest first; `next` asks for the page after it (null: none). */
export type RequestsPage = { requests: StaffRequest[]; next: string | null };

/** The server searches and pages; `after` is the `next` of the page before. */
export async function listRequests(query: string, after?: string): Promise<RequestsPage> {
  const search = new URLSearchParams({ q: query.slice(0, 200) });
  if (after) search.set("after", after);
  const response = await fetch(`/api/staff/requests?${search}`);
  if (!response.ok) throw new StaffApiError(response.status);
  return response.json() as Promise<RequestsPage>;
}

export async function setHandled(id: string, handled: boolean): Promise<string | null> {
  const response = await fetch(`/api/staff/requests/${encodeURIComponent(id)}`, {
    method: "PATCH",
    headers: changeHeaders,
    body: JSON.stringify({ handled }),
  });
  if (!response.ok) throw new StaffApiError(response.status);
  return ((await response.json()) as { handledAt: string | null }).handledAt;
}
