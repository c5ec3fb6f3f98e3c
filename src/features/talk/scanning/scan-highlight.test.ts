import { describe, expect, it } from "vitest";
import { lendDescription } from "@/features/talk/scanning/scan-highlight";

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
