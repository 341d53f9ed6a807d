// Widths in terminal cells, of text already made safe by terminalSafe (./safe.ts): East Asian wide characters and
// emoji count 2 (string-width). Loaded only by the table and record printers, so other commands do not pay for it.
import stringWidth from 'string-width';

/** Width in terminal cells of text already made safe. */
export function displayWidth(text: string): number {
  return stringWidth(text);
}

/** The escapes terminalSafe writes: kept whole when text is cut. */
const ESCAPES = /(\\x[0-9a-f]{2}|\\u[0-9a-f]{4}|\\[nrt])/;
let segmenter: Intl.Segmenter | undefined;

/** Safe text as the units a cut may not split: each escape, and each grapheme (an emoji with its modifiers). */
function* units(text: string): Generator<string> {
  segmenter ??= new Intl.Segmenter();
  const parts = text.split(ESCAPES);
  for (let i = 0; i < parts.length; i++) {
    if (i % 2 === 1) yield parts[i];
    else for (const g of segmenter.segment(parts[i])) yield g.segment;
  }
}

/** Pads safe text with spaces to `width` cells. */
export function padToWidth(text: string, width: number): string {
  const w = displayWidth(text);
  return w >= width ? text : text + ' '.repeat(width - w);
}

/**
 * Cuts safe text to at most `width` terminal cells, ending with "…" when cut. Never splits an escape (`\x1b`) or a
 * grapheme, so what is left is whole.
 */
export function cutToWidth(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  if (width < 1) return '';
  const room = width - 1;
  let used = 0;
  let out = '';
  for (const unit of units(text)) {
    const w = displayWidth(unit);
    if (used + w > room) break;
    out += unit;
    used += w;
  }
  return `${out}…`;
}
