// The one place where text that came from outside (the server, files, the environment) is made safe for where it
// goes: a terminal (control characters, escape sequences and bidi controls shown as visible escapes, never
// interpreted; widths then measured in terminal cells by ./width.ts) or a spreadsheet (CSV cells that would run as a
// formula neutralised). Output that is not for a terminal (JSON, ndjson, `api` piped) stays the data itself.

/**
 * C0 controls (ESC among them), DEL, C1 controls (CSI, OSC as single bytes), the line and paragraph separators, which
 * some terminals treat as newlines, every Unicode format character (Cf: bidi marks, embeddings, overrides and
 * isolates, which reorder what the user reads, as in "Trojan Source"; zero-width spaces and joiners; the tag
 * characters; U+FEFF; the soft hyphen) and every other default-ignorable code point (Unicode's
 * Default_Ignorable_Code_Point, read from the property so that the list never lags: variation selectors, Hangul
 * fillers, the combining grapheme joiner, Mongolian free variation selectors), plus U+2800, the blank braille
 * pattern, which draws nothing. Each of them can carry invisible text that an agent would still read. Kept: a
 * zero-width joiner between two pictographs (👩‍👩‍👧 is one emoji), the text or emoji presentation selector
 * (U+FE0E, U+FE0F) once right after an emoji (❤️), and the tags of a subdivision flag (🏴 + tags + U+E007F).
 */
const FORMAT_KEPT =
  '(?<=\\p{Extended_Pictographic}\\uFE0F?)\\u200D(?=\\p{Extended_Pictographic})|(?<=\\p{Emoji})[\\uFE0E\\uFE0F]|\\u{1F3F4}[\\u{E0020}-\\u{E007E}]+\\u{E007F}';
const unsafe = (lines: string) =>
  new RegExp(
    `(${FORMAT_KEPT})|[${lines}\\u007f-\\u009f\\u2028\\u2029\\u2800\\p{Cf}\\p{Default_Ignorable_Code_Point}]`,
    'gu',
  );
const UNSAFE = unsafe('\\u0000-\\u001f');
const UNSAFE_KEEP_LINES = unsafe('\\u0000-\\u0009\\u000b-\\u001f');
/** The same characters, minus those JSON.stringify already escapes (C0): what is left raw inside JSON strings. */
const UNSAFE_IN_JSON = unsafe('');

function visible(ch: string, kept?: string): string {
  if (kept) return kept;
  const c = ch.codePointAt(0)!;
  if (c === 0x0a) return '\\n';
  if (c === 0x0d) return '\\r';
  if (c === 0x09) return '\\t';
  if (c > 0xffff) return `\\u{${c.toString(16)}}`;
  return c <= 0xff ? `\\x${c.toString(16).padStart(2, '0')}` : `\\u${c.toString(16).padStart(4, '0')}`;
}

/**
 * Text for a terminal: every control character shown as an escape (`\x1b`, `\u202e`), so that nothing a server or a
 * file says can move the cursor, set the clipboard (OSC 52), open a link (OSC 8), overwrite a line (`\r`) or
 * reorder what the user reads. `keepNewlines` leaves `\n` alone for multi-line blocks.
 */
export function terminalSafe(text: string, opts: { keepNewlines?: boolean } = {}): string {
  return text.replace(opts.keepNewlines ? UNSAFE_KEEP_LINES : UNSAFE, visible);
}

/**
 * JSON text for a terminal: JSON.stringify escapes C0 controls but leaves DEL, C1, bidi and other format characters
 * raw inside strings. Written as `\u009b`, `\u202e`, the JSON still parses to the very same value.
 */
export function jsonForTerminal(json: string): string {
  return json.replace(UNSAFE_IN_JSON, (ch: string, kept?: string) => kept ?? jsonEscape(ch));
}

/** Each UTF-16 unit as \uXXXX: an astral character becomes its surrogate pair, which JSON reads back the same. */
const jsonEscape = (ch: string): string =>
  ch.length === 1
    ? `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`
    : `${jsonEscape(ch[0])}${jsonEscape(ch.slice(1))}`;

/** Characters that make a spreadsheet read a cell as a formula (OWASP, "CSV Injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A number or a phone number (+393331234567, -1.5, +1 (555) 010-0000): nothing in it can run. */
const NUMBER_LIKE = /^[+-]?\d[\d ().-]*$/;

/**
 * A CSV cell that no spreadsheet will run: a cell starting with =, +, -, @, a tab or a carriage return gets a leading
 * apostrophe (OWASP's advice), unless it is plainly a number or a phone number, which stay readable. `--csv-raw`
 * skips this for machine consumers.
 */
export function csvFormulaSafe(cell: string): string {
  return FORMULA_START.test(cell) && !NUMBER_LIKE.test(cell) ? `'${cell}` : cell;
}
