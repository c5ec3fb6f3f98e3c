/**
 * The contact-request outbox. A request is a lead and must never be lost, so it is written to
 * IndexedDB (`dauys.outbox`) before anything is sent, and leaves the outbox only after the server
 * answered 2xx. The request's client-made id makes delivery idempotent: the server stores a
 * repeated id once, so a retry after a lost answer cannot create a duplicate.
 *
 * Delivery runs on submit, when the connection returns and at app start (start-outbox-delivery.ts),
 * and from the service worker's Background Sync.
 *
 * The form's toast reports the request it has just sent. A request delivered any other way (it had
 * to wait) leaves news behind, in IndexedDB (`dauys.sent-notice`), so the user is told on whatever
 * page is open or the next time the app opens, even when the service worker delivered it while no
 * page was open (sent-requests-notice.tsx shows it). The news stays until the user closes it.
 *
 * This module uses no `window` or DOM API, so the service worker can import it and call
 * `deliverOutbox()`:
 *
 *   self.addEventListener("sync", (event) => {
 *     if (event.tag === outboxSyncTag) {
 *       event.waitUntil(deliverOutbox().then((report) => {
 *         // Rejecting asks the browser to retry the sync later.
 *         if (report.pending.length > 0) throw new Error("Contact requests still pending");
 *       }));
 *     }
 *   });
 */
import type { ContactFields, RequestLanguage } from "@/shared/contact-validation";
import { onValueChange, readValue, storageKeys, writeValue } from "@/lib/storage";

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
};

export type DeliveryReport = { delivered: string[]; pending: string[]; failed: string[] };

/** A request delivered after it had to wait, kept until the user has seen the news. */
export type SentRequest = { id: string; subject: string; sentAt: string };

export type RequestOutcome =
  { state: "delivered" } | { state: "pending" } | { state: "failed"; error: string };

export const requestsEndpoint = "/api/requests";

/** The Background Sync tag the page registers and the service worker answers. */
export const outboxSyncTag = "dauys-outbox";

const lockName = "dauys-outbox";
const deliveryTimeoutMs = 15_000;
// Statuses that mean "the server read this request and refuses it": retrying cannot help.
const rejectedStatuses = new Set([400, 413, 415, 422]);

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

function announceChange() {
  notifyLocal();
  channel?.postMessage("changed");
}

// Requests whose outcome this page reports itself (the form's toast, see `deliverRequest`): their
// delivery is not news for the app-wide notice.
const reportedHere = new Set<string>();

let localLock: Promise<unknown> = Promise.resolve();

// Every change is a read-modify-write of one IndexedDB value; the Web Lock keeps tabs and the
// service worker from overwriting each other's changes, the local chain covers older browsers.
async function withOutboxLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  if (locks) return locks.request(lockName, task);
  const run = localLock.then(task);
  localLock = run.catch(() => undefined);
  return run;
}

function isOutboxItem(value: unknown): value is OutboxItem {
  if (typeof value !== "object" || value === null) return false;
  const item = value as Partial<OutboxItem>;
  return (
    typeof item.request?.id === "string" && (item.state === "pending" || item.state === "failed")
  );
}

export async function readOutbox(): Promise<OutboxItem[]> {
  const stored = await readValue<unknown>(storageKeys.outbox);
  return Array.isArray(stored) ? stored.filter(isOutboxItem) : [];
}

/** Applies `change` to the stored list; resolves to whether it reached IndexedDB. */
async function updateOutbox(change: (items: OutboxItem[]) => OutboxItem[]): Promise<boolean> {
  const saved = await withOutboxLock(async () =>
    writeValue(storageKeys.outbox, change(await readOutbox())),
  );
  announceChange();
  return saved;
}

function isSentRequest(value: unknown): value is SentRequest {
  if (typeof value !== "object" || value === null) return false;
  const sent = value as Partial<SentRequest>;
  return typeof sent.id === "string" && typeof sent.subject === "string";
}

async function readStoredSentRequests(): Promise<SentRequest[]> {
  const stored = await readValue<unknown>(storageKeys.sentNotice);
  return Array.isArray(stored) ? stored.filter(isSentRequest) : [];
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
  const changed = await withOutboxLock(async () => {
    const sent = await readStoredSentRequests();
    const left = sent.filter((item) => !dismissed.has(item.id));
    if (left.length === sent.length) return false;
    // An empty list rather than no value, so no other page's older copy can stand in for it.
    await writeValue(storageKeys.sentNotice, left);
    return true;
  });
  if (changed) announceChange();
}

/**
 * Takes a delivered request out of the outbox and, unless this page reports it itself, leaves the
 * news that it was sent. A request already gone was delivered (and reported) by another page or
 * the service worker. The news is written first: should the second write fail, the request is
 * sent again (the server stores it once) rather than delivered without a word.
 */
