import { describe, expect, it } from "vitest";
import { rowsByLine } from "@/features/talk/scanning/scan-rows";

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
