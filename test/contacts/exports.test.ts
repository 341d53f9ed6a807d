// Contacts as people really export them: Google Contacts, Outlook, a Salesforce report, Excel in Italian,
// German, French, UK and US settings (fixtures/contacts/). Through the real CLI: the exact contacts, the
// notes and warnings on stderr, the rejects file written as the input was.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { convertNdjson as convert, fx, lines } from './helpers.js';

describe('Google Contacts', () => {
  it('finds "Phone 1 - Value" (column 35), splits ":::" cells, leaves the extension out with a warning', async () => {
    const r = await convert([fx('google.csv')]);
    expect(r.code, r.stderr).toBe(0);
    const out = lines(r.stdout);
    expect(out.map((c) => [c.Name, c.phone_number, c.contact_attempts])).toEqual([
      ['Anna Rossi', '+393331234567', [{ phone_number: '+390212345678' }]],
      ['Ben Carter', '+14155550100', undefined],
      ['Chloé Martin', '+33612345678', undefined],
      // Phone 1 is empty: Phone 2 gives the main number.
      ['Dieter Schmidt', '+4915123456780', undefined],
    ]);
    expect(out[1]['Organization 1 - Name']).toBe('Acme, Inc.');
    expect(r.stderr).toBe(
      [
        'note: numbers from the columns "Phone 1 - Value", "Phone 2 - Value", found by their names: the first non-empty one gives the main number, the others become attempts; choose with --phone-column',
        'warning: 1 number in 1 row accepted with a remark:',
        '  row 3, Phone 1 - Value "+1 415-555-0100 ext. 12": extension 12 left out: calls cannot dial extensions',
        `4 contacts from 4 rows of ${fx('google.csv')}.`,
        '',
      ].join('\n'),
    );
  });

  it('a --phone-column that is not there: the hint lists the phone-like columns first', async () => {
    const r = await convert([fx('google.csv'), '--phone-column', 'Mobile']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('error: --phone-column: no column "Mobile" in the header\n');
    expect(r.stderr).toContain('  Columns: "Phone 1 - Value", "Phone 2 - Value", "Name", "Given Name",');
  });
});

describe('Outlook', () => {
  it('windows-1252 with --encoding latin1: Mobile Phone (column 41) first, then the business number; ’ “ ” – € intact', async () => {
    const r = await convert([fx('outlook.csv'), '--encoding', 'latin1']);
    expect(r.code, r.stderr).toBe(0);
    const out = lines(r.stdout);
    expect(out.map((c) => [c['Last Name'], c.phone_number, c.contact_attempts])).toEqual([
      ['O’Brien', '+447911123456', [{ phone_number: '+442079460958' }]],
      ['Hughes', '+442079460959', undefined],
      ['Price', '+441214960000', undefined],
    ]);
    expect(out[0].Notes).toBe('Prefers “mornings” – not Fridays');
    expect(out[2].Notes).toBe('€50 voucher');
    // Pager is no phone column: it stays a free field, never dialled.
    expect(out[1].Pager).toBe('+44 7640 123456');
    expect(r.stderr).toContain(
      'note: numbers from the columns "Mobile Phone", "Primary Phone", "Business Phone", "Business Phone 2", "Company Main Phone", "Home Phone", "Home Phone 2", "Car Phone", "Other Phone", found by their names',
    );
  });

  it('without --encoding: exit 2 naming windows-1252, nothing written', async () => {
    const r = await convert([fx('outlook.csv')]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`error: ${fx('outlook.csv')} is not valid UTF-8`);
    expect(r.stderr).toContain(
      'Add --encoding windows-1252 if it comes from Excel on Windows ("latin1" means the same)',
    );
  });
});

describe('a Salesforce report', () => {
  it("skips the report's footer with one warning; a contact without a mobile keeps the office number", async () => {
    const r = await convert([fx('salesforce.csv')]);
    expect(r.code, r.stderr).toBe(0);
    expect(lines(r.stdout).map((c) => [c['Full Name'], c.phone_number, c.contact_attempts])).toEqual([
      ['Marco Bianchi', '+393477654321', [{ phone_number: '+390287654321' }]],
      ['Laura Verdi', '+390612345678', undefined],
      ['Paolo Neri', '+393450001111', undefined],
    ]);
    expect(r.stderr).toContain("warning: skipped rows 6 to 10 at the end: no data columns (a report's footer?)\n");
  });

  it('a footer-like row followed by data is an error like any other', async () => {
    const csv = 'Name,Phone\nAnna,+393331234567\n"Subtotal"\nBruno,+390212345678\n';
    const r = await convert(['-'], csv);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('row 3, Phone "": the main phone number is empty');
  });
});

describe('Excel, Italian settings (";", windows-1252)', () => {
  const args = [fx('excel-it.csv'), '--default-country', 'IT', '--encoding', 'windows-1252'];

  it('never a silently wrong number: a French mobile whose + Excel dropped reads two ways; a premium-rate line is refused', async () => {
    const r = await convert(args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(
      'row 4, Cellulare "33612345678": reads 2 ways: +3933612345678 (IT voicemail access) as written, a national number of IT, or +33612345678 (FR mobile) if a spreadsheet dropped its +; the column does not say which: of its other numbers, 2 read only as national numbers and 0 as international numbers whose + was dropped (it takes 5, 95% of them one way); write it with + if it is international, or pass --without-plus national\n',
    );
    expect(r.stderr).toContain(
      'row 6, Cellulare "899 123456": +39899123456 is a premium-rate number (IT), not called by default: --allow-types premium-rate allows it\n',
    );
  });

  it("--without-plus international and --allow-types premium-rate: every row converts; ' and (0) and int. read right", async () => {
    const r = await convert([...args, '--without-plus', 'international', '--allow-types', 'premium-rate']);
    expect(r.code, r.stderr).toBe(0);
    expect(lines(r.stdout).map((c) => [c.Cognome, c.phone_number, c.contact_attempts])).toEqual([
      ['D’Angelo', '+393331234567', [{ phone_number: '+390212345678' }]],
      ['Ferri', '+393477654321', undefined],
      ['Durand', '+33612345678', undefined],
      ['Gallo', '+390612345678', undefined],
      ['Sala', '+39899123456', undefined],
    ]);
  });

  it('the rejects file opens where the input came from: ";" and windows-1252, no BOM', async () => {
    const dir = tempDir();
    const rej = join(dir, 'rejected.csv');
    const r = await convert([...args, '--skip-invalid', '--max-skipped', '100%', '--rejects', rej]);
    expect(r.code, r.stderr).toBe(0);
    const bytes = readFileSync(rej);
    expect([...bytes.subarray(0, 3)]).not.toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('latin1');
    expect(text.split('\r\n')[0]).toBe('rejected_row;rejected_reason;Nome;Cognome;Cellulare;Telefono;Note');
    expect(text).toContain(';Gino;Sala;899 123456;;numero a pagamento \x96 1,50 \x80/min\r\n');
    // – and € as windows-1252 bytes (0x96, 0x80), as Excel wrote them.
    expect(bytes.includes(Buffer.from([0x96, 0x20, 0x31, 0x2c, 0x35, 0x30, 0x20, 0x80]))).toBe(true);
  });
});

describe('Excel, German settings (";", windows-1252)', () => {
  it('0151/23456780, (0) and a multi-number cell', async () => {
    const r = await convert([fx('excel-de.csv'), '--default-country', 'DE', '--encoding', 'cp1252']);
    expect(r.code, r.stderr).toBe(0);
    expect(lines(r.stdout)).toEqual([
      {
        phone_number: '+4915123456780',
        Vorname: 'Jürgen',
        Nachname: 'Weiß',
        Firma: 'Müller & Söhne GmbH',
        contact_attempts: [{ phone_number: '+49301234567' }],
      },
      { phone_number: '+49302345678', Vorname: 'Anke', Nachname: 'Groß', Firma: 'Bäckerei „Zum Korn“' },
      {
        phone_number: '+4917612345678',
        Vorname: 'Ömer',
        Nachname: 'Kaya',
        contact_attempts: [{ phone_number: '+4915198765432' }],
      },
    ]);
  });
});

describe('Excel, French settings (CSV UTF-8: BOM, ";")', () => {
  it('no-break and narrow no-break spaces inside numbers', async () => {
    const r = await convert([fx('excel-fr.csv'), '--default-country', 'FR']);
    expect(r.code, r.stderr).toBe(0);
    expect(lines(r.stdout).map((c) => [c.Prénom, c.phone_number])).toEqual([
      ['Élodie', '+33612345678'],
      ['François', '+33472000000'],
      ['Amélie', '+33781234567'],
    ]);
  });
});

describe('Excel, UK settings (Unicode text: UTF-16LE with a BOM, tabs)', () => {
  it('is read without --encoding', async () => {
    const r = await convert([fx('excel-uk.txt'), '--default-country', 'GB']);
    expect(r.code, r.stderr).toBe(0);
    expect(lines(r.stdout)).toEqual([
      {
        phone_number: '+447911123456',
        Name: 'Olivia Smith',
        Notes: 'call after 5 – please',
        contact_attempts: [{ phone_number: '+442079460958' }],
      },
      { phone_number: '+441614960000', Name: 'Harry Jones', Notes: '£20 credit' },
      { phone_number: '+447400123456', Name: 'Amelia Brown' },
    ]);
  });

  it('its rejects file is UTF-16LE with a BOM and tabs', async () => {
    const dir = tempDir();
    const input = join(dir, 'in.txt');
    writeFileSync(
      input,
      Buffer.concat([
        Buffer.from([0xff, 0xfe]),
        Buffer.from('Name\tMobile\r\nZoë\t07911 123456\r\nBjörn\t12\r\n', 'utf16le'),
      ]),
    );
    const rej = join(dir, 'rejected.txt');
    const r = await convert([
      input,
      '--default-country',
      'GB',
      '--skip-invalid',
      '--max-skipped',
      '50%',
      '--rejects',
      rej,
    ]);
    expect(r.code, r.stderr).toBe(0);
    const bytes = readFileSync(rej);
    expect([...bytes.subarray(0, 2)]).toEqual([0xff, 0xfe]);
    expect(bytes.subarray(2).toString('utf16le')).toBe(
      'rejected_row\trejected_reason\tName\tMobile\r\n3\tMobile: not a valid GB number (too short)\tBjörn\t12\r\n',
    );
  });
});

describe('Excel, US settings (",", windows-1252)', () => {
  it('(415) 555-0132, an extension (x204) and a toll-free line, each remark said once', async () => {
    const r = await convert([fx('excel-us.csv'), '--default-country', 'US', '--encoding', 'windows-1252']);
    expect(r.code, r.stderr).toBe(0);
    expect(lines(r.stdout).map((c) => [c['Last Name'], c.phone_number])).toEqual([
      ['Johnson', '+14155550132'],
      ['Williams', '+12125550187'],
      ['Davis', '+18005550199'],
    ]);
    expect(r.stderr).toContain('warning: 2 numbers in 2 rows accepted with a remark:\n');
    expect(r.stderr).toContain('row 3, Business Phone "(212) 555-0187 x204": extension 204 left out');
    expect(r.stderr).toContain(
      'row 4, Mobile Phone "1-800-555-0199": +18005550199 is a toll-free number (--allow-types toll-free accepts it without this warning)',
    );
    const quiet = await convert([
      fx('excel-us.csv'),
      '--default-country',
      'US',
      '--encoding',
      'windows-1252',
      '--allow-types',
      'toll-free',
    ]);
    expect(quiet.stderr).not.toContain('toll-free');
  });
});

describe('headers that repeat a name', () => {
  const csv = 'phone_number,Note,Note\n+393331234567,a,b\n';
  it('an error naming them and the ways out; --exclude by name drops both; #N names one', async () => {
    const r = await convert(['-'], csv);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('error: the header names column "Note" twice (columns 2 and 3)\n');
    expect(r.stderr).toContain(`Leave them out with --exclude Note, or name each by its position`);
    const ex = await convert(['-', '--exclude', 'Note'], csv);
    expect(lines(ex.stdout)).toEqual([{ phone_number: '+393331234567' }]);
    const one = await convert(['-', '--exclude', '#3'], csv);
    expect(lines(one.stdout)).toEqual([{ phone_number: '+393331234567', Note: 'a' }]);
  });
});

describe('--phone-column takes a list: the first non-empty wins', () => {
  it('a contact whose mobile is empty keeps the business number', async () => {
    const csv = 'Name,Mobile,Business\nAnna,+393331234567,+390212345678\nBruno,,+390612345678\nCarla,,\n';
    const r = await convert(['-', '--phone-column', 'Mobile,Business'], csv);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('row 4, Mobile "": the main phone number is empty (and so are "Business")');
    const ok = await convert(['-', '--phone-column', 'Mobile,Business'], csv.split('\n').slice(0, 3).join('\n'));
    expect(ok.code, ok.stderr).toBe(0);
    expect(lines(ok.stdout)).toEqual([
      { phone_number: '+393331234567', Name: 'Anna', contact_attempts: [{ phone_number: '+390212345678' }] },
      { phone_number: '+390612345678', Name: 'Bruno' },
    ]);
  });
});
