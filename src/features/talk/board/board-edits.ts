/**
 * The changes made to a phrase board, as pure functions (board.ts has what a board is): add,
 * edit, delete and put back, reorder, favourite, restore the starters, pin from the history.
 * They come with the parts that change a board, not with the page.
 */
import type { SpeechLanguage } from "@/shared/speech-options";
import { randomUuid } from "@/shared/uuid";
import {
  cleanPhraseText,
  maxPhraseLength,
  maxPhrasesPerLanguage,
  starterBoard,
  withSymbol,
  type Board,
  type BoardCategory,
  type Phrase,
  type PhraseSymbol,
} from "@/features/talk/board/board";

/** The ids of the user's own pictures on a board. */
export function picturesOf(board: Board): string[] {
  return board.flatMap((phrase) => (phrase.symbol?.set === "picture" ? [phrase.symbol.id] : []));
}

export type PhraseDraft = { text: string; category: BoardCategory; symbol?: PhraseSymbol };

export type PhraseProblem = "empty" | "too-long";

export function phraseProblem(text: string): PhraseProblem | undefined {
  const clean = cleanPhraseText(text);
  if (!clean) return "empty";
  if (clean.length > maxPhraseLength) return "too-long";
  return undefined;
}

/** Whether the board holds as many phrases as a board may (more could not be read back). */
export const boardIsFull = (board: Board) => board.length >= maxPhrasesPerLanguage;

/** Adds a phrase at the end of its category; a blank text, or a full board, changes nothing. */
export function addPhrase(board: Board, draft: PhraseDraft, id: string): Board {
  const text = cleanPhraseText(draft.text);
  if (phraseProblem(text) || boardIsFull(board)) return board;
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
  if (current.symbol && !draft.symbol) edited.symbolRemoved = true;
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

/**
 * Puts a deleted phrase back where it was (Undo). Not on a board that filled up since (a phrase
 * pinned from the history): a board over the limit is refused whole when read again.
 */
export function reinsertPhrase(board: Board, phrase: Phrase, index: number): Board {
  if (boardIsFull(board) || board.some((item) => item.id === phrase.id)) return board;
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
 * back, in the starter order), keeping favourites and everything the user added. Not when they
 * would take the board over its limit (`restoringOverfills`): it stays as it is.
 *
 * A starter whose words come back (they were changed, or it was deleted) comes back under a new
 * id: My voice knows a phrase by its id, and under the old one the voice taught for the changed
 * words (or left behind by a board since replaced) would answer with the starter's words.
 */
export function restoreStarters(
  board: Board,
  language: SpeechLanguage,
  newId: () => string = newPhraseId,
): Board {
  if (restoringOverfills(board, language)) return board;
  const favourites = new Set(
    board.filter((phrase) => phrase.starterId && phrase.favourite).map((p) => p.starterId),
  );
  const textOf = new Map(board.map((phrase) => [phrase.id, phrase.text]));
  const starters = starterBoard(language).map((phrase) => ({
    ...phrase,
    ...(textOf.get(phrase.id) === phrase.text ? {} : { id: newId() }),
    favourite: favourites.has(phrase.starterId),
  }));
  const own = board.filter((phrase) => !phrase.starterId);
  return own.reduce<Board>((result, phrase) => addAt(result, phrase), starters);
}

/** Whether bringing the starter phrases back would take the board over its limit. */
export function restoringOverfills(board: Board, language: SpeechLanguage): boolean {
  const own = board.filter((phrase) => !phrase.starterId).length;
  return own + starterBoard(language).length > maxPhrasesPerLanguage;
}

/** A text said before as it becomes a phrase: cut to a phrase's length. */
const pinnedText = (text: string) =>
  cleanPhraseText(cleanPhraseText(text).slice(0, maxPhraseLength));

/** Adds a phrase said before (from the history) to "My phrases", unless the board has it. */
export function pinPhrase(board: Board, text: string, id: string): Board {
  const clean = pinnedText(text);
  const known = board.some(
    (phrase) => phrase.text.toLocaleLowerCase() === clean.toLocaleLowerCase(),
  );
  return known ? board : addPhrase(board, { text: clean, category: "mine" }, id);
}

/** Each board's phrase texts, lower-cased: made once per board (a change makes a new board). */
const textsOnBoards = new WeakMap<Board, ReadonlySet<string>>();

/**
 * Whether the board already has this text as pinned (case aside): then there is nothing to pin.
 * The history asks it of every row at each drawing, so the board's texts are gathered once.
 */
export function boardHasText(board: Board, text: string): boolean {
  let texts = textsOnBoards.get(board);
  if (!texts) {
    texts = new Set(board.map((phrase) => phrase.text.toLocaleLowerCase()));
    textsOnBoards.set(board, texts);
  }
  return texts.has(pinnedText(text).toLocaleLowerCase());
}

/** A new phrase's id; on a page over plain http too (`randomUuid`, not `crypto.randomUUID`). */
export function newPhraseId(): string {
  return `phrase-${randomUuid()}`;
}
