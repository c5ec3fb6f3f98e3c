/** When code did not load, the first wait before it is asked for again, and the longest. */
const RETRY_FIRST_MS = 2000;
const RETRY_MAX_MS = 60_000;

/**
 * Loads code, asking for it again when it does not arrive: offline, once the connection is back;
 * online (a server's error, or a stalled or dropped request, which `navigator.onLine` does not
 * notice), after 2 s, then less and less often, up to once a minute. After `tries` failures with
 * the device online, the last one is the error.
 */
function loadAgainAndAgain<T>(load: () => Promise<T>, tries: number): () => Promise<T> {
  return async () => {
    for (let failed = 0, wait = RETRY_FIRST_MS; ; wait = Math.min(wait * 2, RETRY_MAX_MS)) {
      try {
        return await load();
      } catch (error) {
        const offline = navigator.onLine === false;
        if (!offline && ++failed >= tries) throw error;
        console.warn("Part of the app did not load; asking for it again:", error);
        await new Promise((resolve) => {
          if (offline) window.addEventListener("online", resolve, { once: true });
          else setTimeout(resolve, wait);
        });
      }
    }
  };
}

/**
 * Loads a piece of code that a user's action or the page waits on, and should it not arrive,
 * asks for it again instead of failing at once: offline when the connection is back, online
 * after 2 s and 4 s. A part that is not there yet stays out of sight (its Suspense fallback)
 * rather than the page being replaced by an error. Three failures online are an error as usual.
 */
export function loadWhenOnline<T>(load: () => Promise<T>): () => Promise<T> {
  return loadAgainAndAgain(load, 3);
}

/**
 * Loads code that must come in the end (a change the user made, a warning to show, the page's
 * own header and a kiosk's session), and never gives up, as `loadWhenOnline` but without a
 * last try.
 */
export function loadUntilLoaded<T>(load: () => Promise<T>): () => Promise<T> {
  return loadAgainAndAgain(load, Infinity);
}
