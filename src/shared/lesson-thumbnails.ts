/**
 * The lessons' pictures come from YouTube's image host. The service worker keeps those seen
 * (cache "lesson-thumbnails"), so the Recovery page shows them offline. On a first visit the page
 * is not yet the worker's while it loads them: once the worker takes the page over, the page
 * sends it their addresses (`KeepThumbnailsMessage`) and the worker asks for them again, from the
 * browser's own cache as a rule, and keeps them.
 */
export const thumbnailOrigin = "https://i.ytimg.com";

/** The most pictures kept (the worker's cache holds this many, the oldest going first). */
export const keptThumbnails = 80;

export type KeepThumbnailsMessage = { type: "KEEP_THUMBNAILS"; urls: string[] };

/** A lesson picture's address, and nothing else the worker would fetch for a page. */
export const isThumbnailUrl = (url: string) => {
  try {
    const parsed = new URL(url);
    return parsed.origin === thumbnailOrigin && parsed.pathname.startsWith("/vi/");
  } catch {
    return false;
  }
};
