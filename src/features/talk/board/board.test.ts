import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  boardFor,
  maxPhraseLength,
  maxPhrasesPerLanguage,
  starterBoard,
  withStarterSymbols,
  type Board,
} from "@/features/talk/board/board";
import {
  addPhrase,
  boardHasText,
  canMove,
  deletePhrase,
  editPhrase,
  movePhrase,
  newPhraseId,
  phraseProblem,
  pinPhrase,
  reinsertPhrase,
  restoreStarters,
  restoringOverfills,
  toggleFavourite,
  picturesOf,
} from "@/features/talk/board/board-edits";
import { readBoards } from "@/features/talk/board/read-boards";
import {
  loadAllStarterTexts,
  starterPhrases,
  starterTextsOf,
} from "@/features/talk/board/starter-phrases";

beforeAll(() => loadAllStarterTexts());

const texts = (board: Board) => board.map((phrase) => phrase.text);
const ofCategory = (board: Board, category: string) =>
  board.filter((phrase) => phrase.category === category).map((phrase) => phrase.text);

describe("phrase board", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("starts from the starter set in the chosen language", () => {
    const russian = boardFor({}, "ru");
    expect(russian).toHaveLength(starterPhrases.length);
    expect(texts(russian)).toEqual(starterPhrases.map(({ id }) => starterTextsOf("ru")?.[id]));
    expect(texts(boardFor({}, "kk"))).toEqual(
      starterPhrases.map(({ id }) => starterTextsOf("kk")?.[id]),
    );
    const own = addPhrase(russian, { text: "Мой текст", category: "mine" }, "a");
    expect(boardFor({ ru: own }, "ru")).toBe(own);
  });

  it("adds a phrase at the end of its category, tidied, and refuses a blank one", () => {
    const board = starterBoard("en");
    const added = addPhrase(board, { text: "  Call   my son \n", category: "people" }, "son");
    expect(ofCategory(added, "people").at(-1)).toBe("Call my son");
    expect(added).toHaveLength(board.length + 1);
    expect(addPhrase(board, { text: "   ", category: "people" }, "x")).toBe(board);
    expect(addPhrase(board, { text: "x".repeat(301), category: "mine" }, "x")).toBe(board);
    expect(phraseProblem(" ")).toBe("empty");
    expect(phraseProblem("x".repeat(301))).toBe("too-long");
    expect(phraseProblem("Hello")).toBeUndefined();
  });

  it("edits a phrase in place, or moves it to the end of another category", () => {
    const board = addPhrase(starterBoard("en"), { text: "Tea", category: "mine" }, "tea");
    const edited = editPhrase(board, "tea", { text: "Tea with milk", category: "mine" });
    expect(edited.findIndex((p) => p.id === "tea")).toBe(board.findIndex((p) => p.id === "tea"));
    expect(edited.find((p) => p.id === "tea")?.text).toBe("Tea with milk");
    const moved = editPhrase(board, "tea", { text: "Tea", category: "needs" });
    expect(ofCategory(moved, "needs").at(-1)).toBe("Tea");
    expect(ofCategory(moved, "mine")).toEqual([]);
    expect(editPhrase(board, "tea", { text: "", category: "mine" })).toBe(board);
  });

  it("reorders inside a category, and not past its ends", () => {
    const board = starterBoard("en");
    const needs = board.filter((p) => p.category === "needs");
    const [first, second] = needs;
    const down = movePhrase(board, first!.id, 1);
    expect(ofCategory(down, "needs").slice(0, 2)).toEqual([second!.text, first!.text]);
    expect(movePhrase(down, first!.id, -1)).toEqual(board);
    expect(canMove(board, first!.id, -1)).toBe(false);
    expect(canMove(board, needs.at(-1)!.id, 1)).toBe(false);
    // Other categories do not move.
    expect(ofCategory(down, "social")).toEqual(ofCategory(board, "social"));
  });

  it("marks favourites, deletes and puts a deleted phrase back", () => {
    const board = starterBoard("en");
    const id = board[3]!.id;
    expect(toggleFavourite(board, id)[3]!.favourite).toBe(true);
    expect(toggleFavourite(toggleFavourite(board, id), id)[3]!.favourite).toBe(false);
    const deleted = deletePhrase(board, id);
    expect(deleted).toHaveLength(board.length - 1);
    expect(reinsertPhrase(deleted, board[3]!, 3)).toEqual(board);
    expect(reinsertPhrase(board, board[3]!, 3)).toBe(board);
  });

  it("restores the starter phrases and keeps the user's own and the favourites", () => {
    const start = starterBoard("ru");
    let board = deletePhrase(start, start[0]!.id);
    board = editPhrase(board, start[1]!.id, { text: "Изменено", category: start[1]!.category });
    board = toggleFavourite(board, start[2]!.id);
    board = addPhrase(board, { text: "Мой текст", category: "mine" }, "mine-1");
    const restored = restoreStarters(board, "ru");
    expect(texts(restored.filter((p) => p.starterId))).toEqual(texts(start));
    expect(restored.find((p) => p.id === start[2]!.id)?.favourite).toBe(true);
    expect(ofCategory(restored, "mine")).toEqual(["Мой текст"]);
    // The starters whose words came back are new phrases to My voice, which knows phrases by id:
    // the voice taught for "Изменено" must not answer with the starter's words.
    const ids = restored.filter((p) => p.starterId).map((p) => p.id);
    expect(ids.slice(2)).toEqual(start.slice(2).map((p) => p.id));
    expect(ids.slice(0, 2)).not.toContain(start[0]!.id);
    expect(ids.slice(0, 2)).not.toContain(start[1]!.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(restored[1]!.starterId).toBe(start[1]!.starterId);
    expect(restored[1]!.symbol).toEqual(start[1]!.symbol);
  });

  it("gives new phrases ids on a page over plain http, which has no crypto.randomUUID", () => {
    const real = globalThis.crypto;
    vi.stubGlobal("crypto", { getRandomValues: real.getRandomValues.bind(real) });
    // Added as the phrase dialog adds one, and as starters whose words come back.
    let board = addPhrase(starterBoard("en"), { text: "Tea", category: "mine" }, newPhraseId());
    board = addPhrase(board, { text: "Coffee", category: "mine" }, newPhraseId());
    board = restoreStarters(deletePhrase(board, board[0]!.id), "en");
    const ids = board.map((phrase) => phrase.id);
    expect(texts(board)).toContain("Tea");
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => id.startsWith("phrase-"))).toHaveLength(3);
  });

  it("pins a history text to My phrases once", () => {
    const board = starterBoard("en");
    const pinned = pinPhrase(board, "Bring my glasses", "g");
    expect(ofCategory(pinned, "mine")).toEqual(["Bring my glasses"]);
    expect(pinPhrase(pinned, "bring my GLASSES", "g2")).toBe(pinned);
    expect(boardHasText(pinned, "Bring my glasses ")).toBe(true);
  });

  it("knows a long history text is on the board once it was pinned, cut to a phrase's length", () => {
    const long = "word ".repeat(maxPhraseLength);
    const pinned = pinPhrase(starterBoard("en"), long, "long");
    expect(boardHasText(starterBoard("en"), long)).toBe(false);
    expect(boardHasText(pinned, long)).toBe(true);
  });

  it("tells a whole history which of its texts are on a full board with one pass over the board", () => {
    const full: Board = Array.from({ length: maxPhrasesPerLanguage }, (_, index) => ({
      id: `p${index}`,
      text: `Phrase ${index}`,
      category: "mine",
      favourite: false,
    }));
    const history = Array.from({ length: 100 }, (_, index) => `phrase ${index * 5}`);
    const lowerCasings = vi.spyOn(String.prototype, "toLocaleLowerCase");
    try {
      // Two drawings of the history (a phrase said, then another), the board unchanged.
      for (let drawing = 0; drawing < 2; drawing++)
        expect(history.filter((text) => boardHasText(full, text))).toHaveLength(60);
      // Once per phrase, then once per row asked about: not once per phrase for every row.
      expect(lowerCasings.mock.calls.length).toBeLessThanOrEqual(full.length + 2 * history.length);
    } finally {
      lowerCasings.mockRestore();
    }
  });

  it("adds or pins nothing to a full board, which could not be read back", () => {
    const full: Board = Array.from({ length: maxPhrasesPerLanguage }, (_, index) => ({
      id: `p${index}`,
      text: `Phrase ${index}`,
      category: "mine",
      favourite: false,
    }));
    expect(addPhrase(full, { text: "One more", category: "needs" }, "more")).toBe(full);
    expect(pinPhrase(full, "One more", "more")).toBe(full);
    expect(addPhrase(full.slice(1), { text: "One more", category: "needs" }, "more")).toHaveLength(
      maxPhrasesPerLanguage,
    );
  });

  it("puts back nothing that would take a board over its limit, which would lose it whole", () => {
    const starters = starterBoard("en");
    const own = (count: number): Board =>
      Array.from({ length: count }, (_, index) => ({
        id: `p${index}`,
        text: `Phrase ${index}`,
        category: "mine",
        favourite: false,
      }));
    // Undo of a deletion after the board filled up again (a phrase pinned from the history).
    const full = [...starters, ...own(maxPhrasesPerLanguage - starters.length)];
    const deleted = full[3]!;
    const refilled = pinPhrase(deletePhrase(full, deleted.id), "Pinned", "pinned");
    expect(refilled).toHaveLength(maxPhrasesPerLanguage);
    expect(reinsertPhrase(refilled, deleted, 3)).toBe(refilled);
    expect(readBoards({ en: refilled })).not.toBe("too-many-phrases");
    // Restoring the starters to a full board of the user's own phrases and a few starters.
    const mostlyOwn = [...starters.slice(0, 2), ...own(maxPhrasesPerLanguage - 2)];
    expect(restoringOverfills(mostlyOwn, "en")).toBe(true);
    expect(restoreStarters(mostlyOwn, "en")).toBe(mostlyOwn);
    // With room, they come back.
    const roomy = [...starters.slice(0, 2), ...own(10)];
    expect(restoringOverfills(roomy, "en")).toBe(false);
    expect(restoreStarters(roomy, "en")).toHaveLength(starters.length + 10);
  });

  it("gives every starter phrase its symbol, in every language", () => {
    for (const language of ["en", "ru", "az", "kk", "ky", "uz"] as const) {
      const board = starterBoard(language);
      expect(board.every((phrase) => phrase.symbol?.set === "openmoji")).toBe(true);
    }
    const toilet = starterBoard("kk").find((phrase) => phrase.starterId === "toilet");
    expect(toilet?.symbol).toEqual({ set: "openmoji", code: "1F6BD" });
  });

  it("adds, changes and takes away a phrase's symbol with its words", () => {
    const board = addPhrase(
      starterBoard("en"),
      { text: "My cat", category: "mine", symbol: { set: "picture", id: "picture-cat" } },
      "cat",
    );
    expect(board.find((phrase) => phrase.id === "cat")?.symbol).toEqual({
      set: "picture",
      id: "picture-cat",
    });
    expect(picturesOf(board)).toEqual(["picture-cat"]);
    const plain = editPhrase(board, "cat", { text: "My cat", category: "mine" });
    const cat = plain.find((phrase) => phrase.id === "cat");
    expect(cat).toBeDefined();
    expect(cat && "symbol" in cat).toBe(false);
    expect(picturesOf(plain)).toEqual([]);
  });

  it("gives a board kept from before symbols its starter symbols, and leaves chosen ones alone", () => {
    const old: Board = starterBoard("ru").map(({ symbol: _symbol, ...phrase }) => phrase);
    const own = addPhrase(old, { text: "Мой текст", category: "mine" }, "m");
    const upgraded = withStarterSymbols(own);
    expect(upgraded.filter((phrase) => phrase.symbol)).toHaveLength(starterPhrases.length);
    expect(upgraded.find((phrase) => phrase.id === "m")?.symbol).toBeUndefined();

    const chosen = editPhrase(upgraded, "starter-toilet", {
      text: "Туалет",
      category: "needs",
    });
    expect(withStarterSymbols(chosen)).toBe(chosen);
  });

  it("keeps a board whose user took every symbol away without symbols when it is read again", () => {
    const board = starterBoard("kk");
    const bare = board.reduce<Board>(
      (result, phrase) =>
        editPhrase(result, phrase.id, { text: phrase.text, category: phrase.category }),
      board,
    );
    expect(bare.filter((phrase) => phrase.symbol)).toEqual([]);
    const read = readBoards(JSON.parse(JSON.stringify({ kk: bare })));
    expect(typeof read !== "string" && read.kk?.filter((phrase) => phrase.symbol)).toEqual([]);

    // A symbol given back is kept, and the board is again one with a symbol chosen.
    const [first] = bare;
    const again = editPhrase(bare, first!.id, { ...first!, symbol: board[0]!.symbol });
    expect(again[0]).toEqual(board[0]);
  });
});
