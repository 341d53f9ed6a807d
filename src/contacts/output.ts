// Files that appear all at once or not at all: written to a temporary file next to the destination, renamed
// into place only when every row passed. A failed run leaves nothing behind.
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, readFile, unlink, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import type { Writable } from 'node:stream';
// Cells a spreadsheet would run as formulas are neutralised (README "Security").
import { destinationKind, openInPlace } from '../io/destination.js';
import { csvField } from '../io/format.js';
import { jsonForTerminal } from '../io/safe.js';
import { removeLeftovers } from '../io/leftovers.js';
import { withPath } from '../io/system-error.js';
import { replaceFile } from '../platform/replace.js';

const FLUSH_AT = 1 << 18;

export class StagedFile {
  private parts: string[] = [];
  private size = 0;
  private closed = false;
  /** Bytes of the text in the file's encoding (default UTF-8). */
  encode?: (text: string) => Buffer;
  private constructor(
    readonly tmp: string,
    private readonly handle: FileHandle,
    /** Final path; undefined for stdout. */
    readonly dest: string | undefined,
    private readonly untrack: () => void,
  ) {}

  /**
   * A temp file next to `dest` (same file system, so the rename is atomic), or in the OS temp dir for stdout;
   * 0600, as it holds the contacts' personal fields. `track` (Factory.trackTemp) has it removed however the
   * process ends (SIGTERM and SIGHUP too), not only through discard().
   */
  static async create(dest: string | undefined, track?: (path: string) => () => void): Promise<StagedFile> {
    const tag = `${process.pid}-${randomBytes(4).toString('hex')}`;
    // A FIFO or a device is written in place at commit: its temp file goes to the temp dir, not next to it (/dev).
    const tmp =
      dest && destinationKind(dest) !== 'special'
        ? join(dirname(resolve(dest)), `.${basename(dest)}.${tag}.tmp`)
        : join(tmpdir(), `voicectl-contacts-${tag}.tmp`);
    if (dest && destinationKind(dest) !== 'special') await removeLeftovers(dest, 'tmp');
    const untrack = track?.(tmp) ?? (() => undefined);
    return new StagedFile(tmp, await open(tmp, 'wx', 0o600), dest, untrack);
  }

  /** The file a failed write is said to be about: the destination the user named, or the temp file for stdout. */
  private get shownPath(): string {
    return this.dest && destinationKind(this.dest) !== 'special' ? this.dest : this.tmp;
  }

  /** Queues text; returns a promise only when it flushed (await it to respect the disk's pace). */
  push(text: string): Promise<void> | undefined {
    this.parts.push(text);
    this.size += text.length;
    if (this.size >= FLUSH_AT) return this.flush();
    return undefined;
  }

  private async flush(): Promise<void> {
    if (this.parts.length === 0) return;
    const text = this.parts.join('');
    this.parts = [];
    this.size = 0;
    try {
      if (this.encode) await this.handle.write(this.encode(text));
      else await this.handle.write(text);
    } catch (err) {
      throw withPath(err, this.shownPath);
    }
  }

  private async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.handle.close().catch((err) => {
      throw withPath(err, this.shownPath);
    });
  }

  /** Renames into place, or copies to `out` and removes the temp file. */
  async commit(out?: Writable): Promise<void> {
    await this.flush();
    await this.close();
    if (this.dest && destinationKind(this.dest) !== 'special') {
      await replaceFile(this.tmp, this.dest);
      this.untrack();
      return;
    }
    // stdout, or a FIFO or a device written in place (src/io/destination.ts).
    const stdout = out ?? process.stdout;
    const target = this.dest ? openInPlace(this.dest, stdout) : out;
    if (!target) throw new Error('StagedFile.commit: no destination');
    if (target !== stdout) {
      // A device or FIFO: its write errors (ENOSPC on /dev/full) fail the command here, before it says "written".
      const { pipeline } = await import('node:stream/promises');
      await pipeline(createReadStream(this.tmp), target).catch((err) => {
        throw withPath(err, this.dest ?? this.tmp);
      });
    } else {
      for await (const chunk of createReadStream(this.tmp)) {
        if (!target.write(chunk)) await new Promise((r) => target.once('drain', r));
      }
    }
    await unlink(this.tmp);
    this.untrack();
  }

  /** What was written (for --jq, which filters it before anything is printed); then commit or discard. */
  async text(): Promise<string> {
    await this.flush();
    await this.close();
    return readFile(this.tmp, 'utf8');
  }

  /** Removes the temp file; safe to call twice and after commit. */
  async discard(): Promise<void> {
    await this.close().catch(() => undefined);
    await unlink(this.tmp).catch(() => undefined);
    this.untrack();
  }
}

