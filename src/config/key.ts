// The one rule for an API key, wherever it comes from (profiles add, VOICECTL_API_KEY, a stored profile): the
// ends are trimmed (a pasted key often brings a newline), and what is left must be printable ASCII without
// whitespace. A key with a newline or a space inside is a paste gone wrong; sent as it is, it would fail every
// request as a "network error" (an HTTP header cannot carry a newline). The messages never quote the key.

import { readFileSync } from 'node:fs';

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

/**
 * Takes `key` out of this process's arguments, where every local user can read it (`ps`, /proc/<pid>/cmdline) for
 * as long as the command runs, a prompt's wait included. Node has no call for it; on Linux, setting process.title
 * writes over the memory of the original arguments, which /proc reads, and the rest of it is zeroed (libuv's
 * uv_set_process_title): the title is the command line with the key as ***. Read back from /proc/self/cmdline to
 * know it worked. Elsewhere (macOS reads another copy) it cannot be done: false, and the caller refuses the flag.
 * True at once when the key is not in the arguments at all (voicectl run in-process).
 */
export function keyOutOfArgv(
  key: string,
  system: { platform: string; readCmdline: () => string; setTitle: (title: string) => void } = OWN_PROCESS,
): boolean {
  if (system.platform !== 'linux') return false;
  const holds = () => {
    try {
      return system.readCmdline().includes(key);
    } catch {
      return true;
    }
  };
  if (!holds()) return true;
  const words = process.argv.slice(2).map((w) => (w.includes(key) ? w.split(key).join('***') : w));
  system.setTitle(['voicectl', ...words].join(' '));
  return !holds();
}

const OWN_PROCESS = {
  platform: process.platform,
  readCmdline: () => readOwnCmdline(),
  setTitle: (title: string) => {
    process.title = title;
  },
};

function readOwnCmdline(): string {
  return readFileSync('/proc/self/cmdline', 'latin1');
}
