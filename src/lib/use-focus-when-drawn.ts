import { useCallback, useEffect, useState, type RefObject } from "react";

/**
 * Gives the focus back to `target` once the part has been drawn after a request: when a dialog
 * that held it closes, focusing at once would be taken back by the dialog's focus trap. Returns
 * the function that makes a request. (Kept apart from use-focus-after-change.ts, which the Talk
 * board's first load needs: only panels that load later use this.)
 */
export function useFocusWhenDrawn(target: RefObject<HTMLElement | null>) {
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    if (requests > 0) target.current?.focus();
  }, [requests, target]);
  return useCallback(() => setRequests((count) => count + 1), []);
}
