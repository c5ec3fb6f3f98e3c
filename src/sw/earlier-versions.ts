/// <reference lib="webworker" />
/**
 * The files of earlier versions, kept offline while a window that runs one is open. When one
 * window lets a new version in, the others keep running the old version's code (they are not
 * reloaded under their user, service-worker-notices.tsx), and a page or panel they have not
 * opened yet asks for it by its old name. Workbox would delete those files as the new version
 * takes over: offline they were then gone, and online too once the server had the new ones only.
 * So they stay in the precache until no window that was open when this version took over is
 * open any more; the next request after that (a page loaded, a reload) deletes them.
 * Which windows those are is kept in a cache of its own, so a worker restarted meanwhile knows.
 */
import type { PrecacheController } from "workbox-precaching";
import { registerRoute } from "workbox-routing";

declare const self: ServiceWorkerGlobalScope;

const recordCacheName = "earlier-versions";
const recordKey = "/earlier-versions.json";
/**
 * The windows open when this version took over, and the earlier versions' files it kept for them.
 * Only those files are deleted later: by then a newer version may have put its own in the
 * precache, to take over in its turn.
 */
type KeptFor = { windows: string[]; files: string[] };

/** Whether files of earlier versions may be kept: unknown (undefined) until looked at. */
let kept: boolean | undefined;
/** The look at the windows under way, if any: one at a time. */
let looking: Promise<void> | undefined;

/** Keeps `precache`'s files of earlier versions while their windows are open, and answers them. */
export function keepEarlierVersions(precache: PrecacheController) {
  const cacheName = precache.strategy.cacheName;
  const openWindows = async () =>
    (await self.clients.matchAll({ type: "window", includeUncontrolled: true })).map(
      (client) => client.id,
    );
  const forget = async (files: string[]) => {
    const cache = await caches.open(cacheName);
    await Promise.all(files.map((file) => cache.delete(file)));
    await caches.delete(recordCacheName);
    kept = false;
  };

  // What Workbox's precache does as a version takes over, unless a window is open.
  self.addEventListener("activate", (event) => {
    event.waitUntil(
      (async () => {
        const current = new Set(precache.getURLsToCacheKeys().values());
        const files = (await (await caches.open(cacheName)).keys())
          .map((request) => request.url)
          .filter((url) => !current.has(url));
        const windows = await openWindows();
        if (files.length === 0 || windows.length === 0) return forget(files);
        const record: KeptFor = { windows, files };
        await (
          await caches.open(recordCacheName)
        ).put(recordKey, new Response(JSON.stringify(record)));
        kept = true;
      })(),
    );
  });

  const forgetWhenClosed = async () => {
    const stored = await caches.match(recordKey, { cacheName: recordCacheName });
    if (!stored) {
      kept = false;
      return;
    }
    const { windows, files } = (await stored.json()) as KeptFor;
    const open = new Set(await openWindows());
    if (windows.some((id) => open.has(id))) return;
    await forget(files);
  };
  // Looked at with the page's requests while files may be kept, one look at a time.
  self.addEventListener("fetch", (event) => {
    if (kept === false || looking) return;
    looking = forgetWhenClosed()
      .catch(() => undefined)
      .finally(() => (looking = undefined));
    event.waitUntil(looking);
  });

  // After this version's own files and runtime caches (registered before): while earlier files
  // may be kept, such a file comes from the precache, anything else from the server.
  registerRoute(
    ({ url, sameOrigin }) => kept !== false && sameOrigin && url.pathname.startsWith("/assets/"),
    async ({ request }) => (await caches.match(request, { cacheName })) ?? fetch(request),
  );
}
