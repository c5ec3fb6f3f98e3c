import { vi } from "vitest";

const both: readonly Intl.ListFormatType[] = ["conjunction", "disjunction"];

/**
 * What Chromium, as Chrome carries its data, writes with English's words: Azerbaijani, Kyrgyz and
 * Uzbek lists ("A, B, and C", "A, B, or C") and Kazakh's "or".
 */
export const chromiumLacks = { az: both, kk: ["disjunction"], ky: both, uz: both } as const;

/**
 * Makes `Intl.ListFormat` write the lists of each language and type in `lacks` with English's
 * words. Node has every language's. Undone by `vi.restoreAllMocks()`.
 */
export function lackListsOf(
  lacks: Readonly<Record<string, readonly Intl.ListFormatType[]>> = chromiumLacks,
) {
  const fullData = Intl.ListFormat;
  const lacking = (locales?: Intl.LocalesArgument, type: Intl.ListFormatType = "conjunction") => {
    // Lingui and others may ask with a list, the language and then English.
    const first = Array.isArray(locales) ? locales[0] : locales;
    return lacks[String(first).split("-")[0]!]?.includes(type);
  };
  vi.spyOn(Intl, "ListFormat").mockImplementation(
    class extends fullData {
      constructor(locales?: Intl.LocalesArgument, options?: Intl.ListFormatOptions) {
        super(lacking(locales, options?.type) ? "en-US" : locales, options);
      }
    },
  );
}
