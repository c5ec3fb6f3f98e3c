import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { pressGuard, repeatPressMs } from "@/features/recognition/press-guard";

let now = 0;
beforeEach(() => {
  now = 5_000;
  vi.spyOn(performance, "now").mockImplementation(() => now);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("press guard", () => {
  it("takes the first press, not a second one within a second, and the next one after", () => {
    const taken = pressGuard();
    expect(taken()).toBe(true);
    now += 150; // A tremor's second tap.
    expect(taken()).toBe(false);
    now += repeatPressMs - 200; // Still within a second of the press taken.
    expect(taken()).toBe(false);
    now += 50;
    expect(taken()).toBe(true);
  });

  it("keeps each button's presses apart", () => {
    const play = pressGuard();
    const download = pressGuard();
    expect(play()).toBe(true);
    expect(download()).toBe(true);
  });
});
