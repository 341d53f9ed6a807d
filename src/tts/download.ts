// Downloading a generation's audio: streamed to a temporary file next to the destination and moved into
// place only when complete (never half a file, never over an existing file without --force), or streamed
// to stdout. The key goes only to the API's own origin: an audioUrl elsewhere (a storage link) is fetched
// without it.
import { createWriteStream, existsSync } from 'node:fs';
import { link, unlink } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  ApiError,
  AudioTooLargeError,
  CliError,
  InterruptedError,
  JobFailedError,
  MalformedResponseError,
  NetworkError,
  NotReadyError,
  UsageError,
} from '../errors.js';
import type { Factory } from '../factory.js';
import { shellWord } from '../io/shell.js';
import { checkOutputFile, destinationKind, openInPlace } from '../io/destination.js';
import { terminalSafe } from '../io/safe.js';
import { removeLeftovers } from '../io/leftovers.js';
import { systemError, withPath } from '../io/system-error.js';
import { capText } from '../api/errors.js';
import type { ApiClient, RawResponse } from '../api/client.js';
import { excerpt } from '../api/errors.js';
import { MAX_AUDIO_BYTES } from '../api/limits.js';
import type { TtsGeneration } from '../schemas/tts.js';
import { downloadCommand } from './again.js';
import { failureLine } from './failures.js';
import { replaceFile } from '../platform/replace.js';

export interface DownloadOptions {
  /** File path, "-" for stdout, or undefined for `<id>.<ext>` in the current directory. */
  out?: string;
  force: boolean;
  /** The id the user asked for: the default file name's stem (else the generation's id). */
  name?: string;
  /** The folder a relative `out` (or the default name) is resolved in; the current directory by default. */
  dir?: string;
  /**
   * Creates the file instead (voicectl mcp: inside its --dir, never replacing one): given `out` or the default
   * name, it returns the file open for writing, which gets its name at commit.
   */
  create?: (name: string) => Promise<NewFile>;
}

/** A file being created by DownloadOptions.create. */
interface NewFile {
  path: string;
  handle: import('node:fs/promises').FileHandle;
  commit(): Promise<void>;
  discard(): Promise<void>;
}

export interface DownloadResult {
  id: string;
  /** Absolute path written, or null for stdout. */
  file: string | null;
  bytes: number;
  contentType: string | null;
}

const EXT_BY_TYPE: Record<string, string> = {
  'audio/wav': '.wav',
  'audio/x-wav': '.wav',
  'audio/wave': '.wav',
  'audio/mpeg': '.mp3',
  'audio/mp3': '.mp3',
  'audio/ogg': '.ogg',
  'audio/opus': '.opus',
  'audio/flac': '.flac',
  'audio/aac': '.aac',
  'audio/mp4': '.m4a',
  'audio/webm': '.webm',
};

/** Refuses an --out that exists (without --force), a folder, or binary output to a terminal: checked before any request. */
export function checkDestination(f: Factory, opts: DownloadOptions): void {
  if (opts.out === '-') {
    if (f.io.stdoutIsTTY)
      throw new UsageError('--out -: refusing to write audio to a terminal', {
        hints: ['Redirect it (> file.wav) or pipe it (| ffplay -), or give --out <file>.'],
      });
    const g = f.globals();
    if (g.jq !== undefined || g.fields !== undefined)
      throw new UsageError(`${g.jq !== undefined ? '--jq' : '--fields'}: --out - prints the audio, not JSON`);
    return;
  }
  if (opts.out !== undefined && opts.out.trim() === '')
    throw new UsageError('--out: must be a file path or - for stdout (got "")');
  if (opts.out === undefined) return;
  checkOutputFile('--out', opts.out, { force: opts.force, nothing: 'nothing was sent', example: 'audio.wav' });
}

/**
 * The default file name's stem: the generation's id (the one the user asked for, where there is one), cut to 100
 * characters of letters, digits, "_" and "-"; anything else, dots included, becomes "_", so that the only dot of
 * the name is the one before the extension voicectl chose.
 */
function safeName(id: string): string {
  return id.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 100) || 'audio';
}

