// --jq: a filter in jq's own language, run by jq itself compiled to WebAssembly (the jq-web package), in a worker
// thread, so that a script needs no jq installed and Ctrl-C stops a program that never ends. Loaded only when the flag is given (src/cli.ts checks the expression before the
// command runs). Output follows gh's --jq: strings printed raw (jq -r), other values as JSON, compact when piped
// (jq -c) and indented on a terminal.
import { Worker } from 'node:worker_threads';
import { CliError, InterruptedError, UsageError } from '../errors.js';
import { jqWorker } from './jq-web.js';

/** What jq printed to stdout, and to stderr (`debug`, `stderr`) when it succeeded. */
interface JqRun {
  out: string;
  err: string;
}

/** jq's exit code for a program that does not compile. */
const COMPILE_ERROR = 3;

/**
 * The worker's file: beside this module in src/io/ (the tests) and beside its chunk in dist/chunks/ (the build
 * copies it there: scripts/build.mjs).
 */
const WORKER = new URL('./jq-worker.cjs', import.meta.url);

interface Failed {
  exitCode?: number;
  stderr: string;
}

/**
 * jq, in a worker thread: a program that never ends (`repeat(1)`, `def f: f; f`) holds the worker, not the event
 * loop, so that Ctrl-C still reaches the command, which stops the worker (stop()). It keeps the process alive only
 * while it runs a program.
 */
class Engine {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (r: JqRun) => void; reject: (e: unknown) => void }>();
  private next = 0;
  private stopped = false;

  constructor() {
    const { script, options } = jqWorker(WORKER);
    this.worker = new Worker(script, options);
    this.worker.unref();
    this.worker.on('message', (m: { id: number; out?: string; err?: string; failed?: Failed }) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.settled(m.id);
      if (m.failed) p.reject(m.failed);
      else p.resolve({ out: m.out ?? '', err: m.err ?? '' });
    });
    const fail = (e: unknown) => {
      if (shared === this) shared = undefined;
      for (const [id, p] of this.pending) {
        this.settled(id);
        p.reject(this.stopped ? new InterruptedError('interrupted') : e);
      }
    };
    this.worker.on('error', fail);
    this.worker.on('exit', () => fail(new CliError('--jq: jq stopped unexpectedly')));
  }

  call(input: string, program: string, flags: string[]): Promise<JqRun> {
    const id = this.next++;
    if (this.pending.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, input, program, flags });
    });
  }

  private settled(id: number): void {
    this.pending.delete(id);
    if (this.pending.size === 0) this.worker.unref();
  }

  /** Ends the worker, and the program it runs: what waits for it is interrupted. */
  stop(): void {
    this.stopped = true;
    if (shared === this) shared = undefined;
    void this.worker.terminate();
  }
}

/** The worker every filter of this process runs in, started by the first --jq. */
let shared: Engine | undefined;

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

/**
 * What one run of a filter may print: jq-web collects stdout as a JavaScript array of bytes, and one that grows past
 * V8's largest array ends the whole process with a fatal error (`"x" * 180000000`), which no try or worker limit
 * catches. The outputs are counted in jq itself, as they are made, so that the run stops with an error first.
 */
const MAX_JQ_OUTPUT_MIB = 32;

/**
 * The program whose outputs stop, with an error, once they add up to more than MAX_JQ_OUTPUT_MIB (each counted as
 * printed compact, a string raw, plus its newline); the outputs before it are printed.
 */
function bounded(program: string, maxBytes: number): string {
  const size = 'if type == "string" then utf8bytelength else tojson | utf8bytelength end';
  const most = maxBytes % (1024 * 1024) === 0 ? `${maxBytes / 1024 / 1024} MiB` : `${maxBytes} bytes`;
  const over = `the output is over ${most}, the most one --jq run prints; select less (.[:100], first(f), limit(n; f))`;
  return `foreach (${program}\n) as $__out (0; . + ($__out | ${size}) + 1; if . > ${maxBytes} then error(${JSON.stringify(over)}) else $__out end)`;
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
    private readonly maxBytes: number,
  ) {
    this.each = each;
  }

  /** The outputs of the program on one JSON document. */
  apply(json: string): Promise<JqRun> {
    return this.run(json, this.program, []);
  }

  /** The outputs of `each` on each of `records` (JSON texts), in order; stops at the first error, as jq does. */
  applyEach(records: string[]): Promise<JqRun> {
    if (this.each === undefined) throw new Error('applyEach: the program does not stream');
    return this.run(records.join('\n'), `inputs | (${this.each}\n)`, ['-n']);
  }

  /**
   * The program on each of `docs` (JSON texts) in turn, as jq runs on a stream of documents (NDJSON); `input` in the
   * program reads the next of them. Stops at the first error.
   */
  applyDocuments(docs: string[]): Promise<JqRun> {
    return this.run(docs.join('\n'), `inputs | (${this.program}\n)`, ['-n']);
  }

  /**
   * jq-web returns stdout only when jq succeeds, and jq goes on to print after an error only for its next input: the
   * program runs inside `try`, whose handler prints the error after the outputs before it, marked with a nonce that
   * no data can know.
   */
  private async run(input: string, program: string, extra: string[]): Promise<JqRun> {
    const wrapped = `try (${bounded(program, this.maxBytes)}) catch ("${this.nonce.replace('\u001f', '\\u001f')}" + tojson)`;
    let result: JqRun;
    try {
      result = await this.engine.call(input, wrapped, [...extra, ...this.flags]);
    } catch (e) {
      if (e instanceof CliError) throw e;
      throw runtimeError(jqMessage((e as Failed).stderr));
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
 * Starts jq (in its worker) and compiles `program`: a program jq refuses is a usage error (exit 2), with jq's own
 * message. Compiled with no input, so nothing of the program runs yet. `signal` (the command's) stops jq when it
 * aborts, whatever program runs then.
 */
export async function compileJq(
  program: string,
  opts: { pretty: boolean; signal?: AbortSignal; maxOutputBytes?: number; json?: boolean },
): Promise<JqFilter> {
  shared ??= new Engine();
  const engine = shared;
  if (opts.signal) {
    const { signal } = opts;
    if (signal.aborted) throw new InterruptedError('interrupted');
    signal.addEventListener('abort', () => engine.stop(), { once: true });
  }
  const check = async (p: string): Promise<string[] | undefined> => {
    try {
      await engine.call('', p, []);
      return undefined;
    } catch (e) {
      const err = e as Failed;
      if (e instanceof CliError || err.exitCode !== COMPILE_ERROR) throw e;
      return jqMessage(err.stderr);
    }
  };
  const problem = await check(program);
  if (problem) {
    throw new UsageError(`--jq: ${problem[0]}`, {
      hints: [...problem.slice(1), "The expression is jq's language (https://jqlang.org/manual/). Nothing was sent."],
    });
  }
  const rest = perRecord(program);
  const each = rest !== undefined && !(await check(`inputs | (${rest}\n)`)) ? rest : undefined;
  const max = opts.maxOutputBytes ?? MAX_JQ_OUTPUT_MIB * 1024 * 1024;
  // `json`: every output as compact JSON (strings quoted), for rows a table or CSV is made of.
  const flags = opts.json ? ['-c'] : opts.pretty ? ['-r'] : ['-r', '-c'];
  return new JqFilter(engine, program, flags, each, max);
}
