/**
 * What the user said on the Talk screen, newest first, as plain data and pure functions. Saying
 * something again moves it to the top instead of listing it twice.
 */
import { isSpeechLanguage, type SpeechLanguage } from "@/shared/speech-options";
import { cleanPhraseText } from "@/features/talk/board/board";

export const maxHistoryEntries = 100;

export type HistoryEntry = {
  id: string;
  text: string;
  language: SpeechLanguage;
  /** When it was said, in milliseconds since 1970. */
  saidAt: number;
};

export type History = readonly HistoryEntry[];

/** Whether `entry` holds these words in this language (said again, they are one entry). */
export const sameWords = (entry: HistoryEntry, text: string, language: SpeechLanguage) =>
  entry.language === language && entry.text.toLocaleLowerCase() === text.toLocaleLowerCase();

/**
 * The id of the entry for something just said: unique among the entries kept on the device, which
 * earlier visits and the app's other tabs wrote too (so not a count kept by this page). Not
 * crypto.randomUUID, which a page over plain http (a clinic's server reached by its address)
 * does not have; nothing needs the id to be hard to guess.
 */
export const newEntryId = (saidAt: number) => `${saidAt}-${Math.random()}`;

export function recordSaid(
  history: History,
  said: { text: string; language: SpeechLanguage; saidAt: number; id: string },
): History {
  const text = cleanPhraseText(said.text);
  if (!text) return history;
  const earlier = history.find((entry) => sameWords(entry, text, said.language));
  const rest = history.filter((entry) => !sameWords(entry, text, said.language));
  // Said again, an entry keeps its id: the list moves its row to the top instead of making a new
  // one, so the button just pressed keeps the keyboard's focus.
  return [{ ...said, id: earlier?.id ?? said.id, text }, ...rest].slice(0, maxHistoryEntries);
}

export function deleteEntry(history: History, id: string): History {
  return history.filter((entry) => entry.id !== id);
}

/**
 * Puts a deleted entry back (Undo) where its time puts it, as the stored history orders it: with
 * words said since, its old place would hold until a reload moved it. Unchanged if its words are
 * there again already.
 */
export function restoreEntry(history: History, entry: HistoryEntry): History {
  if (history.some((other) => sameWords(other, entry.text, entry.language))) return history;
  const later = history.findIndex((other) => other.saidAt < entry.saidAt);
  const at = later < 0 ? history.length : later;
  return [...history.slice(0, at), entry, ...history.slice(at)].slice(0, maxHistoryEntries);
}

export function clearHistory(): History {
  return [];
}

/**
 * Puts a cleared history back (Undo): its entries join what was said since, in the order they
 * were said; words said again since are listed once, at their newest.
 */
export function restoreCleared(history: History, cleared: History): History {
  const back = cleared.filter(
    (entry) => !history.some((other) => sameWords(other, entry.text, entry.language)),
  );
  return [...history, ...back].sort((a, b) => b.saidAt - a.saidAt).slice(0, maxHistoryEntries);
}

/** A stored history as the app can use it: unusable entries are dropped, never shown broken. */
export function parseHistory(value: unknown): History {
  if (!Array.isArray(value)) return [];
  return value
    .filter(
      (entry): entry is HistoryEntry =>
        typeof entry === "object" &&
        entry !== null &&
        typeof entry.id === "string" &&
        typeof entry.text === "string" &&
        entry.text.trim() !== "" &&
        isSpeechLanguage(entry.language) &&
        typeof entry.saidAt === "number" &&
        Number.isFinite(entry.saidAt),
    )
    .sort((a, b) => b.saidAt - a.saidAt)
    .slice(0, maxHistoryEntries);
}
