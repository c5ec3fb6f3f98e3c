/**
 * The contact-request outbox. A request is a lead and must never be lost, so it is written to
 * IndexedDB (`dauys.outbox`) before anything is sent, and leaves the outbox only after the server
 * answered 2xx. The request's client-made id makes delivery idempotent: the server stores a
 * repeated id once, so a retry after a lost answer cannot create a duplicate.
 *
 * Delivery runs on submit, when the connection returns and at app start (start-outbox-delivery.ts),
 * and from the service worker's Background Sync.
 *
 * The contact form puts its requests in (enqueue-request.ts). The form's toast reports the request
 * it has just sent. A request delivered any other way (it had to wait) leaves news behind
 * (sent-notice.ts); so does one the server refused then (refusal-news.ts), which stays in the
 * outbox to be corrected. The storage and its lock are in outbox-store.ts.
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
import {
  announceChange,
  changeOutbox,
  readOutbox,
  reportedHere,
  updateOutbox,
  withOutboxLock,
  type ContactRequest,
  type DeliveryReport,
} from "@/features/contact/outbox-store";
import { dismissSentRequests, leaveSentNews } from "@/features/contact/sent-notice";
import { apiClient, errorFields } from "@/lib/api-client";
import { apiPaths } from "@/shared/api-contract";

export type RequestOutcome =
  { state: "delivered" } | { state: "pending" } | { state: "failed"; error: string };

/** The Background Sync tag the page registers and the service worker answers. */
export const outboxSyncTag = "dauys-outbox";

const deliveryTimeoutMs = 15_000;
// Statuses that mean "the server read this request and refuses it": retrying cannot help.
const rejectedStatuses = new Set([400, 413, 415, 422]);

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
    await leaveSentNews(request);
    await changeOutbox((list) => list.filter((item) => item.request.id !== request.id));
  });
  announceChange();
}

/** Takes a request out of the outbox for good (the user moved it back into the form). */
export async function removeFromOutbox(id: string): Promise<void> {
  await updateOutbox((items) => items.filter((item) => item.request.id !== id));
}

/**
 * "unavailable": the server was not reached, or is too busy (a network error, a 5xx, a 429, a page
 * that is not the API's): the next requests would fare no better, so they wait for the next round.
 * "not-taken": any other answer (a proxy's 403, 404, 409 or 410). It may be about this request
 * alone (a firewall that blocks some words), so this one waits and the next are still sent.
 */
type SendResult =
  | { kind: "stored" }
  | { kind: "rejected"; message: string }
  | { kind: "unavailable" }
  | { kind: "not-taken" };

async function send(request: ContactRequest): Promise<SendResult> {
  try {
    const { error, response } = await apiClient.POST(apiPaths.requests, {
      body: request,
      signal: AbortSignal.timeout(deliveryTimeoutMs),
      // A 2xx from the API means stored, whatever its body says: the body is read as text,
      // never parsed (a body cut off after the status still means stored).
      parseAs: "text",
    });
    // Only the API answers in JSON: a page some proxy in front answered with (a sign-in page
    // redirected to, a maintenance page) did not store anything, and the request waits.
    const fromApi =
      !response.redirected &&
      /^application\/json\b/.test(response.headers.get("content-type") ?? "");
    if (response.ok && fromApi) return { kind: "stored" };
    if (response.ok) return { kind: "unavailable" };
    if (rejectedStatuses.has(response.status)) {
      return { kind: "rejected", message: errorFields(error).message ?? `HTTP ${response.status}` };
    }
    if (response.status >= 500 || response.status === 429) return { kind: "unavailable" };
    return { kind: "not-taken" };
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
      // The form that is sending it says so itself (its toast): no news elsewhere. Decided now,
      // as the change may be made again later (outbox-store.ts).
      const refusalShown = reportedHere.has(id);
      await updateOutbox((items) =>
        items.map((other) =>
          other.request.id === id
            ? {
                ...other,
                state: "failed",
                attempts: other.attempts + 1,
                error: result.message,
                refusalShown,
              }
            : other,
        ),
      );
      report.failed.push(id);
    } else {
      // Kept to be sent again; when the server is out of reach, the rest wait for the next round.
      await updateOutbox((items) =>
        items.map((other) =>
          other.request.id === id ? { ...other, attempts: other.attempts + 1 } : other,
        ),
      );
      report.pending.push(id);
      if (result.kind === "unavailable") reachable = false;
    }
  }
  return report;
}

let tail: Promise<unknown> = Promise.resolve();
let queued: Promise<DeliveryReport> | null = null;

// While a page is open, requests still waiting are tried again, less often each time: a browser
// can say "online" on a connection that carries nothing (or a server answer 503), and then no
// `online` event comes to try again. The service worker leaves this to Background Sync.
const firstRetryMs = 15_000;
const longestRetryMs = 5 * 60_000;
let retries: { waitMs: number; timer?: ReturnType<typeof setTimeout> } | null = null;

/** Makes this page try waiting requests again by itself; returns the function that stops it. */
export function retryWhileOpen(): () => void {
  retries ??= { waitMs: 0 };
  return () => {
    clearTimeout(retries?.timer);
    retries = null;
  };
}

function retryLater(report: DeliveryReport) {
  if (!retries) return;
  clearTimeout(retries.timer);
  if (report.pending.length === 0) {
    retries.waitMs = 0;
    return;
  }
  retries.waitMs = retries.waitMs ? Math.min(retries.waitMs * 2, longestRetryMs) : firstRetryMs;
  retries.timer = setTimeout(() => void deliverOutbox(), retries.waitMs);
}

/**
 * Sends every pending request, oldest first. Calls made while a delivery is running share one
 * follow-up run, so a request added meanwhile is still picked up and nothing is sent twice at once.
 */
export function deliverOutbox(): Promise<DeliveryReport> {
  if (queued) return queued;
  const run = tail.then(async () => {
    queued = null;
    const report = await deliverOnce();
    retryLater(report);
    return report;
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
  if (!callerGone.has(id)) reportedHere.add(id);
  try {
    await deliverOutbox();
    const item = (await readOutbox()).find((other) => other.request.id === id);
    if (!item) {
      // Another tab or the service worker may have delivered it first and left the news.
      if (!callerGone.has(id)) await dismissSentRequests([id]);
      return { state: "delivered" };
    }
    if (item.state === "failed") return { state: "failed", error: item.error ?? "" };
    return { state: "pending" };
  } finally {
    reportedHere.delete(id);
    callerGone.delete(id);
  }
}

// Requests whose caller left before their delivery ended.
const callerGone = new Set<string>();

/**
 * The caller of `deliverRequest` for `id` is gone, or will be by the time it calls (the user left
 * the page while it was sending): what becomes of the request is news for the app-wide notice
 * again, so its delivery is not lost on the user.
 */
export function stopReporting(id: string) {
  reportedHere.delete(id);
  callerGone.add(id);
}
