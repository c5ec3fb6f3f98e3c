/**
 * The news of requests delivered after they had to wait (`dauys.sent-notice` in IndexedDB), so the
 * user is told on whatever page is open or the next time the app opens, even when the service
 * worker delivered them while no page was open (sent-requests-notice.tsx shows it). The news
 * stays until the user closes it. A request the page reports itself (the form's toast) leaves no
 * news. Tabs and the service worker change the news under the outbox's lock, each change made on
 * the news as stored (`changeValue`): after a write this page could not store, its copy does not
 * take the place of news left elsewhere meanwhile.
 */
import {
  announceChange,
  onOutboxChange,
  reportedHere,
  withOutboxLock,
  type ContactRequest,
} from "@/features/contact/outbox-store";
import { changeValue, onValueChange, readValue, storageKeys } from "@/lib/storage";

/** A request delivered after it had to wait, kept until the user has seen the news. */
export type SentRequest = { id: string; subject: string; sentAt: string };

function isSentRequest(value: unknown): value is SentRequest {
  if (typeof value !== "object" || value === null) return false;
  const sent = value as Partial<SentRequest>;
  return typeof sent.id === "string" && typeof sent.subject === "string";
}

const sentRequestsIn = (stored: unknown): SentRequest[] =>
  Array.isArray(stored) ? stored.filter(isSentRequest) : [];

async function readStoredSentRequests(): Promise<SentRequest[]> {
  return sentRequestsIn(await readValue<unknown>(storageKeys.sentNotice));
}

/**
 * Makes `change` on the news as stored, if it changes anything; call it holding the outbox lock.
 * A change whose write failed is made again on the news as stored until a write succeeds, so it
 * works by request id. Resolves to whether the news changed.
 */
async function changeSentNews(change: (sent: SentRequest[]) => SentRequest[]): Promise<boolean> {
  const sent = await readStoredSentRequests();
  if (change(sent).length === sent.length) return false;
  // An empty list rather than no value, so no other page's older copy can stand in for it.
  await changeValue(storageKeys.sentNotice, (stored) => change(sentRequestsIn(stored)));
  return true;
}

/**
 * The requests delivered after they had to wait whose news the user has not closed yet, oldest
 * first. A request this page is still reporting itself is left out.
 */
export async function readSentRequests(): Promise<SentRequest[]> {
  return (await readStoredSentRequests()).filter((sent) => !reportedHere.has(sent.id));
}

/** Calls `listener` when the sent news may have changed: a delivery anywhere, or an erase here. */
export function onSentRequestsChange(listener: () => void): () => void {
  const stopOutbox = onOutboxChange(listener);
  // A kiosk's privacy reset erases the key directly (src/features/kiosk/privacy-reset.ts).
  const stopValue = onValueChange(storageKeys.sentNotice, listener);
  return () => {
    stopOutbox();
    stopValue();
  };
}

/** The user has seen the news of these requests: it is not shown again, here or in other tabs. */
export async function dismissSentRequests(ids: readonly string[]): Promise<void> {
  const dismissed = new Set(ids);
  const changed = await withOutboxLock(() =>
    changeSentNews((sent) => sent.filter((item) => !dismissed.has(item.id))),
  );
  if (changed) announceChange();
}

/** Leaves the news that `request` was sent, once; call it holding the outbox lock. */
export async function leaveSentNews(request: ContactRequest): Promise<void> {
  if (reportedHere.has(request.id)) return;
  const news = { id: request.id, subject: request.subject, sentAt: new Date().toISOString() };
  await changeSentNews((sent) =>
    sent.some((item) => item.id === news.id) ? sent : [...sent, news],
  );
}
