// A Country column that disagrees with --default-country: a national number on that row would be read in the
// wrong country (020 7946 0958 of a United Kingdom row became +3902079460958 under --default-country IT, a valid
// Italian number of someone else). Such rows are refused, never re-read in the row's country.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, ROOT, tempDir, useSandbox } from '../helpers/cli.js';

const sandbox = useSandbox();
const MIXED = join(ROOT, 'fixtures/contacts/country-column-mixed.csv');
const convert = (args: string[]) => cli(['contacts', 'convert', ...args], { key: null });
const CREATE = ['campaigns', 'create', '--name', 'N', '--agent', 'agent_sales', '--from', '+390212345678', '--yes'];

function file(text: string): string {
  const path = join(tempDir(), 'contacts.csv');
  writeFileSync(path, text);
  return path;
}

const refused = (column: string, name: string, code: string, def: string, cc: string) =>
  `the row's ${column} says ${name} (${code}), but national numbers are read as ${def} (--default-country): write it with +${cc}, or convert that country's rows with --default-country ${code}`;
const GB = refused('Country', 'United Kingdom', 'GB', 'IT', '44');
const FR = refused('Country', 'France', 'FR', 'IT', '33');

describe('a Country column naming another country than --default-country', () => {
  it('the UK and FR rows of a mixed file are refused (exit 2, nothing written); the IT row is fine', async () => {
    const out = join(tempDir(), 'out.json');
    const r = await convert([MIXED, '--default-country', 'IT', '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`  row 2, phone_number "020 7946 0958": ${GB}\n`);
    expect(r.stderr).toContain(`  row 3, phone_number "06 12 34 56 78": ${FR}\n`);
    expect(r.stderr).not.toContain('row 4');
    expect(r.stdout).not.toContain('+3902079460958');
    expect(existsSync(out)).toBe(false);
  });

  it('--skip-invalid: the two rows go to the rejects with the reason, the IT row is written', async () => {
    const dir = tempDir();
    const out = join(dir, 'out.json');
    const rej = join(dir, 'rejected.csv');
    const r = await convert([MIXED, '--default-country', 'IT', '--skip-invalid', '--rejects', rej, '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual([
      { phone_number: '+393471234567', name: 'IT', Country: 'Italy' },
    ]);
    expect(readFileSync(rej, 'utf8')).toBe(
      [
        '\uFEFFrejected_row,rejected_reason,name,phone_number,Country',
        `2,"phone_number: ${GB}",UK office,020 7946 0958,United Kingdom`,
        `3,"phone_number: ${FR}",FR mobile,06 12 34 56 78,France`,
        '',
      ].join('\r\n'),
    );
  });

  // Each file below also holds a United Kingdom row that is refused: the rule is at work, and passes these rows.
  const CONTROL = 'Z,020 7946 0958,United Kingdom\n';
  const kept = async (rows: string, header = 'Country') => {
    const r = await convert([
      file(`name,phone_number,${header}\n${rows}${CONTROL}`),
      '--default-country',
      'IT',
      '--skip-invalid',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('warning: skipped 1 invalid row:');
    expect(r.stderr).toContain('phone_number "020 7946 0958": the row\'s');
    return JSON.parse(r.stdout).map((c: { phone_number: string }) => c.phone_number);
  };

  it('the same country, however written (Italy, IT, it, italia, ITALIA, " Italia "): fine', async () => {
    const cells = ['Italy', 'IT', 'it', 'italia', 'ITALIA', ' Italia '];
    const rows = cells.map((c, i) => `P${i},347 123 456${i},${c}\n`).join('');
    expect(await kept(rows)).toEqual(cells.map((_, i) => `+39347123456${i}`));
  });

  it('an empty or unrecognised country cell (Narnia, USA, 44) changes nothing', async () => {
    const rows = 'A,347 123 4560,Narnia\nB,347 123 4561,\nC,347 123 4562,USA\nD,347 123 4563,44\n';
    expect(await kept(rows)).toEqual(['+393471234560', '+393471234561', '+393471234562', '+393471234563']);
  });

  it('a number written with + or 00 is never affected by the row country', async () => {
    const rows = 'A,+44 20 7946 0958,France\nB,0044 20 7946 0959,Italy\nC,+39 347 123 4567,United Kingdom\n';
    expect(await kept(rows)).toEqual(['+442079460958', '+442079460959', '+393471234567']);
  });

  it('boundaries: UK means GB (fine under GB, refused under IT); the name in the language of --default-country', async () => {
    const uk = file('name,phone_number,Country\nA,020 7946 0958,UK\n');
    const good = await convert([uk, '--default-country', 'GB']);
    expect(good.code, good.stderr).toBe(0);
    expect(JSON.parse(good.stdout)[0].phone_number).toBe('+442079460958');
    const bad = await convert([uk, '--default-country', 'IT']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(`row 2, phone_number "020 7946 0958": ${GB}`);
    // Italian under IT ("Regno Unito"), German under DE ("Frankreich").
    const it = await convert([
      file('name,phone_number,Paese\nA,020 7946 0958,Regno Unito\n'),
      '--default-country',
      'IT',
    ]);
    expect(it.stderr).toContain(refused('Paese', 'United Kingdom', 'GB', 'IT', '44'));
    const de = await convert([
      file('name,phone_number,Land\nA,06 12 34 56 78,Frankreich\n'),
      '--default-country',
      'DE',
    ]);
    expect(de.code).toBe(2);
    expect(de.stderr).toContain(refused('Land', 'France', 'FR', 'DE', '33'));
  });

  it.each([
    'Country',
    'country',
    ' COUNTRY ',
    'Country/Region',
    'Country Code',
    'Paese',
    'Nazione',
    'Land',
    'País',
    'Pays',
    'Address 1 - Country',
  ])('the header %j is a country column', async (header) => {
    const r = await convert([file(`name,phone_number,${header}\nA,020 7946 0958,GB\n`), '--default-country', 'IT']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(refused(header.trim(), 'United Kingdom', 'GB', 'IT', '44'));
  });

  it('campaigns create: exit 2 naming the row, nothing sent', async () => {
    const r = await cli([...CREATE, '--contacts', MIXED, '--default-country', 'IT'], { sandbox });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`row 2, phone_number "020 7946 0958": ${GB}`);
    expect(sandbox.requests()).toHaveLength(0);
  });
});
