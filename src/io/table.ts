// Tables on a terminal. What goes in the cells is decided before this (src/io/output.ts: which columns fit, cells
// made safe and cut by terminal cells); here the cells are set in columns, with no borders, GAP cells apart, as gh
// prints its tables. Each cell is padded to its column's width in terminal cells (./width.ts, the same measure the
// cells were cut by): a layout library measured cells with a width table of its own, which disagreed with terminals
// on emoji and marks, and took longer to load and lay out 260 rows than the rows took to fetch.
import { displayWidth } from './width.js';

export { cutToWidth, displayWidth, hasClusters, loadClusterWidths } from './width.js';

/** Space between two columns, in terminal cells. */
export const GAP = 2;

export interface TableOptions {
  /** Styles a cell (bold headers, bold labels); its width is that of the text without the style. */
  style?: (text: string, row: number, column: number) => string;
  /** Spaces before the first column. */
  indent?: number;
}

/**
 * Rows of safe cells (the header, if any, is the first) as lines of text: each column as wide as its widest line in
 * terminal cells, columns GAP cells apart, no trailing spaces. A cell may hold several lines (a message body in a
 * record): they stay in its column.
 */
export function renderTable(rows: string[][], opts: TableOptions = {}): string {
  const lines = rows.map((row) => row.map((text) => text.split('\n')));
  const widths: number[] = [];
  const measured = lines.map((row) =>
    row.map((cell, j) =>
      cell.map((l) => {
        const w = displayWidth(l);
        widths[j] = Math.max(widths[j] ?? 0, w);
        return w;
      }),
    ),
  );
  const indent = ' '.repeat(opts.indent ?? 0);
  const out: string[] = [];
  lines.forEach((row, i) => {
    const height = row.reduce((h, cell) => Math.max(h, cell.length), 1);
    for (let k = 0; k < height; k++) {
      let line = indent;
      row.forEach((cell, j) => {
        const text = cell[k] ?? '';
        const styled = text && opts.style ? opts.style(text, i, j) : text;
        const pad = j === row.length - 1 ? 0 : widths[j] + GAP - (measured[i][j][k] ?? 0);
        line += styled + ' '.repeat(Math.max(0, pad));
      });
      out.push(line.replace(/ +$/, ''));
    }
  });
  return `${out.join('\n')}\n`;
}
