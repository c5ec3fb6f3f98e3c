/**
 * The phrase board as plain data: one list of phrases per speech language, started from the
 * shipped starter set and then the user's own (added, edited, reordered, favourites), and which
 * board a language shows. Components only render it; every change goes through a function of
 * board-edits.ts.
 */
import type { SpeechLanguage } from "@/shared/speech-options";
import {
  phraseCategories,
  starterPhrases,
  starterTextsOf,
} from "@/features/talk/board/starter-phrases";
import { starterSymbols } from "@/shared/openmoji";

/** The starter categories, and "mine" for phrases the user added or pinned from history. */
export const boardCategories = ["mine", ...phraseCategories] as const;
export type BoardCategory = (typeof boardCategories)[number];

/** The longest phrase the board keeps: a board is for short things said often. */
export const maxPhraseLength = 300;
/** Enough for a rich board; an imported file with more is refused. */
export const maxPhrasesPerLanguage = 300;

/**
 * A picture above a phrase's words: a symbol of the set that ships with the app (OpenMoji, by its
 * code point sequence such as "1F600" or "1F44B-1F3FD"), or a picture of the user's own kept on
 * the device (by the id the picture store gave it).
 */
export type PhraseSymbol = { set: "openmoji"; code: string } | { set: "picture"; id: string };

export type Phrase = {
  id: string;
  text: string;
  category: BoardCategory;
  favourite: boolean;
  /** The starter phrase this one came from (kept when edited, so it can be restored). */
  starterId?: string;
  symbol?: PhraseSymbol;
  /**
   * Its user took the symbol away: it stays without one, also when no phrase of the board has a
   * symbol left (withStarterSymbols).
   */
  symbolRemoved?: true;
};

export type Board = readonly Phrase[];
/** Boards the user has changed; a language missing here shows its starter board. */
export type Boards = Partial<Record<SpeechLanguage, Board>>;

export function isBoardCategory(value: unknown): value is BoardCategory {
  return typeof value === "string" && (boardCategories as readonly string[]).includes(value);
}

/** The symbol a starter phrase ships with (src/shared/openmoji.ts). */
function starterSymbol(starterId: string): PhraseSymbol | undefined {
  const code = starterSymbols[starterId];
  return code ? { set: "openmoji", code } : undefined;
}

/**
 * The starter board in a language whose starter words are loaded (loadStarterTexts): the page
 * loads its own language's with it, and a board's language is loaded before it is shown.
 */
export function starterBoard(language: SpeechLanguage): Board {
  const texts = starterTextsOf(language);
  if (!texts) throw new Error(`The starter phrases in ${language} are not loaded.`);
  return starterPhrases.map((phrase) =>
    withSymbol(
      {
        id: `starter-${phrase.id}`,
        text: texts[phrase.id] ?? "",
        category: phrase.category,
        favourite: false,
        starterId: phrase.id,
      },
      starterSymbol(phrase.id),
    ),
  );
}

/**
 * A board kept from before phrases had symbols gets the starter symbols on its starter phrases.
 * A board with any symbol, or any symbol taken away, is left as it is: its user has chosen them.
 */
export function withStarterSymbols(board: Board): Board {
  if (board.some((phrase) => phrase.symbol || phrase.symbolRemoved)) return board;
  return board.map((phrase) =>
    phrase.starterId ? withSymbol(phrase, starterSymbol(phrase.starterId)) : phrase,
  );
}

/** The phrase with this symbol, or with none. */
export function withSymbol(phrase: Phrase, symbol: PhraseSymbol | undefined): Phrase {
  const copy = { ...phrase };
  if (symbol) {
    copy.symbol = symbol;
    delete copy.symbolRemoved;
  } else delete copy.symbol;
  return copy;
}

// The starter board each language shows until it is changed: the same one every time, so the
// screen can tell nothing changed and skip drawing its phrases again.
const starterBoards = new Map<SpeechLanguage, Board>();

export function boardFor(boards: Boards, language: SpeechLanguage): Board {
  const own = boards[language];
  if (own) return own;
  const starter = starterBoards.get(language) ?? starterBoard(language);
  starterBoards.set(language, starter);
  return starter;
}

/** A phrase's text as the board keeps it: one line, spaces tidied, or "" when nothing is left. */
export function cleanPhraseText(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
