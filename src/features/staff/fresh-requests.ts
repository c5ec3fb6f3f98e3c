import type { RequestsPage } from "@/features/staff/staff-api";

/**
 * The inbox as shown, brought up to date with its first page read again: requests that came since
 * go on top, and those shown take the server's state (another member of staff marked one handled).
 * When only the first page was shown, the fresh page takes its place whole (a request erased
 * since goes too); after "Show more requests", the older ones shown stay, so nobody loses their
 * place in the list. `added`: how many came since.
 */
export function withFreshFirstPage(
  shown: RequestsPage,
  fresh: RequestsPage,
  pagesShown: number,
): { page: RequestsPage; added: number } {
  const shownIds = new Set(shown.requests.map((request) => request.id));
  const added = fresh.requests.filter((request) => !shownIds.has(request.id)).length;
  if (pagesShown <= 1) return { page: fresh, added };
  const freshById = new Map(fresh.requests.map((request) => [request.id, request]));
  const newer = fresh.requests.filter((request) => !shownIds.has(request.id));
  const kept = shown.requests.map((request) => freshById.get(request.id) ?? request);
  return { page: { requests: [...newer, ...kept], next: shown.next }, added };
}