/**
 * The default file name's extension: from the audio type the answer declared, among the known ones, never from the
 * link or anything else the server names (a server that answered `conftest.py` made a file pytest runs); `.audio`
 * for any other type.
 */
function extensionFor(contentType: string | null): string {
  return (contentType && EXT_BY_TYPE[contentType.split(';')[0].trim().toLowerCase()]) || '.audio';
}

/**
 * Content types that are certainly not audio: text (an HTML login page), JSON (an error object), XML (a storage
 * error document), with or without parameters. A missing or other type (application/octet-stream) is accepted.
 */
const NOT_AUDIO = /^\s*(text\/[^;\s]*|application\/(json|xml|problem\+json))\s*(;|$)/i;

/** A 2xx whose body is not audio: its start read (bounded), the connection closed, nothing written. */
async function notAudio(f: Factory, id: string, res: RawResponse, contentType: string): Promise<CliError> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of res.body as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= 1024) break;
    }
  } catch {
    // what arrived is enough to show
  } finally {
    res.body.destroy();
  }
  const text = excerpt(Buffer.concat(chunks).subarray(0, 1024).toString('utf8'), 200);
  return new MalformedResponseError(
    `the audio link of ${id} answered ${res.status} with ${terminalSafe(excerpt(contentType, 80))}, not audio: ${terminalSafe(text) || '(empty)'}`,
    {
      hints: [
        `Nothing was kept. The link may have expired or need a login; try again, or check \`${f.commandLine.invocation()} tts get ${shellWord(id)}\` for its audioUrl.`,
      ],
    },
  );
}

const human = (n: number) =>
  n < 1024 ? `${n} B` : n < 1 << 20 ? `${(n / 1024).toFixed(1)} KB` : `${(n / (1 << 20)).toFixed(1)} MB`;

/** The generation has audio to download: completed, with an http(s) audioUrl; else the error that says why not. */
function audioUrlOf(f: Factory, g: TtsGeneration, opts: DownloadOptions, base: URL): URL {
  if (g.status === 'failed') {
    throw new JobFailedError(`generation ${g.id} failed; it has no audio`, {
      hints: [failureLine(g.errorMessage, `${f.commandLine.invocation()} tts get ${shellWord(g.id)}`)],
    });
  }
  if (g.status !== 'completed') {
    throw new NotReadyError(`generation ${g.id} is ${g.status}; its audio is not ready yet`, {
      hints: [`Wait for it and download in one go: ${downloadCommand(f, g.id, { ...opts, wait: true })}`],
    });
  }
  if (!g.audioUrl) throw new MalformedResponseError(`generation ${g.id} is completed but has no audioUrl`);
  let url: URL;
  try {
    url = new URL(g.audioUrl, base);
  } catch {
    throw new MalformedResponseError(`generation ${g.id} has an audioUrl that is not a URL: ${capText(g.audioUrl)}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new MalformedResponseError(`generation ${g.id} has an audioUrl that is not http(s): ${url.protocol}`);
  return url;
}

/** GET the audio link (with the key only on the API's own origin); a redirect is the link's fault, said so. */
async function fetchAudio(f: Factory, client: ApiClient, g: TtsGeneration, url: URL): Promise<RawResponse> {
  try {
    return await client.raw({
      method: 'GET',
      path: url.pathname,
      absoluteUrl: url.href,
      auth: url.origin === client.base.origin,
      signal: f.signal,
    });
  } catch (err) {
    // The base URL answered the generation: the redirect is the audio link's, and "check the base URL" misleads.
    if (err instanceof ApiError && err.status >= 300 && err.status < 400) {
      err.message = `the audio link of ${g.id} redirected (HTTP ${err.status}${err.message.replace(/^the service redirected( to [^;]*)?;.*$/, '$1')}); redirects are not followed, nothing was kept`;
      err.hints = [
        `Its audioUrl (\`${f.commandLine.invocation()} tts get ${shellWord(g.id)}\`) should answer with the audio itself.`,
      ];
    }
    throw err;
  }
}

