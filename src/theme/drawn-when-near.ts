/**
 * For a part of a page that usually starts below the first screen: the browser styles, lays out
 * and paints it only once it comes near the screen (`content-visibility: auto`), so a page's start
 * does not pay for what nobody sees yet (issue 22). It stays in the page all along: readable by
 * screen readers, found by find-in-page, reached by Tab (focus draws it at once), and drawn at
 * once wherever it is on screen.
 *
 * `estimate` is the part's height in CSS px before it is first drawn; once drawn, the browser
 * remembers its real height (the `auto` keyword), so the scrollbar settles as the reader scrolls.
 */
export function drawnWhenNear(estimate: number) {
  return {
    contentVisibility: "auto",
    containIntrinsicSize: `auto ${estimate}px`,
  } as const;
}
