// Notes, hints and errors wrapped to the terminal's width in terminal cells, only when stderr is a terminal: piped,
// each stays the one line scripts match. Wrapping moves words, never cuts one, and keeps a command whole.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/io/width.js';
import { wrapText } from '../../src/io/wrap.js';
import { cli, tempDir, useSandbox } from '../helpers/cli.js';

const sandbox = useSandbox();
const WIDTHS = [60, 80, 100];
const words = (s: string) => s.split(/\s+/).filter(Boolean);
const widest = (s: string) => Math.max(...s.split('\n').map(displayWidth));

describe('wrapText', () => {
  it('fits each line to the width in cells, continuation lines indented under their first', () => {
    const text =
      'warning: 東京支店の顧客 一覧は 最終版です。 電話番号を 確認して ください。 キャンペーンは 明日 始まります。';
    for (const width of [20, 30, 40]) {
      const wrapped = wrapText(text, width);
      expect(widest(wrapped), wrapped).toBeLessThanOrEqual(width);
      expect(words(wrapped)).toEqual(words(text));
      expect(
        wrapped
          .split('\n')
          .slice(1)
          .every((l) => l.startsWith('  ') && !l.startsWith('   ')),
      ).toBe(true);
    }
    expect(wrapText('  a hint that is a little long', 17)).toBe('  a hint that is\n    a little long');
  });

  it('keeps a command whole, on a line of its own when it does not fit after the text', () => {
    const hint = '  Follow it with: voicectl --sandbox campaigns wait cmp_0123456789 --exit-status';
    expect(wrapText(hint, 60)).toBe(
      '  Follow it with:\n    voicectl --sandbox campaigns wait cmp_0123456789 --exit-status',
    );
    expect(wrapText('see `voicectl campaigns start <id>` for it, then more words', 30)).toBe(
      'see\n  `voicectl campaigns start <id>`\n  for it, then more words',
    );
  });

  it('never cuts a word: one wider than the line gets a line of its own; lines that fit are left as they are', () => {
    const path = `/tmp/${'x'.repeat(40)}/contacts.csv`;
    expect(wrapText(`cannot read ${path}: no such file`, 30)).toBe(`cannot read\n  ${path}:\n  no such file`);
    expect(wrapText('short\n  two   spaces kept', 30)).toBe('short\n  two   spaces kept');
    // Spaces that align columns are kept where the line is not broken.
    expect(wrapText('09:00:00  cmp_1  RUNNING  3 contacts: completed 0 · failed 0', 40)).toBe(
      '09:00:00  cmp_1  RUNNING  3 contacts:\n  completed 0 · failed 0',
    );
  });
});

