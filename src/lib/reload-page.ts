/**
 * "Try again" after code that could not load: loads the page again, with the app's new version
 * when one is ready (new-version.ts), since after a deployment the code an old version asks for
 * may be gone from the server for good. That code comes when asked for, from the offline copy;
 * without it, a plain reload. `updating` is told while a new version is waited for
 * (new-version.ts). Small, for every page's first load.
 */
export const reloadPage = (updating: (waiting: boolean) => void) =>
  // No service worker runs the page (a first visit): no new version to wait for, and the code
  // would come over the connection that just failed.
  navigator.serviceWorker?.controller
    ? import("@/lib/new-version").then(
        (module) => module.reloadWithNewVersion(updating),
        () => window.location.reload(),
      )
    : window.location.reload();
