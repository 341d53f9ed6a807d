// contacts convert through the real CLI (in-process, in-memory streams): exact contacts, exact row errors,
// nothing written on error.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, ROOT, tempDir } from '../helpers/cli.js';
import { fx } from './helpers.js';
import { HAS_DEV_FULL } from '../helpers/capabilities.js';

const convert = (args: string[], stdin?: string) => cli(['contacts', 'convert', ...args], { key: null, stdin });
const json = (s: string) => JSON.parse(s) as unknown;

describe('contacts convert: fixtures', () => {
  it('BOM, comma', async () => {
    const r = await convert([fx('bom.csv')]);
    expect(r.code).toBe(0);
    expect(json(r.stdout)).toEqual([
      { phone_number: '+393331234567', name: 'Mario Rossi', company: 'Acme' },
      { phone_number: '+390212345678', name: 'Giulia Bianchi' },
    ]);
    expect(r.stderr).toBe(`2 contacts from 2 rows of ${fx('bom.csv')}.\n`);
  });

  it('semicolons, CRLF, padded header names, a quoted delimiter', async () => {
    const r = await convert([fx('semicolon.csv')]);
    expect(json(r.stdout)).toEqual([
      { phone_number: '+393331234567', name: 'Mario Rossi', city: 'Milano' },
      { phone_number: '+390612345678', name: 'Rossi; Anna', city: 'Roma' },
    ]);
  });

  it('national Italian numbers with --default-country IT', async () => {
    const r = await convert([fx('italian-national.csv'), '--default-country', 'it']);
    expect(json(r.stdout)).toEqual([
      { phone_number: '+393331234567', name: 'Mobile with spaces' },
      { phone_number: '+390212345678', name: 'Milan landline', note: 'keeps its 0' },
      { phone_number: '+390612345678', name: 'Rome landline', note: 'dashes' },
      { phone_number: '+393477654321', name: 'International prefix', note: '00 and dots' },
      { phone_number: '+393450001111', name: 'Already international' },
    ]);
  });

  it('scientific notation: an exact row error, exit 2, nothing on stdout; a lost 0 or + that reads one way only is not one', async () => {
    const r = await convert([fx('scientific.csv'), '--default-country', 'IT']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      [
        `error: ${fx('scientific.csv')}: 1 error in 1 row`,
        '  row 2, phone_number "3.93331E+11": a spreadsheet turned this number into scientific notation and dropped its last digits: format the column as text and export again',
        '  Nothing was written. Fix the rows, or add --skip-invalid to write the valid contacts (and --rejects file.csv for the others).',
        '',
      ].join('\n'),
    );
  });

  it('duplicates: errors, or --dedupe keeps the first', async () => {
    const r = await convert([fx('duplicates.csv'), '--default-country', 'IT']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    // Two errors with one cause: one line, their rows and values listed.
    expect(r.stderr).toContain(
      'rows 4, 5 (2 rows), phone_number "0039 333 1234567", "333-123-4567": duplicate of row 2 (+393331234567); --dedupe keeps the first\n',
    );
    const d = await convert([fx('duplicates.csv'), '--default-country', 'IT', '--dedupe']);
    expect(d.code).toBe(0);
    expect(json(d.stdout)).toEqual([
      { phone_number: '+393331234567', name: 'First' },
      { phone_number: '+393471112222', name: 'Other' },
    ]);
    expect(d.stderr).toContain(
      'note: --dedupe dropped 2 rows repeating an earlier main number (first: row 4, +393331234567, as row 2)',
    );
  });

  it('alternatives (contact_attempts.N.phone_number), gaps skipped', async () => {
    const r = await convert([fx('alternatives.csv'), '--default-country', 'IT']);
    expect(json(r.stdout)).toEqual([
      {
        phone_number: '+393331234567',
        name: 'Mario',
        contact_attempts: [{ phone_number: '+390212345678' }, { phone_number: '+393477654321' }],
      },
      { phone_number: '+393471112222', name: 'Anna' },
      { phone_number: '+393489998888', name: 'Luca', contact_attempts: [{ phone_number: '+390612345678' }] },
    ]);
  });

  it('per-attempt overrides', async () => {
    const r = await convert([fx('overrides.csv')]);
    expect(json(r.stdout)).toEqual([
      {
        phone_number: '+393331234567',
        name: 'Mario Rossi',
        greeting: 'Ciao Mario',
        contact_attempts: [{ phone_number: '+390212345678', name: 'Rossi Srl (reception)', greeting: 'Buongiorno' }],
      },
      {
        phone_number: '+393471112222',
        name: 'Anna Verdi',
        greeting: 'Ciao Anna',
        contact_attempts: [{ phone_number: '+390612345678' }],
      },
      { phone_number: '+393489998888', name: 'Luca Neri' },
    ]);
  });

  it('latin1 with --encoding; without it, exit 2 and nothing written; --encoding utf8 converts with a warning', async () => {
    const r = await convert([fx('latin1.csv'), '--encoding', 'latin1', '-o', 'ndjson']);
    expect(r.stdout).toBe(
      '{"phone_number":"+393331234567","name":"Niccolò Rossi","city":"Forlì"}\n{"phone_number":"+393471112222","name":"José Müller","city":"Cantù"}\n',
    );
    const dir = tempDir();
    const w = await convert([fx('latin1.csv'), '--out', join(dir, 'c.json')]);
    expect(w.code).toBe(2);
    expect(w.stderr).toContain('latin1.csv is not valid UTF-8: its accented letters would be replaced by "\uFFFD"');
    expect(w.stderr).toContain('Add --encoding windows-1252');
    expect(w.stdout).toBe('');
    expect(readdirSync(dir)).toEqual([]);
    const forced = await convert([fx('latin1.csv'), '--encoding', 'utf8', '-o', 'ndjson']);
    expect(forced.code).toBe(0);
    expect(forced.stdout).toContain('Niccol\uFFFD Rossi');
    expect(forced.stderr).toContain('warning: ');
  });

  it('tab and pipe detected; CRLF with quoted newlines', async () => {
    expect(json((await convert([fx('tab.tsv')])).stdout)).toEqual([
      { phone_number: '+393331234567', name: 'Mario Rossi', notes: 'prefers mornings, not evenings' },
      { phone_number: '+12025550143', name: 'John Smith', notes: 'US number' },
    ]);
    expect(json((await convert([fx('pipe.csv')])).stdout)).toEqual([
      { phone_number: '+393331234567', name: 'Mario Rossi', segment: 'gold' },
      { phone_number: '+442079460958', name: 'Jane Doe', segment: 'silver' },
    ]);
    expect(json((await convert([fx('crlf-multiline.csv')])).stdout)).toEqual([
      { phone_number: '+393331234567', name: 'Mario Rossi', address: 'Via Roma 1\r\n20121 Milano' },
      { phone_number: '+393471112222', name: 'Verdi, Anna', address: 'She said "call after 5"\nthanks' },
    ]);
  });

  it('mixed line endings: a CRLF export with rows appended with LF is one row per line; quoted cells keep theirs', async () => {
    const r = await convert([fx('mixed-line-endings.csv')]);
    expect(r.code, r.stderr).toBe(0);
    expect(json(r.stdout)).toEqual([
      { phone_number: '+393331234567', Name: 'Mario Rossi', Address: 'Via Roma 1\r\n20121 Milano' },
      {
        phone_number: '+393471112222',
        Name: 'Anna Verdi',
        Address: 'Via Po 2',
        // Two numbers in a quoted cell, separated by a line break: the second is an attempt (README).
        contact_attempts: [{ phone_number: '+390212345678' }],
      },
      { phone_number: '+393331234568', Name: 'Luca Bianchi', Address: 'Via Dante 3' },
      { phone_number: '+393331234569', Name: 'Sara Neri', Address: 'Corso Italia 4\n00100 Roma' },
    ]);
    expect(r.stderr).toContain(`4 contacts from 4 rows of ${fx('mixed-line-endings.csv')}.`);
  });

  it.each([
    ['CRLF header, LF and CRLF rows', 'phone_number\r\n+393331234567\n+393331234568\r\n+393331234569\r\n'],
    ['LF header, CRLF rows', 'phone_number\n+393331234567\r\n+393331234568\r\n+393331234569\n'],
    ['CR only (old Mac)', 'phone_number\r+393331234567\r+393331234568\r+393331234569\r'],
    ['CR, LF and CRLF mixed', 'phone_number\r\n+393331234567\r+393331234568\n+393331234569'],
  ])('one column, %s: every line ending ends a row (3 contacts)', async (_name, csv) => {
    const r = await convert(['-'], csv);
    expect(r.code, r.stderr).toBe(0);
    expect(json(r.stdout)).toEqual([
      { phone_number: '+393331234567' },
      { phone_number: '+393331234568' },
      { phone_number: '+393331234569' },
    ]);
  });

  it('several columns, CRLF header and an LF row: 3 contacts, no "value past the last column"', async () => {
    const r = await convert(['-'], 'phone_number,name\r\n+393331234567,a\n+393331234568,b\r\n+393331234569,c\r\n');
    expect(r.code, r.stderr).toBe(0);
    expect(json(r.stdout)).toEqual([
      { phone_number: '+393331234567', name: 'a' },
      { phone_number: '+393331234568', name: 'b' },
      { phone_number: '+393331234569', name: 'c' },
    ]);
  });

  it.each([
    ['LF in a quoted cell of a CRLF file', 'phone_number,name\r\n"+393331234567\n+393331234568",a\r\n'],
    ['CRLF in a quoted cell of an LF file', 'phone_number,name\n"+393331234567\r\n+393331234568",a\n'],
    ['CR in a quoted cell of an LF file', 'phone_number,name\n"+393331234567\r+393331234568",a\n'],
  ])('%s: still one cell, two numbers of one person', async (_name, csv) => {
    const r = await convert(['-'], csv);
    expect(r.code, r.stderr).toBe(0);
    expect(json(r.stdout)).toEqual([
      { phone_number: '+393331234567', name: 'a', contact_attempts: [{ phone_number: '+393331234568' }] },
    ]);
  });

  it('--delimiter overrides detection', async () => {
    const r = await convert(['-', '--delimiter', 'semicolon'], 'phone_number,x;name\n+393331234567,1;Mario\n');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no "phone_number" column in the header');
    const ok = await convert(['-', '--delimiter', ','], 'phone_number,name;x\n+393331234567,Mario;1\n');
    expect(json(ok.stdout)).toEqual([{ phone_number: '+393331234567', 'name;x': 'Mario;1' }]);
  });

  it('--phone-column, --attempt-columns, --exclude', async () => {
    const r = await convert([
      fx('columns.csv'),
      '--default-country',
      'IT',
      '--phone-column',
      'Mobile',
      '--attempt-columns',
      'Office,Home',
      '--exclude',
      'Notes',
    ]);
    expect(json(r.stdout)).toEqual([
      { phone_number: '+393331234567', Name: 'Mario Rossi', contact_attempts: [{ phone_number: '+390212345678' }] },
      { phone_number: '+393477654321', Name: 'Anna Verdi', contact_attempts: [{ phone_number: '+390612345678' }] },
    ]);
  });

  it('--allow-types: a bad item is named as typed in the list, exit 2, nothing written', async () => {
    const good = await convert([fx('bom.csv'), '--allow-types', 'toll-free,voicemail']);
    expect(good.code, good.stderr).toBe(0);
    const r = await convert([fx('bom.csv'), '--allow-types', 'toll-free,bogus']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: --allow-types: must be among .* \(got "bogus"\)\n/);
  });

  it('a broken file: the CSV error with its line, exit 2', async () => {
    const r = await convert([fx('broken.csv')]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: .*broken\.csv: not a readable CSV \(line \d+ of the file\): .*Quote Not Closed/);
  });

  it('every kind of row error, in order', async () => {
    const r = await convert([fx('invalid.csv'), '--default-country', 'IT']);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n').slice(0, 8)).toEqual([
      `error: ${fx('invalid.csv')}: 6 errors in 6 rows`,
      '  row 3, phone_number "12345": not a valid IT number (too short); with a leading 0 it would be +39012345 (IT fixed line): write the 0 if it is that number',
      '  row 4, phone_number "abc": not a phone number: "a" at position 1 (only digits, a leading +, an extension and the separators space - . / ( ) are allowed)',
      '  row 5, phone_number "": the main phone number is empty',
      '  row 6, contact_attempts.1.phone_number "999": not a valid IT number (too short); an alternative number, but the whole contact is left out with it (fix the cell, or leave the column out)',
      '  row 7, contact_attempts.1.name "Reception": a value for an attempt without a number: "contact_attempts.1.phone_number" is empty',
      '  row 8, column 5 "surprise": a value past the last column of the header (4 columns): quote values that contain the delimiter',
      '  Nothing was written. Fix the rows, or add --skip-invalid to write the valid contacts (and --rejects file.csv for the others).',
    ]);
  });
});

