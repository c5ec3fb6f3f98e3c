import { describe, expect, it } from "vitest";
import { inBlocks, rowsByLine } from "@/features/talk/scanning/scan-rows";
import { move, select, startScan, type ScanShape } from "@/features/talk/scanning/scan-machine";

const box = (top: number, height = 88) => ({ top, bottom: top + height });

describe("rows of buttons", () => {
  it("puts buttons drawn side by side in one row, in document order", () => {
    // A board of three columns: two full rows and one button on the third.
    const boxes = [box(0), box(0), box(0), box(100), box(100), box(100), box(200)];
    expect(rowsByLine(boxes)).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
  });

  it("keeps buttons of different heights on one line together", () => {
    // A 56 px button beside a 48 px one centred on it, then a wrapped button below.
    expect(rowsByLine([box(0, 56), box(4, 48), box(72, 56)])).toEqual([[0, 1], [2]]);
  });

  it("starts a new row for a button that goes back up (a new group's first row)", () => {
    expect(rowsByLine([box(300), box(0), box(0)])).toEqual([[0], [1, 2]]);
  });

  it("has no rows without buttons", () => {
    expect(rowsByLine([])).toEqual([]);
  });
});

const button: ScanShape = { children: [] };
const rowOf = (buttons: number): ScanShape => ({
  children: Array.from({ length: buttons }, () => button),
});
const blockOf = (rows: ScanShape[]): ScanShape => ({ children: rows });

/**
 * Two-switch presses (Move, then Select at each level) from the top of `screen` until its last
 * button is pressed; fails if the select does not press it.
 */
function pressesToLastButton(screen: ScanShape): number {
  const path: number[] = [];
  for (let node = screen; node.children.length > 0; node = node.children.at(-1)!)
    path.push(node.children.length - 1);
  let state = startScan();
  let presses = 0;
  for (const [level, index] of path.entries()) {
    for (let step = 0; step < index; step++) {
      state = move(state, screen, { mode: "step", emptyRounds: 3 });
      presses++;
    }
    const result = select(state, screen);
    presses++;
    state = result.state;
    if (level === path.length - 1) expect(result.effect).toEqual({ kind: "press", path });
  }
  return presses;
}

describe("a long group in blocks of rows", () => {
  it("brings the last of 300 phrases (100 rows of 3) within 25 presses of two switches", () => {
    const rows = Array.from({ length: 100 }, () => rowOf(3));
    const screen = { children: [{ children: inBlocks(rows, blockOf) }] };
    // Without blocks: 99 moves to the last row, 2 to its last button, and 3 selects.
    expect(pressesToLastButton(screen)).toBeLessThanOrEqual(25);
  });

  it("leaves a group of up to 8 rows as it is, and a block of one row is that row", () => {
    const eight = Array.from({ length: 8 }, () => rowOf(3));
    expect(inBlocks(eight, blockOf)).toEqual(eight);
    // 10 rows: blocks of 4, 4 and 2 rows.
    const ten = Array.from({ length: 10 }, (_, index) => rowOf(index + 1));
    expect(inBlocks(ten, blockOf).map((block) => block.children.length)).toEqual([4, 4, 2]);
    // 13 rows: blocks of 4, 4, 4 and the last row on its own.
    const thirteen = Array.from({ length: 13 }, (_, index) => rowOf(index + 1));
    expect(inBlocks(thirteen, blockOf).at(-1)).toBe(thirteen[12]);
  });
});
