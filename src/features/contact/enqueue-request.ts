/**
 * Puts a request the contact form sends into the outbox (outbox.ts delivers it), and asks the
 * service worker to deliver it later should this page be closed first. Only the contact page
 * needs this; the outbox's delivery is in every page.
 */
import { outboxSyncTag } from "@/features/contact/outbox";
import { updateOutbox, type ContactRequest } from "@/features/contact/outbox-store";
import { contentRequestId } from "@/shared/contact-request-id";
import type { ContactFields, RequestLanguage } from "@/shared/contact-validation";
import { randomUuid } from "@/shared/uuid";

/**
 * Puts a new request into the outbox. `saved` is false when this device could not store it
 * (no IndexedDB): it is then kept in memory only, for as long as the page stays open.
 *
 * `pageId`: the id the page's loader wrote in the form as the server's page loaded. The request's
 * id is then made from it and the words, as the server makes it for the same form posted as plain
 * HTML (server/routes/request-form.ts): a message the browser posted before the app had come,
 * whose answer was lost, sent again by the app is one request, and the same words sent twice from
 * this page are kept once here too. Without it (a page the app drew) the id is random, and so it
 * is where the page has no `crypto.subtle` to make it with (plain http, not localhost).
 */
export async function enqueueContactRequest(
  fields: ContactFields,
  language: RequestLanguage,
  pageId?: string,
): Promise<{ request: ContactRequest; saved: boolean }> {
  const request: ContactRequest = {
    id: pageId && crypto.subtle ? await contentRequestId(fields, language, pageId) : randomUuid(),
    name: fields.name,
    email: fields.email,
    subject: fields.subject,
    message: fields.message,
    language,
    createdAt: new Date().toISOString(),
  };
  const saved = await updateOutbox((items) =>
    items.some((item) => item.request.id === request.id)
      ? items
      : [...items, { request, state: "pending", attempts: 0 }],
  );
  void requestBackgroundSync();
  return { request, saved };
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
