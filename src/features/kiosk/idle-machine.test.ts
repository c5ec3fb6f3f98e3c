import { describe, expect, it } from "vitest";
import {
  announcedSecondsLeft,
  idleReducer,
  initialIdleState,
  nextCheckAt,
  type IdleEvent,
  type IdleState,
} from "@/features/kiosk/idle-machine";

const config = { idleMs: 120_000, countdownMs: 15_000 };
const start = 1_700_000_000_000;

function run(events: IdleEvent[], from: IdleState = initialIdleState): IdleState {
  return events.reduce(idleReducer, from);
}

const armed = run([{ type: "arm", now: start, config }]);

describe("kiosk idle machine", () => {
  it("does nothing until armed", () => {
    expect(run([{ type: "tick", now: start + 10 * 60_000 }])).toEqual({ phase: "off" });
    expect(nextCheckAt(initialIdleState)).toBeUndefined();
  });

  it("watches from the moment it is armed and wakes at the end of the idle time", () => {
    expect(armed).toEqual({ phase: "watching", config, lastInputAt: start });
    expect(nextCheckAt(armed)).toBe(start + 120_000);
    expect(idleReducer(armed, { type: "tick", now: start + 119_999 })).toEqual(armed);
  });

  it("armed again after a reload or a restart, goes on from the last use before it", () => {
    const arm = (lastInputAt: number) => run([{ type: "arm", now: start, config, lastInputAt }]);
    // Used a minute ago: the idle time left is what was left.
    expect(arm(start - 60_000)).toEqual({ phase: "watching", config, lastInputAt: start - 60_000 });
    // In the countdown: it goes on, with the seconds it had.
    expect(arm(start - 125_000)).toEqual({
      phase: "countdown",
      config,
      endsAt: start + 10_000,
      secondsLeft: 10,
    });
    // Gone for longer than the idle time and the countdown: what they left is reset at once.
    expect(arm(start - 135_000)).toEqual({ phase: "resetting", config });
    // A last use "after" now (the clock was set back) counts from now.
    expect(arm(start + 60_000)).toEqual(armed);
  });

  it("starts the countdown after the idle time, with 15 seconds to go", () => {
    const state = idleReducer(armed, { type: "tick", now: start + 120_000 });
    expect(state).toEqual({ phase: "countdown", config, endsAt: start + 135_000, secondsLeft: 15 });
  });

  it("restarts the idle time on any input", () => {
    const state = run(
      [
        { type: "input", now: start + 100_000 },
        { type: "tick", now: start + 120_000 },
      ],
      armed,
    );
    expect(state).toEqual({ phase: "watching", config, lastInputAt: start + 100_000 });
    expect(nextCheckAt(state)).toBe(start + 220_000);
  });

  it("counts down one whole second at a time", () => {
    let state = idleReducer(armed, { type: "tick", now: start + 120_000 });
    const shown: number[] = [];
    while (state.phase === "countdown") {
      shown.push(state.secondsLeft);
      state = idleReducer(state, { type: "tick", now: nextCheckAt(state)! });
    }
    expect(shown).toEqual([15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(state.phase).toBe("resetting");
  });

  it("keeps the same state for a tick within the same second", () => {
    const countdown = idleReducer(armed, { type: "tick", now: start + 120_000 });
    expect(idleReducer(countdown, { type: "tick", now: start + 120_400 })).toBe(countdown);
  });

  it("cancels the countdown on Continue, and only on an answer", () => {
    const countdown = idleReducer(armed, { type: "tick", now: start + 120_000 });
    expect(idleReducer(countdown, { type: "continue", now: start + 126_000 })).toEqual({
      phase: "watching",
      config,
      lastInputAt: start + 126_000,
    });
    // The pointerdown of the tap on Continue comes first; the dialog stays until the click.
    expect(idleReducer(countdown, { type: "input", now: start + 126_000 })).toBe(countdown);
  });

  it("asks for the privacy reset when the countdown runs out, then leaves the tablet clean", () => {
    const resetting = run(
      [
        { type: "tick", now: start + 120_000 },
        { type: "tick", now: start + 135_000 },
      ],
      armed,
    );
    expect(resetting).toEqual({ phase: "resetting", config });
    expect(nextCheckAt(resetting)).toBeUndefined();
    // Input while the reset runs does not stop it: the screen is being cleared either way.
    expect(idleReducer(resetting, { type: "input", now: start + 135_100 })).toBe(resetting);
    expect(idleReducer(resetting, { type: "continue", now: start + 135_100 })).toBe(resetting);
    const clean = idleReducer(resetting, {
      type: "reset-done",
      now: start + 136_000,
      erased: true,
    });
    expect(clean).toEqual({ phase: "clean", config });
  });

  it("leaves a tablet clean after a reset with no countdown until someone uses it", () => {
    const clean = run([{ type: "reset-done", now: start, erased: true }], {
      phase: "resetting",
      config,
    });
    // Nobody there: no "Are you still there?" an hour later, nor a reset again.
    expect(nextCheckAt(clean)).toBeUndefined();
    expect(idleReducer(clean, { type: "tick", now: start + 60 * 60_000 })).toEqual(clean);
    // The next person's first touch starts their idle time.
    const used = idleReducer(clean, { type: "input", now: start + 60 * 60_000 });
    expect(used).toEqual({ phase: "watching", config, lastInputAt: start + 60 * 60_000 });
    expect(nextCheckAt(used)).toBe(start + 60 * 60_000 + 120_000);
    // Or something they play.
    expect(idleReducer(clean, { type: "media", now: start, playing: true })).toEqual({
      phase: "held",
      config,
    });
  });

  it("counts again after a reset that could not erase everything, so that it is tried again", () => {
    const notErased = run([{ type: "reset-done", now: start, erased: false }], {
      phase: "resetting",
      config,
    });
    expect(notErased).toEqual({ phase: "watching", config, lastInputAt: start });
    expect(nextCheckAt(notErased)).toBe(start + 120_000);
  });

  it("counts again when a reset that had erased everything fails later to erase a value written back", () => {
    const clean = run([{ type: "reset-done", now: start, erased: true }], {
      phase: "resetting",
      config,
    });
    const notErased = idleReducer(clean, { type: "erase-failed", now: start + 20_000 });
    expect(notErased).toEqual({ phase: "watching", config, lastInputAt: start + 20_000 });
    expect(nextCheckAt(notErased)).toBe(start + 140_000);
    // Someone using the tablet meanwhile is not interrupted: their own reset comes.
    expect(idleReducer(armed, { type: "erase-failed", now: start + 20_000 })).toBe(armed);
  });

  it("resets at once, with no countdown, when the tablet wakes after the whole time has passed", () => {
    expect(idleReducer(armed, { type: "tick", now: start + 60 * 60_000 })).toEqual({
      phase: "resetting",
      config,
    });
    // Woken in the middle of where the countdown would be: only the time left is shown.
    expect(idleReducer(armed, { type: "tick", now: start + 130_500 })).toEqual({
      phase: "countdown",
      config,
      endsAt: start + 135_000,
      secondsLeft: 5,
    });
  });

  it("holds the timer while audio or video plays, and counts from when it stops", () => {
    const held = idleReducer(armed, { type: "media", now: start + 60_000, playing: true });
    expect(held).toEqual({ phase: "held", config });
    expect(nextCheckAt(held)).toBeUndefined();
    expect(idleReducer(held, { type: "tick", now: start + 10 * 60_000 })).toBe(held);
    const after = idleReducer(held, { type: "media", now: start + 300_000, playing: false });
    expect(after).toEqual({ phase: "watching", config, lastInputAt: start + 300_000 });

    const countdown = idleReducer(armed, { type: "tick", now: start + 120_000 });
    expect(idleReducer(countdown, { type: "media", now: start + 121_000, playing: true })).toEqual(
      held,
    );
  });

  it("resets at once when the person says they have finished, whether watching, held or counting down", () => {
    const counting = run([{ type: "tick", now: start + 120_000 }], armed);
    const held = run([{ type: "media", now: start + 1000, playing: true }], armed);
    for (const state of [armed, counting, held]) {
      expect(idleReducer(state, { type: "finish" })).toEqual({ phase: "resetting", config });
    }
    // Once erased, the tablet is clean until the next person: no countdown for an empty tablet.
    const done = run(
      [{ type: "finish" }, { type: "reset-done", now: start + 5000, erased: true }],
      armed,
    );
    expect(done).toEqual({ phase: "clean", config });
    // Nothing to finish while kiosk mode is off, or during a reset.
    expect(idleReducer(initialIdleState, { type: "finish" })).toEqual(initialIdleState);
    const resetting = idleReducer(armed, { type: "finish" });
    expect(idleReducer(resetting, { type: "finish" })).toBe(resetting);
  });

  it("stops when disarmed (kiosk mode ended)", () => {
    const countdown = idleReducer(armed, { type: "tick", now: start + 120_000 });
    expect(idleReducer(countdown, { type: "disarm" })).toEqual({ phase: "off" });
  });

  it("announces the countdown at 10 and 5 seconds, not every second", () => {
    expect([15, 14, 11].map(announcedSecondsLeft)).toEqual([null, null, null]);
    expect([10, 9, 6].map(announcedSecondsLeft)).toEqual([10, 10, 10]);
    expect([5, 3, 1].map(announcedSecondsLeft)).toEqual([5, 5, 5]);
  });
});
