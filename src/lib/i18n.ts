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

/** The saved language when it is one of the six, else English. */
export async function readSavedLanguage(): Promise<LanguageCode> {
  const saved = await readValue<unknown>(storageKeys.language);
  return isLanguageCode(saved) ? saved : defaultLanguage;
}

/**
 * Saves the user's choice, then shows it. In this order a reload the moment the page changes
 * language cannot start in the old one: the saved language is what the app starts in.
 */
export async function chooseLanguage(code: LanguageCode): Promise<void> {
  await writeValue(storageKeys.language, code);
  await activateLanguage(code);
}
