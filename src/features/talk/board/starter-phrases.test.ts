import { beforeAll, describe, expect, it } from "vitest";
import {
  loadAllStarterTexts,
  phraseCategories,
  starterPhrases,
  starterTextsOf,
} from "@/features/talk/board/starter-phrases";
import { speechLanguages, type SpeechLanguage } from "@/shared/speech-options";

const kebabCase = /^[a-z]+(-[a-z]+)*$/;
const textOf = (id: string, language: SpeechLanguage) => starterTextsOf(language)?.[id] ?? "";
const textsIn = (language: SpeechLanguage) =>
  starterPhrases.map((phrase) => textOf(phrase.id, language));

beforeAll(() => loadAllStarterTexts());

describe("starter phrases", () => {
  it("are 20 to 30, with unique kebab-case ids and known categories", () => {
    expect(starterPhrases.length).toBeGreaterThanOrEqual(20);
    expect(starterPhrases.length).toBeLessThanOrEqual(30);
    const ids = starterPhrases.map((phrase) => phrase.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(kebabCase);
    for (const phrase of starterPhrases) expect(phraseCategories).toContain(phrase.category);
  });

  it("come in category order, at least three in each, with Yes and No first in social", () => {
    const order = starterPhrases.map((phrase) => phraseCategories.indexOf(phrase.category));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    for (const category of phraseCategories) {
      const count = starterPhrases.filter((phrase) => phrase.category === category).length;
      expect(count, category).toBeGreaterThanOrEqual(3);
    }
    const social = starterPhrases.filter((phrase) => phrase.category === "social");
    expect(social.slice(0, 2).map((phrase) => phrase.id)).toEqual(["yes", "no"]);
  });

  it("have a short, tidy text in all six languages, each its own translation", () => {
    for (const language of speechLanguages) {
      // Each language's file has the words of every phrase, and of no other.
      const ids = Object.keys(starterTextsOf(language) ?? {});
      expect(ids.sort(), language).toEqual(starterPhrases.map((phrase) => phrase.id).sort());
    }
    for (const phrase of starterPhrases) {
      for (const language of speechLanguages) {
        const text = textOf(phrase.id, language);
        expect(text, `${phrase.id} ${language}`).toBeTruthy();
        expect(text, `${phrase.id} ${language}`).toBe(text.trim());
        expect(text, `${phrase.id} ${language}`).not.toMatch(/\s{2}|\d/);
        expect(text.length, `${phrase.id} ${language}`).toBeLessThanOrEqual(60);
        if (language !== "en") {
          expect(text, `${phrase.id} ${language}`).not.toBe(textOf(phrase.id, "en"));
        }
      }
    }
  });

  it("are written in each language's script", () => {
    for (const language of ["ru", "kk", "ky"] as const) {
      for (const text of textsIn(language)) expect(text, language).not.toMatch(/[a-z]/i);
    }
    for (const language of ["en", "az", "uz"] as const) {
      for (const text of textsIn(language)) expect(text, language).not.toMatch(/[\u0400-\u04ff]/);
    }
  });

  it("use the Kazakh and Kyrgyz letters", () => {
    const kazakh = textsIn("kk").join(" ");
    for (const letter of ["ә", "ғ", "қ", "ң", "ө", "ұ", "ү", "і"]) expect(kazakh).toContain(letter);
    const kyrgyz = textsIn("ky").join(" ");
    for (const letter of ["ң", "ө", "ү"]) expect(kyrgyz).toContain(letter);
    // The first Needs phrase in Kazakh is what the end-to-end test checks for these letters.
    const firstNeed = starterPhrases.find((phrase) => phrase.category === "needs");
    expect(textOf(firstNeed?.id ?? "", "kk")).toMatch(/[әғқңөұүһі]/i);
  });

  it("write Uzbek oʻ and gʻ with the turned comma, never an apostrophe look-alike", () => {
    const uzbek = textsIn("uz").join(" ");
    expect(uzbek).toMatch(/[og]\u02bb/i);
    expect(uzbek).not.toMatch(/['`\u2018\u2019\u02bc]/);
    expect(uzbek.match(/\u02bb/g)?.length).toBe(uzbek.match(/[og]\u02bb/gi)?.length);
  });
});
