/**
 * The symbol picker's search index in one language, as the build makes it
 * (scripts/build/openmoji-symbols.ts): each symbol's OpenMoji code, its name, and its other
 * keywords joined by "|", from the Unicode CLDR annotations. Tuples keep the file small.
 */
export type SymbolIndexEntry = readonly [code: string, name: string, keywords: string];
export type SymbolIndex = readonly SymbolIndexEntry[];
