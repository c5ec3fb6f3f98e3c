/**
 * Interface language: the six codes, their native names, lazy catalog loading, and the saved
 * preference (IndexedDB key `dauys.language`).
 */
import { i18n, type Messages } from "@lingui/core";
import { setPageCookie } from "@/lib/page-cookies";
import { readValue, storageKeys, writeValue } from "@/lib/storage";

export const languages = [
  { code: "en", nativeName: "English" },
  { code: "ru", nativeName: "Русский" },
  { code: "az", nativeName: "Azərbaycanca" },
  { code: "kk", nativeName: "Қазақша" },
  { code: "ky", nativeName: "Кыргызча" },
  { code: "uz", nativeName: "Oʻzbekcha" },
] as const;

export type LanguageCode = (typeof languages)[number]["code"];

export const defaultLanguage: LanguageCode = "en";

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === "string" && languages.some((language) => language.code === value);
}

export function nativeNameOf(code: LanguageCode): string {
  return languages.find((language) => language.code === code)?.nativeName ?? code;
}

// One dynamic import per language, so each catalog is its own chunk and only the chosen one
// is downloaded (the service worker precaches all of them for offline use).
const catalogLoaders: Record<LanguageCode, () => Promise<{ messages: Messages }>> = {
  en: () => import("../../locales/en/messages.po"),
  ru: () => import("../../locales/ru/messages.po"),
  az: () => import("../../locales/az/messages.po"),
  kk: () => import("../../locales/kk/messages.po"),
  ky: () => import("../../locales/ky/messages.po"),
  uz: () => import("../../locales/uz/messages.po"),
};

/** Loads the catalog for `code`, activates it and updates `<html lang>`. */
export async function activateLanguage(code: LanguageCode): Promise<void> {
  const { messages } = await catalogLoaders[code]();
  i18n.loadAndActivate({ locale: code, messages });
  if (typeof document !== "undefined") document.documentElement.lang = code;
  setPageCookie("dauys-language", code);
}

/**
 * The first of the browser's languages (`navigator.languages`, most wanted first) that the app
 * has: regional and script forms count as their language (`kk-KZ`, `uz-Latn-UZ`).
 */
export function languageFromBrowser(tags: readonly string[]): LanguageCode | undefined {
  for (const tag of tags) {
    const code = tag.split("-")[0]?.toLowerCase();
    if (isLanguageCode(code)) return code;
  }
  return undefined;
}

function languageCookie(): LanguageCode | undefined {
  if (typeof document === "undefined") return undefined;
  const value = /(?:^|;\s*)dauys-language=([^;]*)/.exec(document.cookie)?.[1];
  return isLanguageCode(value) ? value : undefined;
}

/**
 * The language the app starts in: the saved choice (IndexedDB, which wins over the cookie that
 * mirrors it for the server, since cookies may have been cleared), else the cookie, else the
 * first of the browser's languages the app has, else English.
 */
export async function readSavedLanguage(): Promise<LanguageCode> {
  const saved = await readValue<unknown>(storageKeys.language);
  if (isLanguageCode(saved)) return saved;
  return (
    languageCookie() ??
    (typeof navigator === "undefined" ? undefined : languageFromBrowser(navigator.languages)) ??
    defaultLanguage
  );
}

/**
 * A `?lang=` link (`/about?lang=kk`): the language it asks for when it is one of the six. The
 * parameter is taken off the address either way, so the address stays clean and a reload
 * follows the saved choice.
 */
export function takeLanguageFromAddress(): LanguageCode | undefined {
  if (typeof window === "undefined") return undefined;
  const url = new URL(window.location.href);
  if (!url.searchParams.has("lang")) return undefined;
  const requested = url.searchParams.get("lang");
  url.searchParams.delete("lang");
  window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
  return isLanguageCode(requested) ? requested : undefined;
}

/**
 * Saves the user's choice, then shows it. In this order a reload the moment the page changes
 * language cannot start in the old one: the saved language is what the app starts in.
 */
export async function chooseLanguage(code: LanguageCode): Promise<void> {
  await writeValue(storageKeys.language, code);
  await activateLanguage(code);
}
