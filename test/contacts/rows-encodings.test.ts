// The rows of files in the encodings Excel writes outside Western Europe (src/contacts/rows.ts): Shift_JIS read
// from its bytes, UTF-16 with tabs (Meta Lead Ads), the note that says which encoding was used, the file that is
// not UTF-8 refused before its header is read as columns, and characters split across the chunks of a stream.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { readCsv } from '../../src/contacts/rows.js';
import type { RowsOptions } from '../../src/contacts/rows.js';
import { legacyBytes } from '../helpers/legacy-bytes.js';
import { fx } from './helpers.js';

const JA_HEADERS = ['氏名', 'フリガナ', '電話番号', '携帯電話', '会社名', '住所'];

/** `bytes` in chunks of `size` bytes: every multi-byte character is cut somewhere at size 1. */
const chunked = (bytes: Buffer, size: number) =>
  Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size));

async function read(chunks: Buffer[], opts: RowsOptions = {}) {
  const csv = await readCsv(chunks, opts, 'in.csv');
  const rows: string[][] = [];
  for await (const r of csv.rows) rows.push(r.cells);
  return { ...csv, rows };
}

describe('Excel in Japanese (Shift_JIS, CRLF), without --encoding', () => {
  const bytes = readFileSync(fx('excel-ja.csv'));

  it('is read as shift_jis, said once in a note; split into 1-byte chunks it reads the same', async () => {
    for (const size of [1, 3, bytes.length]) {
      const r = await read(chunked(bytes, size), { phoneColumn: ['携帯電話'] });
      expect(r.plan.headers).toEqual(JA_HEADERS);
      expect(r.notes).toEqual([
        'note: in.csv is not UTF-8: read as shift_jis (Japanese), as its bytes say; --encoding shift_jis states it',
      ]);
      expect(r.rows[0]).toEqual([
        '佐藤 太郎',
        'サトウ タロウ',
        '03-3211-4821',
        '090-2345-6781',
        '㈱丸の内商事',
        '東京都千代田区丸の内１－９－１',
      ]);
      expect(r.rows[3][3]).toBe('090ー5678ー9014');
      expect(r.rows).toHaveLength(7);
    }
  });

  it('the rejects are written as UTF-8 with a BOM (there is no Shift_JIS encoder), a delimiter as read', async () => {
    const r = await read([bytes], { phoneColumn: ['携帯電話'] });
    expect(r.format).toEqual({ delimiter: ',', encoding: 'utf-8', bom: true });
  });

  it('--encoding shift_jis: the same rows, and no note', async () => {
    const r = await read([bytes], { phoneColumn: ['携帯電話'], encoding: 'shift_jis' });
    expect(r.plan.headers).toEqual(JA_HEADERS);
    expect(r.rows[0][5]).toBe('東京都千代田区丸の内１－９－１');
    expect(r.notes).toEqual([]);
  });

  it('a header without the column asked for: the error lists the names decoded, with the note as a hint', async () => {
    const err = await readCsv([bytes], { phoneColumn: ['Mobile'] }, 'in.csv').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UsageError);
    const { message, hints } = err as UsageError;
    expect(message).toBe('--phone-column: no column "Mobile" in the header');
    expect(hints.join('\n')).toContain('"携帯電話"');
    expect(hints).toContain(
      'in.csv is not UTF-8: read as shift_jis (Japanese), as its bytes say; --encoding shift_jis states it',
    );
  });
});

describe('Meta Lead Ads (UTF-16LE with a BOM, tabs, CRLF)', () => {
  const bytes = readFileSync(fx('meta-lead-ads.csv'));

  it('the header of 15 names split at tabs, every row whole; read the same from 3-byte chunks (units cut in two)', async () => {
    for (const size of [3, bytes.length]) {
      const r = await read(chunked(bytes, size));
      expect(r.plan.headers).toEqual([
        'id',
        'created_time',
        'ad_id',
        'ad_name',
        'adset_id',
        'adset_name',
        'campaign_id',
        'campaign_name',
        'form_id',
        'form_name',
        'is_organic',
        'platform',
        'full_name',
        'phone_number',
        'email',
      ]);
      expect(r.format).toEqual({ delimiter: '\t', encoding: 'utf-16le', bom: true });
      // A BOM decides: nothing to note.
      expect(r.notes).toEqual([]);
      expect(r.rows.map((c) => [c.length, c[12], c[13], c[14]])).toContainEqual([
        15,
        'प्रिया शर्मा',
        'p:+919876543210',
        'priya.sharma@gmail.com',
      ]);
      expect(r.rows[0][12]).toBe('Adébáyọ̀ Ogunlésì');
      expect(r.rows).toHaveLength(9);
    }
  });
});

