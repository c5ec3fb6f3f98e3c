/**
 * Which prerendered page (scripts/build/prerender.ts) answers a page request, and in which language,
 * by the start-language rule (src/shared/start-language.ts): a `?lang=` link first, then the saved
 * choice as the `dauys-language` cookie mirrors it, then the browser's `Accept-Language`, English
 * otherwise. Kiosk tablets (`dauys-kiosk` cookie) get
 * the plain shell, so no link that leaves the app is ever painted there.
 */
import { languageCodes, type LanguageCode } from "../src/shared/languages.ts";
import { pageCookieString } from "../src/shared/page-cookie.ts";
import { pageNameOf, pagePaths } from "../src/shared/pages.ts";
import { startLanguage } from "../src/shared/start-language.ts";

export const pageLanguages = languageCodes;
const pageLanguageSet = new Set<string>(pageLanguages);

/** The page addresses that have prerendered copies (for the sitemap). */
export const prerenderedPaths = pagePaths;

/** The file under the build directory for `path` in `language`, or undefined for other paths. */
export function prerenderedFile(path: string, language: string): string | undefined {
  const page = pageNameOf(path.length > 1 ? path.replace(/\/+$/, "") : path);
  return page && pageLanguageSet.has(language) ? `prerendered/${language}/${page}.html` : undefined;
}

function cookie(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(";") ?? []) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}

const languageRange = /^(?:[a-z]{1,8}(?:-[a-z0-9]{1,8})*|\*)$/i;
const quality = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/**
 * The first of the six languages the `Accept-Language` header asks for, by quality (RFC 9110
 * 12.5.4): regional and script forms count as their language (`kk-KZ`, `uz-Latn-UZ`), `q=0`
 * refuses one. A malformed entry is skipped; nothing usable gives undefined.
 */
export function negotiateLanguage(header: string | undefined): string | undefined {
  if (!header || header.length > 2000) return undefined;
  const ranges: { code: string; q: number; index: number }[] = [];
  header.split(",").forEach((entry, index) => {
    const [range = "", ...params] = entry.trim().split(";");
    if (!languageRange.test(range.trim())) return;
    let q = 1;
    for (const param of params) {
      const [name, value = ""] = param.trim().split("=");
      if (name?.toLowerCase() !== "q") continue;
      if (!quality.test(value)) return;
      q = Number(value);
    }
    const code = range.trim().split("-")[0]!.toLowerCase();
    if (q > 0 && pageLanguageSet.has(code)) ranges.push({ code, q, index });
  });
  ranges.sort((a, b) => b.q - a.q || a.index - b.index);
  return ranges[0]?.code;
}

export type PageRequest = {
  path: string;
  cookie?: string | undefined;
  acceptLanguage?: string | undefined;
  /** The `lang` search parameter, when the address has one. */
  lang?: string | undefined;
};

/** The language a page request is answered in, and how it was chosen. */
export function pageLanguageFor(request: Omit<PageRequest, "path">): LanguageCode {
  const accepted = negotiateLanguage(request.acceptLanguage);
  return startLanguage({
    linked: request.lang,
    cookie: cookie(request.cookie, "dauys-language"),
    browser: accepted ? [accepted] : [],
  }).code;
}

/** The prerendered file for a page request, or undefined when the shell should answer. */
export function prerenderedPageFor(request: PageRequest): string | undefined {
  if (cookie(request.cookie, "dauys-kiosk") === "on") return undefined;
  return prerenderedFile(request.path, pageLanguageFor(request));
}

/**
 * The `Set-Cookie` a page answer carries when its address has a `?lang=` link to one of the six
 * languages: the choice is saved with the page itself, as the app would save it, so the next
 * page comes in it even if the visitor moves on before the app has started.
 */
export function languageCookieFor(lang: string | undefined): string | undefined {
  return lang && pageLanguageSet.has(lang) ? pageCookieString("dauys-language", lang) : undefined;
}
