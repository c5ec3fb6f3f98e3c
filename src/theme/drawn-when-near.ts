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
 * is known. Cards entering there (src/features/marketing/entrance-animation.ts) are then left
 * waiting to start, and Chromium draws a frame 60 times a second until the reader scrolls to them
 * (Home on a phone did so in 7 loads of 8, with the six feature cards' section taken for 900 px
 * where it is 2,000). The figures given are the part's height in the longest of the six
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
