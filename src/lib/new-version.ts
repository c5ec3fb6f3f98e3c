/**
 * A new version of the app, brought in by its service worker. The app never reloads by itself in
 * the middle of a task (features/app-updates/service-worker-notices.tsx); these are for the
 * moments it may: Reload pressed on its notice, a kiosk between two patients, and "Try again"
 * after code that could not load.
 */

/**
 * The service worker of a new version, installed and ready to take over, or undefined when there
 * is none. The server is asked for one when none waits; one still installing is waited for.
 * `found` is told as soon as there is one, installed or not.
 */
export async function readyNewVersion(found?: () => void): Promise<ServiceWorker | undefined> {
  const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined);
  if (!registration) return undefined;
  if (!registration.waiting) await registration.update().catch(() => undefined);
  const next = registration.waiting ?? registration.installing;
  if (!next) return undefined;
  found?.();
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

/**
 * Lets `next` take over, then calls `whenTaken`: by default, loads the page again with it. It is
 * called once the new version has finished activating, not as soon as it controls the page: a
 * page loaded again while it still activates waits for it, and in Chromium such a load could wait
 * for good when the activating worker was stopped and started again meanwhile.
 */
export function takeOver(next: ServiceWorker, whenTaken = () => window.location.reload()) {
  const { serviceWorker } = navigator;
  serviceWorker.addEventListener(
    "controllerchange",
    () => {
      const controller = serviceWorker.controller;
      if (!controller || controller.state !== "activating") return whenTaken();
      controller.addEventListener("statechange", function activated() {
        if (controller.state === "activating") return;
        controller.removeEventListener("statechange", activated);
        whenTaken();
      });
    },
    { once: true },
  );
  next.postMessage({ type: "SKIP_WAITING" });
}

/** What says that someone is using the page. */
const inputs = ["pointerdown", "keydown"] as const;

/**
 * Loads the page again, with the new version when one is ready. After a deployment, a page still
 * run by the old version asks for code the server no longer has (code that is not kept offline,
 * such as the staff inbox), and a plain reload keeps the old version: "Try again" would fail for
 * good. The new one brings code that is there. `updating` is told `true` once a new version is
 * found (the page then waits for it: its button says that the app is updating), and `false` when
 * the page will not be loaded again after all (its user went on meanwhile; see below).
 */
export async function reloadWithNewVersion(updating?: (waiting: boolean) => void) {
  // A new version still installing on a slow connection may take minutes: after a few seconds
  // without one ready, the page is loaded again as it is.
  const next = await Promise.race([
    readyNewVersion(() => updating?.(true)),
    new Promise<undefined>((resolve) => setTimeout(resolve, 8000)),
  ]);
  if (!next) return window.location.reload();
  // Its taking over waits for the old version's worker to finish what it is doing (a download
  // on a slow connection, a picture a flaky one holds up). A reload meanwhile is answered by that
  // worker, and the page came back in the old version, losing what was on it. So the page is
  // loaded again once the new version has taken over, however long that takes; unless its user
  // has gone on with something meanwhile: then it is not reloaded under them, and the notice
  // stays, for them to reload when they are ready.
  let goneOn = false;
  const noteGoneOn = () => {
    if (goneOn) return;
    goneOn = true;
    updating?.(false);
  };
  for (const type of inputs)
    window.addEventListener(type, noteGoneOn, { capture: true, once: true });
  const reload = () => {
    if (!goneOn) window.location.reload();
  };
  takeOver(next, reload);
  // A version that will not take over after all (a newer one replaced it): a plain reload.
  next.addEventListener("statechange", () => {
    if (next.state === "redundant") reload();
  });
}
