/**
 * After a request timed out, the connection counts as unreliable (use-online-status.ts) until a
 * request is answered. A page that makes no other request (Talk speaks on the device; the lessons'
 * videos come from elsewhere) would never hear that it works again, and would behave as offline
 * until reloaded: so, from the timeout, the server is asked every 15 s, with one small request,
 * whether it answers.
 */
import { apiPaths } from "@/shared/api-contract";
import { reportConnectionAnswer, reportConnectionTimeout } from "@/lib/use-online-status";

const checkEveryMs = 15_000;
const checkTimeoutMs = 5_000;
let checking = false;

/** A request to the server got no answer in time: say so, and check until one is answered. */
export function reportTimeoutAndCheck(): void {
  reportConnectionTimeout();
  if (checking || typeof window === "undefined") return;
  checking = true;
  const check = async () => {
    // Offline, the browser says when the network is back (use-online-status.ts hears it too).
    if (!navigator.onLine) {
      window.addEventListener("online", () => void check(), { once: true });
      return;
    }
    const stop = new AbortController();
    const timer = setTimeout(() => stop.abort(), checkTimeoutMs);
    try {
      await fetch(apiPaths.health, { cache: "no-store", signal: stop.signal });
      checking = false;
      reportConnectionAnswer();
    } catch {
      setTimeout(() => void check(), checkEveryMs);
    } finally {
      clearTimeout(timer);
    }
  };
  setTimeout(() => void check(), checkEveryMs);
}
