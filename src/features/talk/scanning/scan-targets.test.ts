import { beforeAll, describe, expect, it } from "vitest";
import { cueWords } from "@/features/talk/scanning/scan-cue";
import {
  highlightGone,
  labelOf,
  undoingButton,
  type ScanTarget,
} from "@/features/talk/scanning/scan-targets";

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

describe("the button that undoes a switch's press", () => {
  // A screen as far as the lookup sees it: buttons found by their key, with their attributes.
  const screen = (buttons: Record<string, Record<string, string>>) =>
    ({
      querySelector: (selector: string) => {
        const key = /^\[data-scan-key="(.*)"\]$/.exec(selector)?.[1];
        const attributes = key === undefined ? undefined : buttons[key];
        return attributes ? { getAttribute: (name: string) => attributes[name] ?? null } : null;
      },
    }) as unknown as ParentNode;

  beforeAll(() => {
    // The page's CSS.escape, as far as these keys need it.
    globalThis.CSS ??= { escape: (value: string) => value } as typeof CSS;
  });

  it("is the one the pressed button names (Move up's Move down), unless it cannot act", () => {
    expect(undoingButton("p1:down", screen({ "p1:down": {} }))).not.toBeNull();
    // Held at the end of its group, it would do nothing: none.
    expect(undoingButton("p1:down", screen({ "p1:down": { "aria-disabled": "true" } }))).toBeNull();
    // Gone from the screen, or not named: none.
    expect(undoingButton("p1:down", screen({}))).toBeNull();
    expect(undoingButton(null, screen({ "p1:down": {} }))).toBeNull();
  });
});

describe("a highlight whose button has gone between two steps", () => {
  const item = (element: object): ScanTarget => ({
    kind: "item",
    element: element as HTMLElement,
    label: "",
    children: [],
  });
  const [water, help, cold] = [{}, {}, {}];
  const needs: ScanTarget = { kind: "row", children: [item(water), item(help), item(cold)] };

  it("is seen when a button it stands for, or any button of its row, is no longer there", () => {
    const isThereBut = (gone: object) => (element: HTMLElement) => element !== gone;
    expect(highlightGone(item(water), isThereBut(water))).toBe(true);
    expect(highlightGone(item(water), isThereBut(help))).toBe(false);
    // A row whose last button was deleted elsewhere: its place and its buttons have changed.
    expect(highlightGone(needs, isThereBut(cold))).toBe(true);
    expect(highlightGone(needs, () => true)).toBe(false);
    expect(highlightGone(undefined, () => false)).toBe(false);
  });
});
