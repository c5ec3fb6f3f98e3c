/**
 * The page's delivery triggers: once now (app start), whenever the connection returns, and while
 * a request is still waiting, again after a while (outbox.ts).
 * An empty outbox costs one IndexedDB read. The outbox and its API client come in a chunk of
 * their own, after the page's start (issue 22's start-up budget): the service worker keeps them
 * in one file, and imports them directly.
 */
export function startOutboxDelivery(): () => void {
  const deliver = () => {
    // A chunk that cannot arrive leaves the outbox as it is, for the next trigger.
    import("@/features/contact/outbox").then(
      ({ deliverOutbox, retryWhileOpen }) => {
        retryWhileOpen();
        return deliverOutbox();
      },
      () => {},
    );
  };
  window.addEventListener("online", deliver);
  deliver();
  return () => window.removeEventListener("online", deliver);
}
