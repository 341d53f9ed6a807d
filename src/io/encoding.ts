// Text encodings of the files people hand us, by their real names: UTF-8 (with or without BOM), UTF-16 with a
// BOM, the single-byte encodings the platform's TextDecoder knows (windows-1252, windows-1250, iso-8859-15, ...)
// and its multi-byte ones (shift_jis, euc-kr, gbk, gb18030, big5: Excel's CSV in Japan, Korea, China, Taiwan).
// "latin1" means what browsers mean by it (WHATWG Encoding: windows-1252), which is what Excel writes on
// Windows, so ’ € – “ ” arrive as themselves and not as invisible C1 control characters.
import { isUtf8 } from 'node:buffer';
import * as z from 'zod/mini';
import { UsageError } from '../errors.js';
import { reject } from '../schemas/common.js';

/**
 * WHATWG's index-windows-1252 for bytes 0x80-0x9F (the rest is ISO-8859-1). Written here because Node 20's
 * TextDecoder decodes the label windows-1252 (and latin1) as ISO-8859-1 (nodejs/node#56542).
 */
const CP1252_80_9F =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/** The encodings named in hints and help; any other one TextDecoder knows is accepted too. */
const COMMON_ENCODINGS =
  'utf-8, windows-1252 (= latin1: Excel on Windows in Western Europe and the Americas), windows-1250 (Central Europe), iso-8859-15, shift_jis, euc-kr, gbk, big5, utf-16le';

/**
 * Windows code page names of the multi-byte encodings, which WHATWG does not list as labels: the WHATWG decoders
 * are these code pages (shift_jis is CP932 with the NEC and IBM extensions, euc-kr is CP949, gbk is CP936, big5
 * is CP950 with HKSCS).
 */
const CODE_PAGES: Record<string, string> = {
  cp932: 'shift_jis',
  ms932: 'shift_jis',
  'windows-932': 'shift_jis',
  cp936: 'gbk',
  ms936: 'gbk',
  'windows-936': 'gbk',
  cp949: 'euc-kr',
  ms949: 'euc-kr',
  uhc: 'euc-kr',
  'windows-949': 'euc-kr',
  cp950: 'big5',
  ms950: 'big5',
  'windows-950': 'big5',
};

/** A canonical WHATWG encoding name for a label people type (utf8, latin1, cp1252, ISO-8859-1, utf16), or undefined. */
function encodingName(label: string): string | undefined {
  let l = label.trim().toLowerCase().replace(/_/g, '-');
  if (/^utf-?8$/.test(l)) return 'utf-8';
  const u16 = /^(?:utf-?16|ucs-?2)(le|be)?$/.exec(l);
  if (u16) return `utf-16${u16[1] ?? 'le'}`;
  l = l.replace(/^iso-?8859-?(\d+)$/, 'iso-8859-$1').replace(/^windows-?(\d+)$/, 'windows-$1');
  l = CODE_PAGES[l] ?? l;
  try {
    const name = new TextDecoder(l).encoding;
    // "replacement" (iso-2022-kr, hz-gb-2312, ...) decodes any input to one U+FFFD.
    return name === 'replacement' ? undefined : name;
  } catch {
    return undefined;
  }
}

/** Every byte one character (windows-1252, iso-8859-15, macintosh, ...): what encoderFor can write back. */
export function isSingleByte(encoding: string): boolean {
  if (encoding === 'utf-8' || encoding.startsWith('utf-16')) return false;
  return new TextDecoder(encoding).decode(new Uint8Array(256).map((_, i) => i)).length === 256;
}

/** A decoder of chunks; `end` flushes a character split across the last chunk (UTF-16). */
export interface ChunkDecoder {
  write(chunk: Buffer): string;
  end(): string;
}

export function decoderFor(encoding: string): ChunkDecoder {
  if (encoding === 'windows-1252') {
    return {
      write: (b) => b.toString('latin1').replace(/[\x80-\x9f]/g, (c) => CP1252_80_9F[c.charCodeAt(0) - 0x80]),
      end: () => '',
    };
  }
  const d = new TextDecoder(encoding, { ignoreBOM: false });
  return { write: (b) => d.decode(b, { stream: true }), end: () => d.decode() };
}

/**
 * Text to bytes in `encoding`, UTF-8, UTF-16 or single-byte (isSingleByte): the rejects file is written back in
 * the input's encoding; unmappable: "?". The platform has no encoder for the multi-byte legacy encodings.
 */
