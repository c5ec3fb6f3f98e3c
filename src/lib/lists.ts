/**
 * Lists in the interface language, where the user reads them (the phrases My voice asks "Did you
 * mean A, B or C?" about, the phrases it could not learn again, a backup file's languages).
 * Chromium's own locale data, which Chrome carries, lacks the list words of some of Dauys'
 * languages: Azerbaijani, Kyrgyz and Uzbek lists came out with English's ("A, B, or C" inside a
 * Kyrgyz question), and so did Kazakh's choices. Where the browser lacks them, the items are
 * joined with the language's own words, as full locale data writes them (Node's too, which draws
 * the pages the server sends).
 */

import { perLocale } from "@/lib/per-locale";

type ListType = "conjunction" | "disjunction";

/**
 * What joins the items of a list in the languages a browser may lack (CLDR's, long style): `two`
 * between two items, `last` before the last of three or more; the others are joined by a comma.
 */
const wordsOf: Partial<Record<string, Record<ListType, { two: string; last: string }>>> = {
  az: {
    conjunction: { two: " və ", last: " və " },
    disjunction: { two: " yaxud ", last: ", yaxud " },
  },
  kk: {
    conjunction: { two: " және ", last: ", " },
    disjunction: { two: " не ", last: ", не болмаса " },
  },
  ky: {
    conjunction: { two: " жана ", last: " жана " },
    disjunction: { two: " же ", last: " же " },
  },
  uz: {
    conjunction: { two: " va ", last: " va " },
    disjunction: { two: " yoki ", last: " yoki " },
  },
};

function makeFormat(locale: string, type: ListType) {
  const browser = new Intl.ListFormat(locale, { type });
  const inBrowser = (items: readonly string[]) => browser.format(items);
  const words = wordsOf[new Intl.Locale(locale).language]?.[type];
  if (!words) return inBrowser;
  const own = (items: readonly string[]) =>
    items.length < 3
      ? items.join(words.two)
      : `${items.slice(0, -1).join(", ")}${words.last}${items.at(-1)}`;
  const samples = [
    ["A", "B"],
    ["A", "B", "C"],
  ];
  return samples.every((items) => inBrowser(items) === own(items)) ? inBrowser : own;
}

/** Each format made once (a slow phone pays a long task for each). */
const formatsOf = {
  conjunction: perLocale((locale) => makeFormat(locale, "conjunction")),
  disjunction: perLocale((locale) => makeFormat(locale, "disjunction")),
};

/**
 * `items` listed as `locale` writes them, "and" (`conjunction`) or "or" (`disjunction`) before
 * the last: "A, B жана C" in Kyrgyz, "A, B, не болмаса C" in Kazakh, "A, B, or C" in English.
 */
export function formatList(locale: string, items: readonly string[], type: ListType): string {
  return formatsOf[type](locale)(items);
}
