// Phone cells as real exports write them: a float column's "3471234567.0" (pandas, the Sheets API), the
// invisible marks a number copied from WhatsApp or Android carries, full-width digits, "tel:" links, cells
// with no digits, and the lost-leading-0 hint only where a spreadsheet could have stored a number.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toE164 } from '../../src/contacts/phone.js';
import { cli, tempDir, useSandbox } from '../helpers/cli.js';
import { file, fx } from './helpers.js';

const sandbox = useSandbox();
const convert = (args: string[]) => cli(['contacts', 'convert', ...args], { key: null });
const CREATE = ['campaigns', 'create', '--name', 'N', '--agent', 'agent_sales', '--from', '+390212345678', '--yes'];
const create = (args: string[]) => cli([...CREATE, ...args], { sandbox });
const IT = { defaultCountry: 'IT' };
const US = { defaultCountry: 'US' };

const decimal = (v: string, d = '.0') =>
  `stored as a decimal number (${v}): the ${d} is not part of the number; format the column as text in the spreadsheet, or remove the ${d}`;

describe('a number stored as a decimal (3471234567.0): named, never another number', () => {
  it.each([
    ['3471234567.0', IT, '.0'],
    ['3471234567.00', IT, '.00'],
    ['4155550100.0', US, '.0'],
    ['+393471234567.0', {}, '.0'],
  ])('%s is refused, whatever --without-plus says', (raw, opts, d) => {
    for (const withoutPlus of [undefined, 'national', 'international'] as const)
      expect(toE164(raw, { ...opts, withoutPlus })).toEqual({ ok: false, reason: decimal(raw, d) });
  });

  it('with an extension after it: still refused, the 0 never a digit', () => {
    expect(toE164('3471234567.0 ext. 12', IT)).toEqual({ ok: false, reason: decimal('3471234567.0') });
    expect(toE164('3471234567 ext. 12', IT)).toEqual({
      ok: true,
      e164: '+393471234567',
      warnings: ['extension 12 left out: calls cannot dial extensions'],
    });
  });

  it('boundaries: dotted numbers still read as before', () => {
    expect(toE164('06.12.34.56.78', { defaultCountry: 'FR' })).toEqual({ ok: true, e164: '+33612345678' });
    expect(toE164('347.123.4567', IT)).toEqual({ ok: true, e164: '+393471234567' });
    expect(toE164('3471234567', IT)).toEqual({ ok: true, e164: '+393471234567' });
    // A digit other than 0 after the dot is not a decimal export: read as a separator, as before.
    expect(toE164('347123456.7', IT)).toEqual({ ok: true, e164: '+393471234567' });
  });

  it('a pandas export: exit 2 naming each row, nothing written; --skip-invalid keeps the good row', async () => {
    const out = join(tempDir(), 'out.json');
    const r = await convert([
      fx('pandas-float.csv'),
      '--default-country',
      'IT',
      '--without-plus',
      'international',
      '--out',
      out,
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`  row 2, phone_number "3471234567.0": ${decimal('3471234567.0')}\n`);
    expect(r.stderr).toContain(`  row 3, phone_number "+393331234567.0": ${decimal('+393331234567.0')}\n`);
    expect(existsSync(out)).toBe(false);
    const skip = await convert([
      fx('pandas-float.csv'),
      '--default-country',
      'IT',
      '--skip-invalid',
      '--max-skipped',
      '2',
    ]);
    expect(skip.code, skip.stderr).toBe(0);
    expect(JSON.parse(skip.stdout)).toEqual([{ name: 'Luca', phone_number: '+393471234568', city: 'Torino' }]);
  });

  it('campaigns create: nothing sent', async () => {
    const r = await create(['--contacts', fx('pandas-float.csv'), '--default-country', 'IT']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(decimal('3471234567.0'));
    expect(sandbox.requests()).toHaveLength(0);
  });
});

describe('a lost leading 0 is put back only in a cell of bare digits', () => {
  it('bare digits (a number-formatted column) that read only with their 0: read with it', () => {
    expect(toE164('4155550100', IT)).toEqual({ ok: true, e164: '+3904155550100' });
    expect(toE164('612345678', IT)).toEqual({ ok: true, e164: '+390612345678' });
  });

  it('boundary: 6 digits are a landline without its 0; 5 may be a fragment: named, not taken alone', () => {
    expect(toE164('546483', IT)).toEqual({ ok: true, e164: '+390546483' });
    expect(toE164('12345', IT)).toEqual({
      ok: false,
      reason:
        'not a valid IT number (too short); with a leading 0 it would be +39012345 (IT fixed line): write the 0 if it is that number',
    });
  });

  it.each(['(415) 555-0100', '612 345 678', '415-555-0100', '415.555.0100'])(
    'a text cell (%s): not a valid IT number, no hint',
    (raw) => {
      expect(toE164(raw, IT)).toEqual({ ok: false, reason: 'not a valid IT number' });
    },
  );
});

describe('a cell without digits', () => {
  it.each(['-', '+', '()', '.', '- -', '/'])('%j: "no digits"', (raw) => {
    expect(toE164(raw, IT)).toEqual({ ok: false, reason: 'not a phone number: no digits' });
  });

  it('boundaries: a letter is named, as before; one digit is not "no digits"', () => {
    expect(toE164('n/a', IT)).toMatchObject({ ok: false, reason: expect.stringContaining('"n" at position 1') });
    expect(toE164('-1-', IT)).toMatchObject({ ok: false, reason: 'not a valid IT number (too short)' });
    expect(toE164('1a', IT)).toMatchObject({ ok: false, reason: expect.stringContaining('"a" at position 2') });
  });
});

describe('invisible marks, full-width digits, tel: links', () => {
  it.each([
    ['\u202a+39 333 123 4567\u202c', '+393331234567'],
    ['\u200b+39 333 123 4567', '+393331234567'],
    ['+39 333\u200e 123\u200f 4567', '+393331234567'],
    ['\u2066+39 333 123 4567\u2069', '+393331234567'],
    ['\u2067\u2068+39 333 123 4567\u2069', '+393331234567'],
    ['+39 333 123\ufeff 4567', '+393331234567'],
    ['３４７１２３４５６７', '+393471234567'],
    ['＋３９ ３４７ １２３ ４５６７', '+393471234567'],
    ['٣٤٧١٢٣٤٥٦٧', '+393471234567'],
    ['tel:+393471234567', '+393471234567'],
    ['TEL:+39 347 123 4567', '+393471234567'],
  ])('%j reads as %s', (raw, e164) => {
    expect(toE164(raw, IT)).toEqual({ ok: true, e164 });
  });

  it.each([
    ['①４７１２３４５６７', '①', 1],
    ['347123456²', '²', 10],
    ['34712345⁶⁷', '⁶', 9],
  ])('%j: a character that only looks like a digit is refused, named', (raw, ch, at) => {
    expect(toE164(raw, IT)).toMatchObject({
      ok: false,
      reason: expect.stringContaining(`not a phone number: "${ch}" at position ${at}`),
    });
  });

  it('a file copied from phones: every contact converted, the E.164 number sent', async () => {
    const r = await create(['--contacts', fx('copied-from-phone.csv'), '--default-country', 'IT']);
    expect(r.code, r.stderr).toBe(0);
    const sent = sandbox.requests('POST', '/v1/campaigns')[0].body as { contacts: { phone_number: string }[] };
    expect(sent.contacts.map((c) => c.phone_number)).toEqual([
      '+393331234567',
      '+393331234568',
      '+393331234569',
      '+393331234570',
      '+393471234567',
      '+393471234568',
      '+393471234569',
      '+393471234570',
    ]);
  });

  it('a refused cell with invisible marks is shown terminal-safe', async () => {
    const r = await convert([file('a.csv', 'phone_number\n\u202a+39 999\u202c\n'), '--skip-invalid']);
    // Every row refused: nothing to write, exit 2.
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain('"\\u202a+39 999\\u202c"');
    expect(r.stderr).not.toMatch(/[\u202a\u202c]/);
  });
});

describe('--default-country UK', () => {
  it('suggests GB (and EL suggests GR): exit 2, nothing sent', async () => {
    const uk = await convert([fx('pandas-float.csv'), '--default-country', 'UK']);
    expect(uk.code).toBe(2);
    expect(uk.stderr).toBe(
      'error: --default-country: "UK" is not a country code libphonenumber-js knows\n' +
        '  Did you mean GB? Use the ISO 3166-1 alpha-2 code.\n',
    );
    const el = await create(['--contacts', fx('copied-from-phone.csv'), '--default-country', 'EL']);
    expect(el.code).toBe(2);
    expect(el.stderr).toContain('  Did you mean GR? Use the ISO 3166-1 alpha-2 code.\n');
    expect(sandbox.requests()).toHaveLength(0);
  });

  it('boundaries: GB is read; a code that means nothing gets the general hint', async () => {
    const gb = await convert([file('gb.csv', 'phone_number\n07946 095800\n'), '--default-country', 'GB']);
    expect(gb.code, gb.stderr).toBe(0);
    expect(JSON.parse(gb.stdout)).toEqual([{ phone_number: '+447946095800' }]);
    const xx = await convert([fx('pandas-float.csv'), '--default-country', 'XX']);
    expect(xx.stderr).toContain('  Use an ISO 3166-1 alpha-2 code such as IT, DE, GB or US.\n');
  });
});
