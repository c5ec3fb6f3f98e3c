import { removeFromOutbox } from "@/features/contact/outbox";
import type { ContactRequest } from "@/features/contact/outbox-store";
import type { ContactFields } from "@/shared/contact-validation";

/**
 * "Correct and send again": a refused request's words go back into the form and its draft, and
 * only once the draft is written does the request leave the outbox. A page closed in between
 * (a tap on the tab's ×, a phone that drops the page) keeps the words in one or the other.
 */
export async function correctAgain(
  request: ContactRequest,
  restore: (fields: ContactFields) => Promise<unknown>,
): Promise<void> {
  const { name, email, subject, message } = request;
  await restore({ name, email, subject, message });
  await removeFromOutbox(request.id);
}
