import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ignorePressesAfter, pressGuard, repeatPressMs } from "@/features/recognition/press-guard";

let now = 0;
beforeEach(() => {
  now = 5_000;
  vi.spyOn(performance, "now").mockImplementation(() => now);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
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

describe("presses after a press that takes its button away", () => {
  it("are taken by nothing for a second, wherever they land, and then as before", () => {
    vi.useFakeTimers();
    const page = new EventTarget();
    let pressed = 0;
    const press = () => page.dispatchEvent(new Event("click", { cancelable: true }));
    ignorePressesAfter(page);
    // What took Reset's place (Undo, Start recording, a link) listens to the page's presses.
    page.addEventListener("click", () => pressed++);
    expect(press()).toBe(false);
    vi.advanceTimersByTime(repeatPressMs - 1);
    expect(press()).toBe(false);
    expect(pressed).toBe(0);
    vi.advanceTimersByTime(1);
    expect(press()).toBe(true);
    expect(pressed).toBe(1);
  });
});
