/**
 * Word completion for type-to-speak, from the user's own words only (their history and board):
 * nothing is sent anywhere, and the words a person uses most come first.
 */

// Letters with their marks, and the apostrophes and hyphens inside words (Uzbek "oʻ", "don't").
const wordPattern = /[\p{L}\p{M}][\p{L}\p{M}\p{Nd}ʻʼ'’-]*/gu;
const partialWordAtEnd = /[\p{L}\p{M}][\p{L}\p{M}\p{Nd}ʻʼ'’-]*$/u;

export type Vocabulary = ReadonlyMap<string, { word: string; count: number }>;

/** Counts the words of `texts`, keyed by their lower-case form; the first spelling seen wins. */
export function buildVocabulary(texts: Iterable<string>): Vocabulary {
  const vocabulary = new Map<string, { word: string; count: number }>();
  for (const text of texts) {
    for (const word of text.match(wordPattern) ?? []) {
      const key = word.toLocaleLowerCase();
      const known = vocabulary.get(key);
      if (known) known.count += 1;
      else vocabulary.set(key, { word, count: 1 });
    }
  }
  return vocabulary;
}

/** The word being typed at the end of `text`, or "" when the text ends with a space or mark. */
export function partialWord(text: string): string {
  return text.match(partialWordAtEnd)?.[0] ?? "";
}

/**
 * Up to `limit` words that complete the word being typed, most used first, then shortest. One
 * letter is enough to ask: on a shaky hand, every letter saved counts.
 */
export function suggestWords(text: string, vocabulary: Vocabulary, limit = 4): string[] {
  const partial = partialWord(text).toLocaleLowerCase();
  if (!partial) return [];
  return [...vocabulary.entries()]
    .filter(([key]) => key.startsWith(partial) && key !== partial)
    .sort(([, a], [, b]) => b.count - a.count || a.word.length - b.word.length)
    .slice(0, limit)
    .map(([, { word }]) => word);
}

/** The text with the word being typed replaced by `word` and a space after it. */
export function completeWord(text: string, word: string): string {
  const partial = partialWord(text);
  return `${text.slice(0, text.length - partial.length)}${word} `;
}