export async function downloadAudio(f: Factory, g: TtsGeneration, opts: DownloadOptions): Promise<DownloadResult> {
  const client = await f.client();
  const url = audioUrlOf(f, g, opts, client.base);
  const res = await fetchAudio(f, client, g, url);
  const contentType = typeof res.headers['content-type'] === 'string' ? res.headers['content-type'] : null;
  if (contentType !== null && NOT_AUDIO.test(contentType)) throw await notAudio(f, g.id, res, contentType);
  const length = Number(res.headers['content-length'] ?? NaN);
  if (length > MAX_AUDIO_BYTES) {
    res.body.destroy();
    throw tooLarge(f, g.id, length);
  }

  const showProgress = opts.out !== '-' && f.io.canAnimate() && length > 1 << 20;
  const transfer = startTransfer(f, g.id, res, length, showProgress);
  // Held until the transfer is over, so that --timeout still fires on Node 20 (see RawResponse.signals).
  transfers.add(res.signals);
  try {
    if (opts.create) {
      const file = await toNewFile(
        opts.create,
        opts.out ?? `${safeName(opts.name ?? g.id)}${extensionFor(contentType)}`,
        transfer,
      );
      return { id: g.id, file, bytes: transfer.bytes(), contentType };
    }
    if (opts.out === '-') {
      await transfer.to(f.io.out, false);
      return { id: g.id, file: null, bytes: transfer.bytes(), contentType };
    }
    if (opts.out !== undefined && destinationKind(opts.out) === 'special') {
      const target = openInPlace(opts.out, f.io.out);
      await transfer.to(target, target !== f.io.out);
      // Written to our own stdout: as with --out -, nothing else may be printed there.
      return { id: g.id, file: target === f.io.out ? null : resolve(opts.out), bytes: transfer.bytes(), contentType };
    }
    const dest = resolve(opts.dir ?? '.', opts.out ?? `${safeName(opts.name ?? g.id)}${extensionFor(contentType)}`);
    if (opts.out === undefined && existsSync(dest) && !opts.force) {
      await res.body.dump();
      throw new UsageError(`${basename(dest)} already exists in ${dirname(dest)}`, {
        hints: ['Add --force to replace it, or give --out <file>.'],
      });
    }
    await toRegularFile(f, dest, opts.force, transfer);
    return { id: g.id, file: dest, bytes: transfer.bytes(), contentType };
  } finally {
    transfers.delete(res.signals);
    // output: voicectl's own control sequence (clears the progress line).
    if (showProgress) f.io.err.write('\r\x1b[2K');
  }
}

/** The signals of the downloads in progress: a strong reference, which a signal needs to fire (see above). */
const transfers = new Set<AbortSignal[]>();

/** A response body on its way to one destination: counted, bounded by MAX_AUDIO_BYTES, its errors typed. */
interface Transfer {
  /** Streams the body into `target` (ended when `end`) and checks the length it announced. */
  /** `path`: the file being written, named by a write error that has none (ENOSPC from a stream). */
  to(target: Writable, end: boolean, path?: string): Promise<void>;
  bytes(): number;
  /** Drops the body unread (nothing is written). */
  abandon(): void;
  /** The error to report for `err` (a timeout, Ctrl-C, a disk error, a broken connection). */
  fail(err: unknown): unknown;
}

function startTransfer(f: Factory, id: string, res: RawResponse, length: number, showProgress: boolean): Transfer {
  let bytes = 0;
  let lastDraw = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      if (bytes > MAX_AUDIO_BYTES) return done(tooLarge(f, id, bytes));
      if (showProgress && Date.now() - lastDraw > 100) {
        lastDraw = Date.now();
        // output: the progress line; the id is made safe (terminalSafe).
        f.io.err.write(
          `\r\x1b[2KDownloading ${terminalSafe(id)}: ${Math.floor((bytes / length) * 100)}% (${human(bytes)} of ${human(length)})`,
        );
      }
      done(null, chunk);
    },
  });
  const fail = (err: unknown) => asDownloadError(f, id, err, res.signals);
  return {
    bytes: () => bytes,
    abandon: () => void res.body.dump().catch(() => undefined),
    fail,
    async to(target, end, path) {
      try {
        await pipeline(res.body, counter, target, { end });
      } catch (err) {
        throw fail(path === undefined ? err : withPath(err, path));
      }
      if (Number.isFinite(length) && bytes !== length) {
        throw new NetworkError(`the audio of ${id} arrived incomplete (${bytes} of ${length} bytes)`, {
          hints: ['Nothing was kept; try again.'],
        });
      }
    },
  };
}

