/**
 * Loads a piece of code, and should it not arrive because the device is offline, waits for the
 * connection to come back and loads it then, instead of failing: a part that is not there yet
 * stays out of sight (its Suspense fallback) rather than the page being replaced by an error.
 * For parts nobody reads as content (kiosk mode's session and status toast). A second failure
 * with the connection back is an error as usual.
 */
export function loadWhenOnline<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch((error: unknown) => {
      if (navigator.onLine !== false) throw error;
      console.warn("Waiting for the connection to load part of the app:", error);
      return new Promise<T>((resolve, reject) => {
        window.addEventListener("online", () => void load().then(resolve, reject), {
          once: true,
        });
      });
    });
}
