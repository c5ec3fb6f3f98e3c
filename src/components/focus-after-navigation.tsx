import { useEffect, useRef } from "react";
import { useRouterState } from "@tanstack/react-router";
import { focusMainContent, isFocusLost } from "@/lib/main-content";

/**
 * A link within the page (Back to Home, Get Started) goes with the page it was on, and the focus
 * would fall to the top of the document with nothing said: it goes to the new page's main
 * content, which a screen reader then reads. Mounted with the late notices (app-notices.tsx),
 * once the page is live, to keep it out of every page's first load.
 */
export function FocusAfterNavigation() {
  const path = useRouterState({ select: (state) => state.resolvedLocation?.pathname });
  const shownPath = useRef(path);
  useEffect(() => {
    if (shownPath.current === path) return;
    shownPath.current = path;
    if (isFocusLost()) focusMainContent();
  }, [path]);
  return null;
}