async function takeDelivered(request: ContactRequest): Promise<void> {
  await withOutboxLock(async () => {
    const items = await readOutbox();
    if (!items.some((item) => item.request.id === request.id)) return;
    if (!reportedHere.has(request.id)) {
      const sent = await readStoredSentRequests();
      if (!sent.some((item) => item.id === request.id)) {
        const news = { id: request.id, subject: request.subject, sentAt: new Date().toISOString() };
        await writeValue(storageKeys.sentNotice, [...sent, news]);
      }
    }
    await writeValue(
      storageKeys.outbox,
      items.filter((item) => item.request.id !== request.id),
    );
  });
  announceChange();
}

/**
 * Puts a new request into the outbox. `saved` is false when this device could not store it
 * (no IndexedDB): it is then kept in memory only, for as long as the page stays open.
 */
export async function enqueueContactRequest(
  fields: ContactFields,
  language: RequestLanguage,
): Promise<{ request: ContactRequest; saved: boolean }> {
  const request: ContactRequest = {
    id: crypto.randomUUID(),
    name: fields.name,
    email: fields.email,
    subject: fields.subject,
    message: fields.message,
    language,
    createdAt: new Date().toISOString(),
  };
  const saved = await updateOutbox((items) => [
    ...items,
    { request, state: "pending", attempts: 0 },
  ]);
  void requestBackgroundSync();
  return { request, saved };
}

/** Takes a request out of the outbox for good (the user moved it back into the form). */
export async function removeFromOutbox(id: string): Promise<void> {
  await updateOutbox((items) => items.filter((item) => item.request.id !== id));
}

type SendResult =
  { kind: "stored" } | { kind: "rejected"; message: string } | { kind: "unavailable" };

async function send(request: ContactRequest): Promise<SendResult> {
  try {
    const response = await fetch(requestsEndpoint, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(deliveryTimeoutMs),
    });
    if (response.ok) return { kind: "stored" };
    if (rejectedStatuses.has(response.status)) {
      const body: unknown = await response.json().catch(() => null);
      const message =
        typeof body === "object" && body !== null && "message" in body
          ? String(body.message)
          : `HTTP ${response.status}`;
      return { kind: "rejected", message };
    }
    return { kind: "unavailable" };
  } catch {
    return { kind: "unavailable" };
  }
}

async function deliverOnce(): Promise<DeliveryReport> {
  const report: DeliveryReport = { delivered: [], pending: [], failed: [] };
  let reachable = typeof navigator === "undefined" || navigator.onLine !== false;
  for (const item of await readOutbox()) {
    const { id } = item.request;
    if (item.state === "failed") {
      report.failed.push(id);
      continue;
    }
    if (!reachable) {
      report.pending.push(id);
      continue;
    }
    const result = await send(item.request);
    if (result.kind === "stored") {
      await takeDelivered(item.request);
      report.delivered.push(id);
    } else if (result.kind === "rejected") {
      await updateOutbox((items) =>
        items.map((other) =>
          other.request.id === id
            ? { ...other, state: "failed", attempts: other.attempts + 1, error: result.message }
            : other,
        ),
      );
      report.failed.push(id);
    } else {
      // The server is out of reach: keep this one and leave the rest for the next attempt.
      await updateOutbox((items) =>
        items.map((other) =>
          other.request.id === id ? { ...other, attempts: other.attempts + 1 } : other,
        ),
      );
      report.pending.push(id);
      reachable = false;
    }
  }
  return report;
}

let tail: Promise<unknown> = Promise.resolve();
let queued: Promise<DeliveryReport> | null = null;

/**
 * Sends every pending request, oldest first. Calls made while a delivery is running share one
 * follow-up run, so a request added meanwhile is still picked up and nothing is sent twice at once.
 */
export function deliverOutbox(): Promise<DeliveryReport> {
  if (queued) return queued;
  const run = tail.then(() => {
    queued = null;
    return deliverOnce();
  });
  queued = run;
  tail = run.catch(() => undefined);
  return run;
}

/**
 * Delivers the outbox and tells what became of one request, for a caller that reports the outcome
 * itself: its delivery now leaves no news for the app-wide notice. A request still pending is news
 * again when it is delivered later.
 */
export async function deliverRequest(id: string): Promise<RequestOutcome> {
  reportedHere.add(id);
  try {
    await deliverOutbox();
    const item = (await readOutbox()).find((other) => other.request.id === id);
    if (!item) {
      // Another tab or the service worker may have delivered it first and left the news.
      await dismissSentRequests([id]);
      return { state: "delivered" };
    }
    if (item.state === "failed") return { state: "failed", error: item.error ?? "" };
    return { state: "pending" };
  } finally {
    reportedHere.delete(id);
  }
}

type SyncCapableRegistration = ServiceWorkerRegistration & {
  sync?: { register(tag: string): Promise<void> };
};

/** Asks the service worker to deliver the outbox later, even after this page is closed. */
async function requestBackgroundSync(): Promise<void> {
  try {
    if (typeof navigator === "undefined" || !navigator.serviceWorker?.controller) return;
    const registration: SyncCapableRegistration = await navigator.serviceWorker.ready;
    await registration.sync?.register(outboxSyncTag);
  } catch {
    // Background Sync is an extra; the online event and the next app start still deliver.
  }
}
