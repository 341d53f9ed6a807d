// The root program: global options, lazy registration of command groups, one place that maps errors
// to exit codes and messages.
import { Command, CommanderError, Help, Option } from 'commander';
import { beforeOptionValue } from './commands/commander.js';
import { GROUPS } from './commands/registry.js';
import { type GroupDef, isListing } from './commands/define.js';
import { examples, exitCodesText, globalOptionsLine, unknownHelpTopic, wrappedList } from './commands/help.js';
import {
  ApiError,
  CliError,
  DeclinedError,
  ExitCode,
  FileSystemError,
  InterruptedError,
  UsageError,
} from './errors.js';
import { type Effects, effectJson, effectNote } from './api/effect.js';
import { redactor } from './api/redact.js';
import { createFactory, type Env, type Factory } from './factory.js';
import { asInterrupt } from './io/interrupt.js';
import { GLOBAL_FLAGS, VALUE_FLAGS } from './global-flags.js';
import type { GlobalOptions } from './globals.js';
import { jsonForTerminal, terminalSafe } from './io/safe.js';
import type { JqFilter } from './io/jq.js';
import type { IOStreams } from './io/streams.js';
import { systemError } from './io/system-error.js';

// bin/voicectl.js's last resort, from the chunk it loads anyway (an entry of its own would be one more file to load).
export { systemErrorText } from './io/system-error.js';
import { parseOptions } from './options.js';
import { similar } from './suggest.js';
import { VERSION } from './version.js';

export interface RunOptions {
  io: IOStreams;
  env?: Env;
  signal?: AbortSignal;
  /** The time of day (Date.now() by default). */
  now?: () => number;
  /** The clock of deadlines and elapsed times (monotonic by default; `now` when only that is given). */
  monotonic?: () => number;
  /** Replaces the real waits (retry backoff, polling): tests pass a clock of their own. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Temporary files in use, for the process's exit handler (see Cleanup.trackTemp). */
  tempFiles?: Set<string>;
  /** What the service already did in this run (src/api/effect.ts), for bin/'s report of an output error. */
  effects?: Effects;
}

/**
 * Whether the word after `a` is its value: a global flag that takes one (`-o`, `--profile`), or a group of short
 * flags whose last takes one (`-qo json`, as commander reads it; in `-ojson` the value is in the word).
 */
function takesNextWord(a: string): boolean {
  if (VALUE_FLAGS.has(a)) return true;
  if (!/^-[^-]./.test(a)) return false;
  for (let j = 1; j < a.length; j++) if (VALUE_FLAGS.has(`-${a[j]}`)) return j === a.length - 1;
  return false;
}

/** The command group named on the command line, skipping global options and their values. */
export function targetGroup(argv: string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') return undefined;
    if (a.startsWith('-')) {
      if (takesNextWord(a)) i++;
      continue;
    }
    if (a === 'help') return argv.slice(i + 1).find((x) => !x.startsWith('-'));
    return a;
  }
  return undefined;
}

/** The global options of `argv` with their values, in order (`--profile work`, `--profile=work`, `--json`). */
function globalOptionsOf(argv: string[]): string[] {
  const spellings = new Set(GLOBAL_FLAGS.flatMap((g) => g.flags.split(/[ ,]+/).filter((w) => w.startsWith('-'))));
  const kept: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') break;
    if (!spellings.has(a.split('=')[0])) continue;
    kept.push(a);
    if (takesNextWord(a) && i + 1 < argv.length) kept.push(argv[++i]);
  }
  return kept;
}

const globalKeys = new WeakMap<Command, Set<string>>();

/**
 * The global options as commander declares them, shown (the root's) or hidden (every other command's): made once
 * and shared by every command that takes them, as commander only reads an option (the values are the command's).
 * Frozen, so that nothing can change one command's copy for all.
 */
const globalOptions = new Map<boolean, { opt: Option; key: string }[]>();

function sharedGlobalOptions(hidden: boolean): { opt: Option; key: string }[] {
  let made = globalOptions.get(hidden);
  if (!made) {
    made = GLOBAL_FLAGS.map((g) => {
      const opt = new Option(g.flags, g.description);
      if (hidden) opt.hideHelp();
      return { opt: Object.freeze(opt), key: opt.attributeName() };
    });
    globalOptions.set(hidden, made);
  }
  return made;
}

