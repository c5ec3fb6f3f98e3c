/**
 * The Talk screen's own words as other pages may read them: the phrases of the boards the user
 * changed and what they said, straight from storage (src/lib/storage.ts), read only. The Talk
 * feature owns and writes these keys; this reader takes only the text, and quietly skips
 * anything it does not understand, so a change in Talk's format can never break a reader.
 */
import { readValue, storageKeys } from "@/lib/storage";
import { isSpeechLanguage, type SpeechLanguage } from "@/shared/speech-options";

export type SavedBoardPhrase = { text: string; favourite: boolean };
export type SavedSaying = { text: string; language: SpeechLanguage; saidAt: number };

export type SavedTalkPhrases = {
  /** Only the languages whose board the user changed, in the board's order. */
  boards: Partial<Record<SpeechLanguage, SavedBoardPhrase[]>>;
  /** What was said, newest first. */
  history: SavedSaying[];
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

const hasText = (
  value: Record<string, unknown>,
): value is Record<string, unknown> & { text: string } =>
  typeof value.text === "string" && value.text.trim() !== "";

function parseBoards(value: unknown): SavedTalkPhrases["boards"] {
  const boards: SavedTalkPhrases["boards"] = {};
  if (!isRecord(value)) return boards;
  for (const [language, board] of Object.entries(value)) {
    if (!isSpeechLanguage(language) || !Array.isArray(board)) continue;
    boards[language] = board
      .filter(isRecord)
      .filter(hasText)
      .map((phrase) => ({ text: phrase.text.trim(), favourite: phrase.favourite === true }));
  }
  return boards;
}

function parseHistory(value: unknown): SavedSaying[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(isRecord)
    .filter(hasText)
    .flatMap((entry) =>
      isSpeechLanguage(entry.language) &&
      typeof entry.saidAt === "number" &&
      Number.isFinite(entry.saidAt)
        ? [{ text: entry.text.trim(), language: entry.language, saidAt: entry.saidAt }]
        : [],
    )
    .sort((a, b) => b.saidAt - a.saidAt);
}

/** The stored values as plain phrases; anything unusable is left out. */
export function parseSavedTalkPhrases(boards: unknown, history: unknown): SavedTalkPhrases {
  return { boards: parseBoards(boards), history: parseHistory(history) };
}

export async function readSavedTalkPhrases(): Promise<SavedTalkPhrases> {
  const [boards, history] = await Promise.all([
    readValue<unknown>(storageKeys.talkBoards),
    readValue<unknown>(storageKeys.talkHistory),
  ]);
  return parseSavedTalkPhrases(boards, history);
}
