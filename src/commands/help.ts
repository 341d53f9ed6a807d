// Help text shared by every command.
import type { Command } from 'commander';

/** Adds an "Examples" section; each entry is a command line, optionally followed by "  # comment". */
export function examples(cmd: Command, lines: string[]): Command {
  return cmd.addHelpText('after', `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`);
}
