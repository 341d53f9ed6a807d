// Which columns are phone columns in real exports, row by row: Google's per-row labels (fax and pager numbers are
// never called, mobiles first), assistants' and emergency contacts' lines, extension columns, and placeholders
// ("-", "n/a", "#N/A") in a phone column. Through the real CLI: the contacts written and the lines on stderr.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, ROOT } from '../helpers/cli.js';

const convert = (args: string[], stdin: string) =>
  cli(['contacts', 'convert', '-', ...args, '-o', 'ndjson'], { key: null, stdin });
const lines = (s: string) =>
  s
    .trim()
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe("another person's line is never called", () => {
  it.each([
    ['Asst. Phone'],
    ['Asst Phone'],
    ['Assistant Phone'],
    ['Telefono assistente'],
    ['Emergency Phone'],
    ['Emergency Contact Phone'],
    ['ICE Phone'],
    ['Telefono emergenza'],
  ])('"%s" is not a phone column: it stays a free field', async (name) => {
    const r = await convert([], `Full Name,Phone,${name}\nAnna,+39 02 1234 5678,+39 333 123 4567\n`);
    expect(r.code, r.stderr).toBe(0);
    expect(lines(r.stdout)).toEqual([
      { phone_number: '+390212345678', 'Full Name': 'Anna', [name]: '+39 333 123 4567' },
    ]);
    expect(r.stderr).toContain('note: numbers from the column "Phone", found by its name');
  });
});

describe('extension columns are not numbers', () => {
  it.each([['Phone Ext'], ['Phone Ext.'], ['Phone Extension'], ['Telefono interno']])(
    '"%s" is not read as a number: Emily keeps both her numbers',
    async (name) => {
      const r = await convert(
        ['--default-country', 'US'],
        `First Name,Phone,${name},Mobile\nEmily,(212) 555-0187,204,(415) 555-0132\n`,
      );
      expect(r.code, r.stderr).toBe(0);
      expect(lines(r.stdout)).toEqual([
        {
          phone_number: '+14155550132',
          'First Name': 'Emily',
          [name]: '204',
          contact_attempts: [{ phone_number: '+12125550187' }],
        },
      ]);
    },
  );
  it('"Telefono interno" next to "Telephone": the extension stays a free field', async () => {
    const r = await convert([], 'Telephone,Telefono interno\n+39 02 1234 5678,204\n');
    expect(r.code, r.stderr).toBe(0);
    expect(lines(r.stdout)).toEqual([{ phone_number: '+390212345678', 'Telefono interno': '204' }]);
  });
});

describe('placeholders in a phone column read as empty', () => {
  it.each([['-'], ['--'], ['—'], ['n/a'], ['N/A'], ['na'], ['#N/A'], ['none'], ['null'], ['?'], ['.']])(
    'a mobile "%s" next to a good business number: the contact keeps the business number',
    async (p) => {
      const r = await convert(['--skip-invalid'], `Name,Mobile Phone,Business Phone\nA,${p},+39 02 1234567\n`);
      expect(r.code, r.stderr).toBe(0);
      expect(lines(r.stdout)).toEqual([{ phone_number: '+39021234567', Name: 'A' }]);
      expect(r.stderr).not.toContain('skipped');
    },
  );
  it('as an alternative: left out, the main number kept', async () => {
    const r = await convert([], 'Name,Mobile Phone,Business Phone\nA,+39 333 123 4567,#N/A\n');
    expect(r.code, r.stderr).toBe(0);
    expect(lines(r.stdout)).toEqual([{ phone_number: '+393331234567', Name: 'A' }]);
  });
  it('only placeholders: a row error naming the placeholder; nothing written', async () => {
    const r = await convert([], 'Name,Mobile Phone,Business Phone\nA,n/a,-\n');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(
      'row 2, Mobile Phone "n/a": no main phone number: "n/a" stands for none (and "Business Phone" holds none either)',
    );
  });
  it('boundary: text that only starts like a placeholder ("n/a yet", "-1") is still an error', async () => {
    const r = await convert([], 'Name,Phone\nA,n/a yet\nB,-1\n');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('row 2, Phone "n/a yet": not a phone number');
    expect(r.stderr).toContain('row 3, Phone "-1"');
  });
  it('a bad alternative next to a good main number: the error says the contact is left out because of it', async () => {
    const r = await convert(['--skip-invalid'], 'Name,Mobile Phone,Business Phone\nA,+39 333 123 4567,abc\n');
    // Its only row refused: nothing to write, exit 2.
    expect(r.code, r.stderr).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(
      'row 2, Business Phone "abc": not a phone number: "a" at position 1 (only digits, a leading +, an extension and the separators space - . / ( ) are allowed); an alternative number, but the whole contact is left out with it (fix the cell, or leave the column out)',
    );
  });
});

