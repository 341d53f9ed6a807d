// tts create: POST /v1/tts (reference 4.1). Everything is checked before the request: a rejected value
// exits 2 and nothing is sent. Only the fields the user set are sent; the API applies its defaults.
import { readFile, stat } from 'node:fs/promises';
import * as z from 'zod';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { decodeText, Encoding } from '../../io/encoding.js';
import { printRecord } from '../../io/output.js';
import { jsonForTerminal } from '../../io/safe.js';
import { write } from '../../io/streams.js';
import { parseOptions } from '../../options.js';
import { envelope } from '../../schemas/common.js';
import {
  characterCount,
  tokenCost,
  TTS_LIMITS,
  TtsCreated,
  TtsCreateInput,
  type TtsRequest,
} from '../../schemas/tts.js';
import { checkDestination, downloadAudio } from '../../tts/download.js';
import { waitProgress } from '../../tts/progress.js';
import { recordsOf, waitForGenerations } from '../../tts/wait.js';
import { costLine, intervalMs, printGenerations, WaitFlags, waitTimeout, warnUnusedWaitFlags } from './shared.js';

type Rec = Record<string, unknown>;

const Flags = WaitFlags.extend({
  text: z.string().optional(),
  file: z.string().optional(),
  encoding: Encoding.optional(),
  dryRun: z.boolean().default(false),
  wait: z.boolean().default(false),
  out: z.string().optional(),
  force: z.boolean().default(false),
  play: z.boolean().default(false),
});

/** The longest file read for --file: far above 10,000 characters of any script, far below a mistake like a video. */
const MAX_FILE_BYTES = 4 * TTS_LIMITS.maxTextLength * 4;

/** The text of --file: UTF-8 (or what a BOM or --encoding says); other bytes would be sent, and paid for, as "�". */
async function readText(f: Factory, file: string, encoding: string | undefined): Promise<string> {
  let text: string;
  if (file === '-') {
    if (f.io.stdinIsTTY)
      throw new UsageError(
        '--file -: stdin is a terminal; pipe the text in (echo "Hello" | voicectl tts create --file -) or use --text',
      );
    const { readAll } = await import('../../io/stdin.js');
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
    try {
      const info = await stat(file);
      if (info.isDirectory()) throw new UsageError(`--file: ${file} is a directory`);
      if (info.size > MAX_FILE_BYTES)
        throw new UsageError(
          `--file: must be at most ${TTS_LIMITS.maxTextLengthText} characters (${file} has ${info.size} bytes)`,
        );
      text = decodeText(await readFile(file), encoding, `--file: ${file}`);
    } catch (err) {
      if (err instanceof UsageError) throw err;
      throw new UsageError(
        `--file: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`,
      );
    }
  }
  return text.replace(/^\uFEFF/, '').replace(/\r?\n$/, '');
}

export async function createRun(f: Factory, raw: Rec): Promise<void> {
  const flags = parseOptions(Flags, raw);
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
  const body: TtsRequest = parseOptions(
    TtsCreateInput,
    {
      text,
      voice: raw.voice,
      language: raw.language,
      speed: raw.speed,
      stability: raw.stability,
      similarityBoost: raw.similarityBoost,
      style: raw.style,
    },
    { text: flags.file !== undefined ? `--file ${flags.file}` : '--text' },
  );
  const waiting = flags.wait || flags.out !== undefined || flags.play;
  if (flags.out !== undefined) checkDestination(f, { out: flags.out, force: flags.force });
  warnUnusedWaitFlags(f, raw, waiting, '--wait, --out or --play');
  const chars = characterCount(body.text);

  if (flags.dryRun) {
    if (flags.play) f.warn('warning: --play has no effect with --dry-run: nothing is generated');
    const json = JSON.stringify(body, null, 2);
    await write(f.io.out, `${f.io.stdoutIsTTY ? jsonForTerminal(json) : json}\n`);
    f.warn(`dry run: POST /v1/tts was not sent. It would cost ${costLine(chars)}.`);
    return;
  }
  const play = flags.play ? await import('../../tts/play.js') : undefined;
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
      f.warn(`Follow it with: ${f.invocation()} tts wait ${created.id}`);
    } else {
      await printRecord(f.io, out, created);
      if (!out.quiet) f.warn(`${created.id} ${created.status}: ${costLine(created.characterCount ?? chars)}`);
    }
    return;
  }

  if (!out.quiet) f.warn(`${created.id} ${created.status}: ${costLine(created.characterCount ?? chars)}`);
  const progress = await waitProgress(f);
  let records;
  try {
    records = await waitForGenerations(
      f,
      [created.id],
      {
        intervalMs: intervalMs(f, flags.interval),
        ...waitTimeout(flags),
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
    const result = await downloadAudio(f, records[0], { out: flags.out, force: flags.force });
    if (result.file) f.warn(`Saved ${result.file} (${result.bytes} bytes)`);
    if (flags.out === '-') return;
    saved = result.file;
  }
  await printGenerations(f, records, true);
  const later = `${f.invocation()} tts download ${created.id}`;
  if (play && player) {
    if (saved) return play.playFile(f, player, saved, `The audio is in ${saved}.`);
    // Without --out the audio is only heard: a temporary copy, removed when the command ends.
    const { mkdtemp, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = await mkdtemp(join(tmpdir(), 'voicectl-play-'));
    f.onCleanup(() => rm(dir, { recursive: true, force: true }));
    const copy = await downloadAudio(f, records[0], { force: false, dir });
    return play.playFile(f, player, copy.file!, `The audio was not kept (no --out); download it with: ${later}`);
  }
  if (out.format === 'table' && !out.quiet && flags.out === undefined) f.warn(`Download the audio: ${later}`);
}
