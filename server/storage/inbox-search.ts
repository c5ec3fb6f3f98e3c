/**
 * What the staff inbox's search means, for both stores: every word of the query must begin a
 * word of the request's name, e-mail, subject or message, in any case and script ("АЙГЕР" finds
 * "Айгерім Садықова"). The words are only ever passed to the database as bound parameters; here
 * they become each engine's own query syntax, quoted so that no character of theirs is an
 * operator.
 */

/** At most this many words count; a longer query is cut, not refused. */
export const maxSearchWords = 8;

export type InboxPageQuery = {
  /** The query's words (`searchWords`); none lists every request. */
  words: readonly string[];
  /** Only requests that arrived before this one (its `seq`): the next page's cursor. */
  before?: number | undefined;
  limit: number;
};

/** The query's words, folded to lower case; a "word" without a letter or digit matches nothing
 * in either index, so it is left out rather than making the search empty. A control character
 * separates words, as both indexes split stored text at one; kept in a word, U+0000 would end
 * SQLite's query text early (an error) and PostgreSQL refuses it in any text. */
export function searchWords(query: string): string[] {
  return (
    query
      .replace(/\p{Cc}/gu, " ")
      .normalize("NFC")
      .toLocaleLowerCase("und")
      // "İ" (Azerbaijani capital i) lower-cases to "i" plus a combining dot; both indexes fold it to "i".
      .replace(/i\u0307/gu, "i")
      .split(/\s+/u)
      .filter((word) => /[\p{L}\p{N}]/u.test(word))
      .slice(0, maxSearchWords)
  );
}

/** SQLite FTS5: each word a quoted phrase matched as a prefix, all of them required. */
export function ftsMatch(words: readonly string[]): string {
  return words.map((word) => `"${word.replace(/"/g, '""')}"*`).join(" AND ");
}

/** PostgreSQL `to_tsquery('simple', …)`: each word a quoted lexeme matched as a prefix. */
export function tsQuery(words: readonly string[]): string {
  return words.map((word) => `'${word.replace(/\\/g, "\\\\").replace(/'/g, "''")}':*`).join(" & ");
}
