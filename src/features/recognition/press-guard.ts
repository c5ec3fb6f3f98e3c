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
