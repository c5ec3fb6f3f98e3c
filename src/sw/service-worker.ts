/// <reference lib="webworker" />
/**
 * The service worker. What is cached, and why:
 * - Precache (installed up front, versioned by the build): the app shell, every route chunk,
 *   all six language catalogs and the lesson and article data, so every screen works offline
 *   after the first visit.
 * - Runtime cache "lesson-thumbnails": YouTube thumbnails seen before, with an expiry, so the
 *   Recovery grid still shows pictures offline without precaching third-party images. Those a
 *   first visit loaded before the worker took the page over are sent by the page and kept too.
 * The worker takes over the pages already open once it is active (`clientsClaim`): a first
 * visit's lesson pictures, symbols and saved voice then go through it, and are there offline.
 * - Runtime cache "voice-pack": the on-device speech engine (its worker script and voice data,
 *   about 0.7 MB compressed, Russian a few MB more) is cached once someone first needs local
 *   speech or asks for offline voice, not on every install; an update brings its new engine code
 *   to a device that kept the old, and deletes the old once it takes over.
 * - Runtime cache "symbols": OpenMoji's symbols beyond the starter boards' (which are precached),
 *   kept once shown so that a board's pictures show offline without installing all 1,600 symbols
 *   on every device (offline, the symbol picker offers only these and the starters,
 *   src/shared/symbol-cache.ts); "symbol-indexes": the symbol picker's search indexes.
 * API calls (POST /generate-tts, POST /api/requests) are never cached.
 */
import {
  addPlugins,
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { clientsClaim } from "workbox-core";
import { CacheFirst } from "workbox-strategies";
import { ExpirationPlugin } from "workbox-expiration";
import { CacheableResponsePlugin } from "workbox-cacheable-response";
import { deliverOutbox, outboxSyncTag } from "@/features/contact/outbox";
import { isDeviceStoreMissing } from "@/lib/storage";
import { apiPaths, apiPrefix, pathPrefixPattern } from "@/shared/api-contract";
import { openMojiFolder } from "@/shared/openmoji";
import { symbolCacheName } from "@/shared/symbol-cache";
import {
  shippedVoicePacks,
  voicePackFileName,
  type ShippedVoicePack,
} from "@/shared/speech-engine/voice-pack";
import {
  isThumbnailUrl,
  keptThumbnails,
  thumbnailOrigin,
  type KeepThumbnailsMessage,
} from "@/shared/lesson-thumbnails";

declare const self: ServiceWorkerGlobalScope;

// The build lists the on-device engine's code with the rest, but it is not installed up front:
// it is kept once someone needs local speech (the "voice-pack" cache below).
const engineCode = (url: string) => url.startsWith("assets/device-engine");
const built = self.__WB_MANIFEST.map((entry) =>
  typeof entry === "string" ? { url: entry } : entry,
);
// During a rolling deployment a server still on the old version may answer this version's request
// for the app's page: that page starts the old version's code, which this version's list does not
// have (and which its taking over deletes). Kept, the app would not start again, online or
// offline, until the next deployment; refused, this version's install fails, and the browser
// tries again at its next check for updates.
const listed = new Set(built.map(({ url }) => `/${url}`));
addPlugins([
  {
    cacheWillUpdate: async ({ request, response }) => {
      // What Workbox's own check refuses, which a plugin of this kind replaces.
      if (response.status >= 400) return null;
      if (new URL(request.url).pathname !== "/index.html") return response;
      const named = (await response.clone().text()).match(/\/assets\/[^"'\s)]+\.js/g) ?? [];
      return named.every((path) => listed.has(path)) ? response : null;
    },
  },
]);
precacheAndRoute(built.filter((entry) => !engineCode(entry.url)));
cleanupOutdatedCaches();
clientsClaim();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL("/index.html"), {
    denylist: [apiPrefix, apiPaths.speech].map(pathPrefixPattern),
  }),
);

const lessonThumbnails = new CacheFirst({
  cacheName: "lesson-thumbnails",
  // As the page's own pictures: YouTube is not told which site shows them, also when the worker
  // asks for them itself (a Request it makes would otherwise carry this site as its referrer).
  fetchOptions: { referrerPolicy: "no-referrer" },
  plugins: [
    // Cross-origin images are opaque (status 0) when loaded without CORS.
    new CacheableResponsePlugin({ statuses: [0, 200] }),
    new ExpirationPlugin({ maxEntries: keptThumbnails, maxAgeSeconds: 30 * 24 * 60 * 60 }),
  ],
});
registerRoute(({ url }) => url.origin === thumbnailOrigin, lessonThumbnails);

// No limit on the number of entries: a limit counts every update's engine code too, and after a
// few updates it would evict the voice a patient saved. What is no longer this version's is
// deleted once the version takes over (below).
const voicePack = new CacheFirst({
  cacheName: "voice-pack",
  plugins: [new CacheableResponsePlugin({ statuses: [200] })],
});
registerRoute(
  ({ url, sameOrigin }) =>
    sameOrigin &&
    (url.pathname.startsWith("/voice-pack/") || url.pathname.startsWith("/assets/device-engine")),
  voicePack,
);

// An update renames the engine's code. On a device where it was kept (someone saved a voice or
// spoke on Talk), this version's is fetched as the version installs, while the old one still
// runs: otherwise local speech failed offline until Talk or the voice card had been opened online
// once. Should it not come now (no connection), the version installs all the same, and the
// card fetches it later, as before.
self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const kept = await (await caches.open("voice-pack")).keys();
      if (
        !kept.some((request) => new URL(request.url).pathname.startsWith("/assets/device-engine"))
      )
        return;
      await Promise.allSettled(
        built
          .filter((entry) => engineCode(entry.url))
          .map(({ url }) => {
            const request = new Request(new URL(url, self.location.href));
            return voicePack.handleAll({ event, request })[1];
          }),
      );
    })().catch(() => undefined),
  );
});

