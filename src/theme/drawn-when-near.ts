/**
 * A part's height in CSS px before it is first drawn: one figure, or one from each of the theme's
 * breakpoints up (xs from 0, sm from 600 px, md from 900 px, lg from 1200 px).
 */
export type HeightEstimate = number | { xs: number; sm: number; md: number; lg: number };

/**
 * For a part of a page that usually starts below the first screen: the browser styles, lays out
 * and paints it only once it comes near the screen (`content-visibility: auto`), so a page's start
 * does not pay for what nobody sees yet (issue 22). It stays in the page all along: readable by
 * screen readers, found by find-in-page, reached by Tab (focus draws it at once), and drawn at
 * once wherever it is on screen.
 *
 * `estimate` is the part's height before it is first drawn; once drawn, the browser remembers its
 * real height (the `auto` keyword), so the scrollbar settles as the reader scrolls. An estimate
 * should not fall short of the real height at any width: the parts after a short estimate look
 * nearer than they are, are drawn in the first frame, and are skipped again once the real height
 * is known: the page jumps, and cards entering there start and stop (see
 * `holdEntrancesUntilDrawn`). The figures given are the part's height in the longest of the six
 * languages at 360, 600, 900 and 1280 px, rounded up.
 */
export function drawnWhenNear(estimate: HeightEstimate) {
  const size = (height: number) => `auto ${height}px`;
  return {
    contentVisibility: "auto",
    containIntrinsicSize:
      typeof estimate === "number"
        ? size(estimate)
        : {
            xs: size(estimate.xs),
            sm: size(estimate.sm),
            md: size(estimate.md),
            lg: size(estimate.lg),
          },
  } as const;
}

/**
 * The attribute a part drawn only when near carries while it has never been drawn; entrances
 * inside it (src/features/marketing/entrance-animation.ts) are off until then.
 */
export const notDrawnYetAttribute = "data-not-drawn-yet";

/**
 * Holds the entrances of every part drawn when near until the part is first drawn. An entrance
 * whose card's style the browser computes while the part is skipped (a script reading styles,
 * an assistive technology, a browser's own tooling; Playwright's waiting did it) is created and
 * left waiting for a frame that never draws it, and Chromium draws 60 frames a second on an idle
 * page for as long as it stays open. Marked at once, before anything reads its styles, a skipped
 * part has no entrance to wait with; the cards enter when the reader comes near.
 *
 * Runs from the page's loader (src/page-scripts/app-loader.ts), so it sees the first state of
 * every part, prerendered or drawn by the app later. Once drawn, a part keeps its entrances.
 */
export function holdEntrancesUntilDrawn(page: Document) {
  const drawn = new WeakSet<EventTarget>();
  page.addEventListener(
    "contentvisibilityautostatechange",
    (event) => {
      const part = event.target;
      if (!(part instanceof Element) || drawn.has(part)) return;
      if ((event as ContentVisibilityAutoStateChangeEvent).skipped) {
        part.setAttribute(notDrawnYetAttribute, "");
      } else {
        drawn.add(part);
        part.removeAttribute(notDrawnYetAttribute);
      }
    },
    true,
  );
}
