/**
 * The kiosk's idle timer as a plain state machine. The component feeds it input, media and clock
 * events and renders what it says: nothing while someone is using the tablet, a countdown dialog
 * once nobody has touched it for `idleMs`, and a privacy reset when the countdown runs out.
 *
 * Times are timestamps (ms), not counted ticks: a tablet that slept, or a page whose timers the
 * browser throttled, still resets when it wakes up, and never shows a previous patient's work for
 * another countdown.
 */

export type IdleConfig = {
  /** How long without input before the countdown starts. */
  idleMs: number;
  /** How long the countdown lasts. */
  countdownMs: number;
};

export type IdleState =
  | { phase: "off" }
  /** Someone may be using the tablet; the countdown starts `idleMs` after `lastInputAt`. */
  | { phase: "watching"; config: IdleConfig; lastInputAt: number }
  /** Audio or video is playing: listening is not idleness, so the timer is held. */
  | { phase: "held"; config: IdleConfig }
  /** "Are you still there?": the reset happens at `endsAt`. */
  | { phase: "countdown"; config: IdleConfig; endsAt: number; secondsLeft: number }
  /** The privacy reset is running; `reset-done` starts watching again. */
  | { phase: "resetting"; config: IdleConfig }
  /**
   * A privacy reset erased everything and nobody has used the tablet since: nothing of anyone's
   * is there, and there is nobody to ask "Are you still there?". The idle time starts with the
   * next person's first touch.
   */
  | { phase: "clean"; config: IdleConfig };

export type IdleEvent =
  /**
   * `lastInputAt`: someone's last use before the page was opened (a reload, a restart); `clean`:
   * the last reset before it erased everything, and nobody has used the tablet since.
   */
  | { type: "arm"; now: number; config: IdleConfig; lastInputAt?: number; clean?: boolean }
  | { type: "disarm" }
  /** A touch, click, key, wheel or text input. */
  | { type: "input"; now: number }
  /** Whether any audio or video is playing now. */
  | { type: "media"; now: number; playing: boolean }
  /** The clock moved on (the component calls this at `nextCheckAt`). */
  | { type: "tick"; now: number }
  /** The person pressed "Continue". */
  | { type: "continue"; now: number }
  /** The person said they have finished: their session is reset now. */
  | { type: "finish" }
  /** `erased`: whether the reset erased everything (one that did not is tried again later). */
  | { type: "reset-done"; now: number; erased: boolean }
  /**
   * A reset that had ended erasing everything failed, later, to erase a value a slow change wrote
   * back (features/kiosk/privacy-reset.ts): as after a reset that could not erase, it is tried again.
   */
  | { type: "erase-failed"; now: number };

export const initialIdleState: IdleState = { phase: "off" };

function secondsUntil(endsAt: number, now: number): number {
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}

/** Where the clock puts a tablet whose last input was at `lastInputAt`. */
function fromLastInput(config: IdleConfig, lastInputAt: number, now: number): IdleState {
  const countdownAt = lastInputAt + config.idleMs;
  const endsAt = countdownAt + config.countdownMs;
  if (now < countdownAt) return { phase: "watching", config, lastInputAt };
  if (now >= endsAt) return { phase: "resetting", config };
  return { phase: "countdown", config, endsAt, secondsLeft: secondsUntil(endsAt, now) };
}

export function idleReducer(state: IdleState, event: IdleEvent): IdleState {
  if (event.type === "arm") {
    if (event.clean) return { phase: "clean", config: event.config };
    // A session the page was closed in goes on where it was: a patient gone since is not waited
    // for again, and what they left is reset at once.
    const lastInputAt = Math.min(event.lastInputAt ?? event.now, event.now);
    return fromLastInput(event.config, lastInputAt, event.now);
  }
  if (event.type === "disarm") return initialIdleState;
  if (event.type === "finish") {
    return state.phase === "off" || state.phase === "resetting"
      ? state
      : { phase: "resetting", config: state.config };
  }

  switch (state.phase) {
    case "off":
    case "resetting":
      // While resetting, input is ignored: what was on screen is being erased either way.
      if (event.type !== "reset-done" || state.phase !== "resetting") return state;
      // Counted again from now, an empty tablet asked "Are you still there?" and was reset again
      // every few minutes, and the next patient met a countdown they had not caused. After a
      // reset that could not erase, the count goes on: its reset tries again.
      return event.erased
        ? { phase: "clean", config: state.config }
        : { phase: "watching", config: state.config, lastInputAt: event.now };

    case "clean":
      if (event.type === "input" || event.type === "erase-failed") {
        return { phase: "watching", config: state.config, lastInputAt: event.now };
      }
      if (event.type === "media" && event.playing) return { phase: "held", config: state.config };
      return state;

    case "watching":
      if (event.type === "input") return { ...state, lastInputAt: event.now };
      if (event.type === "media" && event.playing) return { phase: "held", config: state.config };
      if (event.type === "tick") return fromLastInput(state.config, state.lastInputAt, event.now);
      return state;

    case "held":
      // The idle time counts from the moment playback stopped.
      if (event.type === "media" && !event.playing) {
        return { phase: "watching", config: state.config, lastInputAt: event.now };
      }
      return state;

    case "countdown":
      // Only an answer cancels it (Continue, Escape or a tap beside the dialog, which the dialog
      // reports as "continue"), or playback. A bare pointerdown does not: closing the dialog
      // before its click lands would send that click to whatever lies beneath.
      if (event.type === "continue") {
        return { phase: "watching", config: state.config, lastInputAt: event.now };
      }
      if (event.type === "media" && event.playing) return { phase: "held", config: state.config };
      if (event.type === "tick") {
        if (event.now >= state.endsAt) return { phase: "resetting", config: state.config };
        const secondsLeft = secondsUntil(state.endsAt, event.now);
        return secondsLeft === state.secondsLeft ? state : { ...state, secondsLeft };
      }
      return state;
  }
}

/**
 * When the component should next send a `tick`: the end of the idle time, then each whole second
 * of the countdown. Undefined when no clock is needed (off, held, resetting, clean).
 */
export function nextCheckAt(state: IdleState): number | undefined {
  switch (state.phase) {
    case "watching":
      return state.lastInputAt + state.config.idleMs;
    case "countdown":
      // The displayed number changes when the remaining time crosses a whole second.
      return state.endsAt - Math.max(0, state.secondsLeft - 1) * 1000;
    default:
      return undefined;
  }
}

/**
 * What the countdown's live region says: nothing at first (the dialog itself is announced when it
 * opens, with the number), then "10" and "5", so a screen reader user hears the time running out
 * without being talked over every second.
 */
export function announcedSecondsLeft(secondsLeft: number): 10 | 5 | null {
  if (secondsLeft <= 5) return 5;
  if (secondsLeft <= 10) return 10;
  return null;
}
