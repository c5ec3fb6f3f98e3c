import { deliverOutbox } from "@/features/contact/outbox";

/**
 * The page's delivery triggers: once now (app start) and whenever the connection returns.
 * An empty outbox costs one IndexedDB read.
 */
export function startOutboxDelivery(): () => void {
  const deliver = () => void deliverOutbox();
  window.addEventListener("online", deliver);
  deliver();
  return () => window.removeEventListener("online", deliver);
}