function addGlobalOptions(cmd: Command, hidden: boolean): void {
  const keys = new Set<string>();
  for (const { opt, key } of sharedGlobalOptions(hidden)) {
    if (cmd.options.some((o) => o.long === opt.long)) continue; // the command's own flag of that name wins
    cmd.addOption(opt);
    keys.add(key);
  }
  globalKeys.set(cmd, keys);
}

/** Global option values given on the command line, the leaf's before its ancestors'. */
function globalValues(cmd: Command): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let c: Command | null = cmd; c; c = c.parent) {
    const keys = globalKeys.get(c);
    if (!keys) continue;
    for (const k of keys) if (!(k in out) && c.getOptionValueSource(k) === 'cli') out[k] = c.getOptionValue(k);
  }
  return out;
}

/** `cmd` and the commands below it, without the listings (which never run). */
function descendants(cmd: Command): Command[] {
  return isListing(cmd) ? [] : [cmd, ...cmd.commands.flatMap(descendants)];
}

function commandPath(cmd: Command): string {
  const words: string[] = [];
  for (let c: Command | null = cmd; c; c = c.parent) words.unshift(c.name());
  return words.join(' ');
}

/**
 * Commander suggests only from the options a help shows, and below the root the global ones are hidden copies
 * (shown once, in one line): `voicectl tts list --jsn` gets "(Did you mean --json?)" from here, printed and in
 * the --json error alike.
 */
function withGlobalSuggestion(message: string): string {
  const typed = /^error: unknown option '(--[^'=]+)[^']*'\n?$/.exec(message)?.[1];
  if (!typed) return message;
  const near = similar(
    typed,
    GLOBAL_FLAGS.map((g) => new Option(g.flags).long ?? ''),
  );
  if (!near.length) return message;
  return message.endsWith('\n') ? `${message}(Did you mean ${near[0]}?)\n` : `${message}\n(Did you mean ${near[0]}?)`;
}

function configureTree(cmd: Command, io: IOStreams, argv: string[]): void {
  const isRoot = !cmd.parent;
  cmd.exitOverride();
  cmd.configureOutput({
    writeOut: (s) => io.out.write(s),
    writeErr: (s) => io.err.write(s),
    // From the streams voicectl was given, not process.stdout: help is wrapped at the terminal's width, or
    // at commander's 80 columns when not a terminal (which is what the build renders ahead, see bin/).
    getOutHelpWidth: () => io.columns || 80,
    getErrHelpWidth: () => io.errColumns || 80,
    getOutHasColors: () => io.color,
    getErrHasColors: () => io.color && io.stderrIsTTY,
    // Commander quotes the unknown command or option as typed: made safe, so that `voicectl $'tts\x1b[2J'` shows
    // the escape instead of clearing the screen.
    outputError: (text, write) => write(terminalSafe(withGlobalSuggestion(text), { keepNewlines: true })),
  });
  cmd.showHelpAfterError(`(see: ${commandPath(cmd)} --help)`);
  cmd.helpCommand(false);
  // The root help describes the global options (--json, -o, -q, ...); every other help names them in one
  // line at its end, as gh shows its inherited flags, instead of repeating the block.
  cmd.configureHelp({
    ...cmd.configureHelp(),
    showGlobalOptions: false,
    sortSubcommands: false,
    // Every command has options (-h, -v at least): "tts [options]" in a list of commands says nothing.
    subcommandTerm: (sub) => Help.prototype.subcommandTerm.call(new Help(), sub).replace(' [options]', ''),
  });
  if (!isRoot) {
    cmd.addHelpText('after', () => globalOptionsLine(io.columns || 80));
    // --version and -v answer on every command, as its help says.
    cmd.version(VERSION, '-v, --version', 'print the version');
    cmd.options.find((o) => o.long === '--version')?.hideHelp();
  }
  if (cmd.commands.length > 0) {
    // `voicectl tts` alone asks what tts can do: its help on stdout and exit 0, not commander's error to stderr.
    const help = Command.prototype.help as (this: Command, context?: { error: boolean }) => never;
    cmd.help = () => help.call(cmd, { error: false });
  }
  refuseOptionsAsValues(cmd, argv);
  for (const sub of cmd.commands) if (!isListing(sub)) configureTree(sub, io, argv);
}

/** Every spelling of the options `cmd` accepts (its own, the global copies, its ancestors', help): `--no-x` too. */
function optionSpellings(cmd: Command): Set<string> {
  const out = new Set(['-h', '--help']);
  for (let c: Command | null = cmd; c; c = c.parent) {
    for (const o of c.options) {
      if (o.long) out.add(o.long);
      if (o.short) out.add(o.short);
    }
  }
  return out;
}

