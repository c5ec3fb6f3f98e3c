/**
 * Boards read from what was stored or from a file, checked whole: each language's board, each
 * phrase's text, category and symbol. Both the Talk screen's stored boards (use-talk-data.ts) and
 * a board file (backup/board-file.ts) are read through it.
 */
import { isSpeechLanguage, speechLanguages } from "@/shared/speech-options";
import {
  cleanPhraseText,
  isBoardCategory,
  maxPhraseLength,
  maxPhrasesPerLanguage,
  type Board,
  type Boards,
  withStarterSymbols,
  type Phrase,
  type PhraseSymbol,
} from "@/features/talk/board/board";
import { isOpenMojiCode } from "@/shared/openmoji";

/** Why boards were refused. */
export type BoardProblem = "not-a-board" | "bad-phrase" | "too-many-phrases";

/** A plain object (not null, not an array). */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A phrase's symbol; `null` when the file names one that is not a symbol. */
function readSymbol(value: unknown): PhraseSymbol | undefined | null {
  if (value === undefined) return undefined;
  if (!isRecord(value)) return null;
  if (value.set === "openmoji" && isOpenMojiCode(value.code)) {
    return { set: "openmoji", code: value.code };
  }
  if (value.set === "picture" && typeof value.id === "string" && /^[\w-]{1,100}$/.test(value.id)) {
    return { set: "picture", id: value.id };
  }
  return null;
}

function readPhrase(value: unknown): Phrase | undefined {
  if (!isRecord(value)) return undefined;
  const { id, text, category, favourite, starterId, symbolRemoved } = value;
  const symbol = readSymbol(value.symbol);
  if (symbol === null) return undefined;
  if (typeof id !== "string" || id.length === 0 || id.length > 100) return undefined;
  if (typeof text !== "string") return undefined;
  const clean = cleanPhraseText(text);
  if (!clean || clean.length > maxPhraseLength) return undefined;
  if (!isBoardCategory(category)) return undefined;
  if (favourite !== undefined && typeof favourite !== "boolean") return undefined;
  if (starterId !== undefined && (typeof starterId !== "string" || starterId.length > 100)) {
    return undefined;
  }
  return {
    id,
    text: clean,
    category,
    favourite: favourite ?? false,
    ...(starterId === undefined ? {} : { starterId }),
    ...(symbol ? { symbol } : {}),
    ...(symbolRemoved === true && !symbol ? { symbolRemoved } : {}),
  };
}

function readBoard(value: unknown): Board | BoardProblem {
  if (!Array.isArray(value)) return "not-a-board";
  if (value.length > maxPhrasesPerLanguage) return "too-many-phrases";
  const phrases: Phrase[] = [];
  const ids = new Set<string>();
  for (const item of value) {
    const phrase = readPhrase(item);
    if (!phrase || ids.has(phrase.id)) return "bad-phrase";
    ids.add(phrase.id);
    phrases.push(phrase);
  }
  return phrases;
}

/** Boards by speech language, at least one; a problem when any of them is not a good board. */
export function readBoards(value: unknown): Boards | BoardProblem {
  if (!isRecord(value)) return "not-a-board";
  const boards: Boards = {};
  for (const [language, board] of Object.entries(value)) {
    if (!isSpeechLanguage(language)) return "not-a-board";
    const read = readBoard(board);
    if (typeof read === "string") return read;
    boards[language] = withStarterSymbols(read);
  }
  return speechLanguages.some((language) => boards[language]) ? boards : "not-a-board";
}
