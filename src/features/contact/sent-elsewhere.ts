/**
 * The contact form open in another window (the installed app beside a browser tab) may show the
 * very message this one has just sent: the draft is one per device, restored in every window that
 * opens. Left there, it looks unsent, and is sent a second time. The form that sends a message
 * says so to the app's other windows (a BroadcastChannel; a window does not hear its own), and a
 * form showing the same words clears them (contact-form.tsx).
 */
import {
  contactFieldNames,
  trimContactFields,
  type ContactFields,
} from "@/shared/contact-validation";

const channel =
  typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel("dauys-contact-sent");

/** Tells the app's other windows that `sent` (the words as sent, trimmed) has been sent. */
export function tellSentElsewhere(sent: ContactFields) {
  channel?.postMessage(sent);
}

/**
 * Calls `listener` when another window of the app has sent a message whose words are those
 * `shown()` gives now, as they would be sent.
 */
export function onShownSentElsewhere(shown: () => ContactFields, listener: () => void): () => void {
  const heard = (event: MessageEvent<unknown>) => {
    const sent = event.data as Partial<ContactFields> | null;
    const words = trimContactFields(shown());
    if (contactFieldNames.every((field) => sent?.[field] === words[field])) listener();
  };
  channel?.addEventListener("message", heard);
  return () => channel?.removeEventListener("message", heard);
}
