import { describe, expect, it } from "vitest";
import {
  biasPhrasesFor,
  boardBoost,
  maxBiasPhrases,
  usedBoost,
} from "@/features/recognition/bias-phrases";
import type { SavedTalkPhrases } from "@/lib/saved-talk-phrases";

const saved: SavedTalkPhrases = {
  boards: {
    ru: [
      { text: "Я хочу пить", favourite: false },
      { text: "Позовите медсестру", favourite: true },
      { text: "Мне больно", favourite: false },
    ],
    en: [{ text: "I am thirsty", favourite: true }],
  },
  history: [
    { text: "Где мои очки?", language: "ru", saidAt: 300 },
    { text: "Hello", language: "en", saidAt: 200 },
    { text: "мне больно", language: "ru", saidAt: 100 },
  ],
};

describe("biasPhrasesFor", () => {
  it("puts what was said first, newest first, then favourites, then the rest of the board", () => {
    expect(biasPhrasesFor(saved, "ru")).toEqual([
      { phrase: "Где мои очки?", boost: usedBoost },
      { phrase: "мне больно", boost: usedBoost },
      { phrase: "Позовите медсестру", boost: usedBoost },
      { phrase: "Я хочу пить", boost: boardBoost },
    ]);
  });

  it("takes only the chosen language's words", () => {
    expect(biasPhrasesFor(saved, "en").map((p) => p.phrase)).toEqual(["Hello", "I am thirsty"]);
    expect(biasPhrasesFor(saved, "kk")).toEqual([]);
  });

  it("keeps within the limit, dropping the least used", () => {
    const many: SavedTalkPhrases = {
      boards: {
        uz: Array.from({ length: maxBiasPhrases + 20 }, (_, i) => ({
          text: `ibora ${i}`,
          favourite: false,
        })),
      },
      history: [{ text: "Salom", language: "uz", saidAt: 1 }],
    };
    const phrases = biasPhrasesFor(many, "uz");
    expect(phrases).toHaveLength(maxBiasPhrases);
    expect(phrases[0]?.phrase).toBe("Salom");
    expect(phrases.at(-1)?.phrase).toBe(`ibora ${maxBiasPhrases - 2}`);
    expect(biasPhrasesFor(many, "uz", 2).map((p) => p.phrase)).toEqual(["Salom", "ibora 0"]);
  });

  it("tidies spaces and leaves out blanks", () => {
    const messy: SavedTalkPhrases = {
      boards: {
        kk: [
          { text: "  Су   беріңіз ", favourite: false },
          { text: " ", favourite: true },
        ],
      },
      history: [],
    };
    expect(biasPhrasesFor(messy, "kk")).toEqual([{ phrase: "Су беріңіз", boost: boardBoost }]);
  });
});
