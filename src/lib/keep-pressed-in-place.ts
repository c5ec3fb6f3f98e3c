/**
 * Keeps what the user last pressed below `area` where it is on the screen while `area` grows or
 * shrinks: Talk's "Said last" panel appears above the board with the first phrase said, and
 * changes height with each text. Without this the board jumped 200–300 px down under the finger,
 * and the next tap of a shaking hand said another phrase. Browsers keep the content in view in
 * place themselves only when the page is scrolled (scroll anchoring, and not in every browser);
 * at the top of the page, where Talk opens, nothing did. Returns what stops it.
 */
export function keepPressedInPlace(area: HTMLElement): () => void {
  let pressed: Element | null = null;
  // Where the pressed element is in the window, followed as the page scrolls (the user's own
  // scrolling, or the browser's scroll anchoring making up for the change itself): only a move
  // that nothing made up for moves the page back. Measured on the page instead, a phrase far
  // down the board that Chrome had already kept in place was moved again, 325 px up on a phone.
  let pressedTop = 0;
  const top = (element: Element) => element.getBoundingClientRect().top;
  const remember = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    const below =
      target !== null &&
      !area.contains(target) &&
      (area.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
    pressed = below ? target : null;
    if (pressed) pressedTop = top(pressed);
  };
  const scrolled = () => {
    if (pressed?.isConnected) pressedTop = top(pressed);
  };
  const moveBack = () => {
    if (!pressed?.isConnected) return;
    const moved = top(pressed) - pressedTop;
    if (Math.abs(moved) >= 1) window.scrollBy({ top: moved, behavior: "instant" });
    pressedTop = top(pressed);
  };
  // At once after the change to the area's content, in the same task: before the next tap is
  // handled. A resize observer alone waits for the next frame, and on a slow phone a tap came in
  // between and landed where the board had moved to.
  const changes = new MutationObserver(moveBack);
  // What changes the area's size without a change to its content (a font or an image arriving):
  // after the layout and before the paint.
  const sizes = new ResizeObserver(moveBack);
  document.addEventListener("pointerdown", remember, true);
  document.addEventListener("keydown", remember, true);
  window.addEventListener("scroll", scrolled, { passive: true });
  changes.observe(area, { childList: true, subtree: true, characterData: true, attributes: true });
  sizes.observe(area);
  return () => {
    document.removeEventListener("pointerdown", remember, true);
    document.removeEventListener("keydown", remember, true);
    window.removeEventListener("scroll", scrolled);
    changes.disconnect();
    sizes.disconnect();
  };
}
