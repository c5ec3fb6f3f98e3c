import { useEffect, useState } from "react";

/**
 * A focus wanted once the part is drawn again: the first of `selectors` there and enabled. It
 * waits for the draw however long that takes (a slow clinic tablet may draw a phrase brought back
 * by Undo seconds later; a request dropped after a second left the focus on the page), and it is
 * given up at the user's next press, so it never takes the focus from where they went since. It
 * is given up too when something else took the focus meanwhile (`focused`: the element with the
 * focus, null when the page has it): switch scanning's highlight, which the focus follows, so a
 * screen reader says what the switch would press.
 */
export function focusRequests(
  find: (selector: string) => HTMLElement | null,
  focused: () => Element | null,
) {
  let wanted: readonly string[] | null = null;
  let focusedThen: Element | null = null;
  return {
    request(selectors: readonly string[]) {
      wanted = selectors;
      focusedThen = focused();
    },
    /** The part was drawn again: the focus goes where it was wanted, if that is there. */
    drawn() {
      const now = focused();
      if (now && now !== focusedThen) wanted = null;
      for (const selector of wanted ?? []) {
        const element = find(selector);
        if (element && !(element as HTMLButtonElement).disabled) {
          element.focus();
          wanted = null;
          return;
        }
      }
    },
    pressed() {
      wanted = null;
    },
  };
}

/** What the user does next: a tap, a click or a key (a switch sends keys). */
const presses = ["pointerdown", "keydown"] as const;

/**
 * Gives the keyboard's focus, once the part is drawn after a change the user made, to the first
 * of `selectors` that is there and enabled: a change that takes away or moves the button just
 * pressed (a phrase moved down, an entry deleted, brought back by Undo) would otherwise drop it on
 * the page. `drawnFrom` is what the part is drawn from: each time it changes, the request is tried
 * again, until the user's next press (`focusRequests`). Returns the function that makes a
 * request.
 */
export function useFocusAfterChange(drawnFrom: readonly unknown[]) {
  const [requests] = useState(() =>
    focusRequests(
      (selector) => document.querySelector<HTMLElement>(selector),
      () => (document.activeElement === document.body ? null : document.activeElement),
    ),
  );
  useEffect(() => {
    for (const type of presses) window.addEventListener(type, requests.pressed, true);
    return () => {
      for (const type of presses) window.removeEventListener(type, requests.pressed, true);
    };
  }, [requests]);
  // Drawn again: look again.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(requests.drawn, drawnFrom);
  return requests.request;
}
