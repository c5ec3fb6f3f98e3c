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
