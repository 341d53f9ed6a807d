// The shell that printed commands (hints, "run again with", "wait with") are written for. On Linux and macOS it
// is a POSIX shell; on Windows PowerShell (the default terminal's shell), cmd, or a POSIX shell such as Git Bash
// or MSYS2, which say so in their environment. VOICECTL_SHELL (posix, powershell or cmd) overrides the guess.
import { envVar, type Host } from './host.js';

const SHELLS = ['posix', 'powershell', 'cmd'] as const;
export type Shell = (typeof SHELLS)[number];

/**
 * The shell of this host. On Windows: a POSIX shell when MSYSTEM (Git Bash, MSYS2) or SHELL is set; PowerShell
 * when PSModulePath has the user's own module folder, which PowerShell adds to its children's environment (cmd
 * inherits only the machine's entries); else cmd.
 */
export function shellOf(host: Host): Shell {
  const chosen = envVar(host, 'VOICECTL_SHELL');
  if (chosen && (SHELLS as readonly string[]).includes(chosen)) return chosen as Shell;
  if (host.platform !== 'win32') return 'posix';
  if (envVar(host, 'MSYSTEM') || envVar(host, 'SHELL')) return 'posix';
  const modules = (envVar(host, 'PSModulePath') ?? '').split(';').filter(Boolean);
  const profile = envVar(host, 'USERPROFILE')?.toLowerCase();
  if (profile && modules.some((m) => m.toLowerCase().startsWith(profile))) return 'powershell';
  return 'cmd';
}

/** One word of a command line as `shell` reads it back: bare when nothing in it is special there, else quoted. */
export function quoteFor(shell: Shell, word: string): string {
  switch (shell) {
    case 'posix':
      return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
    case 'powershell':
      // Single quotes take everything literally; a quote inside is doubled. `@`, `,`, `%`, `$` and `{` mean
      // something bare, and Windows PowerShell swallows a bare `--`, so only plainer words stay bare.
      return /^[\w+=:./\\-]+$/.test(word) && word !== '--' ? word : psQuote(word);
    case 'cmd':
      // Double quotes keep spaces and & | < > ^ literal; a quote inside is \" as the program's argument parser
      // reads it. cmd still expands %VAR% inside quotes: such a word is shown as is.
      return /^[\w+=:./\\-]+$/.test(word) ? word : `"${word.replace(/(\\*)"/g, '$1$1\\"').replace(/(\\+)$/, '$1$1')}"`;
  }
}

const psQuote = (word: string) => `'${word.replace(/['\u2018\u2019\u201a\u201b]/g, '$&$&')}'`;

/** A line that sets an environment variable for the commands after it. */
export function setEnvLine(shell: Shell, name: string, value: string): string {
  switch (shell) {
    case 'posix':
      return `export ${name}=${quoteFor('posix', value)}`;
    case 'powershell':
      return `$env:${name} = ${psQuote(value)}`;
    case 'cmd':
      return `set "${name}=${value}"`;
  }
}
