// loadContacts, the entry point campaigns create uses: CSV, JSON array and NDJSON, from files or stdin.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { addCsvOptions, ContactsCsvOptions } from '../../src/contacts/flags.js';
import { contactsFormat, loadContacts } from '../../src/contacts/load.js';
import { UsageError } from '../../src/errors.js';
import { tempDir } from '../helpers/cli.js';
import { fx } from './helpers.js';

const stdin = (text = '') => {
  const s = new PassThrough();
  s.end(text);
  return s;
};

async function rejection(p: Promise<unknown>): Promise<UsageError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    return err as UsageError;
  }
  throw new Error('expected a UsageError');
}

describe('loadContacts', () => {
  it('CSV from a file, with the CSV options', async () => {
    expect(
      await loadContacts(fx('italian-national.csv'), { defaultCountry: 'IT', exclude: ['note'], stdin: stdin() }),
    ).toEqual([
      { phone_number: '+393331234567', name: 'Mobile with spaces' },
      { phone_number: '+390212345678', name: 'Milan landline' },
      { phone_number: '+390612345678', name: 'Rome landline' },
      { phone_number: '+393477654321', name: 'International prefix' },
      { phone_number: '+393450001111', name: 'Already international' },
    ]);
  });

  it('CSV row errors as a UsageError: summary, then one line per error', async () => {
    const err = await rejection(loadContacts(fx('duplicates.csv'), { defaultCountry: 'IT', stdin: stdin() }));
    expect(err.message).toBe(`${fx('duplicates.csv')}: 2 errors in 2 rows`);
    expect(err.hints).toEqual([
      'rows 4, 5 (2 rows), phone_number "0039 333 1234567", "333-123-4567": duplicate of row 2 (+393331234567); --dedupe keeps the first',
      'Nothing was sent. Fix the rows, or add --skip-invalid to send the valid contacts (and --rejects file.csv for the others).',
    ]);
  });

  it('JSON array: validated, the contact index in each error', async () => {
    const dir = tempDir();
    const file = join(dir, 'contacts.json');
    writeFileSync(
      file,
      JSON.stringify([
        { phone_number: '+393331234567', name: 'A' },
        { phone_number: '333 1234567' },
        { name: 'no number' },
        { phone_number: '+393471112222', contact_attempts: [{ phone_number: '02 1234' }] },
      ]),
    );
    const err = await rejection(loadContacts(file, { stdin: stdin() }));
    expect(err.message).toBe(`${file}: 3 errors in 3 contacts`);
    expect(err.hints).toEqual([
      'contacts[1], phone_number "333 1234567": must be an E.164 phone number such as +393331234567',
      'contacts[2], phone_number "": is required',
      'contacts[3], contact_attempts[0].phone_number "02 1234": must be an E.164 phone number such as +393331234567',
    ]);
    writeFileSync(
      file,
      JSON.stringify([
        { phone_number: '+393331234567', contact_attempts: [{ phone_number: '+390212345678', name: 'Office' }], x: 1 },
      ]),
    );
    expect(await loadContacts(file, { stdin: stdin() })).toEqual([
      { phone_number: '+393331234567', contact_attempts: [{ phone_number: '+390212345678', name: 'Office' }], x: 1 },
    ]);
  });

  it('NDJSON from stdin, detected by content; line numbers in errors; duplicates and --dedupe', async () => {
    const text = '{"phone_number":"+393331234567"}\n\n{"phone_number":"+393331234567","n":2}\n{"phone_number":"123"}\n';
    const err = await rejection(loadContacts('-', { stdin: stdin(text) }));
    expect(err.hints).toEqual([
      'line 3, phone_number "+393331234567": duplicate of line 1; --dedupe keeps the first',
      'line 4, phone_number "123": must be an E.164 phone number such as +393331234567',
    ]);
    expect(
      await loadContacts('-', {
        stdin: stdin('{"phone_number":"+393331234567"}\n{"phone_number":"+393331234567","n":2}\n'),
        dedupe: true,
      }),
    ).toEqual([{ phone_number: '+393331234567' }]);
  });

  it('JSON array and CSV from stdin, detected by content', async () => {
    expect(await loadContacts('-', { stdin: stdin('[{"phone_number":"+12025550143"}]') })).toEqual([
      { phone_number: '+12025550143' },
    ]);
    expect(await loadContacts('-', { stdin: stdin('\uFEFFphone_number;name\n+12025550143;Jo\n') })).toEqual([
      { phone_number: '+12025550143', name: 'Jo' },
    ]);
  });

  it('unreadable input', async () => {
    expect((await rejection(loadContacts('/nonexistent/x.csv', { stdin: stdin() }))).message).toBe(
      'cannot read /nonexistent/x.csv: no such file',
    );
    expect((await rejection(loadContacts('-', { stdin: stdin('[{"phone_number":') }))).message).toMatch(
      /^stdin: not valid JSON/,
    );
  });
});

describe('CSV options for other commands', () => {
  it('addCsvOptions + ContactsCsvOptions parse commander values', () => {
    const cmd = addCsvOptions(new Command('x').exitOverride());
    cmd.parse(
      [
        '--phone-column',
        'Mobile',
        '--attempt-columns',
        'a, b',
        '--exclude',
        'n',
        '--default-country',
        'it',
        '--delimiter',
        'tab',
        '--encoding',
        'ISO-8859-1',
        '--dedupe',
      ],
      { from: 'user' },
    );
    expect(ContactsCsvOptions.parse(cmd.opts())).toEqual({
      phoneColumn: ['Mobile'],
      attemptColumns: ['a', 'b'],
      exclude: ['n'],
      defaultCountry: 'IT',
      delimiter: '\t',
      encoding: 'windows-1252',
      dedupe: true,
    });
    expect(ContactsCsvOptions.parse({})).toEqual({});
  });

  it('contactsFormat: extension first, then content', () => {
    expect(contactsFormat('a.json')).toBe('json');
    expect(contactsFormat('a.NDJSON')).toBe('ndjson');
    expect(contactsFormat('a.jsonl')).toBe('ndjson');
    expect(contactsFormat('a.csv', '[')).toBe('csv');
    expect(contactsFormat('-', '[')).toBe('json');
    expect(contactsFormat('-', '{')).toBe('ndjson');
    expect(contactsFormat('-', 'p')).toBe('csv');
  });
});
