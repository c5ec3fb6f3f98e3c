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
  // Where the pressed element is in the window: kept up to date as the user scrolls, so only a
  // change of the page's layout moves the page back.
  let pressedTop = 0;
  const remember = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    const below =
      target !== null &&
      !area.contains(target) &&
      (area.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
    pressed = below ? target : null;
    if (pressed) pressedTop = pressed.getBoundingClientRect().top;
  };
  const scrolled = () => {
    if (pressed) pressedTop = pressed.getBoundingClientRect().top;
  };
  // After the layout and before the paint: the page is moved back before anyone sees it move.
  const observer = new ResizeObserver(() => {
    if (!pressed?.isConnected) return;
    const moved = pressed.getBoundingClientRect().top - pressedTop;
    if (Math.abs(moved) >= 1) window.scrollBy({ top: moved, behavior: "instant" });
    pressedTop = pressed.getBoundingClientRect().top;
  });
  document.addEventListener("pointerdown", remember, true);
  document.addEventListener("keydown", remember, true);
  window.addEventListener("scroll", scrolled, { passive: true });
  observer.observe(area);
  return () => {
    document.removeEventListener("pointerdown", remember, true);
    document.removeEventListener("keydown", remember, true);
    window.removeEventListener("scroll", scrolled);
    observer.disconnect();
  };
}
