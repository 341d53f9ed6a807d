// Property tests (fast-check): real numbers of several countries, written the ways exports write them (spaces of
// every kind, dashes, dots, slashes, "(0)", a text marker, 00, the national form, a dropped +, an extension,
// several in one cell, a spreadsheet's encoding and delimiter) never convert to a different number. They
// convert to the same number, or they are a row error: never a silently wrong one.
import fc from 'fast-check';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import { splitNumbers } from '../../src/contacts/columns.js';
import { convertCsv } from '../../src/contacts/csv.js';
import { toE164 } from '../../src/contacts/phone.js';
import { encoderFor } from '../../src/io/encoding.js';

const COUNTRIES: CountryCode[] = ['IT', 'DE', 'FR', 'GB', 'US', 'ES', 'CH', 'NL', 'AT', 'BE'];
const RUNS = { numRuns: 300 };

/** A valid number: a country, and national digits of one of its possible lengths that libphonenumber accepts. */
const number = fc
  .record({
    country: fc.constantFrom(...COUNTRIES),
    digits: fc.stringMatching(/^[1-9]\d{5,11}$/),
  })
  .map(({ country, digits }) => parsePhoneNumberFromString(digits, { defaultCountry: country, extract: false }))
  .filter((p) => p?.isValid() === true && p.country !== undefined)
  .map((p) => p!);

const SPACES = [' ', '\u00a0', '\u2009', '\u202f', '-', '.', '/', ''];

/** The number's international or national format with its spaces replaced by one of the separators people use. */
const written = fc.record({
  p: number,
  sep: fc.constantFrom(...SPACES),
  form: fc.constantFrom('international', 'national', '00', 'marker', 'trunk', 'dropped', 'extension', 'formula'),
  ext: fc.integer({ min: 1, max: 9999 }),
  defaultCountry: fc.constantFrom<CountryCode | undefined>(undefined, ...COUNTRIES),
});

/**
 * The text a spreadsheet holds. National forms are of the number's own country (in a file of `fileCountry`, only
 * its numbers are written nationally: a German national number in an Italian file is an Italian number).
 * `mustConvert`: forms that have one reading only.
 */
function write(
  w: typeof written extends fc.Arbitrary<infer T> ? T : never,
  fileCountry?: string,
): { text: string; country?: string; mustConvert: boolean } {
  const { p, sep } = w;
  const intl = p.formatInternational().replace(/ /g, sep);
  const form =
    fileCountry && fileCountry !== p.country && ['national', 'formula'].includes(w.form) ? 'international' : w.form;
  switch (form) {
    case 'international':
      return { text: intl, mustConvert: true };
    case 'national':
      // Without a trunk 0, national digits may also read as an international number: an error is right then.
      return { text: p.formatNational().replace(/ /g, sep), country: p.country, mustConvert: false };
    case '00':
      return { text: `00${intl.slice(1)}`, mustConvert: true };
    case 'marker':
      return { text: `'${intl}`, mustConvert: true };
    case 'formula':
      return { text: `="${p.formatNational()}"`, country: p.country, mustConvert: false };
    case 'trunk': {
      // "+44 (0)20 ...": the trunk mark of countries whose national numbers start with 0.
      const cc = `+${p.countryCallingCode}`;
      return { text: `${cc} (0)${intl.slice(cc.length).trim()}`, mustConvert: false };
    }
    case 'dropped':
      // Excel stored the number as a number: the + is gone. Read in a file of any country.
      return { text: p.number.slice(1), country: w.defaultCountry, mustConvert: false };
    case 'extension':
      return { text: `${intl} ext. ${w.ext}`, mustConvert: true };
  }
  throw new Error(w.form);
}

describe('numbers written as exports write them never convert to a different number', () => {
  it('each form: the same number, or an error', () => {
    fc.assert(
      fc.property(written, (w) => {
        const { text, country, mustConvert } = write(w);
        const r = toE164(text, { defaultCountry: country, anyType: true });
        if (r.ok) expect(r.e164, text).toBe(w.p.number);
        else expect(mustConvert, `${text}: ${r.reason}`).toBe(false);
      }),
      RUNS,
    );
  });

  it('a dropped + with --without-plus international is the number again', () => {
    fc.assert(
      fc.property(number, fc.constantFrom<CountryCode | undefined>(undefined, ...COUNTRIES), (p, country) => {
        const r = toE164(p.number.slice(1), { defaultCountry: country, withoutPlus: 'international', anyType: true });
        expect(r.ok && r.e164).toBe(p.number);
      }),
      RUNS,
    );
  });

  it('a dropped + of a number whose length only another country of its calling code has (found by the property above)', () => {
    // +1 310-0000 is a Canadian number of 7 digits; the US plan, the first of +1, has 10-digit numbers only.
    expect(toE164('13100000', { defaultCountry: 'IT', withoutPlus: 'international', anyType: true })).toEqual({
      ok: true,
      e164: '+13100000',
    });
  });

  it('several numbers in one cell stay several numbers, each itself', () => {
    fc.assert(
      fc.property(
        fc.array(number, { minLength: 1, maxLength: 4 }),
        fc.constantFrom(' ::: ', '\n', '; ', ', '),
        (ps, joint) => {
          const cell = ps.map((p) => p.formatInternational()).join(joint);
          const parts = splitNumbers(cell);
          expect(parts.map((t) => toE164(t, { anyType: true })).map((r) => r.ok && r.e164)).toEqual(
            ps.map((p) => p.number),
          );
        },
      ),
      RUNS,
    );
  });
});

describe('through the converter: Excel files of any locale', () => {
  const FILES = [
    { delimiter: ';', encoding: 'windows-1252', bom: false },
    { delimiter: ',', encoding: 'windows-1252', bom: false },
    { delimiter: ';', encoding: 'utf-8', bom: true },
    { delimiter: '\t', encoding: 'utf-16le', bom: true },
  ];

  it('every contact carries the number of its row, or the row is an error', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(written, { minLength: 1, maxLength: 15 }),
        fc.constantFrom(...FILES),
        async (rows, file) => {
          const country = 'IT';
          const written = rows.map((r) => write(r, country));
          const text = `Nome${file.delimiter}Cellulare\r\n${written
            .map((w, i) => `Cliente ${i} – “${i}”${file.delimiter}"${w.text.replace(/"/g, '""')}"`)
            .join('\r\n')}\r\n`;
          const bytes = Buffer.concat([
            Buffer.from(file.bom ? encoderFor(file.encoding)('\uFEFF') : []),
            encoderFor(file.encoding)(text),
          ]);
          const got = new Map<string, string>();
          await convertCsv(
            [bytes],
            {
              defaultCountry: country,
              encoding: file.bom ? undefined : file.encoding,
              phoneColumn: ['Cellulare'],
              anyType: true,
            },
            { contact: (c) => void got.set(String(c.Nome), c.phone_number) },
          );
          rows.forEach((r, i) => {
            const e164 = got.get(`Cliente ${i} – “${i}”`);
            if (e164 !== undefined) expect(e164, written[i].text).toBe(r.p.number);
          });
        },
      ),
      { numRuns: 60 },
    );
  });
});
