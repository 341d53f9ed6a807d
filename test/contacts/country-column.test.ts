// A Country column picks the country of its row's national numbers: 020 7946 0958 on a United Kingdom row is
// +442079460958 whatever --default-country says (under IT it would be +3902079460958, someone else's number).
// Countries of one numbering plan (the +1 plan) are no conflict. A number that is no valid number of its row's
// country is refused, naming what it would be in --default-country's: never taken from there.
import { readFileSync, writeFileSync } from 'node:fs';
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
const numbers = (stdout: string) => JSON.parse(stdout).map((c: { phone_number: string }) => c.phone_number);

describe('a Country column picks the country of its row', () => {
  it('the UK, FR and IT rows of a mixed file, each in its own country, under --default-country IT', async () => {
    const r = await convert([MIXED, '--default-country', 'IT']);
    expect(r.code, r.stderr).toBe(0);
    expect(numbers(r.stdout)).toEqual(['+442079460958', '+33612345678', '+393471234567']);
    expect(r.stdout).not.toContain('+3902079460958');
  });

  it('without --default-country, the Country column alone reads the national numbers', async () => {
    const r = await convert([MIXED]);
    expect(r.code, r.stderr).toBe(0);
    expect(numbers(r.stdout)).toEqual(['+442079460958', '+33612345678', '+393471234567']);
  });

  it('one numbering plan: a Canada row under --default-country US is the same number, no conflict', async () => {
    const r = await convert([
      file('name,phone_number,Country\nA,(416) 555-0123,Canada\nB,(212) 555-0187,United States\nC,(604) 555-0142,CA\n'),
      '--default-country',
      'US',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(numbers(r.stdout)).toEqual(['+14165550123', '+12125550187', '+16045550142']);
  });

  it('a number that is no valid number of its row country: refused, naming the --default-country reading', async () => {
    const dir = tempDir();
    const out = join(dir, 'out.json');
    const r = await convert([
      file('name,phone_number,Country\nA,347 123 4567,France\n'),
      '--default-country',
      'IT',
      '--out',
      out,
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      '  row 2, phone_number "347 123 4567": not a valid number of France (FR), the country its row\'s "Country" names; as a national number of IT it would be +393471234567 (IT mobile): write it with + and its country code\n',
    );
    expect(() => readFileSync(out)).toThrow();
  });

  it('the same country however written (ISO-2 and ISO-3 codes, names), and cells that name none (Narnia, 44, empty) fall back to --default-country', async () => {
    const cells = ['Italy', 'IT', 'it', 'italia', 'ITALIA', ' Italia ', 'Narnia', '', 'ITA', '44'];
    const rows = cells.map((c, i) => `P${i},347 123 456${i},${c}\n`).join('');
    const r = await convert([file(`name,phone_number,Country\n${rows}`), '--default-country', 'IT']);
    expect(r.code, r.stderr).toBe(0);
    expect(numbers(r.stdout)).toEqual(cells.map((_, i) => `+39347123456${i}`));
  });

  it('a number written with + or 00 is never affected by the row country', async () => {
    const r = await convert([
      file(
        'name,phone_number,Country\nA,+44 20 7946 0958,France\nB,0044 20 7946 0959,Italy\nC,+39 347 123 4567,United Kingdom\n',
      ),
      '--default-country',
      'IT',
    ]);
    expect(numbers(r.stdout)).toEqual(['+442079460958', '+442079460959', '+393471234567']);
  });

  it('UK means GB; a name in the language of --default-country (Regno Unito under IT, Frankreich under DE)', async () => {
    for (const [text, def, e164] of [
      ['name,phone_number,Country\nA,020 7946 0958,UK\n', 'IT', '+442079460958'],
      ['name,phone_number,Paese\nA,020 7946 0958,Regno Unito\n', 'IT', '+442079460958'],
      ['name,phone_number,Land\nA,06 12 34 56 78,Frankreich\n', 'DE', '+33612345678'],
    ]) {
      const r = await convert([file(text), '--default-country', def]);
      expect(r.code, r.stderr).toBe(0);
      expect(numbers(r.stdout)).toEqual([e164]);
    }
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
    expect(r.code, r.stderr).toBe(0);
    expect(numbers(r.stdout)).toEqual(['+442079460958']);
  });

  it('boundary: a column named "Countries" is no country column: the row is read under --default-country', async () => {
    const r = await convert([
      file('name,phone_number,Countries\nA,06 12 34 56 78,France\n'),
      '--default-country',
      'IT',
    ]);
    expect(r.code, r.stderr).toBe(0);
    // 06 is Rome's area code: a valid Italian number, which is why a Country column is read when there is one.
    expect(numbers(r.stdout)).toEqual(['+390612345678']);
  });

  it('campaigns create: each row in its own country reaches the sandbox', async () => {
    const r = await cli([...CREATE, '--contacts', MIXED, '--default-country', 'IT'], { sandbox });
    expect(r.code, r.stderr).toBe(0);
    const body = sandbox.requests('POST', '/v1/campaigns')[0].body as { contacts: { phone_number: string }[] };
    expect(body.contacts.map((c) => c.phone_number)).toEqual(['+442079460958', '+33612345678', '+393471234567']);
  });
});

describe('country names in the languages of exports', () => {
  it('"Italia", "Deutschland", "Allemagne", "España" read under --default-country US (or none)', async () => {
    const text =
      'name,phone_number,Country\nA,347 123 4567,Italia\nB,0151 23456781,Deutschland\nC,06 12 34 56 78,Frankreich\nD,612 34 56 78,España\n';
    for (const args of [['--default-country', 'US'], []]) {
      const r = await convert([file(text), ...args]);
      expect(r.code, r.stderr).toBe(0);
      expect(numbers(r.stdout)).toEqual(['+393471234567', '+4915123456781', '+33612345678', '+34612345678']);
    }
  });
});
