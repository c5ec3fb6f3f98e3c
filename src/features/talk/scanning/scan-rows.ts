/** A button's place on the screen, as far as rows are concerned. */
export type LineBox = { top: number; bottom: number };

/**
 * The rows that buttons (in document order) make on the screen: a button joins the row before it
 * when it sits beside it, that is when it starts above the middle of that row's shortest button;
 * otherwise it starts a new row. Rows come from where the buttons are drawn, so a board of any
 * number of columns, and buttons added later, fall into rows by themselves.
 */
export function rowsByLine(boxes: readonly LineBox[]): number[][] {
  const rows: number[][] = [];
  let rowTop = 0;
  let rowMiddle = -Infinity;
  boxes.forEach((box, index) => {
    const current = rows.at(-1);
    if (current && box.top < rowMiddle && box.bottom > rowTop) {
      current.push(index);
      rowMiddle = Math.min(rowMiddle, (box.top + box.bottom) / 2);
    } else {
      rows.push([index]);
      rowTop = box.top;
      rowMiddle = (box.top + box.bottom) / 2;
    }
  });
  return rows;
}

/** A group with more rows than this is scanned in blocks of rows (`inBlocks`). */
export const mostRowsInOneRound = 8;

/**
 * A long group's rows in blocks, so the last of them is not a long wait away: the highlight goes
 * from block to block, then through the rows of the block chosen. Blocks of about the square
 * root of the rows' count make both rounds short: a group of 300 phrases in 3 columns (100 rows)
 * has its last row 20 steps away instead of 100. A group of up to `mostRowsInOneRound` rows stays
 * as it is, and a block of one row is that row.
 */
export function inBlocks<Row>(rows: readonly Row[], blockOf: (rows: Row[]) => Row): Row[] {
  if (rows.length <= mostRowsInOneRound) return [...rows];
  const size = Math.ceil(Math.sqrt(rows.length));
  const blocks: Row[] = [];
  for (let start = 0; start < rows.length; start += size) {
    const block = rows.slice(start, start + size);
    blocks.push(block.length === 1 ? block[0]! : blockOf(block));
  }
  return blocks;
}
