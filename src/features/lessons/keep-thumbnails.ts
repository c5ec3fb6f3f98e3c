/**
 * On a first visit, the lesson pictures load before the service worker has the page: once it
 * takes the page over, it is sent their addresses to keep them for offline use
 * (src/shared/lesson-thumbnails.ts). Later visits need nothing: the worker sees them come.
 */
import { useEffect } from "react";
import { isThumbnailUrl, type KeepThumbnailsMessage } from "@/shared/lesson-thumbnails";

export function useThumbnailsKeptOffline() {
  useEffect(() => {
    const serviceWorker = typeof navigator === "undefined" ? undefined : navigator.serviceWorker;
    if (!serviceWorker || serviceWorker.controller) return;
    const send = () => {
      // The pictures this document has loaded, and only those: nothing new is fetched, and a
      // lazy one further down comes through the worker when it is scrolled to.
      const urls = performance
        .getEntriesByType("resource")
        .map((entry) => entry.name)
        .filter(isThumbnailUrl);
      const message: KeepThumbnailsMessage = { type: "KEEP_THUMBNAILS", urls: [...new Set(urls)] };
      if (urls.length) serviceWorker.controller?.postMessage(message);
    };
    serviceWorker.addEventListener("controllerchange", send, { once: true });
    return () => serviceWorker.removeEventListener("controllerchange", send);
  }, []);
}
