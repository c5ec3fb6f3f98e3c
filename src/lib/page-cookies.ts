/**
 * Cookies that tell the server which prerendered page to send on a visit the service worker does
 * not answer (server/prerendered-pages.ts): the interface language, and whether this device is a
 * kiosk. IndexedDB stays the app's own record; these only mirror it for the server.
 */
import { pageCookieString, type PageCookie } from "@/shared/page-cookie";

export type { PageCookie };

export function setPageCookie(name: PageCookie, value: string | null): void {
  if (typeof document === "undefined") return;
  document.cookie = pageCookieString(name, value);
}