/** Writes contacts as one JSON array (one contact per line, readable and diff-friendly) or as NDJSON. */
export class ContactWriter {
  private count = 0;
  constructor(
    private readonly file: Pick<StagedFile, 'push'>,
    private readonly ndjson: boolean,
    /** Bound for a terminal: DEL, C1 and bidi controls inside strings written as \u escapes (the same JSON). */
    private readonly forTerminal = false,
  ) {}

  write(contact: unknown): Promise<void> | undefined {
    const json = this.forTerminal ? jsonForTerminal(JSON.stringify(contact)) : JSON.stringify(contact);
    if (this.ndjson) return this.file.push(`${json}\n`);
    return this.file.push(`${this.count++ === 0 ? '[\n  ' : ',\n  '}${json}`);
  }

  end(): void {
    if (!this.ndjson) this.file.push(this.count === 0 ? '[]\n' : '\n]\n');
  }
}

/** A CSV cell for `delimiter`: quoted when it holds the delimiter, a quote or a line break. */

/**
 * The rejects file of --skip-invalid: each rejected row as it was, after its row number and reasons, written
 * as the input was (delimiter, encoding, BOM), so that it opens like the original in the same spreadsheet.
 * UTF-8 gets a BOM even when the input had none: without one Excel reads UTF-8 as its local code page.
 * Cells a spreadsheet would run as formulas get a leading ' (as in every CSV voicectl writes), unless `raw`
 * (--csv-raw): then every cell is written exactly as it was read.
 */
export function rejectsSink(file: StagedFile, { raw = false }: { raw?: boolean } = {}) {
  let delimiter = ',';
  const cell = (v: string) => csvField(v, { raw, delimiter });
  return {
    async header(plan: { headers: string[] }, format: { delimiter: string; encoding: string; bom: boolean }) {
      delimiter = format.delimiter;
      const [{ encoderFor }] = await Promise.all([import('../io/encoding.js')]);
      if (format.encoding !== 'utf-8') file.encode = encoderFor(format.encoding);
      const bom = format.encoding === 'utf-8' || (format.bom && format.encoding.startsWith('utf-16')) ? '\uFEFF' : '';
      return file.push(`${bom}${['rejected_row', 'rejected_reason', ...plan.headers].map(cell).join(delimiter)}\r\n`);
    },
    reject(row: number, cells: string[], errors: { column: string; reason: string }[]) {
      const reason = errors.map((e) => `${e.column}: ${e.reason}`).join('; ');
      return file.push(`${[String(row), reason, ...cells].map(cell).join(delimiter)}\r\n`);
    },
  };
}

/** An output file named by `flag`: see checkOutputFile. stdout is not a place for rejected rows. */
export async function checkDestination(
  flag: string,
  file: string | undefined,
  force: boolean,
  nothing = 'nothing was written',
): Promise<void> {
  if (file === undefined) return;
  const [{ checkOutputFile }, { UsageError }] = await Promise.all([
    import('../io/destination.js'),
    import('../errors.js'),
  ]);
  // stdout carries the contacts (or nothing, for campaigns): rejected rows there would mix with them.
  if (flag === '--rejects' && file === '-')
    throw new UsageError('--rejects: - (stdout) is not accepted; name a file such as rejected.csv');
  checkOutputFile(flag, file, { force, nothing, example: flag === '--rejects' ? 'rejected.csv' : 'contacts.json' });
}

/**
 * An output file named by `flag` must not be the `input` file: with --force it would replace the data being
 * read (the rejects alone left of a contacts export). The same file reached by another path (./x and x, a
 * symlink, a hard link) is the same device and inode; a file that does not exist yet is not the input.
 */
export async function checkNotInput(
  flag: string,
  file: string | undefined,
  input: string,
  nothing = 'nothing was written',
): Promise<void> {
  if (file === undefined || file === '-' || input === '-') return;
  const [{ stat }, { UsageError }] = await Promise.all([import('node:fs/promises'), import('../errors.js')]);
  const [a, b] = await Promise.all([stat(file).catch(() => undefined), stat(input).catch(() => undefined)]);
  const same = a && b ? a.dev === b.dev && a.ino === b.ino : resolve(file) === resolve(input);
  if (!same) return;
  throw new UsageError(`${flag}${file === input ? '' : ` ${file}`} is the input file ${input}; ${nothing}`, {
    hints: [`Name another file for ${flag}: writing it would replace the input.`],
  });
}