describe("Google Contacts: each row's label decides", () => {
  const fx = join(ROOT, 'fixtures/contacts/google-labels.csv');
  const file = (args: string[]) => cli(['contacts', 'convert', fx, ...args, '-o', 'ndjson'], { key: null });
  it('a fax or pager number is left out with a remark, a mobile comes first; only a fax: a row error', async () => {
    const r = await file([]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(
      'row 5, Phone 1 - Value "+39 02 8765 4321": no number to call: "Phone 1 - Value" labelled "Home Fax" in "Phone 1 - Label"; fax, pager and assistant numbers are never called',
    );
    const s = await file(['--skip-invalid', '--max-skipped', '25%']);
    expect(s.code, s.stderr).toBe(0);
    expect(lines(s.stdout).map((c) => [c['First Name'], c.phone_number, c.contact_attempts])).toEqual([
      ['Anna', '+393331234567', undefined],
      ['Ben', '+14155550132', [{ phone_number: '+14155550100' }]],
      ['Carla', '+390612345678', undefined],
    ]);
    expect(s.stderr).toContain(
      [
        'warning: 3 numbers in 3 rows accepted with a remark:',
        '  row 2, Phone 1 - Value "+39 02 1234 5678": left out: labelled "Work Fax" in "Phone 1 - Label": fax, pager and assistant numbers are never called',
        '  row 3, Phone 2 - Value "+1 415-555-0199": left out: labelled "Pager" in "Phone 2 - Label": fax, pager and assistant numbers are never called',
        '  row 4, Phone 1 - Value "+39 333 765 4321": left out: labelled "Cercapersone" in "Phone 1 - Label": fax, pager and assistant numbers are never called',
      ].join('\n'),
    );
  });
  it('the older "Phone 1 - Type" pairs the same way; a --phone-column list keeps its order but not the fax', async () => {
    const csv =
      'Name,Phone 1 - Type,Phone 1 - Value,Phone 2 - Type,Phone 2 - Value\nAnna,Work,+39 02 1234 5678,Mobile,+39 333 123 4567\nBea,fax,+39 02 1234 5679,Mobile,+39 333 123 4568\n';
    const found = await convert([], csv);
    expect(found.code, found.stderr).toBe(0);
    expect(lines(found.stdout).map((c) => [c.phone_number, c.contact_attempts])).toEqual([
      ['+393331234567', [{ phone_number: '+390212345678' }]],
      ['+393331234568', undefined],
    ]);
    const listed = await convert(['--phone-column', 'Phone 1 - Value,Phone 2 - Value'], csv);
    expect(listed.code, listed.stderr).toBe(0);
    expect(lines(listed.stdout).map((c) => [c.phone_number, c.contact_attempts])).toEqual([
      ['+390212345678', [{ phone_number: '+393331234567' }]],
      ['+393331234568', undefined],
    ]);
  });
  it('boundary: a label that only contains the letters ("Faxon office", "Home") is called', async () => {
    const r = await convert(
      [],
      'Name,Phone 1 - Label,Phone 1 - Value\nA,Faxon office,+39 02 1234 5678\nB,Home,+39 02 1234 5679\n',
    );
    expect(r.code, r.stderr).toBe(0);
    expect(lines(r.stdout).map((c) => c.phone_number)).toEqual(['+390212345678', '+390212345679']);
  });
});

describe('a column whose name holds a comma', () => {
  const csv = 'Nome,"Recapito (ufficio, principale)"\nA,+39 02 1234 5678\n';
  it('--phone-column splits the name at its comma: the hint names the column by its position', async () => {
    const r = await convert(['--phone-column', 'Recapito (ufficio, principale)'], csv);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('error: --phone-column: no column "Recapito (ufficio" in the header');
    expect(r.stderr).toContain(
      `"Recapito (ufficio, principale)" has a comma in its name, and --phone-column splits its list at commas: name that column by its position, '#2'.`,
    );
    const ok = await convert(['--phone-column', '#2'], csv);
    expect(ok.code, ok.stderr).toBe(0);
    expect(lines(ok.stdout)).toEqual([{ phone_number: '+390212345678', Nome: 'A' }]);
  });
});