export function encoderFor(encoding: string): (text: string) => Buffer {
  if (encoding === 'utf-8') return (t) => Buffer.from(t, 'utf8');
  if (encoding === 'utf-16le') return (t) => Buffer.from(t, 'utf16le');
  if (encoding === 'utf-16be') return (t) => Buffer.from(t, 'utf16le').swap16();
  const table = new Map<string, number>();
  const chars = decoderFor(encoding).write(Buffer.from(new Uint8Array(256).map((_, i) => i)));
  for (let i = 255; i >= 0; i--) table.set(chars[i], i);
  return (t) => {
    const out = Buffer.alloc(t.length);
    for (let i = 0; i < t.length; i++) out[i] = table.get(t[i]) ?? 0x3f;
    return out;
  };
}

/** The encoding a byte-order mark announces, and its length. */
export function sniffBom(head: Uint8Array): { encoding: string; length: number } | undefined {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  return undefined;
}

/** The hint of every "not UTF-8" error: the encodings by name, the one the bytes look like first. */
export function notUtf8Hints(guess?: EncodingGuess): string[] {
  return [
    ...(guess ? [`Its bytes read as ${guess.language} in ${guess.encoding}: add --encoding ${guess.encoding}.`] : []),
    'Add --encoding windows-1252 if it comes from Excel on Windows ("latin1" means the same), --encoding macintosh if it comes from Excel on a Mac (Mac Roman), or another encoding: windows-1250 (Central Europe), iso-8859-15, shift_jis (Japanese), euc-kr (Korean), gbk or big5 (Chinese), or any encoding your system knows.',
    'Add --encoding utf-8 to read it anyway, with those characters replaced.',
  ];
}

/** The error of a file that is not UTF-8, read without --encoding: the hints name the encoding it looks like. */
export function notUtf8Error(what: string, guess: EncodingGuess | undefined): UsageError {
  const why = guess
    ? `it looks like ${guess.language} in ${guess.encoding}, not clearly enough to read it so`
    : 'its accented letters would be replaced by "\uFFFD"';
  return new UsageError(`${what} is not valid UTF-8: ${why}`, { hints: notUtf8Hints(guess) });
}

