/**
 * What the contact form's toast says after Send, as plain functions of what happened: delivered,
 * refused by the server, or saved to be sent later (on the device, or only in this page's memory
 * when storage failed). A "saved" toast then follows its request in the outbox: it goes once the
 * request has been delivered (the app-wide notice says it was sent), and says so if the server
 * refuses it.
 */
import type { RequestOutcome } from "@/features/contact/outbox";
import type { OutboxItem } from "@/features/contact/outbox-store";

export type ToastKind = "sent" | "waiting" | "waiting-in-memory" | "refused";

export type SendToast = { kind: ToastKind; requestId: string; open: boolean };

/** The toast for a request just sent; `saved` says whether the outbox reached storage. */
export function toastAfterSend(
  requestId: string,
  outcome: RequestOutcome,
  saved: boolean,
): SendToast {
  const kind: ToastKind =
    outcome.state === "delivered"
      ? "sent"
      : outcome.state === "failed"
        ? "refused"
        : saved
          ? "waiting"
          : "waiting-in-memory";
  return { kind, requestId, open: true };
}

/** Whether the toast is open and waits for its request to leave the outbox. */
export function isWaiting(toast: SendToast | null): toast is SendToast {
  return !!toast?.open && (toast.kind === "waiting" || toast.kind === "waiting-in-memory");
}

/** The toast once the outbox holds `items`: closed when its request left, "refused" if refused. */
export function followOutbox(toast: SendToast, items: readonly OutboxItem[]): SendToast {
  if (!isWaiting(toast)) return toast;
  const item = items.find((other) => other.request.id === toast.requestId);
  if (!item) return { ...toast, open: false };
  if (item.state === "failed") return { ...toast, kind: "refused" };
  return toast;
}
