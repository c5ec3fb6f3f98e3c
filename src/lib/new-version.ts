/**
 * A new version of the app, brought in by its service worker. The app never reloads by itself in
 * the middle of a task (service-worker-notices.tsx); these are for the moments it may: a kiosk
 * between two patients, and "Try again" after code that could not load.
 */

/**
 * The service worker of a new version, installed and ready to take over, or undefined when there
 * is none. The server is asked for one when none waits; one still installing is waited for.
 */
export async function readyNewVersion(): Promise<ServiceWorker | undefined> {
  const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined);
  if (!registration) return undefined;
  if (!registration.waiting) await registration.update().catch(() => undefined);
  const next = registration.waiting ?? registration.installing;
  if (!next) return undefined;
  return new Promise((resolve) => {
    const settle = () => {
      if (next.state === "installed") resolve(next);
      // A version that failed to install, or that took over by itself meanwhile, is none.
      else if (next.state === "redundant" || next.state === "activated") resolve(undefined);
    };
    next.addEventListener("statechange", settle);
    settle();
  });
}

/** Lets `next` take over, then calls `whenTaken`: by default, loads the page again with it. */
export function takeOver(next: ServiceWorker, whenTaken = () => window.location.reload()) {
  navigator.serviceWorker.addEventListener("controllerchange", whenTaken, { once: true });
  next.postMessage({ type: "SKIP_WAITING" });
}

/**
 * Loads the page again, with the new version when one is ready. After a deployment, a page still
 * run by the old version asks for code the server no longer has (code that is not kept offline,
 * such as the staff inbox), and a plain reload keeps the old version: "Try again" would fail for
 * good. The new one brings code that is there.
 */
export async function reloadWithNewVersion() {
  // A new version still installing on a slow connection may take minutes: after a few seconds
  // without one ready, the page is loaded again as it is.
  const next = await Promise.race([
    readyNewVersion(),
    new Promise<undefined>((resolve) => setTimeout(resolve, 8000)),
  ]);
  if (!next) return window.location.reload();
  takeOver(next);
  // Should it not have taken over in time, a plain reload all the same.
  setTimeout(() => window.location.reload(), 10_000);
}
