// tts create: what it runs (the declaration is create.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodePathParam } from '../../api/client.js';
import { excerpt } from '../../api/errors.js';
import { CliError, MalformedResponseError, UsageError } from '../../errors.js';
import { type Factory, shellWord } from '../../factory.js';
import { TTS_LIMITS, tokenCost } from '../../facts.js';
import { decodeText } from '../../io/encoding.js';
import { readInputFile } from '../../io/input-file.js';
import { printRecord } from '../../io/output.js';
import { jsonForTerminal } from '../../io/safe.js';
import { readAll } from '../../io/stdin.js';
import { write } from '../../io/streams.js';
import { parseOptions } from '../../options.js';
import { envelope } from '../../schemas/common.js';
import { characterCount, TtsCreated, TtsCreateInput } from '../../schemas/tts.js';
import { downloadCommand, withDownloadHints } from '../../tts/again.js';
import { checkDestination, downloadAudio } from '../../tts/download.js';
import { playFile, requirePlayer } from '../../tts/play.js';
import { waitProgress } from '../../tts/progress.js';
import { recordsOf, waitForGenerations } from '../../tts/wait.js';
import { costLine, intervalMs, waitTimeout, warnUnusedWaitFlags } from './common.js';
import type { CreateOptions } from './create.js';
import { printGenerations } from './shared.js';

/**
 * The longest file read for --file (160 kB): 4 bytes per character, the most a character takes in UTF-8 or UTF-16,
 * times 4 as headroom, so that a text within the limit is never refused for its bytes (what it carries besides its
 * characters: CRLF, a BOM, combining marks). Its characters are counted after decoding, which gives the real error;
 * the byte limit only stops a mistake such as a video before it is read into memory.
 */
const MAX_FILE_BYTES = 4 * TTS_LIMITS.maxTextLength * 4;

/** The text of --file: UTF-8 (or what a BOM or --encoding says); other bytes would be sent, and paid for, as "�". */
async function readText(f: Factory, file: string, encoding: string | undefined): Promise<string> {
  let text: string;
  if (file === '-') {
    if (f.io.stdinIsTTY)
      throw new UsageError(
        '--file -: stdin is a terminal; pipe the text in (echo "Hello" | voicectl tts create --file -) or use --text',
      );
    const tooLarge = () =>
      new UsageError(
        `--file -: must be at most ${TTS_LIMITS.maxTextLengthText} characters (stdin sent more than ${MAX_FILE_BYTES} bytes)`,
      );
    text = decodeText(
      await readAll(f.io.in, f.signal, { maxBytes: MAX_FILE_BYTES, tooLarge }),
      encoding,
      '--file -: stdin',
    );
  } else {
    const tooLarge = (size: number | undefined) =>
      new UsageError(
        `--file: must be at most ${TTS_LIMITS.maxTextLengthText} characters (${file} ${size === undefined ? `sent more than ${MAX_FILE_BYTES}` : `has ${size}`} bytes)`,
      );
    let data: Buffer;
    try {
      data = await readInputFile(file, { maxBytes: MAX_FILE_BYTES, tooLarge }, f.signal);
    } catch (err) {
      if (err instanceof CliError) throw err;
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EISDIR') throw new UsageError(`--file: ${file} is a directory`);
      throw new UsageError(`--file: cannot read ${file} (${code ?? (err as Error).message})`);
    }
    text = decodeText(data, encoding, `--file: ${file}`);
  }
  return text.replace(/^\uFEFF/, '').replace(/\r?\n$/, '');
}

