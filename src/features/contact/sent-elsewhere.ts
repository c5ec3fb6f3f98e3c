/**
 * The contact form open in another window (the installed app beside a browser tab) may show the
 * very message this one has just sent: the draft is one per device, restored in every window that
 * opens. Left there, it looks unsent, and is sent a second time. The form that sends a message
 * says so to the app's other windows (a BroadcastChannel; a window does not hear its own), and a
 * form showing the same words clears them (contact-form.tsx).
 *
 * The other window may show an older draft of the message: the one both windows restored, which
 * this window went on writing before it sent. So the sending window says, beside the words sent,
 * every draft its form held on the way to them (as short marks, not the words): a form that still
 * shows one of those, unchanged, clears it too. One changed there since is another draft, and stays.
 * Only drafts of the same message lead to it: a message replaced (selected whole and pasted over,
 * or written again) or emptied starts the drafts afresh, as an emptied form does, so a window still
 * showing the message replaced keeps it.
 */
import {
  contactFieldNames,
  isContactFieldsEmpty,
  trimContactFields,
  type ContactFields,
} from "@/shared/contact-validation";

const channel =
  typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel("dauys-contact-sent");

/** What a window tells the others: the words sent, and marks of the drafts that led to them. */
type SentNews = ContactFields & { earlier?: string[] };

/** A short mark of the words as they would be sent (cyrb53): the same words, the same mark. */
function markOf(fields: ContactFields): string {
  const words = trimContactFields(fields);
  const text = contactFieldNames.map((field) => words[field]).join("\u0000");
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

// The drafts of one message this window's form has held (the page's one form), and the last.
const held = new Set<string>();
let last: ContactFields | null = null;

const startAfresh = () => {
  held.clear();
  last = null;
};

/**
 * The message `after` is the same one as `before`, changed: the change kept at least half of it
 * (its start and end as they were). Typing, deleting or pasting a part keeps most of a message;
 * one selected whole and replaced keeps none of it, or a letter or two by chance.
 */
function continues(before: string, after: string): boolean {
  const shorter = Math.min(before.length, after.length);
  let start = 0;
  while (start < shorter && before[start] === after[start]) start += 1;
  let end = 0;
  while (end < shorter - start && before.at(-1 - end) === after.at(-1 - end)) end += 1;
  return 2 * (start + end) >= before.length;
}

/**
 * Notes a draft the form holds (restored, typed, brought back). An empty form, or a message
 * replaced or emptied, starts the drafts afresh.
 */
export function noteDraft(fields: ContactFields) {
  if (isContactFieldsEmpty(fields) || (last && !continues(last.message, fields.message)))
    startAfresh();
  if (isContactFieldsEmpty(fields)) return;
  held.add(markOf(fields));
  last = fields;
}

/** Tells the app's other windows that `sent` (the words as sent, trimmed) has been sent. */
export function tellSentElsewhere(sent: ContactFields, earlier: readonly string[] = heldDrafts()) {
  const news: SentNews = { ...sent, earlier: [...earlier] };
  startAfresh();
  channel?.postMessage(news);
}

/**
 * The marks of the drafts the form has held since it was last empty: taken before the form is
 * emptied for the message sent, which starts them afresh.
 */
export const heldDrafts = () => [...held];

/**
 * Calls `listener` when another window of the app has sent a message whose words are those
 * `shown()` gives now, as they would be sent, or were in a draft that led to them there;
 * `otherwise` when it has sent another message (and removed the device's draft).
 */
export function onShownSentElsewhere(
  shown: () => ContactFields,
  listener: () => void,
  otherwise?: () => void,
): () => void {
  const heard = (event: MessageEvent<unknown>) => {
    const sent = event.data as Partial<SentNews> | null;
    const words = trimContactFields(shown());
    if (
      contactFieldNames.every((field) => sent?.[field] === words[field]) ||
      (Array.isArray(sent?.earlier) && sent.earlier.includes(markOf(words)))
    ) {
      startAfresh();
      listener();
    } else otherwise?.();
  };
  channel?.addEventListener("message", heard);
  return () => channel?.removeEventListener("message", heard);
}
