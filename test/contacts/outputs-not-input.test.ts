// --out and --rejects must never be the input file: with --force, the file being read would be replaced (by
// the contacts, or by the rejected rows alone). The same file reached through another path is refused too.
import { copyFileSync, linkSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, ROOT, tempDir, useSandbox } from '../helpers/cli.js';

const INVALID = join(ROOT, 'fixtures/contacts/invalid.csv');
const ORIGINAL = readFileSync(INVALID);

/** A copy of invalid.csv in a fresh folder. */
function input(): { dir: string; file: string } {
  const dir = tempDir();
  const file = join(dir, 'inv.csv');
  copyFileSync(INVALID, file);
  return { dir, file };
}

const convert = (file: string, ...args: string[]) =>
  cli(
    [
      'contacts',
      'convert',
      file,
      '--default-country',
      'IT',
      '--skip-invalid',
      '--max-skipped',
      '100%',
      '--force',
      ...args,
    ],
    { key: null },
  );

describe('contacts convert: --out and --rejects are not the input', () => {
  it('last good: a different file next to the input is written, the input kept', async () => {
    const { dir, file } = input();
    const r = await convert(file, '--rejects', join(dir, 'rej.csv'), '--out', join(dir, 'out.json'));
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(file)).toEqual(ORIGINAL);
    expect(readFileSync(join(dir, 'rej.csv'), 'utf8')).toMatch(/^\uFEFFrejected_row,rejected_reason,/);
    expect(readdirSync(dir).sort()).toEqual(['inv.csv', 'out.json', 'rej.csv']);
  });

  it.each(['--rejects', '--out'])(
    '%s the same path: exit 2 naming the flag, before anything is written',
    async (flag) => {
      const { dir, file } = input();
      const r = await convert(file, flag, file);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(
        `error: ${flag} is the input file ${file}; nothing was written\n  Name another file for ${flag}: writing it would replace the input.\n`,
      );
      expect(readFileSync(file)).toEqual(ORIGINAL);
      expect(readdirSync(dir)).toEqual(['inv.csv']);
    },
  );

  it('--out is the input when --rejects is fine: nothing written, not even the rejects', async () => {
    const { dir, file } = input();
    const r = await convert(file, '--rejects', join(dir, 'rej.csv'), '--out', file);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`error: --out is the input file ${file}; nothing was written`);
    expect(readFileSync(file)).toEqual(ORIGINAL);
    expect(readdirSync(dir)).toEqual(['inv.csv']);
  });

  it('the same file through another path: x/./y, a symlink either way, a hard link', async () => {
    const { dir, file } = input();
    symlinkSync(file, join(dir, 'link.csv'));
    linkSync(file, join(dir, 'hard.csv'));
    const cases: [string, string][] = [
      [file, `${dir}/./inv.csv`],
      [file, join(dir, 'link.csv')],
      [join(dir, 'link.csv'), file],
      [file, join(dir, 'hard.csv')],
    ];
    for (const [from, to] of cases) {
      const r = await convert(from, '--rejects', to);
      expect(r.code, `${from} -> ${to}`).toBe(2);
      expect(r.stderr).toContain(`error: --rejects ${to} is the input file ${from}; nothing was written`);
      expect(readFileSync(file)).toEqual(ORIGINAL);
    }
    expect(readdirSync(dir).sort()).toEqual(['hard.csv', 'inv.csv', 'link.csv']);
  });
});

describe('campaigns create: --rejects is not the --contacts file', () => {
  const sandbox = useSandbox();
  const BASE = ['campaigns', 'create', '--name', 'N', '--agent', 'agent_sales', '--from', '+390212345678'];
  const create = (file: string, rej: string) =>
    cli(
      [
        ...BASE,
        '--contacts',
        file,
        '--default-country',
        'IT',
        '--skip-invalid',
        '--max-skipped',
        '100%',
        '--rejects',
        rej,
        '--force',
        '--yes',
      ],
      {
        sandbox,
      },
    );

  it('last good: another file is written and the campaign sent', async () => {
    const { dir, file } = input();
    const r = await create(file, join(dir, 'rej.csv'));
    expect(r.code, r.stderr).toBe(0);
    expect(sandbox.requests('POST', '/v1/campaigns')).toHaveLength(1);
    expect(readFileSync(file)).toEqual(ORIGINAL);
  });

  it('the input file, or a symlink to it: exit 2, nothing sent, the input unchanged', async () => {
    const { dir, file } = input();
    symlinkSync(file, join(dir, 'link.csv'));
    for (const rej of [file, join(dir, 'link.csv')]) {
      const r = await create(file, rej);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`is the input file ${file}; nothing was sent`);
      expect(readFileSync(file)).toEqual(ORIGINAL);
    }
    expect(sandbox.requests()).toEqual([]);
    expect(readdirSync(dir).sort()).toEqual(['inv.csv', 'link.csv']);
  });
});