/**
 * A value-taking option followed by another option takes that option as its value (commander's rule, as in
 * getopt): `tts create --text --dry-run` would send "--dry-run" and lose the dry run. Refused, once for every
 * command, when the value is one of the options the command accepts (`--output=json` counts by its name) and it
 * was a word of its own after the flag; `--text=--dry-run` (or `-o--json`) says the value is meant.
 */
function refuseOptionsAsValues(cmd: Command, argv: string[]): void {
  for (const opt of cmd.options) {
    if (!opt.required && !opt.optional) continue;
    const spellings = [opt.long, opt.short].filter((s): s is string => Boolean(s));
    const letter = opt.short?.slice(1);
    // The flag as its own word, or last in a group of short ones (`-qo`).
    const isFlagWord = (w: string) =>
      spellings.includes(w) || (letter !== undefined && /^-[^-]/.test(w) && w.length > 2 && w.endsWith(letter));
    // Before commander's own listener, which would hand the value to the option's parser first.
    beforeOptionValue(cmd, opt.name(), (value: unknown) => {
      if (typeof value !== 'string' || !value.startsWith('-')) return;
      const known = optionSpellings(cmd);
      const name = value.startsWith('--') ? value.split('=')[0] : value;
      if (!known.has(value) && !known.has(name)) return;
      const separate = argv.some((w, i) => argv[i + 1] === value && isFlagWord(w));
      if (!separate) return;
      const flag = opt.long ?? opt.short ?? opt.flags;
      const meant = opt.long ? `${opt.long}=${value}` : `${flag}${value}`;
      throw new UsageError(`${flag} needs a value; it got ${value}, which is an option`, {
        hints: [`If ${value} is really the value, write ${meant}.`],
      });
    });
  }
}

/** @public (scripts/build.mjs) */
export interface Program {
  program: Command;
  factory: Factory;
  /** The --jq program, once the command that runs took it (compiled, checked). */
  jq: () => JqFilter | undefined;
}

/** Every group's declarations (the groups with commands of their own), loaded. */
async function loadDeclarations(): Promise<GroupDef[]> {
  const modules = await Promise.all(GROUPS.map((g) => g.load()));
  return modules.flatMap((m) => (m.group ? [m.group] : []));
}

/**
 * Builds the program with the named groups loaded (all of them for completion, or with `loadAll`).
 * @public scripts/build.mjs renders help from it, through dist/ (which knip does not follow).
 */
