/**
 * Phrases one word apart ("My head hurts" and "My leg hurts", "I want water" and "I want
 * coffee"): what My voice is likeliest to take one for the other. When one of them is taught and
 * the other is not, a take of the untaught one can be near enough to the taught one to be said
 * at once; with both taught, the user's phrase space (phrase-space.ts) learns what tells them
 * apart. Measured (issue 37, thirty-eighth session, `phrases:eval --live --session`): every
 * never-taught take spoken on eSpeak NG seed 1 (2 of 240) and on the recorded pausing speakers
 * seed 1 (3 of 100) was a phrase one word from a taught one, while taught pairs one word apart
 * ("I am cold" and "I am hot") were never said one for the other. So My voice asks for the other
 * of such a pair to be taught too.
 */
import type { Phrase } from "@/features/talk/board/board";

/** A phrase's words, for comparing: lower case, without punctuation. */
function wordsOf(text: string, locale: string): string[] {
  return text
    .toLocaleLowerCase(locale)
    .replace(/[\p{P}\p{S}]+/gu, " ")
    .split(/\s+/)
    .filter(Boolean);
}

/**
 * Whether two phrases of two words or more differ by one word: one changed, added or left out.
 * Phrases of one word are never said to be one word apart (any two would be).
 */
export function oneWordApart(a: string, b: string, locale: string): boolean {
  const [x, y] = [wordsOf(a, locale), wordsOf(b, locale)];
  if (Math.min(x.length, y.length) < 2 || Math.abs(x.length - y.length) > 1) return false;
  let start = 0;
  while (start < Math.min(x.length, y.length) && x[start] === y[start]) start++;
  let end = 0;
  while (
    end < Math.min(x.length, y.length) - start &&
    x[x.length - 1 - end] === y[y.length - 1 - end]
  )
    end++;
  const [leftX, leftY] = [x.length - start - end, y.length - start - end];
  return leftX <= 1 && leftY <= 1 && leftX + leftY > 0;
}

/**
 * For each phrase of the board not taught, the first taught phrase one word from it, if any.
 * `taught` holds the ids of the phrases with examples.
 */
export function alikeUntaught(
  board: readonly Phrase[],
  taught: ReadonlySet<string>,
  locale: string,
): Map<string, Phrase> {
  const taughtPhrases = board.filter((phrase) => taught.has(phrase.id));
  const alike = new Map<string, Phrase>();
  if (!taughtPhrases.length) return alike;
  for (const phrase of board) {
    if (taught.has(phrase.id)) continue;
    const near = taughtPhrases.find((other) => oneWordApart(phrase.text, other.text, locale));
    if (near) alike.set(phrase.id, near);
  }
  return alike;
}
