// Command lines as a POSIX shell reads them back, for the commands printed in hints and errors.

/** A word as a POSIX shell reads it back: bare when it is safe, else in single quotes. */
export function shellWord(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}
