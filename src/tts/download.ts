// Downloading a generation's audio: streamed to a temporary file next to the destination and moved into
// place only when complete (never half a file, never over an existing file without --force), or streamed
// to stdout. The key goes only to the API's own origin: an audioUrl elsewhere (a storage link) is fetched
// without it.
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { link, rename, unlink } from 'node:fs/promises';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CliError,
  InterruptedError,
  JobFailedError,
  MalformedResponseError,
  NetworkError,
  UsageError,
} from '../errors.js';
import type { Factory } from '../factory.js';
import type { TtsGeneration } from '../schemas/tts.js';
import { failureLine } from './failures.js';

export interface DownloadOptions {
  /** File path, "-" for stdout, or undefined for `<id>.<ext>` in the current directory. */
  out?: string;
  force: boolean;
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

/** Refuses an --out that exists (without --force) or binary output to a terminal: checked before any request. */
export function checkDestination(f: Factory, opts: DownloadOptions): void {
  if (opts.out === '-') {
    if (f.io.stdoutIsTTY)
      throw new UsageError('--out -: refusing to write audio to a terminal', {
        hints: ['Redirect it (> file.wav) or pipe it (| ffplay -), or give --out <file>.'],
      });
    return;
  }
  if (opts.out !== undefined && opts.out.trim() === '')
    throw new UsageError('--out: must be a file path or - for stdout (got "")');
  if (opts.out !== undefined && existsSync(opts.out) && !opts.force) {
    throw new UsageError(`--out: ${opts.out} already exists`, {
      hints: ['Add --force to replace it, or choose another file.'],
    });
  }
}

function safeName(id: string): string {
  const s = id.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '_');
  return s || 'audio';
}

function extensionFor(url: URL, contentType: string | null): string {
  const fromType = contentType ? EXT_BY_TYPE[contentType.split(';')[0].trim().toLowerCase()] : undefined;
  const fromUrl = extname(url.pathname).toLowerCase();
  if (/^\.[a-z0-9]{2,5}$/.test(fromUrl)) return fromUrl;
  return fromType ?? '.audio';
}

const human = (n: number) =>
  n < 1024 ? `${n} B` : n < 1 << 20 ? `${(n / 1024).toFixed(1)} KB` : `${(n / (1 << 20)).toFixed(1)} MB`;

export async function downloadAudio(f: Factory, g: TtsGeneration, opts: DownloadOptions): Promise<DownloadResult> {
  if (g.status === 'failed') {
    throw new JobFailedError(`generation ${g.id} failed; it has no audio`, { hints: [failureLine(g.errorMessage)] });
  }
  if (g.status !== 'completed') {
    const err = new CliError(`generation ${g.id} is ${g.status}; its audio is not ready yet`, {
      hints: [`Wait for it and download in one go: voicectl tts download ${g.id} --wait`],
    });
    err.code = 'not_ready';
    throw err;
  }
  if (!g.audioUrl) throw new MalformedResponseError(`generation ${g.id} is completed but has no audioUrl`);
  const client = await f.client();
  let url: URL;
  try {
    url = new URL(g.audioUrl, client.base);
  } catch {
    throw new MalformedResponseError(`generation ${g.id} has an audioUrl that is not a URL: ${g.audioUrl}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new MalformedResponseError(`generation ${g.id} has an audioUrl that is not http(s): ${url.protocol}`);
  const sameOrigin = url.origin === client.base.origin;
  const res = await client.raw({
    method: 'GET',
    path: url.pathname,
    absoluteUrl: url.href,
    auth: sameOrigin,
    signal: f.signal,
  });
  const contentType = typeof res.headers['content-type'] === 'string' ? res.headers['content-type'] : null;
  const length = Number(res.headers['content-length'] ?? NaN);

  let bytes = 0;
  const showProgress = opts.out !== '-' && f.io.canAnimate() && length > 1 << 20;
  let lastDraw = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      if (showProgress && Date.now() - lastDraw > 100) {
        lastDraw = Date.now();
        f.io.err.write(
          `\r\x1b[2KDownloading ${g.id}: ${Math.floor((bytes / length) * 100)}% (${human(bytes)} of ${human(length)})`,
        );
      }
      done(null, chunk);
    },
  });
  const checkLength = () => {
    if (Number.isFinite(length) && bytes !== length) {
      throw new NetworkError(`the audio of ${g.id} arrived incomplete (${bytes} of ${length} bytes)`, {
        hints: ['Nothing was kept; try again.'],
      });
    }
  };

  if (opts.out === '-') {
    try {
      await pipeline(res.body, counter, f.io.out, { end: false });
    } catch (err) {
      throw asDownloadError(f, g.id, err);
    }
    checkLength();
    return { id: g.id, file: null, bytes, contentType };
  }

  const dest = resolve(opts.out ?? `${safeName(g.id)}${extensionFor(url, contentType)}`);
  if (opts.out === undefined && existsSync(dest) && !opts.force) {
    await res.body.dump();
    throw new UsageError(`${basename(dest)} already exists in ${dirname(dest)}`, {
      hints: ['Add --force to replace it, or give --out <file>.'],
    });
  }
  const tmp = join(dirname(dest), `.${basename(dest)}.${process.pid}-${randomBytes(4).toString('hex')}.part`);
  const untrack = f.trackTemp(tmp); // removed however the process ends, SIGTERM and SIGHUP included
  try {
    await pipeline(res.body, counter, createWriteStream(tmp, { flags: 'wx', mode: 0o644 }));
    checkLength();
    if (opts.force) await rename(tmp, dest);
    else {
      // link() fails if dest appeared meanwhile: never replace a file the user did not ask to replace.
      try {
        await link(tmp, dest);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EEXIST')
          throw new UsageError(`${dest} already exists`, { hints: ['Add --force to replace it.'] });
        await rename(tmp, dest);
      }
      await unlink(tmp).catch(() => undefined);
    }
  } catch (err) {
    await unlink(tmp).catch(() => undefined);
    throw asDownloadError(f, g.id, err);
  } finally {
    untrack();
    if (showProgress) f.io.err.write('\r\x1b[2K');
  }
  return { id: g.id, file: dest, bytes, contentType };
}

function asDownloadError(f: Factory, id: string, err: unknown): unknown {
  if (f.signal.aborted)
    return new InterruptedError(`download of ${id} stopped; nothing was kept`, {
      hints: [`Download again with: voicectl tts download ${id}`],
    });
  if (err instanceof CliError) return err;
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'ENOENT' || code === 'EISDIR' || code === 'ENOSPC' || code === 'EROFS') {
    return new CliError(`could not write the audio of ${id}: ${(err as Error).message}`);
  }
  return new NetworkError(`the download of ${id} broke off: ${(err as Error).message}`, {
    cause: err,
    hints: ['Nothing was kept; try again.'],
  });
}