export async function buildProgram(argv: string[], opts: RunOptions & { loadAll?: boolean }): Promise<Program> {
  const env = opts.env ?? process.env;
  const io = opts.io;
  let actionCommand: Command | undefined;
  let globals: GlobalOptions | undefined;
  let schema: typeof import('./globals.js') | undefined;
  let jq: JqFilter | undefined;
  const factory = createFactory({
    io,
    env,
    signal: opts.signal ?? new AbortController().signal,
    now: opts.now,
    monotonic: opts.monotonic,
    sleep: opts.sleep,
    argv,
    tempFiles: opts.tempFiles,
    effects: opts.effects,
    declarations: loadDeclarations,
    globals: () => {
      if (globals) return globals;
      if (!schema) throw new Error('global options read before the command ran');
      return (globals = parseOptions(schema.GlobalOptions, actionCommand ? globalValues(actionCommand) : {}, {
        output: '--output',
      }));
    },
  });

  const program = new Command('voicectl')
    .description('Command-line client for the Voice API: text-to-speech, call campaigns, messages and calls.')
    .version(
      VERSION,
      '-v, --version',
      'print the version (with --verbose: Node.js, platform, config dir; see `voicectl version`)',
    )
    .helpOption('-h, --help', 'show help')
    .helpCommand(false)
    .enablePositionalOptions();
  addGlobalOptions(program, false);
  examples(program, [
    'voicectl --sandbox tts create --text "Hello" --wait   # no account needed',
    "voicectl tts list --status completed --json | jq '.[].id'",
    'voicectl contacts convert leads.csv --default-country IT > contacts.json',
    'voicectl campaigns create --file campaign.yaml --dry-run',
  ]);
  program.addHelpText('after', () => {
    const width = Math.min(io.columns || 80, 80);
    const environment = ['VOICECTL_API_KEY,', 'VOICECTL_BASE_URL,', 'VOICECTL_PROFILE,', 'VOICECTL_CONFIG_DIR,'];
    return `\n${wrappedList('Environment:', [...environment, 'NO_COLOR,', 'HTTPS_PROXY.'], width)}\n${exitCodesText(width)}\n`;
  });
  program.hook('preAction', async (_root, cmd) => {
    actionCommand = cmd;
    // The schema library loads only when a command really runs, never for --help.
    schema = await import('./globals.js');
    const g = factory.globals();
    if (!g.color) io.color = false;
    // Notes and hints on a terminal fit its width; the wrapper (and string-width) loads only then.
    if (io.errColumns > 0) {
      const { wrapText, loadClusterWidths } = await import('./io/wrap.js');
      await loadClusterWidths();
      io.wrapNotes = (text) => wrapText(text, io.errColumns);
    }
    // A bad VOICECTL_CSV_SEPARATOR is exit 2 before anything is sent, as a bad flag is.
    if (g.excel) factory.output();
    // A bad --jq is exit 2 before anything is sent; jq itself loads only when the flag is given.
    if (g.jq !== undefined)
      jq = await (await import('./io/jq.js')).compileJq(g.jq, { pretty: io.stdoutIsTTY, signal: factory.signal });
  });

  const wanted = opts.loadAll ? undefined : targetGroup(argv);
  const loadAll = opts.loadAll || GROUPS.some((g) => g.name === wanted && g.loadsAll);
  // The verbs of the group are made in full only where the command line names them (all of them for completion).
  const words = loadAll ? undefined : new Set(argv);
  for (const group of GROUPS) {
    if (loadAll || group.name === wanted) {
      const cmd = (await group.load()).make(factory, words);
      // Global options are accepted anywhere: each command gets hidden copies, and each parent stops reading
      // options at its subcommand, so a verb's own flag of the same name as a global one stays its own.
      for (const c of descendants(cmd)) {
        addGlobalOptions(c, true);
        if (c.commands.length) c.enablePositionalOptions();
      }
      program.addCommand(cmd);
    } else {
      program.addCommand(new Command(group.name).summary(group.summary).description(group.summary));
    }
  }
  configureTree(program, io, argv);
  return { program, factory, jq: () => jq };
}

/**
 * `voicectl help tts create` is `voicectl tts create --help`, as in git and gh. `--version --verbose` (or `--json`;
 * `-v` alike) is `version`, after a command too (`voicectl tts -v --verbose`, as help says -v works on every
 * command): the global options stay, the rest goes. A bare `--version` never gets here (bin/ answers it).
 */
function rewrittenArgv(argv: string[]): string[] {
  if (argv[0] === 'help') argv = [...argv.slice(1), '--help'];
  if ((argv.includes('--version') || argv.includes('-v')) && (argv.includes('--verbose') || argv.includes('--json')))
    argv = ['version', ...globalOptionsOf(argv)];
  return argv;
}

/** What the report of an error needs to know about the run, as far as it got. */
interface RunState {
  argv: string[];
  opts: RunOptions & { effects: Effects };
  factory?: Factory;
  built?: Program;
}

/** Reports an error of the run (src/errors.ts's types to their message and exit code) and returns the code. */
async function reportRunError(raw: unknown, state: RunState): Promise<number> {
  const { factory, opts } = state;
  const env = opts.env ?? process.env;
  let err = factory ? asInterrupt(raw, factory.signal) : raw;
  if (!(err instanceof CliError)) {
    const configDir = factory
      ? await import('./config/paths.js').then((p) => p.configDir(env)).catch(() => undefined)
      : undefined;
    err = systemError(err, env, configDir) ?? err;
  }
  let json = jsonAsked(state.argv);
  let debug = state.argv.includes('--debug');
  try {
    const g = factory?.globals();
    json = g ? g.json || g.output === 'json' : json;
    debug = g ? g.debug : debug;
  } catch {
    // the global options themselves were the problem
  }
  return reportError(opts.io, err, {
    json,
    debug,
    redact: factory?.log.redact ?? redactor([opts.env?.VOICECTL_API_KEY ?? process.env.VOICECTL_API_KEY]),
    // Writing failed (stdout, an --out file) after the service had done something: say what, so that
    // nobody runs it again and creates or sends twice.
    effects: err instanceof FileSystemError ? opts.effects : undefined,
    exitCode: err instanceof InterruptedError ? signalExitCode(opts.signal) : undefined,
    jq: state.built?.jq(),
  });
}

