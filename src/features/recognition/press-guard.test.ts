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
  // Reset's box on the page, and the page: what takes Reset's place, and Undo, listen to it.
  const reset = { left: 100, right: 220, top: 600, bottom: 644 };
  let page: EventTarget;
  let startRecording: EventTarget;
  let undo: EventTarget;
  let pressed: string[];
  /** A tap at (x, y) on `target`, or (no point) a key or switch pressing it. */
  const press = (target: EventTarget, at?: { x: number; y: number }) => {
    const event = Object.assign(new Event("click", { cancelable: true }), {
      detail: at ? 1 : 0,
      clientX: at?.x ?? 0,
      clientY: at?.y ?? 0,
    });
    // The page hears the press first (capture), as landing on the control, then the control.
    Object.defineProperty(event, "target", { value: target });
    const taken = page.dispatchEvent(event);
    if (taken) target.dispatchEvent(new Event("click"));
    return taken;
  };

  beforeEach(() => {
    vi.useFakeTimers();
    page = new EventTarget();
    [startRecording, undo] = [new EventTarget(), new EventTarget()];
    pressed = [];
    startRecording.addEventListener("click", () => pressed.push("Start recording"));
    undo.addEventListener("click", () => pressed.push("Undo"));
    // Reset pressed: the focus went to Start recording.
    ignorePressesAfter(reset, startRecording, page);
  });

  it("are not taken for a second where the finger pressed, nor by the control the focus went to", () => {
    // A double tap: its second tap, a little off, lands on what moved up into Reset's place.
    expect(press(undo, { x: 160, y: 622 })).toBe(false);
    expect(press(undo, { x: 90, y: 655 })).toBe(false);
    // A key pressed twice, or a bouncing switch: the focus is on Start recording.
    vi.advanceTimersByTime(repeatPressMs - 1);
    expect(press(startRecording)).toBe(false);
    expect(pressed).toEqual([]);
    // A second on, they are taken again.
    vi.advanceTimersByTime(1);
    expect(press(undo, { x: 160, y: 622 })).toBe(true);
    expect(press(startRecording)).toBe(true);
    expect(pressed).toEqual(["Undo", "Start recording"]);
  });

  it("elsewhere are taken at once: Undo straight after a Reset made by mistake", () => {
    // Tapped where it is, away from where Reset was.
    expect(press(undo, { x: 160, y: 300 })).toBe(true);
    // Or reached with the keyboard (the focus moved to it) and pressed.
    expect(press(undo)).toBe(true);
    // Start recording tapped (not pressed with a key where the focus is).
    expect(press(startRecording, { x: 500, y: 200 })).toBe(true);
    expect(pressed).toEqual(["Undo", "Undo", "Start recording"]);
  });
});
