/**
 * Sets on `text` the largest whole font size (px), from `smallest` to `largest`, at which `fits`
 * says it fits, found by bisection. Words are kept whole while measuring, so the size is one at
 * which the longest word fits on a line; only a word too long even at `smallest` is broken
 * (anywhere), rather than spill out of its box.
 */
export function fitText(text: HTMLElement, smallest: number, largest: number, fits: () => boolean) {
  text.style.overflowWrap = "normal";
  const fitsAt = (size: number) => {
    text.style.fontSize = `${size}px`;
    return fits();
  };
  let low = smallest;
  let high = largest + 1;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (fitsAt(middle)) low = middle;
    else high = middle;
  }
  text.style.overflowWrap = fitsAt(low) ? "normal" : "anywhere";
}
