/**
 * The user's own words, for the browser to favour when it recognises on the device (contextual
 * biasing, `recognition.phrases`): what they said on the Talk screen, newest first, then their
 * favourite board phrases, then the rest of their board, each once. They are given only to
 * on-device recognition, so they never leave the device.
 */
import type { SavedTalkPhrases } from "@/lib/saved-talk-phrases";
import type { SpeechLanguage } from "@/shared/speech-options";

export type BiasPhrase = { phrase: string; boost: number };

/**
 * The specification sets no number; a few dozen everyday phrases is what a Talk board holds,
 * and a long list makes each hint weigh less and the recogniser slower to start.
 */
export const maxBiasPhrases = 100;

/**
 * Boosts on the specification's 0–10 scale (about the natural log of how much more likely the
 * phrase is than the recogniser thinks): firm for words the user really says, mild for the rest
 * of the board, and never so high that other speech turns into a board phrase.
 */
export const usedBoost = 3;
export const boardBoost = 1.5;

export function biasPhrasesFor(
  saved: SavedTalkPhrases,
  language: SpeechLanguage,
  limit = maxBiasPhrases,
): BiasPhrase[] {
  const board = saved.boards[language] ?? [];
  const candidates: BiasPhrase[] = [
    ...saved.history
      .filter((saying) => saying.language === language)
      .map((saying) => ({ phrase: saying.text, boost: usedBoost })),
    ...board
      .filter((phrase) => phrase.favourite)
      .map((phrase) => ({ phrase: phrase.text, boost: usedBoost })),
    ...board.map((phrase) => ({ phrase: phrase.text, boost: boardBoost })),
  ];
  const seen = new Set<string>();
  const phrases: BiasPhrase[] = [];
  for (const candidate of candidates) {
    const phrase = candidate.phrase.replace(/\s+/g, " ").trim();
    const key = phrase.toLocaleLowerCase();
    if (!phrase || seen.has(key)) continue;
    seen.add(key);
    phrases.push({ ...candidate, phrase });
    if (phrases.length === limit) break;
  }
  return phrases;
}
