import { describe, expect, it } from "vitest";
import type { Phrase } from "@/features/talk/board/board";
import { alikeUntaught, oneWordApart } from "./alike-phrases.ts";

describe("oneWordApart", () => {
  it("finds phrases that differ by one word changed, added or left out", () => {
    expect(oneWordApart("My head hurts.", "My leg hurts", "en")).toBe(true);
    expect(oneWordApart("I want tea", "I want some tea", "en")).toBe(true);
    expect(oneWordApart("I want some tea", "I want tea", "en")).toBe(true);
    expect(oneWordApart("Please wait", "Please", "en")).toBe(false);
    expect(oneWordApart("Я хочу пить.", "Я хочу кофе", "ru")).toBe(true);
    expect(oneWordApart("Good morning!", "good night", "en")).toBe(true);
  });

  it("does not count case, punctuation or a phrase against itself", () => {
    expect(oneWordApart("I am cold.", "i am COLD", "en")).toBe(false);
    // The Turkish dotted capital İ lowers to i in Azerbaijani.
    expect(oneWordApart("İstəyirəm su", "istəyirəm çay", "az")).toBe(true);
  });

  it("leaves out phrases two words apart, and phrases of one word", () => {
    expect(oneWordApart("I am cold", "You are cold", "en")).toBe(false);
    expect(oneWordApart("Call my daughter", "Call the nurse", "en")).toBe(false);
    expect(oneWordApart("Susamışam.", "Acmışam.", "az")).toBe(false);
    expect(oneWordApart("Thanks", "Thank you", "en")).toBe(false);
  });
});

describe("alikeUntaught", () => {
  const phrase = (id: string, text: string): Phrase => ({
    id,
    text,
    category: "needs",
    favourite: false,
  });
  const board = [
    phrase("thirsty", "I am thirsty."),
    phrase("hungry", "I am hungry."),
    phrase("cold", "I am cold."),
    phrase("head", "My head hurts."),
    phrase("leg", "My leg hurts."),
    phrase("nurse", "Call the nurse."),
  ];

  it("names, for each untaught phrase, the taught one it is one word from", () => {
    const alike = alikeUntaught(board, new Set(["thirsty", "head"]), "en");
    expect(Object.fromEntries([...alike].map(([id, near]) => [id, near.id]))).toEqual({
      hungry: "thirsty",
      cold: "thirsty",
      leg: "head",
    });
  });

  it("asks nothing once both of a pair are taught, or when nothing is taught", () => {
    expect(alikeUntaught(board, new Set(["head", "leg"]), "en").size).toBe(0);
    expect(alikeUntaught(board, new Set(), "en").size).toBe(0);
  });
});
