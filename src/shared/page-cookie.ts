/**
 * The cookies that tell the server which prerendered page to send (server/prerendered-pages.ts),
 * written the same way by the app (src/lib/page-cookies.ts) and by the server when it answers a
 * `?lang=` link: for the whole site, a year, sent on top-level navigation from other sites.
 */
import { cookieNames } from "./api-contract.ts";

export type PageCookie = typeof cookieNames.language | typeof cookieNames.kiosk;

/** The cookie as `document.cookie` takes it and `Set-Cookie` sends it; null removes it. */
export function pageCookieString(name: PageCookie, value: string | null): string {
  return value === null
    ? `${name}=; Path=/; Max-Age=0; SameSite=Lax`
    : `${name}=${value}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/** A page cookie's value in `document.cookie` (the server reads them with @fastify/cookie). */
export function pageCookieValue(cookies: string, name: PageCookie): string | undefined {
  for (const pair of cookies.split(";")) {
    const split = pair.indexOf("=");
    if (split >= 0 && pair.slice(0, split).trim() === name) return pair.slice(split + 1).trim();
  }
  return undefined;
}