describe('a file that is not UTF-8 is said to be so before its header is read', () => {
  it('windows-1252 whose header has no phone column: "not valid UTF-8" naming windows-1252, not "no column"', async () => {
    const bytes = Buffer.from('Nom;Prénom;Société\r\nLefèvre;Hélène;Société Générale\r\n', 'latin1');
    const err = (await readCsv([bytes], {}, 'in.csv').catch((e: unknown) => e)) as UsageError;
    expect(err.message).toBe('in.csv is not valid UTF-8: its accented letters would be replaced by "\uFFFD"');
    expect(err.hints[0]).toMatch(/^Add --encoding windows-1252 if it comes from Excel on Windows/);
  });

  it('Shift_JIS too short to be sure of (two names and a number): refused, with the multi-byte encodings named', async () => {
    const bytes = legacyBytes('名前,電話\r\n山田,03-1234-5678\r\n', 'shift_jis');
    const err = (await readCsv([bytes], {}, 'in.csv').catch((e: unknown) => e)) as UsageError;
    expect(err.message).toMatch(/^in\.csv is not valid UTF-8/);
    expect(err.hints.join('\n')).toContain('shift_jis (Japanese), euc-kr (Korean), gbk or big5 (Chinese)');
    // With the encoding named, it reads.
    const r = await read([bytes], { encoding: 'shift_jis', phoneColumn: ['電話'] });
    expect(r.rows).toEqual([['山田', '03-1234-5678']]);
  });

  it('a UTF-8 file under --encoding shift_jis is refused, as under a single-byte one', async () => {
    const err = (await readCsv(
      [Buffer.from('氏名,電話\n山田,03-1234-5678\n')],
      { encoding: 'shift_jis' },
      'in.csv',
    ).catch((e: unknown) => e)) as UsageError;
    expect(err.message).toMatch(
      /^in\.csv: this file is UTF-8 \(氏 as E6 B0 8F, line 1\), but --encoding shift_jis would read it as /,
    );
  });
});

describe('bytes that are no character in the encoding read', () => {
  /** A Shift_JIS export of `n` rows (about 100 bytes each), then `tail` bytes as the last row. */
  const withTail = (n: number, tail: Buffer) =>
    Buffer.concat([
      legacyBytes(
        `${[
          '氏名,携帯電話,メモ',
          ...Array.from(
            { length: n },
            (_, i) => `佐藤 太郎${i},090-2345-${String(1000 + i)},お電話ください。午後がよいそうです。`,
          ),
        ].join('\r\n')}\r\n`,
        'shift_jis',
      ),
      tail,
    ]);

  it('past the 64 KiB the encoding was told from: an error at its line, not a "\uFFFD" in a name', async () => {
    // 0xA0 is no character in Shift_JIS; a cut lead byte at the very end is none either.
    for (const tail of [Buffer.from([0x41, 0xa0, 0x0d, 0x0a]), Buffer.from([0x41, 0x82])]) {
      // Every CRLF past the first 64 KiB cut in two between chunks: each counts once.
      const bytes = withTail(1200, tail);
      const cuts = [...bytes.keys()].filter((i) => i > 70_000 && bytes[i] === 0x0d).map((i) => i + 1);
      const chunks = [0, ...cuts].map((from, k) => bytes.subarray(from, cuts[k] ?? bytes.length));
      const err = (await read(chunks, { phoneColumn: ['携帯電話'] }).catch((e: unknown) => e)) as UsageError;
      expect(err).toBeInstanceOf(UsageError);
      expect(err.message).toBe(
        'in.csv: line 1202 of the file is not valid shift_jis: a byte sequence there is no character (read as shift_jis, as its first bytes say)',
      );
    }
  });

  it('under --encoding shift_jis alike; boundary: the same file without the bad byte reads', async () => {
    const err = (await read([withTail(3, Buffer.from([0xa0]))], {
      phoneColumn: ['携帯電話'],
      encoding: 'shift_jis',
    }).catch((e: unknown) => e)) as UsageError;
    expect(err.message).toMatch(/^in\.csv: line 5 of the file is not valid shift_jis: .*, by --encoding\)$/);
    const ok = await read([withTail(3, Buffer.from('A\r\n'))], { phoneColumn: ['携帯電話'], encoding: 'shift_jis' });
    expect(ok.rows.at(-1)).toEqual(['A']);
  });
});
