/**
 * The symbol picker's search: the words typed, in the user's interface language, against the
 * names and keywords the Unicode CLDR gives each symbol in that language (src/shared/symbol-index.ts).
 * Each typed word must begin a word of the symbol's name or keywords, in any case, so "дәрет"
 * finds the toilet and "сәлем қол" the waving hand. Symbols whose name is what was typed come
 * first, then those whose name begins with it, then the rest in OpenMoji's order.
 */
import type { SymbolIndex, SymbolIndexEntry } from "@/shared/symbol-index";

export type FoundSymbol = { code: string; name: string };

// Uzbek writes oʻ, gʻ and the glottal stop with any of these marks, and CLDR's own Uzbek words mix
// ʻ and ‘; people type the plain ' or whatever their keyboard gives. They are all read as one mark,
// and a mark is part of its word, even at its end ("qoʻl", "togʻ", "o’clock"), so "qo'l" finds
// the hand. No index has a word quoted in single marks.
const apostrophes = /['`\u2018\u2019\u02BB\u02BC]/gu;
const apostrophe = "\u02BB";

function fold(text: string, locale: string): string {
  return text
    .normalize("NFC")
    .toLocaleLowerCase(locale)
    .replace(/ё/g, "е")
    .replace(apostrophes, apostrophe);
}

function wordsOf(text: string): string[] {
  return text.split(/[\s|,.:;!?()«»"“”\-–]+/u).filter(Boolean);
}

function rank(entry: SymbolIndexEntry, query: string, words: string[], locale: string) {
  const name = fold(entry[1], locale);
  const known = wordsOf(`${name}|${fold(entry[2], locale)}`);
  if (!words.every((word) => known.some((candidate) => candidate.startsWith(word)))) {
    return undefined;
  }
  if (name === query) return 0;
  if (name.startsWith(query)) return 1;
  if (fold(entry[2], locale).split("|").includes(query)) return 2;
  return 3;
}

/** Up to `limit` symbols for `query`; an empty query lists the first symbols in order. */
export function searchSymbols(
  index: SymbolIndex,
  query: string,
  locale: string,
  limit = 48,
): FoundSymbol[] {
  const folded = fold(query, locale).trim().replace(/\s+/g, " ");
  const words = wordsOf(folded);
  const found: { entry: SymbolIndexEntry; rank: number; order: number }[] = [];
  index.forEach((entry, order) => {
    const place = words.length === 0 ? 3 : rank(entry, folded, words, locale);
    if (place !== undefined) found.push({ entry, rank: place, order });
  });
  return found
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .slice(0, limit)
    .map(({ entry }) => ({ code: entry[0], name: entry[1] }));
}

/**
 * The search without a connection: only the symbols whose pictures are on the device (`kept`),
 * and whether a connection would show others.
 */
export function searchKeptSymbols(
  index: SymbolIndex,
  query: string,
  locale: string,
  kept: ReadonlySet<string>,
  limit = 48,
): { found: FoundSymbol[]; othersNeedConnection: boolean } {
  const all = searchSymbols(index, query, locale, Infinity);
  const found = all.filter((symbol) => kept.has(symbol.code));
  return { found: found.slice(0, limit), othersNeedConnection: found.length < all.length };
}
