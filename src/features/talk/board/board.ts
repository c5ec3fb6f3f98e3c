/**
 * The phrase board as plain data and pure functions: one list of phrases per speech language,
 * started from the shipped starter set and then the user's own (added, edited, reordered,
 * favourites). Components only render it; every change goes through a function here.
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
 * A board with any symbol is left as it is: its user has chosen them.
 */
export function withStarterSymbols(board: Board): Board {
  if (board.some((phrase) => phrase.symbol)) return board;
  return board.map((phrase) =>
    phrase.starterId ? withSymbol(phrase, starterSymbol(phrase.starterId)) : phrase,
  );
}

/** The phrase with this symbol, or with none. */
function withSymbol(phrase: Phrase, symbol: PhraseSymbol | undefined): Phrase {
  const copy = { ...phrase };
  if (symbol) copy.symbol = symbol;
  else delete copy.symbol;
  return copy;
}

/** The ids of the user's own pictures on a board. */
export function picturesOf(board: Board): string[] {
  return board.flatMap((phrase) => (phrase.symbol?.set === "picture" ? [phrase.symbol.id] : []));
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

export type PhraseDraft = { text: string; category: BoardCategory; symbol?: PhraseSymbol };

export type PhraseProblem = "empty" | "too-long";

export function phraseProblem(text: string): PhraseProblem | undefined {
  const clean = cleanPhraseText(text);
  if (!clean) return "empty";
  if (clean.length > maxPhraseLength) return "too-long";
  return undefined;
}

/** Adds a phrase at the end of its category; a blank text changes nothing. */
export function addPhrase(board: Board, draft: PhraseDraft, id: string): Board {
  const text = cleanPhraseText(draft.text);
  if (phraseProblem(text)) return board;
  const phrase = withSymbol({ id, text, category: draft.category, favourite: false }, draft.symbol);
  const lastOfCategory = board.findLastIndex((item) => item.category === draft.category);
  const at = lastOfCategory === -1 ? board.length : lastOfCategory + 1;
  return [...board.slice(0, at), phrase, ...board.slice(at)];
}

export function editPhrase(board: Board, id: string, draft: PhraseDraft): Board {
  const text = cleanPhraseText(draft.text);
  if (phraseProblem(text)) return board;
  const current = board.find((phrase) => phrase.id === id);
  if (!current) return board;
  const edited = withSymbol({ ...current, text }, draft.symbol);
  if (draft.category === current.category) {
    return board.map((phrase) => (phrase.id === id ? edited : phrase));
  }
  // A phrase moved to another category goes to that category's end.
  return addAt(
    board.filter((phrase) => phrase.id !== id),
    { ...edited, category: draft.category },
  );
}

function addAt(board: Board, phrase: Phrase): Board {
  const lastOfCategory = board.findLastIndex((item) => item.category === phrase.category);
  const at = lastOfCategory === -1 ? board.length : lastOfCategory + 1;
  return [...board.slice(0, at), phrase, ...board.slice(at)];
}

export function deletePhrase(board: Board, id: string): Board {
  return board.filter((phrase) => phrase.id !== id);
}

/** Puts a deleted phrase back where it was (Undo). */
export function reinsertPhrase(board: Board, phrase: Phrase, index: number): Board {
  if (board.some((item) => item.id === phrase.id)) return board;
  const at = Math.max(0, Math.min(index, board.length));
  return [...board.slice(0, at), phrase, ...board.slice(at)];
}

export function toggleFavourite(board: Board, id: string): Board {
  return board.map((phrase) =>
    phrase.id === id ? { ...phrase, favourite: !phrase.favourite } : phrase,
  );
}

/**
 * Moves a phrase one place up (-1) or down (+1) among the phrases of its own category, which is
 * how the board shows them; at either end nothing moves.
 */
export function movePhrase(board: Board, id: string, direction: -1 | 1): Board {
  const from = board.findIndex((phrase) => phrase.id === id);
  if (from === -1) return board;
  const { category } = board[from]!;
  let to = from + direction;
  while (to >= 0 && to < board.length && board[to]!.category !== category) to += direction;
  if (to < 0 || to >= board.length) return board;
  const moved = [...board];
  [moved[from], moved[to]] = [moved[to]!, moved[from]!];
  return moved;
}

/** Whether a phrase can move that way inside its category. */
export function canMove(board: Board, id: string, direction: -1 | 1): boolean {
  return movePhrase(board, id, direction) !== board;
}

/**
 * Brings the starter phrases back as shipped (deleted ones return, edited ones get their text
 * back, in the starter order), keeping favourites and everything the user added.
 */
export function restoreStarters(board: Board, language: SpeechLanguage): Board {
  const favourites = new Set(
    board.filter((phrase) => phrase.starterId && phrase.favourite).map((p) => p.starterId),
  );
  const starters = starterBoard(language).map((phrase) => ({
    ...phrase,
    favourite: favourites.has(phrase.starterId),
  }));
  const own = board.filter((phrase) => !phrase.starterId);
  return own.reduce<Board>((result, phrase) => addAt(result, phrase), starters);
}

/** Adds a phrase said before (from the history) to "My phrases", unless the board has it. */
export function pinPhrase(board: Board, text: string, id: string): Board {
  const clean = cleanPhraseText(text).slice(0, maxPhraseLength);
  const known = board.some(
    (phrase) => phrase.text.toLocaleLowerCase() === clean.toLocaleLowerCase(),
  );
  return known ? board : addPhrase(board, { text: clean, category: "mine" }, id);
}

/** Whether the board already has this text (case aside): then there is nothing to pin. */
export function boardHasText(board: Board, text: string): boolean {
  const clean = cleanPhraseText(text).toLocaleLowerCase();
  return board.some((phrase) => phrase.text.toLocaleLowerCase() === clean);
}

export function newPhraseId(): string {
  return `phrase-${crypto.randomUUID()}`;
}
