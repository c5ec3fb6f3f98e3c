import { describe, expect, it } from "vitest";
import { cueWords } from "@/features/talk/scanning/scan-cue";
import { labelOf, type ScanTarget } from "@/features/talk/scanning/scan-targets";

// Only the names matter here: the tests run without a page.
const button = (label: string): ScanTarget => ({
  kind: "item",
  element: {} as HTMLElement,
  label,
  children: [],
});
const row = (...labels: string[]): ScanTarget => ({ kind: "row", children: labels.map(button) });

describe("what the spoken cue says of a highlight", () => {
  it("names every button of a highlighted row, not only the first", () => {
    const needs = row("I need water.", "I need help.", "I am in pain.");
    expect(cueWords(labelOf(needs))).toBe("I need water., I need help., I am in pain.");
  });

  it("names a block of rows by its buttons, in order", () => {
    const block: ScanTarget = { kind: "block", children: [row("Yes", "No"), row("Thank you")] };
    expect(cueWords(labelOf(block))).toBe("Yes, No, Thank you");
  });

  it("says as many whole names as fit in a long row, never half a word", () => {
    const long = row(
      "Please call my daughter and tell her I am fine",
      "Could you open the window a little, please",
      "I would like to sit up",
    );
    expect(cueWords(labelOf(long))).toBe("Please call my daughter and tell her I am fine");
    // One long phrase is cut after a whole word.
    const said = cueWords(labelOf(button("words ".repeat(30))));
    expect(said.length).toBeLessThanOrEqual(80);
    expect(said).toMatch(/^(words )*words$/);
  });
});
