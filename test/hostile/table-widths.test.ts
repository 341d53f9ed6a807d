// Tables on terminals of 60, 80 and 120 columns, laid out by cli-table3 (src/io/table.ts), with cells the terminal measures otherwise than their length:
// accented letters, CJK, emoji joined by ZWJ, flags, escaped control characters, combining marks of Devanagari, Thai
// and Hebrew, a zero-width space, emoji newer than older width tables. Every line must fit the terminal in cells, and
// every column must start at the same cell on every line, the lines of a record's value of several lines included.
import stringWidth from 'string-width';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli, useSandbox } from '../helpers/cli.js';
import { tableWidth } from '../../src/io/cli-table3.js';
import { terminalSafe } from '../../src/io/safe.js';

const sandbox = useSandbox();

// Short enough to be whole in every table below from 80 columns.
/** Names a terminal measures otherwise than their length. */
const ALIKE = ['Crème brûlée', '東京の会議', '👨‍👩‍👧 family', '🇮🇹🇯🇵 flags', 'Spring\x1b[2J'];
/**
 * Names older width tables (string-width 4) measured wider than the terminal (combining marks of Devanagari, Thai and
 * Hebrew, a zero-width space, an emoji ZWJ sequence newer than their emoji list) or narrower (a newer emoji).
 */
const DISAGREE = ['किताबें', 'ที่นี่ ok', 'שָׁלוֹם', 'zero\u200bwidth', '🧑‍🦰 ok', '🫠 melt'];

const lines = (stdout: string) => stdout.trimEnd().split('\n');
/** The terminal cell where `text` starts on `line`. */
const cellOf = (line: string, text: string) => {
  const at = line.indexOf(text);
  expect(at, `${text} in ${JSON.stringify(line)}`).toBeGreaterThanOrEqual(0);
  return stringWidth(line.slice(0, at));
};

beforeAll(async () => {
  for (const name of [...ALIKE, ...DISAGREE]) {
    const created = await cli(
      ['campaigns', 'create', '--name', name, '--agent', 'agent_sales', '--from', '+390212345678'].concat([
        '--contacts',
        'fixtures/campaigns/contacts.json',
        '--yes',
        '-q',
      ]),
      { sandbox },
    );
    expect(created.code, created.stderr).toBe(0);
    const tts = await cli(['tts', 'create', '--text', `${name}: ${'the rest of the text '.repeat(4)}`, '-q'], {
      sandbox,
    });
    expect(tts.code, tts.stderr).toBe(0);
  }
});

describe('tables measured in terminal cells', () => {
  it('the names that test the layout are ones where cli-table3 and the terminal agree, and ones where they do not', () => {
    for (const name of ALIKE) expect(tableWidth(name), name).toBe(stringWidth(name));
    for (const name of DISAGREE) expect(tableWidth(name), name).not.toBe(stringWidth(name));
  });

  it.each([60, 80, 120])(
    'campaigns list at %i columns: every line fits, STATUS starts at one cell',
    async (columns) => {
      const r = await cli(['campaigns', 'list'], { sandbox, tty: true, columns });
      expect(r.code, r.stderr).toBe(0);
      const [head, ...rows] = lines(r.stdout);
      expect(rows).toHaveLength(ALIKE.length + DISAGREE.length);
      for (const l of [head, ...rows]) expect(stringWidth(l), l).toBeLessThanOrEqual(columns);
      // A cell padded short or long would move STATUS (and all after it) on its line.
      const status = cellOf(head, 'STATUS');
      for (const l of rows) expect(cellOf(l, 'DRAFT'), l).toBe(status);
      // At 60 NAME is what the counts leave (cut with "…"); from 80 every name is whole.
      if (columns < 80) return;
      // Control characters are shown as escapes, and measured as such.
      expect(r.stdout).toContain('Spring\\x1b[2J');
      // Zero-width characters reach the terminal escaped (\u200b), as every format character does.
      expect(rows.filter((l) => DISAGREE.some((n) => l.includes(terminalSafe(n))))).toHaveLength(DISAGREE.length);
    },
  );

  it.each([60, 80, 120])(
    'tts list at %i columns: every line fits, TEXT is cut at the edge in cells',
    async (columns) => {
      const r = await cli(['tts', 'list', '--limit', '50'], { sandbox, tty: true, columns });
      expect(r.code, r.stderr).toBe(0);
      const [head, ...rows] = lines(r.stdout);
      expect(rows).toHaveLength(ALIKE.length + DISAGREE.length);
      for (const l of [head, ...rows]) expect(stringWidth(l), l).toBeLessThanOrEqual(columns);
      const text = cellOf(head, 'TEXT');
      for (const name of [...ALIKE.slice(0, 4), ...DISAGREE]) {
        const row = rows.find((l) => l.includes(terminalSafe(name)));
        expect(row, name).toBeDefined();
        expect(cellOf(row!, terminalSafe(name)), row).toBe(text);
        // The text is longer than any of these terminals leaves for it: cut with "…" right at the edge.
        expect(row!.endsWith('…'), row).toBe(true);
        expect(stringWidth(row!), row).toBe(columns);
      }
    },
  );
});

describe('a record on a terminal, laid out by cli-table3', () => {
  it('the lines of a value of several lines stay in its column, under its first line', async () => {
    const created = await cli(
      ['campaigns', 'create', '--name', 'Multi', '--description', 'First line\n東京 second\nthird'].concat([
        '--agent',
        'agent_sales',
        '--from',
        '+390212345678',
        '--contacts',
        'fixtures/campaigns/contacts.json',
        '--yes',
        '-q',
      ]),
      { sandbox },
    );
    expect(created.code, created.stderr).toBe(0);
    const r = await cli(['campaigns', 'show', created.stdout.trim()], { sandbox, tty: true });
    expect(r.code, r.stderr).toBe(0);
    const shown = lines(r.stdout);
    const at = shown.findIndex((l) => l.startsWith('Description'));
    const value = cellOf(shown[at], 'First line');
    expect(shown.slice(at + 1, at + 3)).toEqual([`${' '.repeat(value)}東京 second`, `${' '.repeat(value)}third`]);
    expect(cellOf(shown[at + 3], 'agent_sales')).toBe(value);
  });
});
