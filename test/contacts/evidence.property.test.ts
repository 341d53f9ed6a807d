// Numbers of 11 countries, drawn across libphonenumber's mobile and fixed-line ranges (corpus.ts), written in
// every form people and spreadsheets write them, one form per column and mixed columns, through the converter:
// never a wrong number; at most 1% refused in any one-form column, none when formatted as a national number.
import {
  type CountryCode,
  getCountryCallingCode,
  type PhoneNumber,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import { convertCsv } from '../../src/contacts/csv.js';
import { CALLED, COUNTRIES, FORMS, type Form, mayBeValid, numbers, random, write } from './corpus.js';

const PER_KIND = 150;

/** Converts one column of cells; the contacts carry their index, so every output is checked against its source. */
async function convertColumn(country: CountryCode, ps: PhoneNumber[], cells: string[]) {
  const csv = `i,phone\n${cells.map((c, i) => `${i},"${c}"`).join('\n')}\n`;
  const wrong: string[] = [];
  const refused: string[] = [];
  await convertCsv(
    [Buffer.from(csv)],
    { defaultCountry: country, anyType: true },
    {
      contact: (c) => {
        const p = ps[Number(c.i)];
        if (c.phone_number !== p.number) wrong.push(`${cells[Number(c.i)]} → ${c.phone_number}, not ${p.number}`);
      },
      reject: (_row, row, errors) => void refused.push(`${row[1]}: ${errors[0].reason}`),
    },
  );
  return { wrong, refused };
}

describe.each(COUNTRIES)('%s', (country) => {
  const seed = COUNTRIES.indexOf(country) + 1;
  const ps = [...numbers(country, PER_KIND, seed * 7, 'mobile'), ...numbers(country, PER_KIND, seed * 13, 'fixed')];

  it('the corpus has mobiles and fixed lines across the ranges', () => {
    expect(ps.length).toBeGreaterThanOrEqual(PER_KIND * 2 - 5);
    // Not the library's example numbers: many distinct leading digits.
    expect(new Set(ps.map((p) => p.nationalNumber.slice(0, 2))).size).toBeGreaterThan(5);
    // The drawing's shortcut (mayBeValid) passes every number drawn, and turns away only digits the library refuses.
    const may = mayBeValid(country);
    expect(ps.filter((p) => !may(p.nationalNumber))).toEqual([]);
    const rnd = random(seed);
    const turnedAway: string[] = [];
    while (turnedAway.length < 200) {
      const d = String(Math.floor(rnd() * 1e12)).slice(0, 6 + Math.floor(rnd() * 7));
      if (!may(d)) turnedAway.push(d);
    }
    const valid = turnedAway.filter((d) => {
      const p = parsePhoneNumberFromString(`+${getCountryCallingCode(country)}${d}`);
      return p?.isValid() && p.country === country && CALLED.has(p.getType() ?? '');
    });
    expect(valid).toEqual([]);
  });

  it.each(FORMS)('one form per column: %s', async (form) => {
    const { wrong, refused } = await convertColumn(
      country,
      ps,
      ps.map((p) => write(p, form)),
    );
    expect(wrong).toEqual([]);
    if (form === 'national formatted') expect(refused).toEqual([]);
    if (country === 'IT' && form === 'trunk 0 dropped') {
      // Mobiles keep their digits, landlines lose their 0: a column of both cannot say which an ambiguous cell is
      // (332 512345 is a mobile, or 0332 512345): refused, naming both, never guessed. This corpus draws lengths
      // evenly; a third of its landlines are in 03x areas (Lombardy), whose digits without the 0 are also valid mobiles:
      // 35% refused here. A column of landlines
      // alone reads right (below).
      for (const r of refused) expect(r).toMatch(/if a spreadsheet dropped its leading 0|with a leading 0 it would be/);
    } else expect(refused.length, refused.slice(0, 3).join('\n')).toBeLessThanOrEqual(ps.length * 0.01);
  });

  // A column mixes text forms (spaces, a +, 00) with one kind of bare digits: a spreadsheet damages a column, or not.
  it.each<Form>(['national digits', '+ dropped', 'trunk 0 dropped'])(
    'mixed column: text forms and %s',
    async (bare) => {
      const rnd = random(seed * 31);
      const mix: Form[] = ['national formatted', 'international formatted', 'international prefix', bare];
      const cells = ps.map((p) => write(p, mix[Math.floor(rnd() * mix.length)]));
      const { wrong } = await convertColumn(country, ps, cells);
      expect(wrong).toEqual([]);
    },
  );
});

describe('Italian landlines without their 0', () => {
  const landlines = numbers('IT', 300, 99, 'fixed').filter((p) => p.getType() === 'FIXED_LINE');
  const mobiles = numbers('IT', 300, 98, 'mobile');

  it('a column of them: never wrong, and read right (the column shows the convention)', async () => {
    const { wrong, refused } = await convertColumn(
      'IT',
      landlines,
      landlines.map((p) => write(p, 'trunk 0 dropped')),
    );
    expect(wrong).toEqual([]);
    expect(refused).toEqual([]);
  });

  it('mixed with mobiles: never wrong (a cell that reads as both is refused, naming both)', async () => {
    const ps = [...landlines, ...mobiles];
    const { wrong, refused } = await convertColumn(
      'IT',
      ps,
      ps.map((p) => write(p, 'trunk 0 dropped')),
    );
    expect(wrong).toEqual([]);
    for (const r of refused) expect(r).toMatch(/if a spreadsheet dropped its leading 0|with a leading 0 it would be/);
  });

  it('40 with their 0 and 5 without: never wrong', async () => {
    const ps = landlines.slice(0, 45);
    const cells = ps.map((p, i) => write(p, i < 40 ? 'national digits' : 'trunk 0 dropped'));
    const { wrong } = await convertColumn('IT', ps, cells);
    expect(wrong).toEqual([]);
  });
});