describe('contacts convert: UTF-16 without a byte-order mark', () => {
  it('says the file looks like UTF-16 and names --encoding; with it, it converts', async () => {
    const file = join(tempDir(), 'no-bom-utf16.csv');
    writeFileSync(file, Buffer.from('phone_number,name\n+393331234567,Anna\n', 'utf16le'));
    const r = await convert([file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('the file looks like UTF-16 without a byte-order mark; pass --encoding utf-16le');
    expect(r.stdout).toBe('');
    const ok = await convert([file, '--encoding', 'utf-16le']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(json(ok.stdout)).toEqual([{ phone_number: '+393331234567', name: 'Anna' }]);
    // A header without NULs gets no such hint.
    const plain = join(tempDir(), 'plain.csv');
    writeFileSync(plain, 'telephone_x,name\n+393331234567,Anna\n');
    expect((await convert([plain])).stderr).not.toContain('UTF-16');
  });
});

describe('contacts convert -', () => {
  it('with stdin a terminal: exit 2 at once, saying to pipe the CSV in; piped, it converts', async () => {
    const r = await cli(['contacts', 'convert', '-'], { key: null, tty: true });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('error: <file> -: stdin is a terminal; pipe the CSV in');
    expect(r.stdout).toBe('');
    const piped = await convert(['-'], readFileSync(fx('bom.csv'), 'utf8'));
    expect(piped.code, piped.stderr).toBe(0);
    expect(json(piped.stdout)).toHaveLength(2);
  });
});

describe('contacts convert: writing', () => {
  it.skipIf(!HAS_DEV_FULL)(
    '--out a device that fails (/dev/full): exit 1, the reason, and no "written to" line',
    async () => {
      const r = await convert([fx('bom.csv'), '--out', '/dev/full', '--force']);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('no space left on device (ENOSPC)');
      expect(r.stderr).not.toContain('written to');
      // The last good device: /dev/null takes it (with --force, as every device), and says so.
      const ok = await convert([fx('bom.csv'), '--out', '/dev/null', '--force']);
      expect(ok.code, ok.stderr).toBe(0);
      expect(ok.stderr).toContain('2 contacts from 2 rows');
    },
  );

  it('on error the --out file is never created and no temp file is left', async () => {
    const dir = tempDir();
    const out = join(dir, 'contacts.json');
    const r = await convert([fx('invalid.csv'), '--default-country', 'IT', '--out', out]);
    expect(r.code).toBe(2);
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
    expect(r.stdout).toBe('');
  });

  it('an existing --out file is left untouched on error, replaced on success with --force', async () => {
    const dir = tempDir();
    const out = join(dir, 'contacts.json');
    writeFileSync(out, 'previous');
    expect((await convert([fx('invalid.csv'), '--out', out])).code).toBe(2);
    expect(readFileSync(out, 'utf8')).toBe('previous');
    const ok = await convert([fx('bom.csv'), '--out', out, '--force']);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toBe('');
    expect(readFileSync(out, 'utf8')).toBe(
      '[\n  {"phone_number":"+393331234567","name":"Mario Rossi","company":"Acme"},\n  {"phone_number":"+390212345678","name":"Giulia Bianchi"}\n]\n',
    );
    expect(readdirSync(dir)).toEqual(['contacts.json']);
  });

  it('errors with one cause: one line with their rows; more than 20 causes: the first 20, then a count', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => `12${i},n${i}`).join('\n');
    const r = await convert(['-', '--default-country', 'IT'], `phone_number,name\n${rows}\n`);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n').slice(0, 2)).toEqual([
      'error: stdin: 25 errors in 25 rows',
      '  rows 2, 3, 4, 5, 6, 7, 8, 9, … (25 rows), phone_number "120", "121", "122", …: not a valid IT number (too short)',
    ]);
    // 25 causes (each letter is named in its reason): 20 lines, then the count of the rest.
    const letters = Array.from({ length: 25 }, (_, i) => `+39 333 ${String.fromCharCode(97 + i)},n${i}`).join('\n');
    const many = await convert(['-', '--default-country', 'IT'], `phone_number,name\n${letters}\n`);
    const lines = many.stderr.trim().split('\n');
    expect(lines[1]).toMatch(/^ {2}row 2, phone_number "\+39 333 a": not a phone number: "a" at position 9/);
    expect(lines[20]).toMatch(/^ {2}row 21, phone_number "\+39 333 t"/);
    expect(lines[21]).toBe('  … and 5 more errors');
  });

  it('--skip-invalid --rejects: valid contacts out, rejected rows with reasons in the input delimiter', async () => {
    const dir = tempDir();
    const out = join(dir, 'contacts.json');
    const rej = join(dir, 'rejected.csv');
    const r = await convert([
      fx('scientific.csv'),
      '--default-country',
      'IT',
      '--skip-invalid',
      '--rejects',
      rej,
      '--out',
      out,
    ]);
    expect(r.code).toBe(0);
    expect(json(readFileSync(out, 'utf8'))).toEqual([
      { phone_number: '+390212345678', name: 'Lost leading zero' },
      { phone_number: '+447946095800', name: 'Lost leading plus' },
      { phone_number: '+393471234567', name: 'Country code without plus (same country: accepted)' },
      { phone_number: '+393331234567', name: 'Fine' },
    ]);
    expect(readFileSync(rej, 'utf8')).toBe(
      [
        '\uFEFFrejected_row,rejected_reason,phone_number,name',
        '2,phone_number: a spreadsheet turned this number into scientific notation and dropped its last digits: format the column as text and export again,3.93331E+11,Scientific notation',
        '',
      ].join('\r\n'),
    );
    // What the spreadsheet dropped and the converter put back is said once for the column.
    expect(r.stderr).toContain(
      'note: phone_number: 1 number without + read as a national number of IT whose leading 0 a spreadsheet dropped, the only way it reads: row 3\n',
    );
    expect(r.stderr).toContain(
      'note: phone_number: 1 number without + read as an international number whose + a spreadsheet dropped, the only way it reads: row 4\n',
    );
    expect(r.stderr).toContain(`warning: skipped 1 invalid row, written with their reasons to ${rej}`);
    expect(r.stderr).toContain(`4 contacts from 5 rows of ${fx('scientific.csv')} written to ${out}.`);
  });

  it("--rejects guards formula-like cells with a leading '; --csv-raw writes them exactly, and they convert back as they were", async () => {
    const dir = tempDir();
    const input = join(dir, 'in.csv');
    writeFileSync(
      input,
      "phone_number,name,note\n+393331234567,Good,=SUM(A1)\n12345,=SUM(A1),@cmd\nabc,-x,+cmd|' /C calc'!A0\n",
    );
    const run = (rej: string, ...extra: string[]) =>
      convert([
        ...extra,
        input,
        '--default-country',
        'IT',
        '--skip-invalid',
        '--max-skipped',
        '100%',
        '--rejects',
        rej,
      ]);
    const guarded = await run(join(dir, 'guarded.csv'));
    expect(guarded.code, guarded.stderr).toBe(0);
    // The contacts are the data, exactly (JSON is never run).
    expect(json(guarded.stdout)).toEqual([{ phone_number: '+393331234567', name: 'Good', note: '=SUM(A1)' }]);
    const text = (f: string) => readFileSync(join(dir, f), 'utf8');
    expect(text('guarded.csv')).toContain(",12345,'=SUM(A1),'@cmd\r\n");
    expect(text('guarded.csv')).toContain(",abc,'-x,'+cmd|' /C calc'!A0\r\n");
    const raw = await run(join(dir, 'raw.csv'), '--csv-raw');
    expect(raw.code, raw.stderr).toBe(0);
    expect(text('raw.csv')).toContain(',12345,=SUM(A1),@cmd\r\n');
    expect(text('raw.csv')).toContain(",abc,-x,+cmd|' /C calc'!A0\r\n");
    expect(text('raw.csv')).not.toContain("'=");
    // The rows fixed and converted again: the cells arrive as they were in the input.
    const fixed = join(dir, 'fixed.csv');
    writeFileSync(fixed, text('raw.csv').replace(',12345,', ',+393331234568,').replace(',abc,', ',+393331234569,'));
    const back = await convert([fixed, '--exclude', 'rejected_row,rejected_reason']);
    expect(back.code, back.stderr).toBe(0);
    expect(json(back.stdout)).toEqual([
      { phone_number: '+393331234568', name: '=SUM(A1)', note: '@cmd' },
      { phone_number: '+393331234569', name: '-x', note: "+cmd|' /C calc'!A0" },
    ]);
  });

  it('--skip-invalid without --rejects lists the skipped rows on stderr', async () => {
    const r = await convert([fx('scientific.csv'), '--default-country', 'IT', '--skip-invalid', '-o', 'ndjson']);
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(4);
    expect(r.stderr).toContain('warning: skipped 1 invalid row:\n  row 2, phone_number "3.93331E+11"');
  });

  it('flag rules: --rejects needs --skip-invalid, bad country, bad encoding, csv output', async () => {
    expect((await convert([fx('bom.csv'), '--rejects', 'x.csv'])).stderr).toContain('--rejects: needs --skip-invalid');
    const c = await convert([fx('bom.csv'), '--default-country', 'XX']);
    expect(c.code).toBe(2);
    expect(c.stderr).toContain('--default-country: "XX" is not a country code libphonenumber-js knows');
    expect((await convert([fx('bom.csv'), '--default-country', 'Italy'])).stderr).toContain(
      '--default-country: must be a two-letter ISO country code such as IT',
    );
    // iso-2022-kr is a label TextDecoder knows, of its "replacement" decoder: every input one U+FFFD.
    for (const bad of ['ebcdic', 'iso-2022-kr'])
      expect((await convert([fx('bom.csv'), '--encoding', bad])).stderr).toContain(
        '--encoding: must be an encoding such as utf-8, windows-1252',
      );
    expect((await convert([fx('bom.csv'), '-o', 'csv'])).stderr).toContain(
      'contacts convert writes json (default) or ndjson',
    );
    const missing = await convert([join(ROOT, 'fixtures/contacts/nope.csv')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no such file');
  });

  it('an empty stdin and a header-only file', async () => {
    expect((await convert(['-'], '')).stderr).toContain('the file is empty');
    // Nothing to call is a failure, as in campaigns create: a nightly job must not pass on an empty list.
    const r = await convert(['-'], 'phone_number,name\n');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('error: stdin: no valid contacts (the file has a header and no rows); nothing was written\n');
  });

  it('--help shows examples', async () => {
    const r = await cli(['contacts', 'convert', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Examples:');
    expect(r.stdout).toContain('--default-country <code>');
    expect((await cli(['contacts', '--help'])).stdout).toContain('Examples:');
  });
});
