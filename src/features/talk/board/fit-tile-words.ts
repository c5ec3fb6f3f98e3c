import { fitText } from "@/lib/fit-text";

/**
 * The least a tile's words are made, of their own size: smaller, they would be harder to read
 * than a word broken in two.
 */
const SMALLEST_SHARE = 0.8;

/**
 * Keeps the words of the phrase tiles in `board` whole: a tile whose longest word is wider than
 * it gets its words a little smaller, down to `SMALLEST_SHARE` of their size, until that word
 * fits on a line. A word broken mid-way is hard to read for anyone, and more so after a stroke:
 * on a 360 px phone, Kazakh's "Маған көмектесіңізші." (please help me) broke as
 * "көмектесіңізш / і.", and Uzbek's "Sovqotyapman." (I am cold) left its full stop alone on a
 * line. Only a word too long even then is broken, as before. Tiles are fitted again as the board
 * changes (its phrases, its language) or its width does. Returns a function that stops it.
 */
export function fitTileWords(board: HTMLElement): () => void {
  const fitAll = () => {
    const tiles = [...board.querySelectorAll<HTMLElement>("[data-phrase-control$=':say']")];
    for (const tile of tiles) {
      tile.style.fontSize = "";
      tile.style.overflowWrap = "normal";
    }
    // Read once for all of them (one layout), then fit only those a word spills out of.
    const spilling = tiles.filter((tile) => tile.scrollWidth > tile.clientWidth);
    for (const tile of spilling) {
      const own = parseFloat(getComputedStyle(tile).fontSize);
      fitText(
        tile,
        Math.round(own * SMALLEST_SHARE),
        Math.floor(own),
        () => tile.scrollWidth <= tile.clientWidth,
      );
      // A word too long even then is broken anyway: at the tile's own size.
      if (tile.style.overflowWrap === "anywhere") tile.style.fontSize = "";
    }
  };
  fitAll();
  // Its height changes as tiles are fitted: only a new width is a reason to fit them again. In
  // the next frame, not in the observer's call, whose changes of size the browser reports as
  // an error (a loop).
  let width = board.clientWidth;
  const resized = new ResizeObserver(() => {
    if (board.clientWidth === width) return;
    width = board.clientWidth;
    requestAnimationFrame(fitAll);
  });
  resized.observe(board);
  const changed = new MutationObserver(fitAll);
  changed.observe(board, { childList: true, subtree: true, characterData: true });
  return () => {
    resized.disconnect();
    changed.disconnect();
  };
}
