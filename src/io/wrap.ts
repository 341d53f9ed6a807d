// Notes, hints and banners wrapped to the terminal's width, in terminal cells (./width.ts), for stderr on a terminal
// only: piped, every note stays one line, which is what scripts match. Loaded when stderr is a terminal (it brings
// string-width with it), never by a piped run.
//
// A word is never split (as go-wordwrap, which gh wraps with): it may be a path, an ID or a URL someone copies, and
// one wider than the terminal gets a line of its own. A command (from `voicectl` to the end of the line, or to its
// closing backtick) is one word too: a newline inside a command pasted into a shell would run half of it.
import { displayWidth } from './width.js';

export { loadClusterWidths } from './width.js';

/** The line's words, each with the spaces before it (a column's alignment is kept), a command kept as one word. */
function words(text: string): { gap: string; word: string }[] {
  const out: { gap: string; word: string }[] = [];
  const parts = [...text.matchAll(/( *)([^ ]+)/g)].map((m) => ({ gap: m[1], word: m[2] }));
  for (let i = 0; i < parts.length; i++) {
    const { gap, word } = parts[i];
    if (word !== 'voicectl' && word !== '`voicectl') {
      out.push(parts[i]);
      continue;
    }
    let end = parts.length;
    if (word.startsWith('`')) {
      const close = parts.findIndex((p, j) => j > i && p.word.includes('`'));
      if (close >= 0) end = close + 1;
    }
    const command = parts.slice(i, end);
    out.push({ gap, word: command.map((p, j) => (j === 0 ? p.word : p.gap + p.word)).join('') });
    i = end - 1;
  }
  return out;
}

/**
 * One line (no newline in it) in lines of at most `width` cells, broken at spaces (the spaces at a break are
 * dropped); lines after the first are indented as the first is, plus `hang` more cells.
 */
function wrapLine(line: string, width: number, hang: number): string[] {
  if (displayWidth(line) <= width) return [line];
  const indent = /^ */.exec(line)![0];
  const rest = ' '.repeat(indent.length + hang);
  const lines: string[] = [];
  let current = indent;
  let used = indent.length;
  let empty = true;
  for (const { gap, word } of words(line.slice(indent.length))) {
    const add = (empty ? '' : gap) + word;
    const w = displayWidth(add);
    if (!empty && used + w > width) {
      lines.push(current);
      current = rest + word;
      used = rest.length + displayWidth(word);
    } else {
      current += add;
      used += w;
    }
    empty = false;
  }
  lines.push(current);
  return lines;
}

/**
 * Text (safe for a terminal, newlines kept) wrapped to `width` cells, each of its lines on its own; `hang`: how much
 * deeper than its line's own indentation a continuation starts (2 under "error: " or "warning: " reads as one note).
 */
export function wrapText(text: string, width: number, hang = 2): string {
  if (width <= 0) return text;
  return text
    .split('\n')
    .flatMap((l) => wrapLine(l, width, hang))
    .join('\n');
}