/** `head` is UTF-8, a character cut by its end left out (the start of a file, not all of it). */
export function startsAsUtf8(head: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

const HAN = '\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff';
/** Latin-1 letters, general punctuation, circled numbers, shapes, CJK punctuation, full- and half-width forms. */
const SHARED = '\u00a0-\u00ff\u2010-\u203f\u2160-\u217f\u2460-\u24ff\u25a0-\u25ff\u3000-\u303f\uff00-\uffef';

/**
 * The multi-byte encodings told from a file's bytes, by chardet's names: the language whose text they must
 * decode to (every character not ASCII in `all`, at least half in `main`). EUC-JP is only named, never read
 * without --encoding: chardet takes it for EUC-KR and Big5 too often on short files.
 */
const SNIFFED: Record<string, { encoding: string; language: string; all: RegExp; main: RegExp; auto: boolean }> = {
  Shift_JIS: {
    encoding: 'shift_jis',
    language: 'Japanese',
    all: new RegExp(`[${HAN}${SHARED}\u3040-\u30ff\u31f0-\u31ff\u3200-\u33ff]`),
    main: /[\u3040-\u30ff\u4e00-\u9fff\uff66-\uff9f]/,
    auto: true,
  },
  'EUC-JP': {
    encoding: 'euc-jp',
    language: 'Japanese',
    all: new RegExp(`[${HAN}${SHARED}\u3040-\u30ff\u31f0-\u31ff\u3200-\u33ff]`),
    main: /[\u3040-\u30ff\u4e00-\u9fff\uff66-\uff9f]/,
    auto: false,
  },
  'EUC-KR': {
    encoding: 'euc-kr',
    language: 'Korean',
    all: new RegExp(`[${HAN}${SHARED}\uac00-\ud7a3]`),
    main: /[\uac00-\ud7a3]/,
    auto: true,
  },
  GB18030: {
    encoding: 'gb18030',
    language: 'Chinese',
    all: new RegExp(`[${HAN}${SHARED}]`),
    main: /[\u4e00-\u9fff]/,
    auto: true,
  },
  Big5: {
    encoding: 'big5',
    language: 'Chinese',
    all: new RegExp(`[${HAN}${SHARED}]`),
    main: /[\u4e00-\u9fff]/,
    auto: true,
  },
};

/**
 * chardet's confidence in a multi-byte encoding for bytes that are merely valid in it, with at most 10 two-byte
 * characters: no evidence (a German "Straße" is two valid GBK characters).
 */
const NO_EVIDENCE = 10;
/** The least confidence chardet must give, and its lead over any other multi-byte encoding, to read a file so. */
const SURE_CONFIDENCE = 30;
const SURE_LEAD = 10;

/** What a file's bytes say of their encoding: `sure` to read them so without --encoding, else only to name it. */
export interface EncodingGuess {
  encoding: string;
  language: string;
  sure: boolean;
}

/** `head` decoded in `encoding` without an invalid byte, and in the language's script. */
function readsAs(head: Uint8Array, s: (typeof SNIFFED)[string]): boolean {
  let text: string;
  try {
    text = new TextDecoder(s.encoding, { fatal: true }).decode(head, { stream: true });
  } catch {
    return false;
  }
  let other = 0;
  let main = 0;
  for (const ch of text) {
    if (ch < '\x80') continue;
    if (!s.all.test(ch)) return false;
    if (s.main.test(ch)) main++;
    else other++;
  }
  return main > 0 && main >= other;
}

/**
 * The multi-byte legacy encoding (Shift_JIS, EUC-KR, GB18030, Big5) that the start of a file that is not UTF-8
 * is written in, by chardet's statistics of the characters of each language: ranked first, with evidence, and
 * the bytes decode without an error to that language's script. Sure when it is also confident and clearly
 * ahead of the other multi-byte encodings (EUC-KR and GBK share their byte ranges). Single-byte encodings are
 * never guessed: the bytes of windows-1252, iso-8859-15 and macintosh are all valid in each other, as different
 * letters, and chardet cannot tell them apart (docs/contacts.md, "Files as exported").
 */
export async function guessEncoding(head: Uint8Array): Promise<EncodingGuess | undefined> {
  const { analyse } = await import('chardet');
  const matches = analyse(head);
  const multiByte = matches.filter((m) => Object.hasOwn(SNIFFED, m.name));
  const best = matches[0];
  // Named only when ranked above every single-byte encoding: a long German or Polish file can read as valid,
  // rare, Chinese characters, with a low confidence that is still above chardet's floor.
  if (!best || !multiByte.includes(best) || best.confidence <= NO_EVIDENCE || !readsAs(head, SNIFFED[best.name]))
    return undefined;
  const s = SNIFFED[best.name];
  const next = multiByte.find((m) => m.name !== best.name)?.confidence ?? 0;
  const sure = s.auto && best.confidence >= SURE_CONFIDENCE && best.confidence - next >= SURE_LEAD;
  return { encoding: s.encoding, language: s.language, sure };
}

/**
 * How many bytes of a file's start are looked at: for UTF-8 read under a legacy --encoding, and for the encoding
 * of a file that is not UTF-8.
 */
export const UTF8_CHECK_BYTES = 1 << 16;

/** The bytes of the UTF-8 sequence a lead byte starts (1 for ASCII, and for a byte that starts none). */
const utf8Length = (lead: number) => (lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1);

/** Where the bytes end before a character their end cuts (a lead byte among the last three, its sequence longer). */
function completeEnd(b: Uint8Array): number {
  for (let k = b.length - 1; k >= Math.max(0, b.length - 3); k--) {
    if (b[k] < 0x80) break;
    if (b[k] >= 0xc0) return k + utf8Length(b[k]) > b.length ? k : b.length;
  }
  return b.length;
}

/**
 * The first multi-byte character of `head` (at most UTF8_CHECK_BYTES of it) when those bytes are valid UTF-8 and
 * hold one: a file written in UTF-8, which a single-byte --encoding would turn into "Ã©" for every "é".
 * A character cut by the end of `head` is left out. ASCII-only bytes (or bytes that are not UTF-8) give undefined.
 */
function utf8Evidence(head: Uint8Array): { char: string; hex: string; line: number } | undefined {
  const b = Buffer.from(head.buffer, head.byteOffset, Math.min(head.length, UTF8_CHECK_BYTES));
  const body = b.subarray(0, completeEnd(b));
  const i = body.findIndex((x) => x >= 0x80);
  if (i < 0 || !isUtf8(body)) return undefined;
  const bytes = body.subarray(i, i + utf8Length(body[i]));
  let line = 1;
  for (let j = 0; j < i; j++) if (body[j] === 10) line++;
  return {
    char: bytes.toString('utf8'),
    hex: bytes
      .toString('hex')
      .toUpperCase()
      .replace(/(..)(?!$)/g, '$1 '),
    line,
  };
}

/**
 * Refuses a single-byte `encoding` for bytes that are UTF-8 (utf8Evidence): they would all be read, silently
 * wrong. UTF-8 and UTF-16 pass.
 */
export function checkNotUtf8(head: Uint8Array, encoding: string, what: string): void {
  if (encoding === 'utf-8' || encoding.startsWith('utf-16')) return;
  const e = utf8Evidence(head);
  if (!e) return;
  const misread = decoderFor(encoding).write(Buffer.from(e.char, 'utf8'));
  throw new UsageError(
    `${what}: this file is UTF-8 (${e.char} as ${e.hex}, line ${e.line}), but --encoding ${encoding} would read it as ${misread}; leave out --encoding (UTF-8 is the default)`,
  );
}

/**
 * A whole file as text. A BOM decides (UTF-8 or UTF-16); otherwise `encoding`, and without one the bytes
 * must be UTF-8: text that is not would reach the API as "\uFFFD" (and be paid for), so it stops here.
 */
export function decodeText(data: Buffer, encoding: string | undefined, what: string): string {
  const bom = sniffBom(data);
  const enc = bom?.encoding ?? encoding ?? 'utf-8';
  const body = bom ? data.subarray(bom.length) : data;
  if (!bom) checkNotUtf8(body, enc, what);
  if (enc === 'utf-8' && encoding === undefined && !isUtf8(body))
    throw new UsageError(`${what} is not valid UTF-8: its accented letters would be replaced by "\uFFFD"`, {
      hints: notUtf8Hints(),
    });
  // All the bytes are here: one call takes the platform's fast path (a streaming decode of UTF-8 is 4 times slower).
  const text =
    enc === 'windows-1252' ? decoderFor(enc).write(body) : new TextDecoder(enc, { ignoreBOM: false }).decode(body);
  // No character of the multi-byte legacy encodings decodes to U+FFFD: it stands for bytes that are not one.
  const bad = enc.startsWith('utf-') || isSingleByte(enc) ? -1 : text.indexOf('\uFFFD');
  if (bad >= 0) {
    const line = countLines(text.slice(0, bad)) + 1;
    throw new UsageError(`${what}: line ${line} is not valid ${enc}: a byte sequence there is no character`, {
      hints: ['Name the encoding the file was saved in with --encoding, or check that the file is whole.'],
    });
  }
  return text;
}

/**
 * Tells whether bytes that arrive in chunks are UTF-8, a character cut between two chunks included: what a fatal
 * streaming TextDecoder tells, without decoding them to text. Buffer's isUtf8 checks a file some 50 times faster,
 * and a 30 MB export is read twice. `write` is false for a chunk with bytes that are not UTF-8; `end` is false
 * when the bytes end inside a character.
 */
export function utf8Checker(): { write(chunk: Buffer): boolean; end(): boolean } {
  /** The start of a character cut by the end of the last chunk. */
  let cut = Buffer.alloc(0);
  return {
    write(chunk) {
      let b = chunk;
      if (cut.length > 0) {
        const need = utf8Length(cut[0]) - cut.length;
        if (b.length < need) {
          cut = Buffer.concat([cut, b]);
          return true;
        }
        const whole = isUtf8(Buffer.concat([cut, b.subarray(0, need)]));
        cut = Buffer.alloc(0);
        if (!whole) return false;
        b = b.subarray(need);
      }
      // A character whose last byte is not here yet waits for the next chunk.
      const end = completeEnd(b);
      cut = Buffer.from(b.subarray(end));
      return isUtf8(b.subarray(0, end));
    },
    end: () => cut.length === 0,
  };
}

/** Line breaks in `text`, as a spreadsheet counts lines: CRLF once. */
export function countLines(text: string): number {
  return text.match(/\r\n|\n|\r/g)?.length ?? 0;
}

/** An --encoding value: its canonical name (latin1 and iso-8859-1 are windows-1252, as in browsers). */
export const Encoding = z.pipe(
  z.string(),
  z.transform((s: string, ctx) => encodingName(s) ?? reject(ctx, `must be an encoding such as ${COMMON_ENCODINGS}`)),
);
