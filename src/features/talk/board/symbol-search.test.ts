import { describe, expect, it } from "vitest";
import { searchKeptSymbols, searchSymbols } from "@/features/talk/board/symbol-search";
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

// As CLDR writes Uzbek: oʻ and gʻ with ʻ in some words and ‘ in others.
const uzbek: SymbolIndex = [
  ["1F466", "o‘g‘il bola", "bola|erkak|yosh"],
  ["1F46A", "oila", "ona|ota|oʻgʻil|qiz"],
  ["1F44B", "shapaloq", "qoʻl|salom|xayr"],
  ["270B", "ko‘tarilgan qo‘l", "besh|qo‘l|toʻxta"],
  ["1FADC", "ildiz shaklidagi sabzavotlar", "o‘simlik|ildiz|lavlagi"],
  ["1F606", "kulayotgan yuz", "ko‘zlar|kulgi|qotib"],
];

const english: SymbolIndex = [
  ["1F55B", "twelve o’clock", "12|clock|o’clock|time"],
  ["1F45A", "woman’s clothes", "clothing|woman|woman’s"],
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

  it("reads every way of writing Uzbek's oʻ and gʻ as one, and keeps it inside the word", () => {
    for (const hand of ["qo'l", "qoʻl", "qo‘l", "qo’l", "qoʼl", "qo`l", "QO'L"]) {
      expect(codes(searchSymbols(uzbek, hand, "uz"))).toEqual(["1F44B", "270B"]);
    }
    for (const boy of ["o'g'il", "oʻgʻil", "o‘g‘il", "o’g’il"]) {
      expect(codes(searchSymbols(uzbek, boy, "uz"))).toEqual(["1F466", "1F46A"]);
    }
    expect(codes(searchSymbols(uzbek, "qo'l toʻxta", "uz"))).toEqual(["270B"]);
  });

  it("keeps an English word with an apostrophe whole, typed with either mark", () => {
    expect(codes(searchSymbols(english, "o'clock", "en"))).toEqual(["1F55B"]);
    expect(codes(searchSymbols(english, "clock", "en"))).toEqual(["1F55B"]);
    expect(codes(searchSymbols(english, "woman's", "en"))).toEqual(["1F45A"]);
    expect(codes(searchSymbols(english, "woman", "en"))).toEqual(["1F45A"]);
  });

  it("offline, offers only the symbols kept on the device, and says whether others need a connection", () => {
    const toilets = searchKeptSymbols(kazakh, "дәретхана", "kk", new Set(["1F6BD", "1F44B"]));
    expect(codes(toilets.found)).toEqual(["1F6BD"]);
    expect(toilets.othersNeedConnection).toBe(true);

    const hand = searchKeptSymbols(kazakh, "сәлем", "kk", new Set(["1F44B"]));
    expect(codes(hand.found)).toEqual(["1F44B"]);
    expect(hand.othersNeedConnection).toBe(false);

    const none = searchKeptSymbols(kazakh, "дәрі", "kk", new Set());
    expect(none).toEqual({ found: [], othersNeedConnection: true });
  });

  it("offline, fills the limit with kept symbols found beyond the first ones", () => {
    const kept = searchKeptSymbols(kazakh, "", "kk", new Set(["1F48A"]), 1);
    expect(codes(kept.found)).toEqual(["1F48A"]);
  });
});