/** Commander's own refusal (it printed the message, with its "did you mean"): --json adds the error object. */
function commanderExit(raw: CommanderError, io: IOStreams, json: boolean): number {
  if (['commander.helpDisplayed', 'commander.version', 'commander.help'].includes(raw.code)) return ExitCode.ok;
  if (json) {
    const message = withGlobalSuggestion(raw.message)
      .replace(/^error: /, '')
      .replace(/\n/g, ' ');
    io.err.write(`${jsonForTerminal(JSON.stringify(errorObject(new UsageError(message))))}\n`);
  }
  return ExitCode.usage;
}

/** Runs voicectl with `argv` (without node and script) and returns the exit code. */
export async function run(argv: string[], runOpts: RunOptions): Promise<number> {
  argv = rewrittenArgv(argv);
  const opts = { ...runOpts, effects: runOpts.effects ?? {} };
  const state: RunState = { argv, opts };
  let code: number;
  try {
    state.built = await buildProgram(argv, opts);
    state.factory = state.built.factory;
    if (argv.includes('--help') || argv.includes('-h')) {
      const unknown = unknownHelpTopic(state.built.program, argv);
      if (unknown) throw unknown;
    }
    await state.built.program.parseAsync(argv, { from: 'user' });
    code = ExitCode.ok;
  } catch (raw) {
    code =
      raw instanceof CommanderError ? commanderExit(raw, opts.io, jsonAsked(argv)) : await reportRunError(raw, state);
  }
  // A cleanup that fails (a temporary file that cannot be removed, a server that will not close) is the
  // user's to know: reported like any error, and a run that had succeeded then exits 1.
  try {
    await state.factory?.cleanup.run();
  } catch (raw) {
    if (!nothingThere(raw)) {
      const failed = await reportRunError(raw instanceof CliError ? raw : cleanupError(raw), state);
      if (code === ExitCode.ok) code = failed;
    }
  }
  return code;
}

/**
 * For bin/'s handler of a stdout that cannot be written (`> /dev/full`): the error line, then what the service
 * had already done (src/api/effect.ts), then with --json the error object carrying it as `effect`.
 */
export function outputErrorText(err: Error, argv: string[], effects?: Effects): string {
  const e = new FileSystemError(`could not write the output: ${err.message}`);
  const lines = [terminalSafe(`error: ${e.message}`), ...effectNote(effects)];
  if (jsonAsked(argv)) lines.push(jsonForTerminal(JSON.stringify(errorObject(e, e.exitCode, effects))));
  return `${lines.join('\n')}\n`;
}

/** A removal that finds nothing to remove (the path, or a directory on its way, is not there) has nothing to do. */
function nothingThere(raw: unknown): boolean {
  const code = (raw as NodeJS.ErrnoException | undefined)?.code;
  return !(raw instanceof CliError) && (code === 'ENOENT' || code === 'ENOTDIR');
}

function cleanupError(raw: unknown): CliError {
  const e = raw instanceof Error ? raw : new Error(String(raw));
  const known = systemError(e, {});
  return new CliError(`could not clean up after the command: ${known?.message ?? e.message}`, {
    cause: e,
    hints: known?.hints,
  });
}

interface ReportOptions {
  json: boolean;
  debug: boolean;
  redact?: (s: string) => string;
  effects?: Effects;
  /** The exit code of the signal that stopped the command (143 for SIGTERM), over the error's own 130. */
  exitCode?: number;
  /** --jq, taken by the command: the error object goes through it too. */
  jq?: JqFilter;
}

/**
 * The lines of an error as a person reads them: its message, the response's status and codes, its hints, what the
 * service had already done. `line` makes a field safe (redacted, controls escaped).
 */
function errorLines(err: CliError, line: (s: string) => string, effects?: Effects): string[] {
  const lines: string[] = [];
  if (err instanceof DeclinedError) lines.push(line(err.message));
  else if (err instanceof InterruptedError)
    lines.push(line(err.message === 'interrupted' ? 'interrupted' : `interrupted: ${err.message}`));
  else lines.push(`error: ${line(err.message)}`);
  if (err instanceof ApiError) {
    const parts = [
      `status ${err.status}`,
      err.apiCode ? `code ${err.apiCode}` : undefined,
      err.requestId ? `requestId ${err.requestId}` : undefined,
    ].filter(Boolean);
    lines.push(`  ${line(parts.join(' · '))}`);
  }
  for (const h of err.hints) lines.push(`  ${line(h)}`);
  return lines.concat(effectNote(effects).map(line));
}

