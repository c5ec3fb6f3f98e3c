/**
 * Asks the server for a new version of the app while a page stays open. The browser checks for
 * one only when a page is opened; a clinic's kiosk, or a phone's installed app left open for
 * days, would run its first version for good. A found version is installed in the background and
 * offered by the "new version" notice, which never reloads by itself
 * (features/app-updates/service-worker-notices.tsx); a kiosk takes it at its next privacy reset,
 * between two patients (features/kiosk/kiosk-uses.ts).
 */

/** How often an open page asks, while it is shown and online. */
export const updateCheckEveryMs = 60 * 60_000;

/**
 * A page shown again, or a connection back, asks at once unless it asked this recently (a phone
 * user switches apps often; a connection comes and goes).
 */
export const updateCheckAgainAfterMs = 10 * 60_000;

/** Starts the checks for `registration`; returns what stops them. */
export function checkForUpdatesWhileOpen(registration: ServiceWorkerRegistration): () => void {
  // The page was just opened, which the browser's own check goes with.
  let checkedAt = Date.now();
  const check = () => {
    // Hidden, it asks when shown again; offline, when the connection is back. A version already
    // on its way or waiting is enough.
    if (document.visibilityState === "hidden" || navigator.onLine === false) return;
    if (registration.installing || registration.waiting) return;
    checkedAt = Date.now();
    registration.update().catch(() => {
      // A connection that failed is asked again when it comes back, or at the next check.
      checkedAt = 0;
    });
  };
  const checkIfDue = () => {
    if (Date.now() - checkedAt >= updateCheckAgainAfterMs) check();
  };
  const onVisibility = () => {
    if (document.visibilityState === "visible") checkIfDue();
  };
  const timer = window.setInterval(check, updateCheckEveryMs);
  window.addEventListener("online", checkIfDue);
  document.addEventListener("visibilitychange", onVisibility);
  return () => {
    window.clearInterval(timer);
    window.removeEventListener("online", checkIfDue);
    document.removeEventListener("visibilitychange", onVisibility);
  };
}
