// Widths in terminal cells, of text already made safe by terminalSafe (./safe.ts): East Asian wide characters and
// emoji count 2. Loaded only by the table and record printers (./table.ts), so other commands do not pay for it.
//
// string-width is exact, but it segments graphemes with Intl.Segmenter, which costs ~0.25 ms for a 100-character
// string on Node 20: 10,000 table rows took seconds. So text is measured a unit at a time: printable ASCII by its
// length, a lone code point by the East Asian Width table (get-east-asian-width, which string-width uses too), and
// only a cluster (a character with its combining marks, variation selector, skin tone or tags, a ZWJ sequence, a
// flag) by string-width, which is quick on a few characters.
//
// string-width itself takes longer to load than a 260-row table takes to lay out, and most tables are plain text: it
// is loaded only where text has clusters, by the printers before they measure (loadWidthsFor).
import { eastAsianWidth } from 'get-east-asian-width';

let stringWidth: ((text: string) => number) | undefined;

/** Loads string-width, which measures clusters; the printers call it first when their text has any. */
export async function loadClusterWidths(): Promise<void> {
  stringWidth ??= (await import('string-width')).default;
}

const ASCII = /^[\x20-\x7e]*$/;
/** Characters whose width depends on their neighbours, or that take no cell. */
// Alternatives, not one class: each variation selector and mark is matched on its own, on purpose.
const COMPLEX =
  /\p{M}|[\u200b-\u200f\u2060-\u2064\ufeff]|[\ufe00-\ufe0f]|[\u{1f1e6}-\u{1f1ff}\u{1f3fb}-\u{1f3ff}\u{e0000}-\u{e007f}]/u;
const JOINS = '\\p{M}\\u200c\\u200d\\ufe00-\\ufe0f\\u{1f3fb}-\\u{1f3ff}\\u{e0020}-\\u{e007f}';
/**
 * A run of printable ASCII not followed by a joiner (one cell a character), a flag (two regional indicators), a
 * character with what joins it (ZWJ and the next character, marks, selectors), or one code point.
 */
const UNIT = new RegExp(
  `[\\x20-\\x7e]+(?![${JOINS}])|[\\u{1f1e6}-\\u{1f1ff}]{2}|[^${JOINS}](?:\\u200d[^${JOINS}]|[${JOINS}])+|[\\s\\S]`,
  'gu',
);
const ASCII_RUN = /^[\x20-\x7e]+$/;

/** Widths of the clusters met so far: the same few emoji recur across rows. */
const clusters = new Map<string, number>();

function unitWidth(unit: string): number {
  if (unit.charCodeAt(0) < 0x7f && ASCII_RUN.test(unit)) return unit.length;
  const cp = unit.codePointAt(0)!;
  if (unit.length === (cp > 0xffff ? 2 : 1) && !COMPLEX.test(unit)) return eastAsianWidth(cp);
  // Not loaded (a path that did not call loadClusterWidths): the width of the cluster's first character, 2 for an
  // emoji sequence; never cached, so that the exact width is used once it is loaded.
  if (!stringWidth) return /[\u200d\ufe0f]/.test(unit) ? 2 : eastAsianWidth(cp);
  let w = clusters.get(unit);
  if (w === undefined) {
    if (clusters.size > 10_000) clusters.clear();
    clusters.set(unit, (w = stringWidth(unit)));
  }
  return w;
}

/**
 * Loads the cluster widths when the strings of `value` (a table's rows, a record) have clusters (marks, joiners,
 * selectors, flags): every printer's step before it measures.
 */
export async function loadWidthsFor(value: unknown): Promise<void> {
  if (COMPLEX.test(JSON.stringify(value))) await loadClusterWidths();
}

/** Width in terminal cells of text already made safe. */
export function displayWidth(text: string): number {
  if (ASCII.test(text)) return text.length;
  let w = 0;
  if (!COMPLEX.test(text)) {
    for (const ch of text) w += eastAsianWidth(ch.codePointAt(0)!);
    return w;
  }
  for (const unit of text.match(UNIT) ?? []) w += unitWidth(unit);
  return w;
}

/** The escapes terminalSafe writes: kept whole when text is cut. */
const ESCAPES = /(\\x[0-9a-f]{2}|\\u[0-9a-f]{4}|\\[nrt])/;
const ESCAPE_AT = /\\x[0-9a-f]{2}|\\u[0-9a-f]{4}|\\[nrt]/y;

/** Safe text as the units a cut may not split: each escape, and each character with what joins it. */
function* units(text: string): Generator<string> {
  const parts = text.split(ESCAPES);
  for (let i = 0; i < parts.length; i++) {
    if (i % 2 === 1) yield parts[i];
    else yield* parts[i].match(UNIT) ?? [];
  }
}

/**
 * Cuts safe text to at most `width` terminal cells, ending with "…" when cut. Never splits an escape (`\x1b`) or a
 * character from what joins it, so what is left is whole.
 */
export function cutToWidth(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  if (width < 1) return '';
  const room = width - 1;
  if (ASCII.test(text)) {
    // Only an escape can be split here: cut before it.
    let end = room;
    const open = text.lastIndexOf('\\', end - 1);
    if (open >= 0) {
      ESCAPE_AT.lastIndex = open;
      const m = ESCAPE_AT.exec(text);
      if (m && open + m[0].length > end) end = open;
    }
    return `${text.slice(0, end)}…`;
  }
  let used = 0;
  let out = '';
  for (const unit of units(text)) {
    const w = unitWidth(unit);
    if (used + w > room) {
      // A run of ASCII (never an escape: units() yields those alone) is cut inside.
      if (ASCII_RUN.test(unit) && !ESCAPES.test(unit)) out += unit.slice(0, room - used);
      break;
    }
    out += unit;
    used += w;
  }
  return `${out}…`;
}
