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

/** How far from a button a tremor's second tap may land, in CSS pixels: half a control's size. */
export const slipPx = 22;

/**
 * After a press that takes its button away, the second press of a double tap or of a bouncing
 * switch, in the next second, was meant for it too: what comes in its place does not take it. That
 * is what now lies where the button was (`place`, its box before the press took it away), for a
 * tap, and for a key or a switch the control the focus went to (`focused`). Reset: the panels go,
 * what was below them moves up under the finger, and the focus goes to Start recording. Any other
 * press is taken at once: Undo, pressed straight after a Reset made by mistake, brings the text
 * back.
 */
export function ignorePressesAfter(
  place: Pick<DOMRectReadOnly, "left" | "right" | "top" | "bottom">,
  focused: EventTarget | null,
  page: EventTarget = document,
) {
  const ignore = (event: Event) => {
    // A key or a switch presses the focused control and says no click count (`detail` 0).
    const { detail, clientX: x, clientY: y } = event as MouseEvent;
    const atPlace =
      detail > 0 &&
      x > place.left - slipPx &&
      x < place.right + slipPx &&
      y > place.top - slipPx &&
      y < place.bottom + slipPx;
    if (atPlace || (detail === 0 && event.target === focused)) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  };
  const capture = { capture: true };
  page.addEventListener("click", ignore, capture);
  setTimeout(() => page.removeEventListener("click", ignore, capture), repeatPressMs);
}