export async function run(f: Factory, flags: CreateOptions): Promise<void> {
  if (flags.text !== undefined && flags.file !== undefined)
    throw new UsageError('--text and --file cannot be combined: give the text one way');
  if (flags.text === undefined && flags.file === undefined) {
    throw new UsageError('--text or --file is required', {
      hints: ['voicectl tts create --text "Hello"', 'voicectl tts create --file script.txt'],
    });
  }
  if (flags.encoding !== undefined && flags.file === undefined)
    throw new UsageError('--encoding applies to --file: the text of --text is already text');
  const text = flags.text ?? (await readText(f, flags.file!, flags.encoding));
  const body = parseOptions(
    TtsCreateInput,
    {
      text,
      voice: flags.voice,
      language: flags.language,
      speed: flags.speed,
      stability: flags.stability,
      similarityBoost: flags.similarityBoost,
      style: flags.style,
    },
    { text: flags.file !== undefined ? `--file ${flags.file}` : '--text' },
  );
  const waiting = flags.wait || flags.out !== undefined || flags.play;
  if (flags.out !== undefined) checkDestination(f, { out: flags.out, force: flags.force });
  warnUnusedWaitFlags(f, flags, waiting, '--wait, --out or --play');
  const chars = characterCount(body.text);

  if (flags.dryRun) {
    if (flags.play) f.warn('warning: --play has no effect with --dry-run: nothing is generated');
    const json = JSON.stringify(body, null, 2);
    await write(f.io.out, `${f.io.stdoutIsTTY ? jsonForTerminal(json) : json}\n`);
    f.warn(`dry run: POST /v1/tts was not sent. It would cost ${costLine(chars)}.`);
    return;
  }
  const play = flags.play ? { playFile, requirePlayer } : undefined;
  const player = play?.requirePlayer(f, flags.out, 'Nothing was sent.');

  const client = await f.client();
  const res = await client.json({ method: 'POST', path: '/v1/tts', body, signal: f.signal }, envelope(TtsCreated));
  const created = res.body.data;
  const out = f.output();

  if (!waiting) {
    if (out.format === 'table' && !out.quiet) {
      await printRecord(f.io, out, { ...created, cost: `${tokenCost(created.characterCount ?? chars)} tokens` }, [
        { key: 'id', label: 'ID' },
        { key: 'status', label: 'Status' },
        { key: 'characterCount', label: 'Characters' },
        { key: 'cost', label: 'Cost' },
      ]);
      f.warn(`Follow it with: ${f.invocation()} tts wait ${shellWord(created.id)}`);
    } else {
      await printRecord(f.io, out, created);
      if (!out.quiet) f.warn(`${created.id} ${created.status}: ${costLine(created.characterCount ?? chars)}`);
    }
    return;
  }

  if (!out.quiet) f.warn(`${created.id} ${created.status}: ${costLine(created.characterCount ?? chars)}`);
  checkCreatedId(created.id, f.invocation());
  // Stopped while waiting or downloading, --out (or --play) is resumed by `tts download --wait`, which writes the
  // file; `tts wait` alone would only print the record.
  const again = { out: flags.out, force: flags.force, play: flags.play };
  const resumesByDownload = flags.out !== undefined || flags.play;
  const progress = await waitProgress(f);
  let records;
  try {
    records = await waitForGenerations(
      f,
      [created.id],
      {
        intervalMs: intervalMs(f, flags.interval),
        ...waitTimeout(flags),
        resume: resumesByDownload ? ([id]) => downloadCommand(f, id, { ...again, wait: true }) : undefined,
      },
      progress.update,
    );
  } catch (err) {
    progress.stop();
    const partial = recordsOf(err);
    if (partial && flags.out !== '-') await printGenerations(f, partial, true);
    throw err;
  } finally {
    progress.stop();
  }
  let saved: string | null = null;
  if (flags.out !== undefined) {
    const result = await downloadAudio(f, records[0], { out: flags.out, force: flags.force }).catch((err: unknown) => {
      throw withDownloadHints(f, err, created.id, again);
    });
    if (result.file) f.warn(`Saved ${result.file} (${result.bytes} bytes)`);
    if (flags.out === '-') return;
    saved = result.file;
  }
  await printGenerations(f, records, true);
  const later = `${f.invocation()} tts download ${shellWord(created.id)}`;
  if (play && player) {
    if (saved) return play.playFile(f, player, saved, `The audio is in ${saved}.`);
    // Without --out the audio is only heard: a temporary copy, removed when the command ends.
    const dir = await mkdtemp(join(tmpdir(), 'voicectl-play-'));
    f.onCleanup(() => rm(dir, { recursive: true, force: true }));
    const copy = await downloadAudio(f, records[0], { force: false, dir }).catch((err: unknown) => {
      throw withDownloadHints(f, err, created.id, again);
    });
    return play.playFile(f, player, copy.file!, `The audio was not kept (no --out); download it with: ${later}`);
  }
  if (out.format === 'table' && !out.quiet && flags.out === undefined) f.warn(`Download the audio: ${later}`);
}

/**
 * The id the service gave the new generation must be usable in a path (not "", "." or "..") before it is waited
 * for. The POST was sent: a bad id is the service's answer at fault (exit 1), not the user's input (exit 2).
 */
function checkCreatedId(id: string, invocation: string): void {
  try {
    encodePathParam(id);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    throw new MalformedResponseError(
      `POST /v1/tts created a generation with the id ${JSON.stringify(excerpt(id, 60))}, which cannot be asked for: not waiting for it`,
      {
        hints: [
          `The generation was created (and may be charged): do not create it again before checking with \`${invocation} tts list\`.`,
        ],
      },
    );
  }
}