async function reportError(io: IOStreams, err: unknown, opts: ReportOptions): Promise<number> {
  // Every field may quote the service (which may echo the key) or a file: redacted, then made safe for a terminal.
  // The --json object stays JSON (which escapes controls itself), but redacted all the same.
  const redact = opts.redact ?? ((s: string) => s);
  const line = (s: string) => terminalSafe(redact(s));
  const text = (s: string) => terminalSafe(redact(s), { keepNewlines: true });
  const wJson = async (o: unknown) => {
    const json = JSON.stringify(o, (_k, v) => (typeof v === 'string' ? redact(v) : v));
    const filtered = opts.jq && (await jqOnError(opts.jq, json));
    io.err.write(filtered ? terminalSafe(filtered, { keepNewlines: true }) : `${jsonForTerminal(json)}\n`);
  };
  if (!(err instanceof CliError)) {
    const e = err instanceof Error ? err : new Error(String(err));
    const debugStack = opts.debug && e.stack ? text(e.stack) : undefined;
    await writeReport(
      io,
      [
        `error: ${line(`unexpected failure: ${e.message}`)}`,
        ...(debugStack ? [] : ['This is a bug in voicectl; run again with --debug for details and report it.']),
      ],
      debugStack,
    );
    if (opts.json) await wJson({ error: { code: 'internal', message: e.message } });
    return ExitCode.error;
  }
  const stack = opts.debug && err.cause instanceof Error && err.cause.stack ? text(err.cause.stack) : undefined;
  await writeReport(io, errorLines(err, line, opts.effects), stack);
  const exitCode = opts.exitCode ?? err.exitCode;
  if (opts.json) await wJson(errorObject(err, exitCode, opts.effects));
  return exitCode;
}

/**
 * Writes the report's lines (already safe) to stderr: on a terminal wrapped to its width, and "error" in red where
 * colors are allowed (never piped, never with NO_COLOR, CI or --no-color). A stack trace is written as it is.
 */
async function writeReport(io: IOStreams, lines: string[], stack?: string): Promise<void> {
  let text = lines.join('\n');
  if (io.errColumns > 0) {
    const { wrapText, loadClusterWidths } = await import('./io/wrap.js');
    await loadClusterWidths();
    text = wrapText(text, io.errColumns);
  }
  if (io.color && io.stderrIsTTY) text = text.replace(/^error:/, '\x1b[31merror\x1b[39m:');
  io.err.write(`${text}\n`);
  if (stack) io.err.write(`${stack}\n`);
}

/**
 * What --jq prints for the error object (the program can tell it by its `error` key: `.error.code? // .[].id`), on
 * stderr where the object would be. A program that fails on it, or prints nothing for it, leaves the object as it
 * is: the error is never lost.
 */
async function jqOnError(filter: JqFilter, json: string): Promise<string | undefined> {
  try {
    const r = await filter.apply(json);
    return r.out + r.err;
  } catch {
    return undefined;
  }
}

/**
 * The exit code a signal asked for, when one stopped the command: bin/ aborts the run with a reason that carries
 * it (130 Ctrl-C, 143 SIGTERM, 129 SIGHUP), so that the --json error object says the code the process exits with.
 */
function signalExitCode(signal: AbortSignal | undefined): number | undefined {
  const code = signal?.aborted ? (signal.reason as { exitCode?: unknown } | null)?.exitCode : undefined;
  return typeof code === 'number' ? code : undefined;
}

/** The JSON error object of README "Exit codes": status and requestId of the response, when one caused it. */
function errorObject(err: CliError, exitCode: number = err.exitCode, effects?: Effects) {
  const api = err instanceof ApiError ? err : err.cause instanceof ApiError ? err.cause : undefined;
  const effect = effectJson(effects);
  return {
    error: {
      code: err.code,
      message: err.message,
      status: api?.status ?? err.response?.status ?? null,
      requestId: api?.requestId ?? err.response?.requestId ?? null,
      exitCode,
      // What the service had already done when writing failed (src/api/effect.ts).
      ...(effect ? { effect } : {}),
    },
  };
}

/** --json, or -o json in any of its spellings, before the options were parsed. */
function jsonAsked(argv: string[]): boolean {
  return argv.some(
    (a, i) =>
      a === '--json' ||
      /^(--output=|-o=?)json$/i.test(a) ||
      ((a === '-o' || a === '--output') && argv[i + 1]?.toLowerCase() === 'json'),
  );
}
