import { describe, expect, it } from "vitest";
import { searchSymbols } from "@/features/talk/board/symbol-search";
import type { SymbolIndex } from "@/shared/symbol-index";

const kazakh: SymbolIndex = [
  ["1F44B", "қол бұлғау", "қол|сәлем"],
  ["1F6BD", "унитаз", "әжетхана|дәретхана"],
  ["1F6BB", "дәретхана", "әжетхана|ер|әйел"],
  ["1F48A", "дәрі", "дәрігер|таблетка"],
];

const russian: SymbolIndex = [
  ["1F48A", "таблетка", "врач|лекарство|таблетка"],
  ["1F976", "замёрзшее лицо", "мороз|холодно"],
];

const codes = (found: { code: string }[]) => found.map((symbol) => symbol.code);

describe("symbol search", () => {
  it("finds symbols by the beginning of any word of their name or keywords, in any case", () => {
    expect(codes(searchSymbols(kazakh, "ДӘРЕТ", "kk"))).toEqual(["1F6BB", "1F6BD"]);
    expect(codes(searchSymbols(kazakh, "сәлем", "kk"))).toEqual(["1F44B"]);
    expect(codes(searchSymbols(kazakh, "бұлға", "kk"))).toEqual(["1F44B"]);
    expect(codes(searchSymbols(russian, "Таблетка", "ru"))).toEqual(["1F48A"]);
  });

  it("needs every word typed, and puts a symbol named exactly that first", () => {
    expect(codes(searchSymbols(kazakh, "қол сәлем", "kk"))).toEqual(["1F44B"]);
    expect(codes(searchSymbols(kazakh, "қол дәрі", "kk"))).toEqual([]);
    expect(codes(searchSymbols(kazakh, "дәретхана", "kk"))).toEqual(["1F6BB", "1F6BD"]);
    expect(codes(searchSymbols(kazakh, "дәрі", "kk"))).toEqual(["1F48A"]);
  });

  it("reads ё as е, as people type it", () => {
    expect(codes(searchSymbols(russian, "замерзшее", "ru"))).toEqual(["1F976"]);
    expect(codes(searchSymbols(russian, "замёрз", "ru"))).toEqual(["1F976"]);
  });

  it("lists the first symbols for an empty query, and never more than the limit", () => {
    expect(codes(searchSymbols(kazakh, "  ", "kk", 2))).toEqual(["1F44B", "1F6BD"]);
    expect(searchSymbols(kazakh, "", "kk")).toHaveLength(4);
    expect(searchSymbols(kazakh, "zzz", "kk")).toEqual([]);
  });
});
