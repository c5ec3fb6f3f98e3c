/**
 * The id of a contact request sent from a contact page the server sent: made from the request's
 * words and the page it was sent from, so that the same words sent twice from one page are one
 * request whichever way each went, the browser's plain post (server/routes/request-form.ts) or
 * the app's outbox (src/features/contact/enqueue-request.ts), and other words are another. A page
 * without an id of its own is named by the server's window of time instead. A UUID (v8) from
 * SHA-256, by the Web Crypto API that Node and the browser share.
 */
import { contactFieldNames, type ContactFields } from "./contact-validation.ts";
import { uuidFromBytes } from "./uuid.ts";

/**
 * `sentFrom`: the id the page's loader wrote in the form, or (the server only) the number of the
 * window of time the request came in.
 */
export async function contentRequestId(
  fields: ContactFields,
  language: string,
  sentFrom: string | number,
): Promise<string> {
  const words = JSON.stringify([sentFrom, language, ...contactFieldNames.map((f) => fields[f])]);
  const hash = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(words));
  return uuidFromBytes(new Uint8Array(hash), 8);
}