describe('on a terminal of 60, 80 and 100 columns', () => {
  it.each(WIDTHS)("voices list's hint fits %i columns; piped it is one line of 127", async (columns) => {
    const tty = await cli(['voices', 'list'], { sandbox, tty: true, columns });
    const piped = await cli(['voices', 'list', '-o', 'table'], { sandbox });
    expect(tty.code, tty.stderr).toBe(0);
    const hint = piped.stderr.trimEnd();
    expect(hint.split('\n')).toHaveLength(1);
    expect(displayWidth(hint)).toBe(127);
    expect(widest(tty.stderr)).toBeLessThanOrEqual(columns);
    expect(tty.stderr.trimEnd().split('\n').length).toBeGreaterThan(1);
    expect(words(tty.stderr)).toEqual(words(hint));
  });

  it.each(WIDTHS)("tts create --dry-run's cost line fits %i columns, no word broken", async (columns) => {
    const tty = await cli(['tts', 'create', '--text', 'hello', '--dry-run'], { sandbox, tty: true, columns });
    const piped = await cli(['tts', 'create', '--text', 'hello', '--dry-run'], { sandbox });
    expect(tty.code, tty.stderr).toBe(0);
    const cost = piped.stderr.split('\n').find((l) => l.startsWith('dry run:'))!;
    expect(displayWidth(cost)).toBeGreaterThan(100);
    expect(widest(tty.stderr)).toBeLessThanOrEqual(columns);
    expect(words(tty.stderr)).toEqual(words(piped.stderr));
  });

  it.each(WIDTHS)(
    'an error and its hints fit %i columns, measured in cells (wide characters count 2)',
    async (columns) => {
      const name = '東京支店 顧客一覧 二〇二六年 春の キャンペーン 最終版 確認済み 連絡先 リスト.csv';
      const argv = ['campaigns', 'create', '--name', 'N', '--agent', 'agent_sales', '--from', '+390212345678'];
      argv.push('--contacts', name);
      const tty = await cli(argv, { sandbox, tty: true, columns });
      const piped = await cli(argv, { sandbox });
      expect(tty.code).toBe(2);
      const [first] = piped.stderr.split('\n');
      expect(first).toContain(name);
      // Wider in cells than in characters: measured by its length, it would not be wrapped at 100.
      expect(first.length).toBeLessThan(100);
      expect(displayWidth(first)).toBeGreaterThan(100);
      expect(widest(tty.stderr)).toBeLessThanOrEqual(columns);
      expect(words(tty.stderr)).toEqual(words(piped.stderr));
    },
  );

  it('hints of an error wrap under their indentation; piped, one line each', async () => {
    const dir = tempDir();
    const file = join(dir, 'bad.json');
    writeFileSync(
      file,
      JSON.stringify([{ phone_number: '+39 333 123 4567' }, { phone_number: '0039 02 1234 5678 interno' }]),
    );
    const argv = ['campaigns', 'create', '--name', 'N', '--agent', 'agent_sales', '--from', '+390212345678'];
    const tty = await cli([...argv, '--contacts', file, '--dry-run'], { sandbox, tty: true, columns: 60 });
    const piped = await cli([...argv, '--contacts', file, '--dry-run'], { sandbox });
    expect(tty.code).toBe(2);
    expect(piped.code).toBe(2);
    expect(piped.stderr.split('\n').some((l) => l.startsWith('  ') && l.length > 60)).toBe(true);
    expect(widest(tty.stderr)).toBeLessThanOrEqual(60);
    expect(words(tty.stderr)).toEqual(words(piped.stderr));
    expect(
      tty.stderr
        .split('\n')
        .slice(1)
        .every((l) => l === '' || l.startsWith('  ')),
    ).toBe(true);
  });
});

describe("by the stream written to: stderr's width for notes", () => {
  it('stdout to a file and stderr on a terminal of 50: the notes wrap at 50, no word broken', async () => {
    const argv = ['tts', 'create', '--text', 'hello', '--dry-run'];
    const split = await cli(argv, { sandbox, stdoutTTY: false, stderrTTY: true, errColumns: 50 });
    const piped = await cli(argv, { sandbox });
    expect(split.code, split.stderr).toBe(0);
    expect(split.stdout).toBe(piped.stdout);
    expect(widest(piped.stderr)).toBeGreaterThan(50);
    expect(widest(split.stderr)).toBeLessThanOrEqual(50);
    expect(words(split.stderr)).toEqual(words(piped.stderr));
  });

  it("stdout on a wide terminal, stderr on a narrow one: stderr's width, not stdout's", async () => {
    const argv = ['voices', 'list'];
    const r = await cli(argv, { sandbox, tty: true, columns: 200, errColumns: 60 });
    expect(r.code, r.stderr).toBe(0);
    expect(widest(r.stderr)).toBeLessThanOrEqual(60);
    expect(r.stderr.trimEnd().split('\n').length).toBeGreaterThan(1);
  });

  it('stdout on a terminal, stderr piped: notes stay one line each', async () => {
    const r = await cli(['voices', 'list'], { sandbox, stdoutTTY: true, stderrTTY: false, columns: 60 });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(widest(r.stderr)).toBe(127);
  });
});
