/**
 * The outbox's storage (`dauys.outbox` in IndexedDB): its items, the lock that serialises every
 * read-modify-write between tabs and the service worker, and the change signal that reaches every
 * page (BroadcastChannel). Delivery is in outbox.ts, the news of requests sent later in
 * sent-notice.ts. No `window` or DOM API: the service worker imports it too.
 */
import type { ContactFields, RequestLanguage } from "@/shared/contact-validation";
import { changeValue, outboxLock, readValue, storageKeys, withDeviceLock } from "@/lib/storage";

export type ContactRequest = ContactFields & {
  id: string;
  language: RequestLanguage;
  createdAt: string;
};

export type OutboxItem = {
  request: ContactRequest;
  /** "failed": the server refused the request (4xx); it stays here, shown, until the user acts. */
  state: "pending" | "failed";
  attempts: number;
  error?: string;
  /**
   * A refused request whose refusal the user has been told of: by the form's toast as it was
   * sent, or by the app-wide news (refusal-news.ts), closed or followed to the contact page. The
   * contact page still shows it until the user acts on it.
   */
  refusalShown?: boolean;
};

export type DeliveryReport = { delivered: string[]; pending: string[]; failed: string[] };

type OutboxListener = () => void;
const listeners = new Set<OutboxListener>();
const channel =
  typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel("dauys-outbox");
channel?.addEventListener("message", () => notifyLocal());

function notifyLocal() {
  for (const listener of listeners) listener();
}

/** Calls `listener` whenever the outbox changes, in this page or another (tab, service worker). */
export function onOutboxChange(listener: OutboxListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function announceChange() {
  notifyLocal();
  channel?.postMessage("changed");
}

// Requests whose outcome this page reports itself (the form's toast, see `deliverRequest`): their
// delivery is not news for the app-wide notice.
export const reportedHere = new Set<string>();

// Every change is a read-modify-write of one IndexedDB value; the lock keeps tabs and the service
// worker from overwriting each other's changes.
export const withOutboxLock = <T>(task: () => Promise<T>): Promise<T> =>
  withDeviceLock(outboxLock, task);

function isOutboxItem(value: unknown): value is OutboxItem {
  if (typeof value !== "object" || value === null) return false;
  const item = value as Partial<OutboxItem>;
  return (
    typeof item.request?.id === "string" && (item.state === "pending" || item.state === "failed")
  );
}

/**
 * A change of the outbox: a plain function of its items. After a write that failed it is made
 * again on the outbox as stored each time it is read, until a write succeeds (`changeValue`), so
 * it is made by request id: made again on a list that has it already, it changes nothing but a
 * try's count.
 */
type OutboxChange = (items: OutboxItem[]) => OutboxItem[];

const itemsOf = (stored: unknown): OutboxItem[] =>
  Array.isArray(stored) ? stored.filter(isOutboxItem) : [];

export const readOutbox = async (): Promise<OutboxItem[]> =>
  itemsOf(await readValue(storageKeys.outbox));

let keptOnDevice = true;

/**
 * Whether this page's last change of the outbox reached IndexedDB: without it (no IndexedDB, a
 * failed write) what waits is in this page's memory only, and goes with it.
 */
export const isOutboxKeptOnDevice = () => keptOnDevice;

/** Applies `change` to the stored list; call it holding the outbox lock. */
export async function changeOutbox(change: OutboxChange): Promise<boolean> {
  const { saved } = await changeValue(storageKeys.outbox, (stored) => change(itemsOf(stored)));
  keptOnDevice = saved;
  return saved;
}

/** Applies `change` to the stored list; resolves to whether it reached IndexedDB. */
export async function updateOutbox(change: OutboxChange): Promise<boolean> {
  const saved = await withOutboxLock(() => changeOutbox(change));
  announceChange();
  return saved;
}
