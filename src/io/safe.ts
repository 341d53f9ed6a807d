// The one place where text that came from outside (the server, files, the environment) is made safe for a
// terminal: control characters, escape sequences and bidi overrides are shown as visible escapes, never
// interpreted. Output that is not for a terminal (JSON, ndjson, `api` piped) stays the data itself.

/**
 * C0 controls, DEL, C1 controls, and the bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069),
 * plus the line and paragraph separators, which some terminals treat as newlines.
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;
const UNSAFE_KEEP_LINES = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;

function visible(ch: string): string {
  const c = ch.charCodeAt(0);
  if (c === 0x0a) return '\\n';
  if (c === 0x0d) return '\\r';
  if (c === 0x09) return '\\t';
  return c <= 0xff ? `\\x${c.toString(16).padStart(2, '0')}` : `\\u${c.toString(16).padStart(4, '0')}`;
}

/**
 * Text for a terminal: every control character shown as an escape (`\x1b`, `\u202e`), so that nothing a server or a
 * file says can move the cursor, set the clipboard, open a link or reorder what the user reads. `keepNewlines`
 * leaves `\n` alone for multi-line blocks (a message body printed as a record).
 */
export function terminalSafe(text: string, opts: { keepNewlines?: boolean } = {}): string {
  return text.replace(opts.keepNewlines ? UNSAFE_KEEP_LINES : UNSAFE, visible);
}
