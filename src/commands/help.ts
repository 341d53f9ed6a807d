// Help text shared by every command, and the checks that make a help request for a command that does not
// exist an error rather than the root help.
import type { Command } from 'commander';
import { EXIT_CODE_HELP, ExitCode, UsageError } from '../errors.js';
import { GLOBAL_FLAGS, VALUE_FLAGS } from '../global-flags.js';
import { didYouMean } from '../suggest.js';

/**
 * Adds an "Examples" section; each entry is a command line, optionally followed by "  # comment". Laid out when
 * the help is shown: most runs show none.
 */
export function examples(cmd: Command, lines: string[]): Command {
  return cmd.addHelpText(
    'after',
    () => `\nExamples:\n${lines.map((l) => exampleLines(l, EXAMPLE_WIDTH)).join('\n')}\n`,
  );
}

/** Help fits 80 columns: a longer example goes on as the shell reads it, after ` \`. */
const EXAMPLE_WIDTH = 80;

/**
 * One example as `  $ command`, broken before a flag (with its value) that would pass `width` into lines that end in
 * ` \` (a shell joins them back): only at spaces outside quotes, so that the command pasted is the command shown; a
 * flag whose value alone is wider than a line is split after all. A trailing `# comment` goes on its own line above
 * it, where it does not fit.
 */
function exampleLines(example: string, width: number): string {
  const comment = example.match(/^(.*?\S)(\s+# .*)$/);
  if (`  $ ${example}`.length <= width) return `  $ ${example}`;
  if (comment && `  $ ${comment[1]}`.length <= width) return `  ${comment[2].trim()}\n  $ ${comment[1]}`;
  const fitting = shellUnits(shellWords(comment ? comment[1] : example)).flatMap((u) =>
    6 + u.length + 2 > width ? u.split(' ') : [u],
  );
  const lines: string[] = [];
  let line = '  $';
  for (const w of fitting) {
    if (line.length + 1 + w.length + 2 > width && line.trim() !== '$' && line.trim() !== '') {
      lines.push(`${line} \\`);
      line = '     ';
    }
    line += ` ${w}`;
  }
  lines.push(line);
  return [...(comment ? [`  ${comment[2].trim()}`] : []), ...lines].join('\n');
}

/** A command line's words, split at spaces outside quotes. */
function shellWords(command: string): string[] {
  const words: string[] = [];
  let word = '';
  let quote: string | undefined;
  for (const ch of command) {
    if (quote) {
      if (ch === quote) quote = undefined;
    } else if (ch === "'" || ch === '"') quote = ch;
    else if (ch === ' ') {
      if (word) words.push(word);
      word = '';
      continue;
    }
    word += ch;
  }
  if (word) words.push(word);
  return words;
}

/**
 * The words a line may not be broken between: a flag and its value, a redirection and its file, a pipe and the
 * command after it. A line breaks before a flag (`--from +39...`), a redirection (`> failed.csv`) or a pipe
 * (`| voicectl campaigns create`), never inside one.
 */
function shellUnits(words: string[]): string[] {
  const units: string[] = [];
  for (const w of words) {
    const last = units.at(-1);
    const takesOne = last !== undefined && /^(-|[<>]|\d>)/.test(last) && !last.includes(' ');
    const starts = w.startsWith('-') || /^([<>|]|\d>)/.test(w);
    if (last !== undefined && !starts && (takesOne || last.startsWith('|'))) units[units.length - 1] += ` ${w}`;
    else units.push(w);
  }
  return units;
}

/**
 * The global options in one wrapped line, as gh shows its inherited flags: the root help describes them in
 * full, every other help names them once at its end.
 */
export function globalOptionsLine(width: number): string {
  const flags = [...GLOBAL_FLAGS.map((g) => g.flags.replace(/^-(\w), --[\w-]+/, '-$1')), '-v, --version'];
  return wrappedList(
    'Global options:',
    [...flags.slice(0, -1).map((f) => `${f},`), flags.at(-1)!, '(described in voicectl --help)'],
    width,
  );
}

/** `label` and its items, filled into lines of at most `width` columns, the next lines indented by two. */
export function wrappedList(label: string, items: string[], width: number): string {
  const lines: string[] = [];
  let line = label;
  for (const item of items) {
    if (line.length + 1 + item.length > width) {
      lines.push(line);
      line = `  ${item}`;
    } else line += ` ${item}`;
  }
  return [...lines, line].join('\n');
}

/** The exit codes, from the one table of them (src/errors.ts), for the root help. */
export function exitCodesText(width: number): string {
  const codes = Object.entries(ExitCode) as [keyof typeof ExitCode, number][];
  return wrappedList(
    'Exit codes:',
    codes.map(([k, c], i) => `${c} ${EXIT_CODE_HELP[k]}${i < codes.length - 1 ? ',' : '.'}`),
    width,
  );
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
