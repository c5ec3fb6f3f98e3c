/**
 * Where the service worker keeps OpenMoji's symbols (src/sw/service-worker.ts), and which of them
 * a device has: the symbol picker offers only those without a connection. The starter boards'
 * symbols are in the install precache, where Workbox keys each by its URL with its revision in
 * the search; any other is kept in `symbolCacheName`, under its own URL, once it has been shown.
 */
import { openMojiFolder, openMojiUrl, starterSymbols } from "@/shared/openmoji";

export const symbolCacheName = "symbols";

/**
 * The codes of the symbols whose pictures are on this device; null when the device refuses its
 * caches (some private modes) and cannot say.
 */
export async function keptSymbolCodes(): Promise<Set<string> | null> {
  if (typeof caches === "undefined") return null;
  try {
    const kept = new Set<string>();
    // Opened only when it is there: opening a cache makes it.
    if (await caches.has(symbolCacheName)) {
      for (const request of await (await caches.open(symbolCacheName)).keys()) {
        const path = new URL(request.url).pathname;
        if (path.startsWith(openMojiFolder) && path.endsWith(".svg"))
          kept.add(path.slice(openMojiFolder.length, -".svg".length));
      }
    }
    const starters = [...new Set(Object.values(starterSymbols))];
    const precached = await Promise.all(
      starters.map((code) => caches.match(openMojiUrl(code), { ignoreSearch: true })),
    );
    starters.forEach((code, place) => precached[place] && kept.add(code));
    return kept;
  } catch {
    return null;
  }
}
