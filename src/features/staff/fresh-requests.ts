import type { RequestsPage } from "@/features/staff/staff-api";

/**
 * The inbox as shown, brought up to date with its first page read again: requests that came since
 * go on top, and those shown take the server's state (another member of staff marked one handled).
 * When only the first page was shown, the fresh page takes its place whole (a request erased
 * since goes too). After "Show more requests", the older ones shown stay, so nobody loses their
 * place in the list, but only while the fresh page reaches down to them: when none of it was
 * shown, more came than a page holds, and keeping the old list under it would hide for good the
 * requests between the two. The fresh page then takes the list's place with its own `next`, and
 * "Show more requests" reaches the rest again.
 *
 * `added`: how many of the fresh page were not shown; `atLeast`: more than that may have come
 * (the fresh page does not reach the list shown, and older requests follow it);
 * `pagesShown`: how many pages the list now holds.
 */
export function withFreshFirstPage(
  shown: RequestsPage,
  fresh: RequestsPage,
  pagesShown: number,
): { page: RequestsPage; added: number; atLeast: boolean; pagesShown: number } {
  const shownIds = new Set(shown.requests.map((request) => request.id));
  const newer = fresh.requests.filter((request) => !shownIds.has(request.id));
  const added = newer.length;
  const reachesShown = added < fresh.requests.length;
  const atLeast = !reachesShown && fresh.next !== null;
  if (pagesShown <= 1 || !reachesShown) return { page: fresh, added, atLeast, pagesShown: 1 };
  const freshById = new Map(fresh.requests.map((request) => [request.id, request]));
  const kept = shown.requests.map((request) => freshById.get(request.id) ?? request);
  return { page: { requests: [...newer, ...kept], next: shown.next }, added, atLeast, pagesShown };
}

/**
 * The list with the page "Show more requests" asked for added under it, or null when the list
 * has changed since (a check for new requests that found more than a page took its place, with
 * its own `next`): added under that list, the page would skip for good the requests between the
 * list's end and the page's start.
 */
export function withNextPage(
  shown: RequestsPage,
  after: string,
  page: RequestsPage,
): RequestsPage | null {
  if (shown.next !== after) return null;
  return { requests: [...shown.requests, ...page.requests], next: page.next };
}
