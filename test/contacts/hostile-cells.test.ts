// Contacts files as the real world makes them: a value in a column the header leaves unnamed (refused, the whole
// file), trailing empty unnamed columns (fine).
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, ROOT, tempDir, useSandbox } from '../helpers/cli.js';

const sandbox = useSandbox();
const fx = (name: string) => join(ROOT, 'fixtures/contacts', name);
const convert = (args: string[], stdin?: string) => cli(['contacts', 'convert', ...args], { key: null, stdin });
const CREATE = ['campaigns', 'create', '--name', 'N', '--agent', 'agent_sales', '--from', '+390212345678', '--yes'];
const create = (args: string[], stdin?: string) => cli([...CREATE, ...args], { sandbox, stdin });

function file(name: string, text: string): string {
  const path = join(tempDir(), name);
  writeFileSync(path, text);
  return path;
}

describe('a column the header leaves unnamed', () => {
  const UNNAMED = 'phone_number,,city\n+14155550100,secret,Rome\n';
  const MESSAGE = (f: string, row = 2, value = 'secret') =>
    `error: ${f}: column 2 (between "phone_number" and "city") has no name in the header, but row ${row} has a value there: "${value}"\n` +
    `  Name the column in the header (the name becomes a field of every contact), or remove the column from the file (or leave it out with --exclude '#2').\n` +
    '  This is about the whole file, not one row: --skip-invalid does not skip it. Nothing was written or sent.\n';

  it('holding a value: exit 2, the column, the row and the fix named, nothing written', async () => {
    const input = file('a.csv', UNNAMED);
    const out = join(tempDir(), 'out.json');
    const r = await convert([input, '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(MESSAGE(input));
    expect(r.stdout).toBe('');
    expect(existsSync(out)).toBe(false);
  });

  it('the first row with a value is named, after rows where the column is empty', async () => {
    const input = file(
      'a.csv',
      'phone_number,,city\n+14155550100,,Rome\n+14155550101,  x ,Milan\n+14155550102,y,Pisa\n',
    );
    const r = await convert([input]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(MESSAGE(input, 3, 'x'));
    expect(r.stdout).toBe('');
  });

  it('empty in every row (also blank cells): converts, silently', async () => {
    const r = await convert([file('a.csv', 'phone_number,,city\n+14155550100,,Rome\n+14155550101,  ,Milan\n')]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([
      { phone_number: '+14155550100', city: 'Rome' },
      { phone_number: '+14155550101', city: 'Milan' },
    ]);
    expect(r.stderr).not.toMatch(/column 2|no name/);
  });

  it('--skip-invalid does not skip it: exit 2, neither --out nor --rejects written', async () => {
    const dir = tempDir();
    const input = file('a.csv', `${UNNAMED}bad,,Pisa\n`);
    const [out, rejects] = [join(dir, 'out.json'), join(dir, 'rejects.csv')];
    const r = await convert([input, '--skip-invalid', '--rejects', rejects, '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(MESSAGE(input));
    expect(existsSync(out)).toBe(false);
    expect(existsSync(rejects)).toBe(false);
  });

  it('--exclude with its position leaves it out', async () => {
    const r = await convert([file('a.csv', UNNAMED), '--exclude', '#2']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([{ phone_number: '+14155550100', city: 'Rome' }]);
  });

  it('first or last: named by the column beside it', async () => {
    const first = await convert([file('a.csv', ',phone_number\nx,+14155550100\n')]);
    expect(first.code).toBe(2);
    expect(first.stderr).toContain('column 1 (before "phone_number") has no name in the header, but row 2');
    const last = await convert([file('a.csv', 'phone_number,city,,\n+14155550100,Rome,,\n+14155550101,Pisa,,z\n')]);
    expect(last.code).toBe(2);
    expect(last.stderr).toContain(
      'column 4 (after "city") has no name in the header, but row 3 has a value there: "z"',
    );
  });

  it('an Excel export ending its rows with empty unnamed columns converts as before', async () => {
    const r = await convert([fx('excel-trailing-empty.csv')]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([
      { phone_number: '+393331234567', 'First Name': 'Anna', 'Last Name': 'Rossi', Company: 'Acme' },
      {
        phone_number: '+14155550100',
        'First Name': 'Ben',
        'Last Name': 'Carter',
        Company: 'Carter, Inc.',
        Notes: 'called twice',
      },
      {
        phone_number: '+33612345678',
        'First Name': 'Chloé',
        'Last Name': 'Martin',
        Notes: 'line one\r\nline two',
      },
    ]);
    expect(r.stderr).toBe(
      `note: numbers from the column "Mobile Phone", found by its name; choose another with --phone-column\n3 contacts from 5 rows of ${fx('excel-trailing-empty.csv')}.\n`,
    );
  });

  it('campaigns create --contacts: exit 2, nothing sent (with --skip-invalid too)', async () => {
    const input = file('a.csv', UNNAMED);
    const r = await create(['--contacts', input]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(MESSAGE(input));
    const skip = await create(['--contacts', input, '--skip-invalid']);
    expect(skip.code).toBe(2);
    expect(skip.stderr).toContain('has no name in the header, but row 2 has a value there');
    expect(sandbox.requests()).toHaveLength(0);
  });
});
