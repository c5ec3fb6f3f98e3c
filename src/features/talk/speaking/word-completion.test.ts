import { describe, expect, it } from "vitest";
import {
  buildVocabulary,
  completeWord,
  partialWord,
  suggestWords,
} from "@/features/talk/speaking/word-completion";

describe("word completion", () => {
  const vocabulary = buildVocabulary([
    "Please call the nurse",
    "Please call my daughter",
    "Пожалуйста, позовите врача",
    "Пожалуйста, помогите",
    "Oʻzbekcha gapiring",
    "I want water",
    "I want to walk",
    "I want to walk",
  ]);

  it("finds the word being typed", () => {
    expect(partialWord("I want wa")).toBe("wa");
    expect(partialWord("I want ")).toBe("");
    expect(partialWord("Oʻz")).toBe("Oʻz");
    expect(partialWord("Hello,")).toBe("");
  });

  it("suggests the user's own words, most used first, case aside", () => {
    expect(suggestWords("I want wa", vocabulary)).toEqual(["want", "walk", "water"]);
    expect(suggestWords("пож", vocabulary)).toEqual(["Пожалуйста"]);
    expect(suggestWords("по", vocabulary)).toEqual(["Пожалуйста", "позовите", "помогите"]);
    expect(suggestWords("oʻ", vocabulary)).toEqual(["Oʻzbekcha"]);
    expect(suggestWords("Please ", vocabulary)).toEqual([]);
    // A word already typed in full needs no suggestion.
    expect(suggestWords("call", vocabulary)).toEqual([]);
    expect(suggestWords("p", vocabulary, 1)).toEqual(["Please"]);
  });

  it("completes the word being typed and adds a space", () => {
    expect(completeWord("I want wa", "water")).toBe("I want water ");
    expect(completeWord("по", "Пожалуйста")).toBe("Пожалуйста ");
  });
});
