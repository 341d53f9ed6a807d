// Command lines as the user's shell reads them back, for the commands printed in hints and errors
// (src/platform/shell.ts says which shell that is).
import { quoteFor, type Shell } from '../platform/shell.js';

/**
 * A word as a POSIX shell reads it back: bare when it is safe, else in single quotes (which PowerShell reads alike
 * unless the word holds a quote).
 */
export function shellWord(s: string): string {
  return quoteFor('posix', s);
}

/** The commands printed in hints and errors, as the user would paste them. */
export interface CommandLine {
  /**
   * `voicectl` with the global flags that chose the service (--sandbox, --profile, --base-url), for the
   * commands printed in hints (wait again, download), so that they reach the same service when pasted.
   */
  invocation(): string;
  /**
   * The command line the user typed, `voicectl ...`, with `replace` flags (and their values) swapped in, a null one
   * left out, and the `drop` switches (flags without a value) left out; shell-quoted.
   */
  withFlags(replace?: Record<string, string | null>, drop?: readonly string[]): string;
}

interface ServiceFlags {
  sandbox?: boolean;
  profile?: string;
  baseUrl?: string;
}

/** `argv`: the words the user typed after `voicectl`; `globals`: its global options, once parsed. */
export function createCommandLine(
  argv: readonly string[],
  globals: () => ServiceFlags,
  shell: Shell = 'posix',
): CommandLine {
  const word = (s: string) => quoteFor(shell, s);
  return {
    invocation() {
      const g = globals();
      const words = ['voicectl'];
      if (g.sandbox) words.push('--sandbox');
      if (g.profile) words.push('--profile', word(g.profile));
      if (g.baseUrl) words.push('--base-url', word(g.baseUrl));
      return words.join(' ');
    },
    withFlags(replace = {}, drop = []) {
      const words: string[] = [];
      for (let i = 0; i < argv.length; i++) {
        const w = argv[i];
        const [name] = w.split('=', 1);
        if (drop.includes(w)) continue;
        if (name in replace) {
          if (!w.includes('=')) i++; // its value
          continue;
        }
        words.push(w);
      }
      for (const [flag, value] of Object.entries(replace)) if (value !== null) words.push(flag, value);
      return ['voicectl', ...words.map(word)].join(' ');
    },
  };
}
