// --jq: a filter in jq's own language, run by jq itself compiled to WebAssembly (the jq-web package), so that a
// script needs no jq installed. Loaded only when the flag is given (src/cli.ts checks the expression before the
// command runs). Output follows gh's --jq: strings printed raw (jq -r), other values as JSON, compact when piped
// (jq -c) and indented on a terminal.
import { createRequire } from 'node:module';
import { CliError, UsageError } from '../errors.js';

type Engine = import('jq-web').JqWeb;

/** What jq printed to stdout, and to stderr (`debug`, `stderr`) when it succeeded. */
interface JqRun {
  out: string;
  err: string;
}

/** jq's exit code for a program that does not compile. */
const COMPILE_ERROR = 3;

/**
 * Runs the engine once. jq-web sends stderr of a successful run to console.warn and leaves process.exitCode as
 * jq's (Emscripten's exit): both are taken back here, so that nothing reaches the process but through our streams.
 */
function call(engine: Engine, input: string, program: string, flags: string[]): JqRun {
  const warn = console.warn;
  const exitCode = process.exitCode;
  let err = '';
  console.warn = (...args: unknown[]) => {
    err += `${String(args[args.length - 1])}\n`;
  };
  try {
    const out = engine.raw(input, program, flags) ?? '';
    // jq-web drops the last newline of stdout; jq prints one after every value.
    return { out: out === '' ? '' : `${out}\n`, err };
  } finally {
    console.warn = warn;
    process.exitCode = exitCode;
  }
}

/** jq's message without its "jq: error ...:" prefix and "jq: 1 compile error" trailer, as lines. */
function jqMessage(stderr: unknown): string[] {
  return String(stderr ?? '')
    .split('\n')
    .filter((l) => l.trim() !== '' && !/^jq: \d+ compile errors?$/.test(l))
    .map((l) => l.replace(/^jq: error(?: \(at [^)]*\))?: /, ''));
}

/**
 * A program whose first step is `.[]` (`.[] | f`, `.[]? | f`, or `.[]` alone) gives, for a list, the outputs of
 * `f` on each record in turn: jq's `|` binds loosest of all, so whatever follows is `f` whole. Such a program runs
 * on a list as its records arrive. `input`, `inputs` and `$__loc__` read where the program is, so they keep the
 * whole list.
 */
function perRecord(program: string): string | undefined {
  const m = /^\s*\.\[\]\??\s*(?:\|(?!=)([\s\S]*))?$/.exec(program);
  if (!m) return undefined;
  const rest = m[1] ?? '.';
  return /\binputs?\b|\$__loc__/.test(rest) ? undefined : rest;
}

export class JqFilter {
  /** With a list, the filter of each record (see perRecord), when the program allows streaming. */
  readonly each?: string;
  private readonly nonce = `\u001fvoicectl-jq-${globalThis.crypto.randomUUID()}:`;

  constructor(
    private readonly engine: Engine,
    readonly program: string,
    private readonly flags: string[],
    each: string | undefined,
  ) {
    this.each = each;
  }

  /** The outputs of the program on one JSON document. */
  apply(json: string): JqRun {
    return this.run(json, this.program, []);
  }

  /** The outputs of `each` on each of `records` (JSON texts), in order; stops at the first error, as jq does. */
  applyEach(records: string[]): JqRun {
    if (this.each === undefined) throw new Error('applyEach: the program does not stream');
    return this.run(records.join('\n'), `inputs | (${this.each}\n)`, ['-n']);
  }

  /**
   * The program on each of `docs` (JSON texts) in turn, as jq runs on a stream of documents (NDJSON); `input` in the
   * program reads the next of them. Stops at the first error.
   */
  applyDocuments(docs: string[]): JqRun {
    return this.run(docs.join('\n'), `inputs | (${this.program}\n)`, ['-n']);
  }

  /**
   * jq-web returns stdout only when jq succeeds, and jq goes on to print after an error only for its next input: the
   * program runs inside `try`, whose handler prints the error after the outputs before it, marked with a nonce that
   * no data can know.
   */
  private run(input: string, program: string, extra: string[]): JqRun {
    const wrapped = `try (${program}\n) catch ("${this.nonce.replace('\u001f', '\\u001f')}" + tojson)`;
    let result: JqRun;
    try {
      result = call(this.engine, input, wrapped, [...extra, ...this.flags]);
    } catch (e) {
      throw runtimeError(jqMessage((e as { stderr?: unknown }).stderr));
    }
    const first = result.out.indexOf(`\n${this.nonce}`);
    const at = result.out.startsWith(this.nonce) ? 0 : first >= 0 ? first + 1 : -1;
    if (at < 0) return result;
    const end = result.out.indexOf('\n', at);
    const value: unknown = JSON.parse(result.out.slice(at + this.nonce.length, end < 0 ? undefined : end));
    const message = typeof value === 'string' ? value : `(not a string): ${JSON.stringify(value)}`;
    throw runtimeError([message], { ...result, out: result.out.slice(0, at) });
  }
}

/** A runtime error of the program (exit 1: the command itself had done its work), with what it printed before. */
export class JqRuntimeError extends CliError {
  override code = 'jq_error';
  constructor(
    message: string,
    readonly printed: JqRun = { out: '', err: '' },
  ) {
    super(`--jq: ${message}`);
  }
}

function runtimeError(lines: string[], printed?: JqRun): JqRuntimeError {
  const e = new JqRuntimeError(lines[0] ?? 'jq failed', printed);
  e.hints.push(...lines.slice(1));
  return e;
}

/**
 * Loads jq and compiles `program`: a program jq refuses is a usage error (exit 2), with jq's own message. Compiled
 * with no input, so nothing of the program runs yet.
 */
export async function compileJq(program: string, opts: { pretty: boolean }): Promise<JqFilter> {
  // jq-web's export is a promise (of the instance), which `import()` would take for the module's own `then`.
  const engine = await (createRequire(import.meta.url)('jq-web') as typeof import('jq-web').default);
  const check = (p: string): string[] | undefined => {
    try {
      call(engine, '', p, []);
      return undefined;
    } catch (e) {
      const err = e as { exitCode?: number; stderr?: unknown };
      if (err.exitCode !== COMPILE_ERROR) throw e;
      return jqMessage(err.stderr);
    }
  };
  const problem = check(program);
  if (problem) {
    throw new UsageError(`--jq: ${problem[0]}`, {
      hints: [...problem.slice(1), "The expression is jq's language (https://jqlang.org/manual/). Nothing was sent."],
    });
  }
  const rest = perRecord(program);
  const each = rest !== undefined && !check(`inputs | (${rest}\n)`) ? rest : undefined;
  return new JqFilter(engine, program, opts.pretty ? ['-r'] : ['-r', '-c'], each);
}
