// Help text shared by every command, and the checks that make a help request for a command that does not
// exist an error rather than the root help.
import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import { GLOBAL_FLAGS, VALUE_FLAGS } from '../global-flags.js';
import { didYouMean } from '../suggest.js';

/** Adds an "Examples" section; each entry is a command line, optionally followed by "  # comment". */
export function examples(cmd: Command, lines: string[]): Command {
  return cmd.addHelpText('after', `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`);
}

/**
 * The global options in one wrapped line, as gh shows its inherited flags: the root help describes them in
 * full, every other help names them once at its end.
 */
export function globalOptionsLine(width: number): string {
  const words = [
    ...GLOBAL_FLAGS.map((g) => g.flags.replace(/^-(\w), --[\w-]+/, '-$1')),
    '-v, --version',
    '(described in voicectl --help)',
  ];
  const lines: string[] = [];
  let line = 'Global options:';
  for (const [i, w] of words.entries()) {
    const item = i < words.length - 2 ? `${w},` : w;
    if (line.length + 1 + item.length > width) {
      lines.push(line);
      line = `  ${item}`;
    } else line += ` ${item}`;
  }
  return [...lines, line].join('\n');
}

/**
 * For a help request (`voicectl help tts nope`, `voicectl tts nope --help`): the error when its command words
 * do not name a command. Words after a command without subcommands are that command's arguments.
 */
export function unknownHelpTopic(program: Command, argv: string[]): UsageError | undefined {
  let cmd = program;
  const path = ['voicectl'];
  for (let i = 0; i < argv.length && cmd.commands.length > 0; i++) {
    const a = argv[i];
    if (a === '--') break;
    if (a.startsWith('-')) {
      // Only global options can come before the command words (`--profile x tts --help`).
      if (VALUE_FLAGS.has(a)) i++;
      continue;
    }
    const sub = cmd.commands.find((c) => c.name() === a || c.aliases().includes(a));
    if (!sub) {
      const names = cmd.commands.map((c) => c.name());
      return new UsageError(`no help for "${a}": ${path.join(' ')} has no such command${didYouMean(a, names)}`, {
        hints: [`Commands: ${names.join(', ')}. See: ${path.join(' ')} --help`],
      });
    }
    cmd = sub;
    path.push(a);
  }
  return undefined;
}
