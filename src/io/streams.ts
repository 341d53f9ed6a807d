// IOStreams: every command reaches stdin/stdout/stderr through this object, never process globals,
// so tests can hand in buffers and pretend to be (or not be) a terminal.
import { PassThrough, type Readable, type Writable } from 'node:stream';

export interface IOStreams {
  in: Readable;
  out: Writable;
  err: Writable;
  stdinIsTTY: boolean;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  /** Colors allowed: stdout is a TTY, and neither NO_COLOR, CI=true nor --no-color. The only decision: chalk follows it. */
  color: boolean;
  /** stdout's terminal width, or 0 when stdout is not a terminal (tables, redrawn views). */
  columns: number;
  /** stderr's terminal width, or 0 when stderr is not a terminal (notes, hints, errors, help on stderr). */
  errColumns: number;
  /** Terminal height, or 0 when not a terminal (a view redrawn in place must fit it). */
  rows: number;
  /**
   * Notes, hints and banners for stderr wrapped to the terminal's width (./wrap.ts): set by src/cli.ts once a command
   * runs with stderr on a terminal; unset, text is written as it is (piped, each note stays one line).
   */
  wrapNotes?: (text: string) => string;
  /** Prompts need a human on both ends. */
  canPrompt(): boolean;
  /** Spinners and progress bars go to stderr, only when both stdout and stderr are terminals. */
  canAnimate(): boolean;
}

type Env = Record<string, string | undefined>;

export function colorAllowed(env: Env, isTTY: boolean): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.CI === 'true' || env.CI === '1') return false;
  if (env.FORCE_COLOR && env.FORCE_COLOR !== '0') return true;
  // A terminal that says it understands no escape sequences (Emacs' shell, some CI consoles).
  if (env.TERM === 'dumb') return false;
  return isTTY;
}

export function systemStreams(env: Env = process.env): IOStreams {
  const stdoutIsTTY = Boolean(process.stdout.isTTY);
  const stderrIsTTY = Boolean(process.stderr.isTTY);
  const stdinIsTTY = Boolean(process.stdin.isTTY);
  const ciLike = env.CI === 'true' || env.CI === '1';
  return {
    in: process.stdin,
    out: process.stdout,
    err: process.stderr,
    stdinIsTTY,
    stdoutIsTTY,
    stderrIsTTY,
    color: colorAllowed(env, stdoutIsTTY),
    columns: stdoutIsTTY ? (process.stdout.columns ?? 80) : 0,
    errColumns: stderrIsTTY ? (process.stderr.columns ?? 80) : 0,
    rows: stdoutIsTTY ? (process.stdout.rows ?? 24) : 0,
    canPrompt: () => stdinIsTTY && stdoutIsTTY && !ciLike,
    canAnimate: () => stdoutIsTTY && stderrIsTTY && !ciLike && colorAllowed(env, true),
  };
}

export interface TestStreams extends IOStreams {
  stdout(): string;
  stderr(): string;
  /** Text fed to stdin; end it with null. */
  setStdin(text: string): void;
}

/**
 * In-memory streams for tests. `tty` makes every stream claim to be a terminal; `stdoutTTY` and `stderrTTY` say it
 * of one (stdout to a file, stderr on a terminal), `errColumns` gives stderr a width of its own.
 */
export function testStreams(
  opts: {
    tty?: boolean;
    stdoutTTY?: boolean;
    stderrTTY?: boolean;
    color?: boolean;
    columns?: number;
    errColumns?: number;
    rows?: number;
    stdin?: string;
  } = {},
): TestStreams {
  const tty = opts.tty ?? false;
  const outTTY = opts.stdoutTTY ?? tty;
  const errTTY = opts.stderrTTY ?? tty;
  const out = new PassThrough();
  const err = new PassThrough();
  const input = new PassThrough();
  const outChunks: Buffer[] = [];
  const errChunks: Buffer[] = [];
  out.on('data', (c: Buffer) => outChunks.push(c));
  err.on('data', (c: Buffer) => errChunks.push(c));
  if (opts.stdin !== undefined) input.end(opts.stdin);
  return {
    in: input,
    out,
    err,
    stdinIsTTY: tty,
    stdoutIsTTY: outTTY,
    stderrIsTTY: errTTY,
    color: opts.color ?? false,
    columns: outTTY ? (opts.columns ?? 120) : 0,
    errColumns: errTTY ? (opts.errColumns ?? opts.columns ?? 120) : 0,
    rows: tty ? (opts.rows ?? 40) : 0,
    canPrompt: () => tty,
    canAnimate: () => tty && (opts.color ?? false),
    stdout: () => Buffer.concat(outChunks).toString('utf8'),
    stderr: () => Buffer.concat(errChunks).toString('utf8'),
    setStdin: (text: string) => input.end(text),
  };
}

/**
 * Joins many small writes (a record per line) into one write per turn of the event loop, or per 64 KiB:
 * a 10,000-record listing costs a hundred writes instead of ten thousand. Records reach the stream as soon as
 * the producer waits for I/O (the next page), so streaming is kept. Call `flush()` before returning.
 */
export class BatchedWriter {
  private parts: string[] = [];
  private size = 0;
  private scheduled = false;
  private drained: Promise<void> | undefined;

  constructor(private readonly stream: Writable) {}

  /** Queues `text`; returns a promise when the stream asked to wait (backpressure). */
  push(text: string): Promise<void> | undefined {
    this.parts.push(text);
    this.size += text.length;
    if (this.size >= 1 << 16) return this.flush();
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        void this.flush();
      });
    }
    return this.drained;
  }

  flush(): Promise<void> | undefined {
    if (this.parts.length > 0) {
      const text = this.parts.length === 1 ? this.parts[0] : this.parts.join('');
      this.parts = [];
      this.size = 0;
      if (!this.stream.write(text) && !this.drained) {
        this.drained = new Promise((resolve) =>
          this.stream.once('drain', () => {
            this.drained = undefined;
            resolve();
          }),
        );
      }
    }
    return this.drained;
  }
}

/** Write and wait for the stream to accept it (respects backpressure on big outputs). */
export function write(stream: Writable, text: string): Promise<void> | void {
  if (!stream.write(text)) {
    return new Promise((resolve) => stream.once('drain', resolve));
  }
}
