/**
 * A press of a button this soon after the last one it took is a tremor's second tap, a double
 * tap or a bouncing switch: taken, it would undo the first (Play, then Pause at once) or save the
 * same file twice.
 */
export const repeatPressMs = 1000;

/** For one button: whether a press now is taken, which it is unless one was just taken. */
export function pressGuard(): () => boolean {
  let takenAt = -Infinity;
  return () => {
    const now = performance.now();
    if (now - takenAt < repeatPressMs) return false;
    takenAt = now;
    return true;
  };
}

/**
 * After a press that takes its button away, the presses of the next second were meant for it
 * too (a double tap, a bouncing switch): what comes under the finger or the focus in its place
 * does not take them. Reset: the panels go, what was below them moves up under the finger, and
 * the focus goes to Start recording.
 */
export function ignorePressesAfter(page: EventTarget = document) {
  const ignore = (event: Event) => {
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  const capture = { capture: true };
  page.addEventListener("click", ignore, capture);
  setTimeout(() => page.removeEventListener("click", ignore, capture), repeatPressMs);
}
