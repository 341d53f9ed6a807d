// Contacts files as the real world makes them: a value in a column the header leaves unnamed (refused, the whole
// file), control characters in CSV cells and JSON strings (bad rows), trailing empty unnamed columns (fine).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { cli, tempDir, useSandbox } from '../helpers/cli.js';
import { file, fx } from './helpers.js';

const sandbox = useSandbox();
const convert = (args: string[], stdin?: string) => cli(['contacts', 'convert', ...args], { key: null, stdin });
const CREATE = ['campaigns', 'create', '--name', 'N', '--agent', 'agent_sales', '--from', '+390212345678', '--yes'];
const create = (args: string[], stdin?: string) => cli([...CREATE, ...args], { sandbox, stdin });

/** Characters a terminal would act on: none may reach stderr raw. */
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

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
    const r = await convert([input, '--skip-invalid', '--max-skipped', '1', '--rejects', rejects, '--out', out]);
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

/** A one-row CSV whose first_name is `name`. */
const csvWith = (name: string) => file('c.csv', `phone_number,first_name\n+14155550100,${name}\n`);
const reason = (code: string, at: number) =>
  `holds the control character U+${code} at position ${at}: text may hold tabs and line breaks, no other control characters`;

describe('control characters in CSV cells', () => {
  it.each([
    ['TAB (U+0009)', 'Al\tice'],
    ['U+007E', 'Al~ice'],
    ['U+00A0', 'Al\u00a0ice'],
  ])('%s passes', async (_, name) => {
    const r = await convert([csvWith(name)]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([{ phone_number: '+14155550100', first_name: name }]);
  });

  it('line breaks in a quoted cell pass', async () => {
    const r = await convert([csvWith('"Al\r\nice\nB\rob"')]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([{ phone_number: '+14155550100', first_name: 'Al\r\nice\nB\rob' }]);
  });

  it.each([
    ['0000', '\u0000', '"Al\\u0000ice"'],
    ['0001', '\u0001', '"Al\\u0001ice"'],
    ['000B', '\u000b', '"Al\\u000bice"'],
    ['001F', '\u001f', '"Al\\u001fice"'],
    ['007F', '\u007f', '"Al\\x7fice"'],
    ['0080', '\u0080', '"Al\\x80ice"'],
    ['009F', '\u009f', '"Al\\x9fice"'],
  ])(
    'U+%s fails: exit 2, row, column, rule and character named, shown safely, nothing written',
    async (code, ch, shown) => {
      const out = join(tempDir(), 'out.json');
      const input = csvWith(`Al${ch}ice`);
      const r = await convert([input, '--out', out]);
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(
        `error: ${input}: 1 error in 1 row\n  row 2, first_name ${shown}: ${reason(code, 3)}\n` +
          '  Nothing was written. Fix the rows, or add --skip-invalid to write the valid contacts (and --rejects file.csv for the others).\n',
      );
      expect(r.stderr).not.toMatch(RAW_CONTROL);
      expect(existsSync(out)).toBe(false);
    },
  );

  it('an escape sequence in a cell never reaches the terminal raw', async () => {
    const r = await convert([csvWith('\u001b]52;c;SGVsbG8=\u0007\u009b31m')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(reason('001B', 1));
    expect(r.stderr).not.toMatch(RAW_CONTROL);
  });

  it('in a phone cell too: the rule, not a number error', async () => {
    const r = await convert([file('c.csv', 'phone_number\n+1415555\u00000100\n')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`row 2, phone_number "+1415555\\u00000100": ${reason('0000', 9)}`);
  });

  it('an excluded column is not read', async () => {
    const r = await convert([file('c.csv', 'phone_number,junk\n+14155550100,\u0000\n'), '--exclude', 'junk']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([{ phone_number: '+14155550100' }]);
  });

  it('--skip-invalid: the row goes to the rejects with the reason, the others are written', async () => {
    const dir = tempDir();
    const input = file('c.csv', 'phone_number,first_name\n+14155550100,Al\u0000ice\n+14155550101,Bob\n');
    const [out, rejects] = [join(dir, 'out.json'), join(dir, 'rejects.csv')];
    const r = await convert([input, '--skip-invalid', '--max-skipped', '1', '--rejects', rejects, '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual([{ phone_number: '+14155550101', first_name: 'Bob' }]);
    const rows = parse(readFileSync(rejects), { columns: true, bom: true }) as Record<string, string>[];
    expect(rows).toEqual([
      {
        rejected_row: '2',
        rejected_reason: `first_name: ${reason('0000', 3)}`,
        phone_number: '+14155550100',
        first_name: 'Al\u0000ice',
      },
    ]);
  });

  it('campaigns create --contacts file.csv: exit 2, nothing sent', async () => {
    const r = await create(['--contacts', csvWith('Al\u007fice')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`row 2, first_name "Al\\x7fice": ${reason('007F', 3)}`);
    expect(sandbox.requests()).toHaveLength(0);
  });
});

describe('control characters in JSON contacts', () => {
  const json = (contacts: unknown[]) => file('c.json', JSON.stringify(contacts));

  it('TAB, line breaks, U+007E and U+00A0 pass and are sent', async () => {
    const name = 'A\tl\r\ni~c\u00a0e';
    const r = await create(['--contacts', json([{ phone_number: '+14155550100', name }])]);
    expect(r.code, r.stderr).toBe(0);
    expect(sandbox.requests('POST', '/v1/campaigns')[0].body).toMatchObject({
      contacts: [{ phone_number: '+14155550100', name }],
    });
  });

  it.each([
    ['0001', '\u0001'],
    ['007F', '\u007f'],
    ['009F', '\u009f'],
  ])('U+%s in a string fails: exit 2, the contact and field named, nothing sent', async (code, ch) => {
    const input = json([
      { phone_number: '+14155550100', name: 'ok' },
      { phone_number: '+14155550101', name: `x${ch}`, contact_attempts: [{ phone_number: '+14155550102', note: ch }] },
    ]);
    const r = await create(['--contacts', input]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`error: ${input}: 2 errors in 1 contact\n`);
    expect(r.stderr).toContain(`contacts[1], name `);
    expect(r.stderr).toContain(`: ${reason(code, 2)}\n`);
    expect(r.stderr).toContain(`contacts[1], contact_attempts[0].note `);
    expect(r.stderr).toContain(`: ${reason(code, 1)}\n`);
    expect(r.stderr).not.toMatch(RAW_CONTROL);
    expect(sandbox.requests()).toHaveLength(0);
  });

  it('in a field name, and from NDJSON on stdin', async () => {
    const r = await create(
      ['--contacts', '-'],
      `${JSON.stringify({ phone_number: '+14155550100', 'a\u0000b': 'x' })}\n`,
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`line 1, a\\x00b "a\\u0000b": the field name ${reason('0000', 2)}`);
    expect(sandbox.requests()).toHaveLength(0);
  });
});
