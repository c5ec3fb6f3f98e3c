import { useEffect } from "react";

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
 * whose Close button had the focus.
 */
export function useFocusMainContentWhenLost() {
  useEffect(
    () => () => {
      // After the dialog's own focus restoring, which runs as it unmounts.
      window.setTimeout(() => {
        const active = document.activeElement;
        if (!active || active === document.body) focusMainContent();
      });
    },
    [],
  );
}
