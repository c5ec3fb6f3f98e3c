import { useEffect, type RefObject } from "react";

/** The page's main landmark (routes/__root.tsx), where "Skip to content" leads. */
export const mainContentId = "main-content";

export function focusMainContent() {
  document.getElementById(mainContentId)?.focus();
}

/**
 * For a dialog: once it has closed, focus goes back to the control that opened it. When that
 * control has gone too (the kiosk exit button, once kiosk mode is off) or there never was one (a
 * dialog that opened by itself), focus would fall to <body> and a keyboard user would start again
 * from the top of the page; it goes to the main content instead. The same holds for a notice
 * whose Close button had the focus; a notice within the page may name the control to go on from
 * (`nearby`), such as the button that tries again.
 */
export function useFocusMainContentWhenLost(nearby?: RefObject<HTMLElement | null>) {
  useEffect(
    () => () => {
      // After the dialog's own focus restoring, which runs as it unmounts.
      window.setTimeout(() => {
        if (!isFocusLost()) return;
        nearby?.current?.focus();
        // A disabled control takes no focus.
        if (isFocusLost()) focusMainContent();
      });
    },
    [nearby],
  );
}

export function isFocusLost() {
  return !document.activeElement || document.activeElement === document.body;
}
