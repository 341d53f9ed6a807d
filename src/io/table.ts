// Tables on a terminal, laid out by cli-table3. What goes in the cells is decided before this (src/io/output.ts:
// which columns fit, cells made safe and cut by terminal cells); here the cells are set in columns, with no borders,
// GAP cells apart, as gh prints its tables. Loaded only where a table is printed, and cli-table3 with it.
import Table from 'cli-table3';
import { tableWidth } from './cli-table3.js';
import { displayWidth } from './width.js';

export { cutToWidth, displayWidth, loadWidthsFor } from './width.js';

/** Space between two columns, in terminal cells. */
export const GAP = 2;

/** No border and no rule: the header is a row like the others. */
const CHARS = {
  top: '',
  'top-mid': '',
  'top-left': '',
  'top-right': '',
  bottom: '',
  'bottom-mid': '',
  'bottom-left': '',
  'bottom-right': '',
  left: '',
  'left-mid': '',
  mid: '',
  'mid-mid': '',
  right: '',
  'right-mid': '',
  middle: '',
};

/**
 * Rows handed to cli-table3 at a time: its layout checks each cell against every cell above it, a cost that grows
 * with the square of the rows. Column widths are given, so the blocks align.
 */
const BLOCK = 100;

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const STAND_IN = /\0([\x10-\x1f]+)\0_*/g;
const hexToControls = (n: number) =>
  n.toString(16).replace(/./g, (d) => String.fromCharCode(0x10 + Number.parseInt(d, 16)));
const controlsToHex = (s: string) =>
  Number.parseInt(
    s.replace(/./g, (c) => (c.charCodeAt(0) - 0x10).toString(16)),
    16,
  );

/**
 * cli-table3 measures text with string-width 4, which disagrees with terminals (string-width 8, ./width.ts) on
 * combining marks outside U+0300-U+036F (Devanagari, Thai, Arabic and Hebrew vowel signs), zero-width characters
 * (U+200B, U+2060) and emoji newer than Unicode 12 (🫠, 🧑‍🦰): it would pad such a cell short or long and
 * shift every column after it. A line on which the two disagree goes into the table as a stand-in that both measure
 * alike and as wide as the line is on a terminal: control characters that name the line (neither measure counts
 * them, and terminalSafe leaves none in a cell), then `_` to its width. Once laid out, each stand-in is its line again.
 */
class StandIns {
  private readonly lines: string[] = [];

  /** `line` as the table gets it; `width`: its width on a terminal (displayWidth), measured once by the caller. */
  prepare(line: string, width: number): string {
    if (PRINTABLE_ASCII.test(line) || tableWidth(line) === width) return line;
    const id = this.lines.push(line) - 1;
    return `\0${hexToControls(id)}\0${'_'.repeat(width)}`;
  }

  restore(text: string): string {
    return this.lines.length === 0 ? text : text.replace(STAND_IN, (_, id: string) => this.lines[controlsToHex(id)]);
  }
}

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
  const measured = lines.map((row) => row.map((cell) => cell.map((l) => displayWidth(l))));
  const widths: number[] = [];
  for (const row of measured)
    row.forEach((cell, j) => {
      for (const w of cell) widths[j] = Math.max(widths[j] ?? 0, w);
    });
  const standIns = new StandIns();
  const cells = lines.map((row, i) =>
    row.map((cell, j) => {
      const text = cell.map((l, k) => standIns.prepare(l, measured[i][j][k])).join('\n');
      return opts.style ? opts.style(text, i, j) : text;
    }),
  );
  let out = '';
  for (let i = 0; i < cells.length; i += BLOCK) {
    const table = new Table({
      chars: { ...CHARS, left: ' '.repeat(opts.indent ?? 0) },
      style: { head: [], border: [], 'padding-left': 0, 'padding-right': GAP },
      colWidths: widths.map((w) => w + GAP),
    });
    table.push(...cells.slice(i, i + BLOCK));
    out += `${table.toString()}\n`;
  }
  return standIns.restore(out).replace(/ +$/gm, '');
}
