// Pure domain logic of contacts: phone normalisation, column plans, rows, delimiter detection, the duplicate index.
import { describe, expect, it } from 'vitest';
import { detectDelimiter, ErrorLog, planColumns, rowToContact } from '../../src/contacts/columns.js';
import { convertCsv } from '../../src/contacts/csv.js';
import { NumberIndex } from '../../src/contacts/dedupe.js';
import { toE164 } from '../../src/contacts/phone.js';
import { UsageError } from '../../src/errors.js';

const it39 = (raw: string) => toE164(raw, 'IT');

describe('toE164', () => {
  it.each([
    ['333 123 4567', 'IT', '+393331234567'],
    ['02 1234 5678', 'IT', '+390212345678'], // Italian landlines keep their 0
    ['06-1234-5678', 'IT', '+390612345678'],
    ['(0039) 347.765.4321', 'IT', '+393477654321'],
    ['0039 333 1234567', undefined, '+393331234567'],
    ['+39 (0)2 1234 5678', undefined, '+390212345678'],
    ['+1 202-555-0143', 'IT', '+12025550143'],
    ['202 555 0143', 'US', '+12025550143'],
    ['\u00a0+39\u00a0333\u00a01234567 ', undefined, '+393331234567'],
  ])('%s (%s) → %s', (raw, country, e164) => {
    expect(toE164(raw, country)).toEqual({ ok: true, e164 });
  });

  it('boundaries: last good and first bad lengths', () => {
    expect(toE164('+12025550143')).toEqual({ ok: true, e164: '+12025550143' });
    expect(toE164('+1202555014')).toEqual({ ok: false, reason: 'not a valid phone number (too short)' });
    expect(toE164('+120255501433')).toEqual({ ok: false, reason: 'not a valid phone number (too long)' });
    expect(it39('333123456')).toEqual({ ok: true, e164: '+39333123456' });
    expect(it39('33312345')).toEqual({ ok: false, reason: 'not a valid IT number' });
    expect(it39('02123456789')).toEqual({ ok: true, e164: '+3902123456789' });
    expect(it39('021234567890')).toEqual({ ok: false, reason: 'not a valid IT number' });
  });

  it('names spreadsheet damage', () => {
    expect(it39('3.93331E+11')).toEqual({
      ok: false,
      reason:
        'a spreadsheet turned this number into scientific notation and dropped its last digits: format the column as text and export again',
    });
    // Bare digits that read one way only, with the 0 or the + a spreadsheet drops put back: that number.
    expect(it39('212345678')).toEqual({ ok: true, e164: '+390212345678' });
    expect(it39('447946095800')).toEqual({ ok: true, e164: '+447946095800' });
    expect(toE164('393331234567')).toEqual({ ok: true, e164: '+393331234567' });
    // Typed as text (spaces): no spreadsheet dropped its +; the hint says what it would be with one.
    expect(it39('44 7946 095800')).toEqual({
      ok: false,
      reason: 'lost its leading + (a spreadsheet stored it as a number?): if it is +447946095800, write it with the +',
    });
  });

  it('refuses what is not a number', () => {
    expect(toE164('', 'IT')).toEqual({ ok: false, reason: 'empty' });
    expect(it39('abc')).toEqual({
      ok: false,
      reason:
        'not a phone number: "a" at position 1 (only digits, a leading +, an extension and the separators space - . / ( ) are allowed)',
    });
    expect(toE164('3331234567')).toEqual({
      ok: false,
      reason: 'no country code: write it as +<country code><number>, or pass --default-country (for example IT)',
      need: 'country',
    });
    expect(toE164('+39 999 1234567')).toEqual({ ok: false, reason: 'not a valid phone number' });
  });
});

describe('detectDelimiter', () => {
  it.each([
    ['phone_number,name\n', ','],
    ['phone_number;name;city\r\n', ';'],
    ['phone_number\tname\n', '\t'],
    ['phone_number|name\n', '|'],
    ['"a;b",c,d\n', ','], // inside quotes does not count
    ['phone_number\n', ','],
    ['a;b,c;d\n', ';'],
  ])('%j → %j', (head, d) => expect(detectDelimiter(head)).toBe(d));
});

