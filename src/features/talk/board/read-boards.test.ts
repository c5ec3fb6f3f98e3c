import { beforeAll, describe, expect, it } from "vitest";
import { starterBoard } from "@/features/talk/board/board";
import { addPhrase } from "@/features/talk/board/board-edits";
import { readBoards } from "@/features/talk/board/read-boards";
import { loadAllStarterTexts } from "@/features/talk/board/starter-phrases";

beforeAll(() => loadAllStarterTexts());

describe("reading stored boards", () => {
  it("gives back every language's board as it was stored", () => {
    const boards = {
      ru: addPhrase(starterBoard("ru"), { text: "Мой текст", category: "mine" }, "m"),
      kk: starterBoard("kk"),
    };
    expect(readBoards(structuredClone(boards))).toEqual(boards);
  });

  it("refuses boards with one bad phrase whole, and what is not boards", () => {
    const bad = [...starterBoard("en"), { id: "x", text: "", category: "mine", favourite: false }];
    expect(readBoards({ en: bad, ru: starterBoard("ru") })).toBe("bad-phrase");
    expect(readBoards({ xx: starterBoard("en") })).toBe("not-a-board");
    expect(readBoards({})).toBe("not-a-board");
    expect(readBoards([starterBoard("en")])).toBe("not-a-board");
  });
});