function tooLarge(f: Factory, id: string, bytes: number): CliError {
  return new AudioTooLargeError(
    `the audio of ${id} is larger than ${human(MAX_AUDIO_BYTES)} (${human(bytes)}${bytes > MAX_AUDIO_BYTES ? ' or more' : ''}); stopped, nothing was kept`,
    {
      hints: [
        `No generation is that large: the audio link is broken or hostile. Check \`${f.commandLine.invocation()} tts get ${shellWord(id)}\` for its audioUrl.`,
      ],
    },
  );
}

/** The audio to a file DownloadOptions.create made; its path. */
async function toNewFile(
  create: (name: string) => Promise<NewFile>,
  name: string,
  transfer: Transfer,
): Promise<string> {
  let file: NewFile;
  try {
    file = await create(name);
  } catch (err) {
    transfer.abandon();
    throw err;
  }
  try {
    await transfer.to(file.handle.createWriteStream(), true, file.path);
    await file.commit();
    return file.path;
  } catch (err) {
    await file.discard();
    throw transfer.fail(err);
  }
}

/** The audio to a regular file: a temporary name next to it, renamed into place only when complete. */
async function toRegularFile(f: Factory, dest: string, force: boolean, transfer: Transfer): Promise<void> {
  // Loaded here, not with the module: `tts create` loads this module for its --out checks even with --dry-run,
  // and node:crypto is ~20 built-in modules (5-7 ms of every start on Node 24).
  const { randomBytes } = await import('node:crypto');
  const tmp = join(dirname(dest), `.${basename(dest)}.${process.pid}-${randomBytes(4).toString('hex')}.part`);
  await removeLeftovers(dest, 'part'); // a killed download's, whose process is gone
  const untrack = f.cleanup.trackTemp(tmp); // removed however the process ends, SIGTERM and SIGHUP included
  try {
    await transfer.to(createWriteStream(tmp, { flags: 'wx', mode: 0o644 }), true, dest);
    if (force) await replaceFile(tmp, dest);
    else {
      // link() fails if dest appeared meanwhile: never replace a file the user did not ask to replace.
      try {
        await link(tmp, dest);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EEXIST')
          throw new UsageError(`${dest} already exists`, { hints: ['Add --force to replace it.'] });
        await replaceFile(tmp, dest);
      }
      await unlink(tmp).catch(() => undefined);
    }
  } catch (err) {
    await unlink(tmp).catch(() => undefined);
    throw transfer.fail(err);
  } finally {
    untrack();
  }
}

function asDownloadError(f: Factory, id: string, err: unknown, signals: AbortSignal[] = []): unknown {
  if (f.signal.aborted)
    return new InterruptedError(`download of ${id} stopped; nothing was kept`, {
      hints: [`Download again with: ${downloadCommand(f, id, {})}`],
    });
  if (err instanceof CliError) return err;
  if (signals.some((s) => s.aborted))
    return new NetworkError(
      `the download of ${id} timed out (--request-timeout bounds the whole transfer); nothing was kept`,
      {
        cause: err,
        hints: ['Raise --request-timeout (before the command) for a slow link.'],
      },
    );
  const code = (err as NodeJS.ErrnoException).code;
  if (['EACCES', 'ENOENT', 'EISDIR', 'ENOSPC', 'EROFS', 'ENXIO', 'EPERM'].includes(code ?? '')) {
    // With the file's path when the caller gave it (withPath): `could not write <path>: no space left …`.
    const known = systemError(err, f.env);
    if (known) {
      known.hints.push(`Nothing of the audio of ${id} was kept.`);
      return known;
    }
    return new CliError(`could not write the audio of ${id}: ${(err as Error).message}`);
  }
  return new NetworkError(`the download of ${id} broke off: ${(err as Error).message}`, {
    cause: err,
    hints: ['Nothing was kept; try again.'],
  });
}
