// The one rule for an API key, wherever it comes from (profiles add, VOICECTL_API_KEY, a stored profile): the
// ends are trimmed (a pasted key often brings a newline), and what is left must be printable ASCII without
// whitespace. A key with a newline or a space inside is a paste gone wrong; sent as it is, it would fail every
// request as a "network error" (an HTTP header cannot carry a newline). The messages never quote the key.

export const API_KEY_RULE =
  'an API key must be printable ASCII with no spaces, tabs, newlines or other control characters';

/** The rule as the hint of a refused key says it. */
export const API_KEY_HINT = `${API_KEY_RULE[0].toUpperCase()}${API_KEY_RULE.slice(1)} (the ends are trimmed).`;

/** The key with its ends trimmed (spaces, tabs, newlines), as every source is read. */
export function trimApiKey(key: string): string {
  return key.trim();
}

/** What is wrong with a (trimmed) key, naming the character and its position but never the key; undefined if it is fine. */
export function apiKeyProblem(key: string): string | undefined {
  const i = key.search(/[^\x21-\x7e]/);
  if (i < 0) return undefined;
  const code = key.codePointAt(i)!;
  const names: Record<number, string> = { 9: 'a tab', 10: 'a newline', 13: 'a carriage return', 32: 'a space' };
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  const what =
    names[code] ??
    (code < 0x20 || (code >= 0x7f && code < 0xa0)
      ? `a control character (${hex})`
      : /\s/u.test(String.fromCodePoint(code))
        ? `a space character (${hex})`
        : `a non-ASCII character (${hex})`);
  return `it contains ${what} at character ${i + 1} of ${key.length}`;
}
