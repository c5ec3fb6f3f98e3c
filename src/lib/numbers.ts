/**
 * Numbers in the interface language, where the user reads them (My voice's take pace and the
 * size of a phrase's examples, the scanning speed). Chromium's own locale data, which Chrome
 * carries, lacks the numbers of some of Dauys' languages: Azerbaijani, Kazakh and Uzbek get the
 * root locale's, Kyrgyz English's, so a Kazakh take pace read "1.5 с" where the region writes
 * "1,5 с". Where the browser lacks them, numbers are written in English's pattern with the
 * language's own decimal mark and group separator. For plain numbers and percentages that is what
 * full locale data writes (Node's too, which draws the pages the server sends); words, as in
 * "300M", stay English's.
 *
 * Not through Lingui's `locales` (a language whose numbers are right, Russian's, in place of
 * the one the browser lacks): Lingui picks plural forms with them too, and Russian's would give
 * a Kazakh "21" the text for one.
 */

/** The decimal mark and the group separator of the languages a browser may lack (CLDR). */
const marksOf: Partial<Record<string, { decimal: string; group: string }>> = {
  az: { decimal: ",", group: "." },
  kk: { decimal: ",", group: "\u00a0" },
  ky: { decimal: ",", group: "\u00a0" },
  uz: { decimal: ",", group: "\u00a0" },
};

function makeFormat(locale: string, options?: Intl.NumberFormatOptions) {
  const marks = marksOf[new Intl.Locale(locale).language];
  if (
    !marks ||
    new Intl.NumberFormat(locale).format(1234.5) === `1${marks.group}234${marks.decimal}5`
  ) {
    // Bound to its format, as the standard has it.
    return new Intl.NumberFormat(locale, options).format;
  }
  const english = new Intl.NumberFormat("en", options);
  return (value: number) =>
    english
      .formatToParts(value)
      .map((part) =>
        part.type === "decimal" ? marks.decimal : part.type === "group" ? marks.group : part.value,
      )
      .join("");
}

/**
 * Each format made once, as per-locale.ts makes them (a slow phone pays a long task for each,
 * and a list writes a number on every row).
 */
const made = new Map<string, (value: number) => string>();

/** `value` as `locale` writes it: "12 345,5" in Kazakh, "98 %" in Russian, "1.5" in English. */
export function formatNumber(
  locale: string,
  value: number,
  options?: Intl.NumberFormatOptions,
): string {
  const key = `${locale} ${JSON.stringify(options ?? {})}`;
  let format = made.get(key);
  if (!format) {
    format = makeFormat(locale, options);
    made.set(key, format);
  }
  return format(value);
}
