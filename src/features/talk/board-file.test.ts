import { describe, expect, it } from "vitest";
import { addPhrase, starterBoard, toggleFavourite } from "@/features/talk/board";
import { exportBoards, maxBoardFileBytes, parseBoardFile } from "@/features/talk/board-file";

const file = (content: unknown) => JSON.stringify(content);
const valid = {
  format: "dauys-talk-board",
  version: 1,
  exportedAt: "2026-11-25T00:00:00.000Z",
  boards: { en: [{ id: "a", text: "Hello", category: "social", favourite: true }] },
};

describe("board file", () => {
  it("round-trips every language's board", () => {
    const ru = toggleFavourite(
      addPhrase(starterBoard("ru"), { text: "Мой текст", category: "mine" }, "m"),
      "m",
    );
    const boards = { ru, kk: starterBoard("kk") };
    const text = exportBoards(boards, new Date("2026-11-25T10:00:00Z"));
    const result = parseBoardFile(text);
    expect(result).toEqual({ ok: true, boards, phraseCount: ru.length + boards.kk.length });
  });

  it("refuses files that are not a board", () => {
    const problem = (text: string, size?: number) => {
      const result = parseBoardFile(text, size);
      return result.ok ? "accepted" : result.problem;
    };
    expect(problem(file(valid))).toBe("accepted");
    expect(problem("{ not json")).toBe("not-json");
    expect(problem("")).toBe("not-json");
    expect(problem(file([1, 2]))).toBe("not-a-board");
    expect(problem(file({ ...valid, format: "other" }))).toBe("not-a-board");
    expect(problem(file({ ...valid, version: "1" }))).toBe("not-a-board");
    expect(problem(file({ ...valid, version: 2 }))).toBe("newer-version");
    expect(problem(file({ ...valid, boards: {} }))).toBe("not-a-board");
    expect(problem(file({ ...valid, boards: { fr: [] } }))).toBe("not-a-board");
    expect(problem(file({ ...valid, boards: { en: "Hello" } }))).toBe("not-a-board");
    const phrase = valid.boards.en[0]!;
    const withPhrase = (changes: object) =>
      file({ ...valid, boards: { en: [{ ...phrase, ...changes }] } });
    expect(problem(withPhrase({ text: "  " }))).toBe("bad-phrase");
    expect(problem(withPhrase({ text: 5 }))).toBe("bad-phrase");
    expect(problem(withPhrase({ text: "x".repeat(301) }))).toBe("bad-phrase");
    expect(problem(withPhrase({ category: "food" }))).toBe("bad-phrase");
    expect(problem(withPhrase({ favourite: "yes" }))).toBe("bad-phrase");
    expect(problem(withPhrase({ id: "" }))).toBe("bad-phrase");
    expect(problem(file({ ...valid, boards: { en: [phrase, phrase] } }))).toBe("bad-phrase");
    const many = Array.from({ length: 301 }, (_, i) => ({ ...phrase, id: `p${i}` }));
    expect(problem(file({ ...valid, boards: { en: many } }))).toBe("too-many-phrases");
    expect(problem(file(valid), maxBoardFileBytes + 1)).toBe("too-large");
  });
});
