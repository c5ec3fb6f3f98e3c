import { describe, expect, it } from "vitest";
import {
  boardColumns,
  defaultBoardLook,
  parseBoardLook,
  symbolDisplayOf,
  withSymbolDisplay,
} from "@/features/talk/board/board-look";

describe("board look", () => {
  it("shows pictures and words until a board is set otherwise, each language on its own", () => {
    expect(symbolDisplayOf(defaultBoardLook, "kk")).toBe("both");
    const look = withSymbolDisplay(defaultBoardLook, "kk", "pictures");
    expect(symbolDisplayOf(look, "kk")).toBe("pictures");
    expect(symbolDisplayOf(look, "ru")).toBe("both");
  });

  it("keeps the board's usual columns without a choice, and the chosen ones up to tablets", () => {
    expect(boardColumns(null)).toEqual({ xs: 2, sm: 3, lg: 4 });
    expect(boardColumns(2)).toEqual({ xs: 2, sm: 2, lg: 3 });
    expect(boardColumns(6)).toEqual({ xs: 6, sm: 6, lg: 7 });
  });

  it("reads a stored look, dropping what is unknown or out of range", () => {
    expect(
      parseBoardLook({
        symbols: { kk: "pictures", ru: "words", xx: "both", uz: "big" },
        phoneColumns: 4,
      }),
    ).toEqual({ symbols: { kk: "pictures", ru: "words" }, phoneColumns: 4 });
    for (const phoneColumns of [1, 7, 2.5, "3", null, undefined]) {
      expect(parseBoardLook({ phoneColumns }).phoneColumns).toBeNull();
    }
    expect(parseBoardLook(undefined)).toEqual(defaultBoardLook);
    expect(parseBoardLook("big")).toEqual(defaultBoardLook);
    expect(parseBoardLook({ symbols: "pictures" }).symbols).toEqual({});
  });
});
