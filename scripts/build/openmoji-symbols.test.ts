import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  buildSymbolIndex,
  servedSymbolCodes,
  starterSymbolPrecache,
  symbolIndexFor,
} from "./openmoji-symbols.ts";
import { searchSymbols } from "../../src/features/talk/board/symbol-search.ts";
import { starterSymbols } from "../../src/shared/openmoji.ts";

describe("OpenMoji symbols in the build", () => {
  it("indexes the symbols OpenMoji has by CLDR's words, without skin tones or OpenMoji's extras", () => {
    const index = buildSymbolIndex(
      [
        { emoji: "👋", hexcode: "1F44B", group: "people-body", skintone: "" },
        { emoji: "👋🏽", hexcode: "1F44B-1F3FD", group: "people-body", skintone: "3" },
        { emoji: "❤️", hexcode: "2764-FE0F", group: "smileys-emotion", skintone: "" },
        { emoji: "", hexcode: "E000", group: "extras-openmoji", skintone: "" },
        { emoji: "🫨", hexcode: "1FAE8", group: "smileys-emotion", skintone: "" },
      ],
      {
        "👋": { default: ["қол", "сәлем", "қол бұлғау"], tts: ["қол бұлғау"] },
        "❤": { default: ["жүрек", "қызыл жүрек"], tts: ["қызыл жүрек"] },
      },
    );
    expect(index).toEqual([
      ["1F44B", "қол бұлғау", "қол|сәлем"],
      ["2764-FE0F", "қызыл жүрек", "жүрек"],
    ]);
  });

  it("has a Kazakh and a Russian word for the symbols the starter boards use", () => {
    const kazakh = new Map(
      symbolIndexFor("kk").map(([code, name, keywords]) => [code, `${name}|${keywords}`]),
    );
    const russian = new Map(
      symbolIndexFor("ru").map(([code, name, keywords]) => [code, `${name}|${keywords}`]),
    );
    expect(kazakh.get("1F6BD")).toContain("дәретхана");
    expect(russian.get("1F48A")).toContain("таблетка");
    expect(kazakh.size).toBeGreaterThan(1500);
  });

  it("serves every starter symbol, and precaches exactly those", () => {
    const served = new Set(servedSymbolCodes());
    for (const code of Object.values(starterSymbols)) expect(served.has(code)).toBe(true);
    const precache = starterSymbolPrecache();
    expect(precache.map((entry) => entry.url).sort()).toEqual(
      [...new Set(Object.values(starterSymbols))]
        .map((code) => `/symbols/openmoji-17/${code}.svg`)
        .sort(),
    );
    expect(precache.every((entry) => /^[0-9a-f]{16}$/.test(entry.revision))).toBe(true);
    expect(existsSync("node_modules/openmoji/color/svg/1F6BD.svg")).toBe(true);
  });

  it("finds Uzbek words typed with a plain apostrophe as CLDR's mixed marks write them", () => {
    const uzbek = symbolIndexFor("uz");
    const found = (query: string) => searchSymbols(uzbek, query, "uz").map((symbol) => symbol.code);
    const hands = found("qoʻl");
    expect(hands).toContain("1F44B");
    expect(hands).toContain("270B");
    expect(found("qo'l")).toEqual(hands);
    expect(found("qo‘l")).toEqual(hands);
    const boys = found("o‘g‘il");
    expect(boys).toContain("1F466");
    expect(boys).not.toContain("1FADC");
    expect(found("o'g'il")).toEqual(boys);
    expect(found("oʻgʻil")).toEqual(boys);
  });
});