describe('planColumns and rowToContact', () => {
  const phone = (raw: string) => toE164(raw, 'IT');

  it('main number, free fields, alternatives with overrides; empty cells left out', () => {
    const plan = planColumns([
      ' phone_number',
      'name ',
      'contact_attempts.2.phone_number',
      'contact_attempts.1.phone_number',
      'contact_attempts.1.name',
      'empty',
    ]);
    expect(plan.attempts.map((a) => plan.headers[a.phone])).toEqual([
      'contact_attempts.1.phone_number',
      'contact_attempts.2.phone_number',
    ]);
    expect(
      rowToContact(plan, ['333 1234567', ' Mario ', '06 1234567', '02 12345678', 'Ufficio', ''], 2, phone),
    ).toEqual({
      contact: {
        phone_number: '+393331234567',
        name: 'Mario',
        contact_attempts: [{ phone_number: '+390212345678', name: 'Ufficio' }, { phone_number: '+39061234567' }],
      },
      phoneColumn: 0,
    });
  });

  it('reports every error of a row with row, column, value and reason', () => {
    const plan = planColumns(['phone_number', 'contact_attempts.1.phone_number', 'contact_attempts.1.name']);
    expect(rowToContact(plan, ['12', '999', '', 'extra'], 7, phone).errors).toEqual([
      { row: 7, column: 'phone_number', value: '12', reason: 'not a valid IT number (too short)' },
      { row: 7, column: 'contact_attempts.1.phone_number', value: '999', reason: 'not a valid IT number (too short)' },
      {
        row: 7,
        column: 'column 4',
        value: 'extra',
        reason: 'a value past the last column of the header (3 columns): quote values that contain the delimiter',
      },
    ]);
    expect(rowToContact(plan, ['+393331234567', '', 'Reception'], 3, phone).errors).toEqual([
      {
        row: 3,
        column: 'contact_attempts.1.name',
        value: 'Reception',
        reason: 'a value for an attempt without a number: "contact_attempts.1.phone_number" is empty',
      },
    ]);
  });

  it('--phone-column, --attempt-columns and --exclude', () => {
    const plan = planColumns(['Mobile', 'Office', 'Home', 'Notes'], {
      phoneColumn: ['Mobile'],
      attemptColumns: ['Home', 'Office'],
      exclude: ['Notes'],
    });
    expect(rowToContact(plan, ['3331234567', '0212345678', '', 'x'], 2, phone)).toEqual({
      contact: { phone_number: '+393331234567', contact_attempts: [{ phone_number: '+390212345678' }] },
      phoneColumn: 0,
    });
  });

  it('rejects headers that cannot work', () => {
    expect(() => planColumns(['name'])).toThrow(UsageError);
    expect(() => planColumns(['name'])).toThrow(
      'no "phone_number" column in the header, and no column named like a phone',
    );
    expect(() => planColumns(['phone_number', 'name', 'name'])).toThrow(
      'the header names column "name" twice (columns 2 and 3)',
    );
    expect(() => planColumns(['phone_number'], { exclude: ['nope'] })).toThrow(
      '--exclude: no column "nope" in the header',
    );
    expect(() => planColumns(['phone_number', 'contact_attempts.0.phone_number'])).toThrow('numbered from 1');
    expect(() => planColumns(['phone_number', 'contact_attempts.1.name'])).toThrow(
      'has no matching "contact_attempts.1.phone_number" column',
    );
    expect(() => planColumns(['mobile', 'phone_number'], { phoneColumn: ['mobile'] })).toThrow(
      'would overwrite the contact\'s own "phone_number" field',
    );
    expect(() =>
      planColumns(['phone_number', 'alt', 'contact_attempts.1.phone_number'], { attemptColumns: ['alt'] }),
    ).toThrow('cannot be combined');
  });
});

describe('ErrorLog', () => {
  it('keeps the first 20 causes and counts the rest', () => {
    const log = new ErrorLog();
    for (let r = 2; r < 32; r++) log.addRow([{ row: r, column: 'phone_number', value: 'x', reason: `bad ${r}` }]);
    const lines = log.lines();
    expect(lines).toHaveLength(21);
    expect(lines[0]).toBe('row 2, phone_number "x": bad 2');
    expect(lines[20]).toBe('… and 10 more errors');
    expect(log.summary()).toBe('30 errors in 30 rows');
  });

  it('errors of one column with one reason are one line; the boundary: one error is a row line', () => {
    const log = new ErrorLog();
    log.addRow([{ row: 2, column: 'phone', value: '1', reason: 'no country code' }]);
    expect(log.lines()).toEqual(['row 2, phone "1": no country code']);
    log.addRow([{ row: 3, column: 'phone', value: '2', reason: 'no country code' }]);
    log.addRow([{ row: 4, column: 'alt', value: '3', reason: 'no country code' }]);
    expect(log.lines()).toEqual([
      'rows 2, 3 (2 rows), phone "1", "2": no country code',
      'row 4, alt "3": no country code',
    ]);
  });
});

describe('NumberIndex', () => {
  it('remembers the first row of each number across growth', () => {
    const idx = new NumberIndex(16);
    // Collected, then asserted once: 50,000 expect() calls cost more than the index itself.
    const seenBefore: string[] = [];
    for (let i = 0; i < 50_000; i++) {
      const e164 = `+39333${String(i).padStart(7, '0')}`;
      const first = idx.firstRow(e164, i + 2);
      if (first !== undefined) seenBefore.push(`${e164} (row ${i + 2}) as a duplicate of row ${first}`);
    }
    expect(seenBefore).toEqual([]);
    expect(idx.firstRow('+393330000000', 99)).toBe(2);
    expect(idx.firstRow('+393330049999', 99)).toBe(50_001);
    expect(idx.firstRow('+999999999999999', 5)).toBeUndefined();
    expect(idx.firstRow('+999999999999999', 6)).toBe(5);
    expect(idx.size).toBe(50_001);
  });
});

describe('convertCsv: line endings across read chunks', () => {
  it('a CRLF split between two chunks is one line ending, not a blank row; a lone CR or LF ends a row', async () => {
    for (const encoding of [undefined, 'utf-16le']) {
      const chunks = [
        'phone_number,name\r',
        '\n+393331234567,a\r',
        '\n+393331234568,b\n+393331234569,c\r',
        '+393331234560,d',
      ];
      const enc = (t: string) => (encoding ? Buffer.from(t, 'utf16le') : Buffer.from(t));
      const got: unknown[] = [];
      const summary = await convertCsv(chunks.map(enc), { encoding }, { contact: (c) => void got.push(c) });
      expect(got).toEqual([
        { phone_number: '+393331234567', name: 'a' },
        { phone_number: '+393331234568', name: 'b' },
        { phone_number: '+393331234569', name: 'c' },
        { phone_number: '+393331234560', name: 'd' },
      ]);
      expect(summary.rows).toBe(4);
    }
  });
});
