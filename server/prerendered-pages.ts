/**
 * Which prerendered page (scripts/build/prerender.ts) answers a page request, and in which
 * language, by the start-language rule (src/shared/start-language.ts): a `?lang=` link first,
 * then the saved choice as the `dauys-language` cookie mirrors it, then the browser's
 * `Accept-Language`, English otherwise. Kiosk tablets (`dauys-kiosk` cookie) get the plain
 * shell, so no link that leaves the app is ever painted there.
 */
import Negotiator from "negotiator";
import { cookieNames } from "../src/shared/api-contract.ts";
import { isLanguageCode, languageCodes, type LanguageCode } from "../src/shared/languages.ts";
import { pageCookieString } from "../src/shared/page-cookie.ts";
import { pagePaths, prerenderedFile } from "../src/shared/pages.ts";
import { startLanguage } from "../src/shared/start-language.ts";

export const pageLanguages = languageCodes;

/** The page addresses that have prerendered copies (for the sitemap). */
export const prerenderedPaths = pagePaths;

/**
 * The six languages `Accept-Language` accepts, most wanted first. The negotiator package (jshttp's,
 * as Express uses) reads q-values (`q=0` refuses a language) and lets a regional or script form
 * stand for its language (`kk-KZ`, `uz-Latn-UZ`); without the header there are none.
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return new Negotiator({ headers: { "accept-language": header } }).languages(pageLanguages);
}

export type PageRequest = {
  path: string;
  /** The request's cookies, as @fastify/cookie reads them. */
  cookies?: { [name: string]: string | undefined };
  acceptLanguage?: string | undefined;
  /** The `lang` search parameter, when the address has one. */
  lang?: string | undefined;
};

/** The language a page request is answered in. */
export function pageLanguageFor(request: Omit<PageRequest, "path">): LanguageCode {
  return startLanguage({
    linked: request.lang,
    cookie: request.cookies?.[cookieNames.language],
    browser: acceptedLanguages(request.acceptLanguage),
  }).code;
}

/** The prerendered file for a page request, or undefined when the shell should answer. */
export function prerenderedPageFor(request: PageRequest): string | undefined {
  if (request.cookies?.[cookieNames.kiosk] === "on") return undefined;
  return prerenderedFile(request.path, pageLanguageFor(request));
}

/**
 * The `Set-Cookie` a page answer carries when its address has a `?lang=` link to one of the six
 * languages: the choice is saved with the page itself, as the app would save it, so the next
 * page comes in it even if the visitor moves on before the app has started.
 */
export function languageCookieFor(lang: string | undefined): string | undefined {
  return isLanguageCode(lang) ? pageCookieString(cookieNames.language, lang) : undefined;
}
