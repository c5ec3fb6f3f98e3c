import { vi } from "vitest";

/**
 * Makes `Intl.NumberFormat` write `languages` as Chromium does, as Chrome carries its data: with
 * the root locale's numbers for Azerbaijani, Kazakh and Uzbek, English's for Kyrgyz ("12,345.5"
 * in each). Node has every language's. Undone by `vi.restoreAllMocks()`.
 */
export function lackNumbersOf(languages: readonly string[]) {
  const fullData = Intl.NumberFormat;
  vi.spyOn(Intl, "NumberFormat").mockImplementation(function (locales, options) {
    // Lingui asks for a list, the language and then English.
    const first = Array.isArray(locales) ? locales[0] : locales;
    const lacking = languages.some((language) => String(first).split("-")[0] === language);
    return new fullData(lacking ? "en-US" : locales, options);
  } as typeof Intl.NumberFormat);
}
