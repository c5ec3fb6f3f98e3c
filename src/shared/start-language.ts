/**
 * The language a visit starts in, decided here for the three places that decide it: the server
 * choosing which prerendered page to send (server/prerendered-pages.ts), the page's own check
 * before the app runs (src/page-scripts/language-check.ts), and the app as it starts
 * (src/lib/i18n.ts).
 *
 * A `?lang=` link beats the saved choice (IndexedDB, which survives when cookies are cleared),
 * which beats the `dauys-language` cookie that mirrors it for the server, which beats the
 * browser's languages, and English comes last. A value that is not one of the six is ignored.
 */
import { defaultLanguage, isLanguageCode, type LanguageCode } from "./languages.ts";

export type StartLanguageSources = {
  /** The `lang` search parameter of the address. */
  linked?: unknown;
  /** The choice saved in IndexedDB; only the app and the page can read it. */
  saved?: unknown;
  /** The `dauys-language` cookie. */
  cookie?: unknown;
  /**
   * The browser's languages, most wanted first: `navigator.languages`, or on the server those
   * `Accept-Language` accepts, in order of preference.
   */
  browser?: readonly string[];
};

/** Which of the sources decided, for the page's check of the server's choice. */
export type StartLanguageSource = "link" | "saved" | "cookie" | "browser" | "default";

export function startLanguage(sources: StartLanguageSources): {
  code: LanguageCode;
  from: StartLanguageSource;
} {
  if (isLanguageCode(sources.linked)) return { code: sources.linked, from: "link" };
  if (isLanguageCode(sources.saved)) return { code: sources.saved, from: "saved" };
  if (isLanguageCode(sources.cookie)) return { code: sources.cookie, from: "cookie" };
  const browser = languageFromBrowser(sources.browser ?? []);
  return browser ? { code: browser, from: "browser" } : { code: defaultLanguage, from: "default" };
}

/**
 * The first of the browser's languages (most wanted first) that the app has: regional and script
 * forms count as their language (`kk-KZ`, `uz-Latn-UZ`).
 */
export function languageFromBrowser(tags: readonly string[]): LanguageCode | undefined {
  for (const tag of tags) {
    const code = String(tag).split("-")[0]?.toLowerCase();
    if (isLanguageCode(code)) return code;
  }
  return undefined;
}
