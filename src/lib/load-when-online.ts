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

/** When code something waits on did not load, the first wait before it is asked for again, and the longest. */
const RETRY_FIRST_MS = 2000;
const RETRY_MAX_MS = 60_000;

/**
 * Loads code that something already waits on (a change the user made, a warning to show), and
 * never gives up: offline it waits for the connection (as `loadWhenOnline`), and on an error (a
 * server's, not only a lost connection) it asks again after 2 s, then less and less often, up to
 * once a minute, until the code comes.
 */
export function loadUntilLoaded<T>(load: () => Promise<T>): () => Promise<T> {
  const once = loadWhenOnline(load);
  return async () => {
    for (let wait = RETRY_FIRST_MS; ; wait = Math.min(wait * 2, RETRY_MAX_MS)) {
      try {
        return await once();
      } catch (error) {
        console.warn("Part of the app did not load; asking for it again:", error);
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  };
}
