import { describe, expect, it } from "vitest";
import { lendDescription, wordsWhenFocusStays } from "@/features/talk/scanning/scan-highlight";

/** Attributes as an element keeps them: the one part of the DOM that lending touches. */
function anElement(attributes: Record<string, string> = {}) {
  const held = new Map(Object.entries(attributes));
  return {
    getAttribute: (name: string) => held.get(name) ?? null,
    setAttribute: (name: string, value: string) => void held.set(name, value),
    removeAttribute: (name: string) => void held.delete(name),
  } as unknown as Element;
}

describe("a highlighted row's first button, which takes the focus", () => {
  it("is described by the row's names while the row is highlighted, then as before", () => {
    const plain = anElement();
    const takeBack = lendDescription(plain, "row-names");
    expect(plain.getAttribute("aria-describedby")).toBe("row-names");
    takeBack();
    expect(plain.getAttribute("aria-describedby")).toBeNull();

    // A button with a description of its own keeps it, after the row's.
    const described = anElement({ "aria-describedby": "own-hint" });
    const giveBack = lendDescription(described, "row-names");
    expect(described.getAttribute("aria-describedby")).toBe("row-names own-hint");
    giveBack();
    expect(described.getAttribute("aria-describedby")).toBe("own-hint");
  });
});

describe("the scanning's live region, when a new highlight leaves the focus where it was", () => {
  it("says the words of a row entered (its first button had the focus), nothing when the focus moves", () => {
    const first = anElement();
    const second = anElement();
    // The row was highlighted: its first button had the focus. Entered, the highlight is on that
    // button alone, and a screen reader hears nothing of a focus that does not move.
    expect(wordsWhenFocusStays(first, first, "Phrase 57")).toBe("Phrase 57");
    // On to the next button: the focus moves, and the screen reader says it.
    expect(wordsWhenFocusStays(second, first, "Phrase 58")).toBe("");
    // The Back or Undo step with nothing to focus, or the focus on the page.
    expect(wordsWhenFocusStays(null, null, "Back")).toBe("");
    expect(wordsWhenFocusStays(first, null, "Phrase 57")).toBe("");
  });
});
