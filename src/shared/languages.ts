/**
 * The six languages, defined once. The interface (src/lib/i18n.ts), the Lingui config and the
 * catalog check, the prerendered pages and the server's language choice, contact requests,
 * speech synthesis and speech recognition all take their codes from here.
 */
export const languages = [
  { code: "en", nativeName: "English", recognitionTag: "en-US" },
  { code: "ru", nativeName: "Русский", recognitionTag: "ru-RU" },
  { code: "az", nativeName: "Azərbaycanca", recognitionTag: "az-AZ" },
  { code: "kk", nativeName: "Қазақша", recognitionTag: "kk-KZ" },
  { code: "ky", nativeName: "Кыргызча", recognitionTag: "ky-KG" },
  { code: "uz", nativeName: "Oʻzbekcha", recognitionTag: "uz-UZ" },
] as const;

export type LanguageCode = (typeof languages)[number]["code"];

/** The codes in the interface's order: en, ru, az, kk, ky, uz. */
export const languageCodes: readonly LanguageCode[] = languages.map((language) => language.code);

export const defaultLanguage: LanguageCode = "en";

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === "string" && languages.some((language) => language.code === value);
}

export function nativeNameOf(code: LanguageCode): string {
  return languages.find((language) => language.code === code)?.nativeName ?? code;
}

/** The BCP 47 tag the browser's speech recognition expects for a language, such as "kk-KZ". */
export function recognitionTagOf(code: LanguageCode): string {
  return languages.find((language) => language.code === code)?.recognitionTag ?? code;
}
