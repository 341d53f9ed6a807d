// tts create, up to the request: the text read, the body checked, the dry run. Shared by run.ts, act.ts and
// dry-run.ts, the light module a dry run loads (command.ts chooses).
import type * as z from 'zod/mini';
import { CliError, UsageError } from '../../../errors.js';
import type { Factory } from '../../../factory.js';
import { TTS_LIMITS } from '../../../facts.js';
import { decodeText } from '../../../io/encoding.js';
import { cannotRead, readInputFile } from '../../../io/input-file.js';
import { printJson } from '../../../io/output.js';
import { readAll } from '../../../io/stdin.js';
import { type FieldNames, parseOptions } from '../../../options.js';
import { characterCount, TtsCreateInput, TtsRequest } from '../../../schemas/tts.js';
import { costLine, warnUnusedWaitFlags } from '../common.js';
import type { CreateOptions } from './command.js';

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
      throw cannotRead(file, err, '--file');
    }
    text = decodeText(data, encoding, `--file: ${file}`);
  }
  return text.replace(/^\uFEFF/, '').replace(/\r?\n$/, '');
}

/**
 * The body of POST /v1/tts: the fields of the API's request schema taken from `input` by name, checked. Anything
 * else `input` holds (a flag of the command, a field of the tool) cannot reach the body.
 */
export function requestBody(
  input: Partial<Record<keyof typeof TtsRequest.shape, unknown>>,
  names?: FieldNames,
): z.infer<typeof TtsCreateInput> {
  const fields = Object.keys(TtsRequest.shape) as (keyof typeof TtsRequest.shape)[];
  return parseOptions(TtsCreateInput, Object.fromEntries(fields.map((k) => [k, input[k]])), names);
}

export interface Prepared {
  body: z.infer<typeof TtsCreateInput>;
  chars: number;
  /** --wait, --out or --play. */
  waiting: boolean;
}

/** The body to send, checked; `checkOut` checks --out's destination (before the warnings, as it always came). */
export async function prepare(f: Factory, flags: CreateOptions, checkOut?: () => void): Promise<Prepared> {
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
  const body = requestBody({ ...flags, text }, { text: flags.file !== undefined ? `--file ${flags.file}` : '--text' });
  const waiting = flags.wait || flags.out !== undefined || flags.play;
  checkOut?.();
  warnUnusedWaitFlags(f, flags, waiting, '--wait, --out or --play');
  const chars = characterCount(body.text);

  return { body, chars, waiting };
}

/** --dry-run: the body, and what it would cost. */
export async function printDryRun(f: Factory, flags: CreateOptions, { body, chars }: Prepared): Promise<void> {
  if (flags.play) f.log.warn('warning: --play has no effect with --dry-run: nothing is generated');
  // The user's own text, not the service's: nothing to redact. Indented, piped too, as it always was.
  await printJson(f.io, { ...f.output(), redact: undefined }, body, { indent: true });
  f.log.warn(`dry run: POST /v1/tts was not sent. It would cost ${costLine(chars)}.`);
}
