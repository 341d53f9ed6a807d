// tts create: POST /v1/tts (reference 4.1). Everything is checked before the request: a rejected value
// exits 2 and nothing is sent. Only the fields the user set are sent; the API applies its defaults.
import * as z from 'zod/mini';
import { Command } from 'commander';
import { CliError, UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { shellWord } from '../../io/shell.js';
import { decimalText, TTS_DEFAULTS, TTS_LIMITS, tokenCost } from '../../facts.js';
import { parseOptions } from '../../options.js';
import { examples } from '../help.js';
import { addWaitOptions, costLine, intervalMs, PLAYERS_HELP, waitTimeout, warnUnusedWaitFlags } from './common.js';

/** The options' rules, built when the verb runs (never for --help). */
async function optionsSchema() {
  const [{ WaitFlags }, { Encoding }] = await Promise.all([import('./wait-flags.js'), import('../../io/encoding.js')]);
  const raw = z.optional(z.string());
  const off = z._default(z.boolean(), false);
  return z.extend(WaitFlags, {
    text: raw,
    file: raw,
    encoding: z.optional(Encoding),
    // Checked with the text by TtsCreateInput, which names --text or --file in its errors.
    voice: raw,
    language: raw,
    speed: raw,
    stability: raw,
    similarityBoost: raw,
    style: raw,
    dryRun: off,
    wait: off,
    out: raw,
    force: off,
    play: off,
  });
}
type CreateOptions = z.infer<Awaited<ReturnType<typeof optionsSchema>>>;

const { speed, unit } = TTS_LIMITS;
const D = TTS_DEFAULTS;

export function makeCreateCommand(f: Factory, run = createRun): Command {
  const cmd = addWaitOptions(
    new Command('create')
      .description(
        `Queue a generation (POST /v1/tts) and print its id, status, character count and token cost.\n\nValues are checked before anything is sent: text 1 to ${TTS_LIMITS.maxTextLengthText} characters, --speed ${speed.min} to ${decimalText(speed.max)}, --stability/--similarity-boost/--style ${unit.min} to ${unit.max}, --voice a built-in alias (any case) or a 20-character voice ID. Flags you leave out are not sent: the API applies its defaults (${D.voice}, ${D.language}, ${decimalText(D.speed)}, ${D.stability}, ${D.similarityBoost}, ${D.style}).`,
      )
      .option('--text <text>', `the text to speak (at most ${TTS_LIMITS.maxTextLengthText} characters)`)
      .option('--file <path>', 'read the text from a file, or - for stdin (one trailing newline is dropped)')
      .option(
        '--encoding <name>',
        'encoding of --file when it is not UTF-8 (refused otherwise): windows-1252 (also called latin1), windows-1250, iso-8859-15, ...',
      )
      .option(
        '--voice <voice>',
        `built-in alias (voicectl voices list) or a voice ID of 20 letters and digits; default ${D.voice}`,
      )
      .option('--language <code>', `language code such as en, it, es; default ${D.language}`)
      .option(
        '--speed <n>',
        `playback speed, ${speed.min} to ${decimalText(speed.max)}; default ${decimalText(D.speed)}`,
      )
      .option('--stability <n>', `voice stability, ${unit.min} to ${unit.max}; default ${D.stability}`)
      .option('--similarity-boost <n>', `similarity boost, ${unit.min} to ${unit.max}; default ${D.similarityBoost}`)
      .option('--style <n>', `style exaggeration, ${unit.min} to ${unit.max}; default ${D.style}`)
      .option('--dry-run', 'check the values, print the JSON body and the cost, send nothing')
      .option('-w, --wait', 'wait until the generation is completed or failed (exit 5 if it failed, 6 on timeout)')
      .option('--out <file>', 'wait, then download the audio to this file (- for stdout); implies --wait')
      .option('--force', 'let --out replace an existing file')
      .option('--play', `play the audio here ${PLAYERS_HELP}; implies --wait; without --out it is not kept`),
  ).action(async (raw: Record<string, unknown>) => run(f, parseOptions(await optionsSchema(), raw)));
  return examples(cmd, [
    'voicectl tts create --text "Hello from voicectl"',
    'voicectl tts create --text "Ciao!" --voice lorenzo --language it --wait',
    'voicectl tts create --file script.txt --speed 1.2 --out greeting.wav',
    'voicectl tts create --text "Does this sound right?" --voice Roger --play',
    'id=$(voicectl tts create -q --text "Your order has shipped")',
    'echo "Hello" | voicectl tts create --file - --dry-run',
  ]);
}

/**
 * The longest file read for --file (160 kB): 4 bytes per character, the most a character takes in UTF-8 or UTF-16,
 * times 4 as headroom, so that a text within the limit is never refused for its bytes (what it carries besides its
 * characters: CRLF, a BOM, combining marks). Its characters are counted after decoding, which gives the real error;
 * the byte limit only stops a mistake such as a video before it is read into memory.
 */
const MAX_FILE_BYTES = 4 * TTS_LIMITS.maxTextLength * 4;

/** The text of --file: UTF-8 (or what a BOM or --encoding says); other bytes would be sent, and paid for, as "�". */
async function readText(f: Factory, file: string, encoding: string | undefined): Promise<string> {
  const { decodeText } = await import('../../io/encoding.js');
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
    const { readInputFile } = await import('../../io/input-file.js');
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

async function createRun(f: Factory, flags: CreateOptions): Promise<void> {
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
  const [{ characterCount, TtsCreated, TtsCreateInput }, { envelope }] = await Promise.all([
    import('../../schemas/tts.js'),
    import('../../schemas/common.js'),
  ]);
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
  if (flags.out !== undefined)
    (await import('../../tts/download.js')).checkDestination(f, { out: flags.out, force: flags.force });
  warnUnusedWaitFlags(f, flags, waiting, '--wait, --out or --play');
  const chars = characterCount(body.text);

  if (flags.dryRun) {
    if (flags.play) f.warn('warning: --play has no effect with --dry-run: nothing is generated');
    const json = JSON.stringify(body, null, 2);
    const [{ jsonForTerminal }, { write }] = await Promise.all([
      import('../../io/safe.js'),
      import('../../io/streams.js'),
    ]);
    await write(f.io.out, `${f.io.stdoutIsTTY ? jsonForTerminal(json) : json}\n`);
    f.warn(`dry run: POST /v1/tts was not sent. It would cost ${costLine(chars)}.`);
    return;
  }
  const play = flags.play ? await import('../../tts/play.js') : undefined;
  const player = play?.requirePlayer(f, flags.out, 'Nothing was sent.');

  const [{ printRecord }, { printGenerations }] = await Promise.all([
    import('../../io/output.js'),
    import('./shared.js'),
  ]);
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
      f.warn(`Follow it with: ${f.commandLine.invocation()} tts wait ${shellWord(created.id)}`);
    } else {
      await printRecord(f.io, out, created);
      if (!out.quiet) f.warn(`${created.id} ${created.status}: ${costLine(created.characterCount ?? chars)}`);
    }
    return;
  }

  if (!out.quiet) f.warn(`${created.id} ${created.status}: ${costLine(created.characterCount ?? chars)}`);
  await checkCreatedId(created.id, f.commandLine.invocation());
  const [
    { waitProgress },
    { recordsOf, waitForGenerations },
    { downloadAudio },
    { downloadCommand, withDownloadHints },
  ] = await Promise.all([
    import('../../tts/progress.js'),
    import('../../tts/wait.js'),
    import('../../tts/download.js'),
    import('../../tts/again.js'),
  ]);
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
  const later = `${f.commandLine.invocation()} tts download ${shellWord(created.id)}`;
  if (play && player) {
    if (saved) return play.playFile(f, player, saved, `The audio is in ${saved}.`);
    // Without --out the audio is only heard: a temporary copy, removed when the command ends.
    const { mkdtemp, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = await mkdtemp(join(tmpdir(), 'voicectl-play-'));
    f.cleanup.add(() => rm(dir, { recursive: true, force: true }));
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
async function checkCreatedId(id: string, invocation: string): Promise<void> {
  const [{ encodePathParam }, { MalformedResponseError, UsageError }, { excerpt }] = await Promise.all([
    import('../../api/client.js'),
    import('../../errors.js'),
    import('../../api/errors.js'),
  ]);
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
