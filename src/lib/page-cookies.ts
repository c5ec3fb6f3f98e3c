/**
 * Cookies that tell the server which prerendered page to send on a visit the service worker does
 * not answer (server/prerendered-pages.ts): the interface language, and whether this device is a
 * kiosk. IndexedDB stays the app's own record; these only mirror it for the server.
 */
export type PageCookie = "dauys-language" | "dauys-kiosk";

export function setPageCookie(name: PageCookie, value: string | null): void {
  if (typeof document === "undefined") return;
  document.cookie =
    value === null
      ? `${name}=; Path=/; Max-Age=0; SameSite=Lax`
      : `${name}=${value}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
