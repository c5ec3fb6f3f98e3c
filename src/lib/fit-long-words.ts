import { fitText } from "@/lib/fit-text";

/**
 * The least the words are made, of their own size: smaller, they would be harder to read than a
 * word broken in two.
 */
const SMALLEST_SHARE = 0.8;

/**
 * Keeps words whole in the boxes in `root` marked `data-fit-words` (the Talk board's tiles, the
 * lessons' titles): a box whose longest word is wider than it gets its words a little smaller,
 * down to `SMALLEST_SHARE` of their size, until that word fits on a line. A word broken mid-way
 * is hard to read for anyone, and more so after a stroke: on a 360 px phone, Kazakh's "Маған
 * көмектесіңізші." (please help me) broke as "көмектесіңізш / і.", Uzbek's "Sovqotyapman." (I
 * am cold) left its full stop alone on a line, and a lesson's title read "Выразительна / я".
 * Only a word too long even then is broken, at the box's own size, as before. The boxes are
 * fitted again as what is in `root` changes (a board's phrases, its language) or its width does.
 * Returns a function that stops it.
 */
export function fitLongWords(root: HTMLElement): () => void {
  const fitAll = () => {
    const boxes = [...root.querySelectorAll<HTMLElement>("[data-fit-words]")];
    for (const box of boxes) {
      box.style.fontSize = "";
      box.style.overflowWrap = "normal";
    }
    // Read once for all of them (one layout), then fit only those a word spills out of.
    const spilling = boxes.filter((box) => box.scrollWidth > box.clientWidth);
    for (const box of spilling) {
      const own = parseFloat(getComputedStyle(box).fontSize);
      fitText(
        box,
        Math.round(own * SMALLEST_SHARE),
        Math.floor(own),
        () => box.scrollWidth <= box.clientWidth,
      );
      if (box.style.overflowWrap === "anywhere") box.style.fontSize = "";
    }
  };
  fitAll();
  // Its height changes as boxes are fitted: only a new width is a reason to fit them again. In
  // the next frame, not in the observer's call, whose changes of size the browser reports as an
  // error (a loop).
  let width = root.clientWidth;
  const resized = new ResizeObserver(() => {
    if (root.clientWidth === width) return;
    width = root.clientWidth;
    requestAnimationFrame(fitAll);
  });
  resized.observe(root);
  const changed = new MutationObserver(fitAll);
  changed.observe(root, { childList: true, subtree: true, characterData: true });
  return () => {
    resized.disconnect();
    changed.disconnect();
  };
}
