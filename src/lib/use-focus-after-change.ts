import { useCallback, useEffect, useRef, useState, type RefObject } from "react";

/**
 * Gives the keyboard's focus, once the part is drawn after a change the user made, to the first
 * of `selectors` that is there and enabled: a change that takes away or moves the button just
 * pressed (a phrase moved down, an entry deleted, brought back by Undo) would otherwise drop it on
 * the page. `drawnFrom` is what the part is drawn from: each time it changes, the request is tried
 * again. A request that finds nothing within a second is dropped, so it cannot take the focus
 * later. Returns the function that makes a request.
 */
export function useFocusAfterChange(drawnFrom: readonly unknown[]) {
  const request = useRef<{ selectors: readonly string[]; at: number } | null>(null);
  useEffect(() => {
    const wanted = request.current;
    if (!wanted) return;
    if (Date.now() - wanted.at > 1000) {
      request.current = null;
      return;
    }
    for (const selector of wanted.selectors) {
      const element = document.querySelector<HTMLButtonElement>(selector);
      if (element && !element.disabled) {
        element.focus();
        request.current = null;
        return;
      }
    }
    // Drawn again: look again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, drawnFrom);
  return (selectors: readonly string[]) => {
    request.current = { selectors, at: Date.now() };
  };
}

/**
 * Gives the focus back to `target` once the part has been drawn after a request: when a dialog
 * that held it closes, focusing at once would be taken back by the dialog's focus trap. Returns
 * the function that makes a request.
 */
export function useFocusWhenDrawn(target: RefObject<HTMLElement | null>) {
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    if (requests > 0) target.current?.focus();
  }, [requests, target]);
  return useCallback(() => setRequests((count) => count + 1), []);
}