/** The symbol picker's search indexes (vite.config.ts names them). */
const symbolIndexPrefix = "/assets/symbol-index-";

// Once this version has taken over (the old one ran with its own files until then), the engine
// code and voice packs of versions before are deleted: nothing asks for their names any more.
self.addEventListener("activate", (event) => {
  const current = new Set([
    ...built.filter((entry) => engineCode(entry.url)).map(({ url }) => `/${url}`),
    ...(Object.keys(shippedVoicePacks) as ShippedVoicePack[]).map(
      (pack) => `/voice-pack/${voicePackFileName(pack)}`,
    ),
  ]);
  event.waitUntil(
    (async () => {
      const cache = await caches.open("voice-pack");
      const old = (await cache.keys()).filter(
        (request) => !current.has(new URL(request.url).pathname),
      );
      await Promise.all(old.map((request) => cache.delete(request)));
      // Versions before kept the indexes with the symbols, where nothing would delete them now.
      const symbols = await caches.open(symbolCacheName);
      for (const request of await symbols.keys())
        if (new URL(request.url).pathname.startsWith(symbolIndexPrefix))
          await symbols.delete(request);
    })().catch(() => undefined),
  );
});

// No limit on the symbols: there are 1,600 at most (4.7 MB), and a limit evicted a board's own
// pictures once the picker had shown a few hundred others (a dozen searches).
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith(openMojiFolder),
  new CacheFirst({
    cacheName: symbolCacheName,
    plugins: [new CacheableResponsePlugin({ statuses: [200] })],
  }),
);
// One index per language; an update renames them, and the least used go.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith(symbolIndexPrefix),
  new CacheFirst({
    cacheName: "symbol-indexes",
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 6 }),
    ],
  }),
);

// Background Sync: contact requests queued while offline are delivered when the connection
// returns, even if the app was closed; the next page to open says they were sent (outbox.ts
// leaves that news in IndexedDB). A rejection asks the browser to try again later.
self.addEventListener("sync", (event) => {
  const sync = event as ExtendableEvent & { tag?: string };
  if (sync.tag !== outboxSyncTag) return;
  sync.waitUntil(
    deliverOutbox().then((report) => {
      if (report.pending.length > 0) throw new Error("Contact requests are still waiting");
      // The device's database did not answer: the outbox only looked empty.
      if (isDeviceStoreMissing()) throw new Error("The outbox could not be read");
    }),
  );
});

self.addEventListener("message", (event) => {
  const data = event.data as { type?: string } | null;
  // The page asks before an update takes over (never in the middle of a task).
  if (data?.type === "SKIP_WAITING") void self.skipWaiting();
  // Lesson pictures a first visit loaded before this worker had the page (see above).
  if (data?.type === "KEEP_THUMBNAILS") {
    const { urls } = data as KeepThumbnailsMessage;
    const kept = (Array.isArray(urls) ? urls : []).filter(isThumbnailUrl).slice(0, keptThumbnails);
    event.waitUntil(
      Promise.allSettled(
        kept.map((url) =>
          lessonThumbnails.handle({ event, request: new Request(url, { mode: "no-cors" }) }),
        ),
      ),
    );
  }
});
