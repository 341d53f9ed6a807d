// The encodings of the files people hand us: --encoding's names (Windows code pages included), and the
// multi-byte encoding a file that is not UTF-8 is told to be written in, measured on export-like files.
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import fc from 'fast-check';
import { decoderFor, Encoding, guessEncoding, isSingleByte, utf8Checker } from '../../src/io/encoding.js';
import { legacyBytes } from '../helpers/legacy-bytes.js';

const name = (label: string) => z.safeParse(Encoding, label);

describe('--encoding', () => {
  it('takes the multi-byte encodings by their WHATWG names and their Windows code pages', () => {
    const cases: [string, string][] = [
      ['shift_jis', 'shift_jis'],
      ['Shift-JIS', 'shift_jis'],
      ['sjis', 'shift_jis'],
      ['cp932', 'shift_jis'],
      ['windows-31j', 'shift_jis'],
      ['euc-kr', 'euc-kr'],
      ['cp949', 'euc-kr'],
      ['gbk', 'gbk'],
      ['gb2312', 'gbk'],
      ['cp936', 'gbk'],
      ['gb18030', 'gb18030'],
      ['big5', 'big5'],
      ['cp950', 'big5'],
      ['euc-jp', 'euc-jp'],
      ['latin1', 'windows-1252'],
      ['cp1250', 'windows-1250'],
    ];
    for (const [label, canonical] of cases) expect([label, name(label).data]).toEqual([label, canonical]);
  });

  it('refuses what TextDecoder does not know, and its "replacement" decoder (every input one U+FFFD)', () => {
    for (const label of ['ebcdic', 'cp9999', 'iso-2022-kr', 'hz-gb-2312']) expect(name(label).success).toBe(false);
  });

  it('single-byte (written back by the rejects file) and multi-byte told apart', () => {
    expect(['windows-1252', 'windows-1250', 'macintosh', 'iso-8859-15'].map(isSingleByte)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['shift_jis', 'euc-kr', 'gbk', 'gb18030', 'big5', 'utf-8', 'utf-16le'].map(isSingleByte)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('shift_jis is CP932: the NEC and IBM extensions (①, ㈱, ⅰ) and the full-width minus Excel writes', () => {
    const d = decoderFor('shift_jis');
    expect(d.write(Buffer.from([0x87, 0x40, 0x87, 0x8a, 0xfa, 0x40, 0x81, 0x7c])) + d.end()).toBe('①㈱ⅰ－');
  });

  it('a character split across chunks is decoded whole (a 2-byte and a 4-byte gb18030 one)', () => {
    const bytes = legacyBytes('電話番号', 'shift_jis');
    const d = decoderFor('shift_jis');
    let text = '';
    for (const b of bytes) text += d.write(Buffer.from([b]));
    expect(text + d.end()).toBe('電話番号');
    // U+1F600 is four bytes in gb18030: 0x94 0x39 0xFC 0x36.
    const g = decoderFor('gb18030');
    expect(
      g.write(Buffer.from([0x94, 0x39])) + g.write(Buffer.from([0xfc])) + g.write(Buffer.from([0x36])) + g.end(),
    ).toBe('\u{1f600}');
  });
});

/** Exports as Excel writes them in each setting, with n data rows. */
const EXPORTS: Record<string, { encoding: string; rows: (i: number) => string; header: string }> = {
  japanese: {
    encoding: 'shift_jis',
    header: '氏名,フリガナ,電話番号,携帯電話,会社名,住所',
    rows: (i) =>
      `佐藤 太郎${i},サトウ タロウ,03-3211-48${10 + i},090-2345-67${10 + i},㈱丸の内商事,東京都千代田区丸の内１－９－１`,
  },
  korean: {
    encoding: 'euc-kr',
    header: '이름,전화번호,휴대폰,회사,주소',
    rows: (i) => `김민준,02-312-45${10 + i},010-2345-67${10 + i},삼성전자,서울특별시 강남구 테헤란로 ${i + 1}`,
  },
  'simplified chinese': {
    encoding: 'gbk',
    header: '姓名,电话,手机,公司,地址',
    rows: (i) => `王伟,010-6552-34${10 + i},138001380${i},北京科技有限公司,北京市朝阳区建国路${i + 1}号`,
  },
  'traditional chinese': {
    encoding: 'big5',
    header: '姓名,電話,手機,公司,地址',
    rows: (i) => `陳怡君,02-2722-34${10 + i},09123456${10 + i},台灣電子股份有限公司,臺北市信義區信義路五段${i + 1}號`,
  },
};

const file = (e: (typeof EXPORTS)[string], n: number) =>
  legacyBytes(`${[e.header, ...Array.from({ length: n }, (_, i) => e.rows(i))].join('\r\n')}\r\n`, e.encoding);

describe('guessEncoding', () => {
  for (const [language, e] of Object.entries(EXPORTS)) {
    it(`an Excel export in ${language} (${e.encoding}): sure from one data row on`, async () => {
      for (const n of [1, 3, 30, 300]) {
        const g = await guessEncoding(file(e, n));
        // chardet calls GBK by its superset, GB18030, whose decoder reads GBK alike.
        expect([n, g?.encoding, g?.sure]).toEqual([n, e.encoding === 'gbk' ? 'gb18030' : e.encoding, true]);
      }
    });
  }

  it('Western and Central European single-byte files are never taken for a multi-byte encoding', async () => {
    const files = [
      ['Nom;Prénom;Téléphone;Société\r\nLefèvre;Hélène;06 12 34 56 78;Société Générale – Agence €\r\n', 'latin1'],
      ['Name;Telefon;Firma;Straße\r\nGröß Jürgen;089 123456;Müller & Söhne GmbH;Hauptstraße 5\r\n', 'latin1'],
      ['Nazwisko;Telefon;Firma\r\nŁukasz Wąsik;512 345 678;Przedsiębiorstwo „Łąka” sp. z o.o.\r\n', 'windows-1250'],
    ] as const;
    for (const [text, encoding] of files) {
      const bytes =
        encoding === 'latin1'
          ? Buffer.from(text.replace('–', '\x96').replace('€', '\x80'), 'latin1')
          : legacyBytes(text, encoding);
      expect(await guessEncoding(bytes)).toBeUndefined();
    }
  });

  it('a header alone in Chinese is too short to tell from Korean: named, not read', async () => {
    const g = await guessEncoding(legacyBytes('姓名,电话\r\n', 'gbk'));
    expect(g?.sure).not.toBe(true);
  });
});

describe('utf8Checker', () => {
  /** What a fatal streaming TextDecoder says of the same chunks: the rule utf8Checker follows. */
  const decoderSays = (chunks: Uint8Array[]) => {
    const d = new TextDecoder('utf-8', { fatal: true });
    try {
      for (const c of chunks) d.decode(c, { stream: true });
      d.decode();
      return true;
    } catch {
      return false;
    }
  };
  const checkerSays = (chunks: Uint8Array[]) => {
    const c = utf8Checker();
    let ok = true;
    for (const chunk of chunks) ok = c.write(Buffer.from(chunk)) && ok;
    return c.end() && ok;
  };
  /** Bytes near UTF-8: whole characters, and lead and continuation bytes alone (cut, overlong, surrogates). */
  const bytes = fc
    .array(
      fc.oneof(
        fc.string({ unit: 'grapheme', maxLength: 3 }).map((s) => [...Buffer.from(s)]),
        fc.constantFrom(
          [0x80],
          [0xbf],
          [0xc0],
          [0xc2],
          [0xe0],
          [0xe2, 0x82],
          [0xed, 0xa0, 0x80],
          [0xf0, 0x9f],
          [0xf4, 0x90, 0x80, 0x80],
          [0xf5],
          [0xff],
        ),
      ),
      { maxLength: 12 },
    )
    .map((parts) => Uint8Array.from(parts.flat()));

  it('says what a fatal TextDecoder says, wherever the chunks are cut', () => {
    fc.assert(
      fc.property(bytes, fc.array(fc.nat(), { maxLength: 5 }), (b, cuts) => {
        const at = [...new Set(cuts.map((c) => c % (b.length + 1)))].sort((x, y) => x - y);
        const chunks = [0, ...at].map((from, i) => b.subarray(from, [...at, b.length][i]));
        return checkerSays(chunks) === decoderSays(chunks);
      }),
      { numRuns: 500 },
    );
  });

  it('a character cut between chunks, one byte a chunk, is UTF-8; cut at the end, it is not', () => {
    const euro = [...Buffer.from('a€😀')].map((x) => Uint8Array.of(x));
    expect(checkerSays(euro)).toBe(true);
    expect(checkerSays(euro.slice(0, -1))).toBe(false);
    expect(checkerSays([Buffer.from('ab\xe2\x82', 'latin1'), Buffer.from('ac', 'latin1')])).toBe(false);
  });
});
