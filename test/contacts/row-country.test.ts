// Every row read in its own country (issue 32): the country from wherever an export keeps it (address columns,
// found by name or by values), conventions that cross a border, company lines, readable cells, and no list quietly
// halved by --skip-invalid. Each example is the output a user sees.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tempDir, useSandbox } from '../helpers/cli.js';

const sandbox = useSandbox();
const convert = (args: string[]) => cli(['contacts', 'convert', ...args], { key: null });
const CREATE = ['campaigns', 'create', '--name', 'N', '--agent', 'agent_sales', '--from', '+390212345678', '--yes'];

function file(text: string | Buffer, name = 'contacts.csv'): string {
  const path = join(tempDir(), name);
  writeFileSync(path, text);
  return path;
}
const contacts = (stdout: string) => JSON.parse(stdout) as Record<string, unknown>[];
const numbers = (stdout: string) => contacts(stdout).map((c) => c.phone_number);

describe('the country of each row, from the columns an export keeps it in', () => {
  it('Shopify: "Default Address Country Code" FI and DK under --default-country SE', async () => {
    const r = await convert([
      file(
        "First Name,Last Name,Phone,Default Address Country Code\nAino,Virtanen,'040 123 4567,FI\nMads,Jensen,'20 12 34 56,DK\nSven,Svensson,070 123 45 67,SE\n",
      ),
      '--default-country',
      'SE',
    ]);
    expect(r.code, r.stderr).toBe(0);
    // Not +46401234567 (a landline in Malmö) nor +4620123456 (a Swedish freephone).
    expect(numbers(r.stdout)).toEqual(['+358401234567', '+4520123456', '+46701234567']);
    expect(r.stderr).toContain(
      'note: numbers without + read in the country of their row, from the column "Default Address Country Code" (found by its name); choose with --country-column, or --country-column none\n',
    );
    expect(r.stderr).not.toContain('toll-free');
  });

  it('Salesforce Data Loader: MAILINGCOUNTRY Namibia under ZA', async () => {
    const r = await convert([
      file(
        'FIRSTNAME,LASTNAME,PHONE,MAILINGCOUNTRY\nAnna,Shikongo,081 234 5678,Namibia\nThabo,Nkosi,082 123 4567,SOUTH AFRICA\n',
      ),
      '--default-country',
      'ZA',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(numbers(r.stdout)).toEqual(['+264812345678', '+27821234567']);
  });

  it.each([
    ['Mailchimp', 'CC', 'FI'],
    ['Dynamics 365', 'Address 1: Country/Region', 'Finland'],
    ['Outlook', 'Business Country/Region', 'Finland'],
    ['Stripe', 'Card Address Country', 'FI'],
    ['HubSpot', 'Country/Region', 'Finland'],
    ['a German export', 'Land', 'Finnland'],
    ['a Spanish export', 'País', 'Finlandia'],
    ['a French export', 'Pays', 'Finlande'],
    ['an ISO-3 code', 'Country', 'FIN'],
    ['a Swedish export', 'Land', 'Finland'],
  ])('%s: the column "%s" holding %s', async (_tool, header, value) => {
    const r = await convert([file(`Name,Phone,${header}\nAino,040 123 4567,${value}\n`), '--default-country', 'SE']);
    expect(r.code, r.stderr).toBe(0);
    expect(numbers(r.stdout)).toEqual(['+358401234567']);
  });

  it('a column whose header is in no list is found by its values, and said once', async () => {
    const rows = ['FI', 'FI', 'SE', 'DK', 'SE']
      .map(
        (c, i) => `P${i},${c === 'FI' ? `040 123 456${i}` : c === 'DK' ? `20 12 34 5${i}` : `070 123 45 6${i}`},${c}`,
      )
      .join('\n');
    const r = await convert([file(`Name,Phone,Market\n${rows}\n`), '--default-country', 'SE']);
    expect(r.code, r.stderr).toBe(0);
    expect(numbers(r.stdout)).toEqual([
      '+358401234560',
      '+358401234561',
      '+46701234562',
      '+4520123453',
      '+46701234564',
    ]);
    expect(r.stderr).toContain('from the column "Market" (found by its values)');
  });

  it('boundary: a column of values 90% countries is a country column, 80% is not', async () => {
    // 9 of 10 name a country: found. 8 of 10: not, and every row is read in --default-country.
    const mk = (bad: number) =>
      Array.from(
        { length: 10 },
        (_, i) => `P${i},070 123 45 ${String(i).padStart(2, '0')},${i < bad ? 'x' : 'SE'}`,
      ).join('\n');
    const found = await convert([file(`Name,Phone,Market\n${mk(1)}\n`), '--default-country', 'SE']);
    expect(found.stderr).toContain('(found by its values)');
    const not = await convert([file(`Name,Phone,Market\n${mk(2)}\n`), '--default-country', 'SE']);
    expect(not.code, not.stderr).toBe(0);
    expect(not.stderr).not.toContain('found by its values');
  });

  it('a US "State" column of codes that are also countries (CA, DE, IN, VA) is no country column', async () => {
    const r = await convert([
      file('Name,Phone,State\nA,(646) 239-4821,CA\nB,(646) 239-4822,DE\nC,(646) 239-4823,IN\nD,(646) 239-4824,VA\n'),
      '--default-country',
      'US',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(numbers(r.stdout)).toEqual(['+16462394821', '+16462394822', '+16462394823', '+16462394824']);
  });

  it('--country-column chooses the column, none turns it off; a column that does not exist: exit 2, nothing written', async () => {
    const csv = file("Name,Phone,Default Address Country Code,Ship\nAino,'040 123 4567,SE,FI\n");
    const chosen = await convert([csv, '--default-country', 'SE', '--country-column', 'Ship']);
    expect(numbers(chosen.stdout)).toEqual(['+358401234567']);
    expect(chosen.stderr).toContain('from the column "Ship" (named by --country-column)');
    const none = await convert([csv, '--default-country', 'FI', '--country-column', 'none']);
    expect(numbers(none.stdout)).toEqual(['+358401234567']);
    expect(none.stderr).not.toContain('country of their row');
    const out = join(tempDir(), 'out.json');
    const bad = await convert([csv, '--default-country', 'SE', '--country-column', 'Pays', '--out', out]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--country-column: no column "Pays" in the header');
    expect(() => readFileSync(out)).toThrow();
  });

  it('two country columns that disagree: bare digits are never read in a third country with a lost +', async () => {
    // 493865002 is a Belgian mobile; with a + it would be German. BE and NL name the row: never +49.
    const r = await convert([
      file('Billing Country,Billing Phone,Shipping Country\nBE,493865002,NL\nBE,0470 12 34 56,BE\n'),
      '--default-country',
      'BE',
    ]);
    expect(r.stdout).not.toContain('+49');
    if (r.code === 0) expect(numbers(r.stdout)[0]).toBe('+32493865002');
    else expect(r.stderr).toContain('+32493865002');
  });

  it('a "Region" column of country names is a country column; one of codes (a US state, an Italian province) is not', async () => {
    const names = await convert([
      file('Name,Phone,Region\nA,040 123 4567,FINLAND\nB,040 123 4568,FINLAND\nC,070 123 45 67,SWEDEN\n'),
      '--default-country',
      'SE',
    ]);
    expect(numbers(names.stdout)).toEqual(['+358401234567', '+358401234568', '+46701234567']);
    const codes = await convert([
      file('Name,Phone,Provincia\nA,081 123 4567,NA\nB,0332 123456,VA\nC,02 1234 5678,MI\n'),
      '--default-country',
      'IT',
    ]);
    expect(codes.code, codes.stderr).toBe(0);
    expect(numbers(codes.stdout)).toEqual(['+390811234567', '+390332123456', '+390212345678']);
  });

  it('two country columns that disagree (billing, shipping): a number valid in both is a row error naming both', async () => {
    const r = await convert([
      file('name,phone_number,Billing Country,Shipping Country\nA,040 123 4567,SE,FI\n'),
      '--default-country',
      'SE',
    ]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(
      'row 2, phone_number "040 123 4567": reads as +46401234567 (SE fixed line) in Sweden or as +358401234567 (FI mobile) in Finland: its row\'s "Billing Country" and "Shipping Country" name both countries; write it with + and its country code',
    );
    // Valid in one of them only: that one.
    const one = await convert([
      file('name,phone_number,Billing Country,Shipping Country\nB,076 123 45 67,SE,FI\nC,+358 40 123 4567,SE,FI\n'),
      '--default-country',
      'SE',
    ]);
    expect(one.code, one.stderr).toBe(0);
    expect(numbers(one.stdout)).toEqual(['+46761234567', '+358401234567']);
  });
});

describe('conventions that cross a border', () => {
  it("Ireland's 048 for Northern Ireland: with CC GB it is +44 28; in an Irish row alone it reads two ways", async () => {
    const r = await convert([
      file('Email Address,First Name,Phone Number,CC,Address\na@x.ie,Sean,048 9012 3456,GB,Belfast\n'),
      '--default-country',
      'IE',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(numbers(r.stdout)).toEqual(['+442890123456']);
    expect(r.stderr).toContain(
      'note: Phone Number: 1 number without + read as a Northern Ireland number written as Ireland dials it (048 for +44 28), the only way it reads: row 2',
    );
    const ie = await convert([file('name,phone_number\nSean,048 9012 3456\n'), '--default-country', 'IE']);
    expect(ie.code).toBe(2);
    expect(ie.stderr).toContain(
      'reads 2 ways: +3534890123456 (IE fixed line) as written, a national number of IE, or +442890123456 (GB fixed line) as a Northern Ireland number written as Ireland dials it (048 for +44 28)',
    );
  });

  it('an Argentine mobile without its 9 in a column named Móvil; a landline column keeps the landline', async () => {
    const r = await convert([
      file('Nombre,Móvil,Teléfono\nJuan,11 2345-6785,11 4321-5678\n'),
      '--default-country',
      'AR',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(contacts(r.stdout)).toEqual([
      { phone_number: '+5491123456785', Nombre: 'Juan', contact_attempts: [{ phone_number: '+541143215678' }] },
    ]);
    expect(r.stderr).toContain('Móvil: 1 number without + read as an Argentine mobile written without the 9');
  });
});

describe('an Argentine mobile column that writes its mobiles with their 15', () => {
  it('a number without the 9 or 15 there may be a landline: a row error naming both numbers', async () => {
    const r = await convert([
      file('Nombre,Celular\nAna,011 15-2345-6785\nJuan,011 4321-5678\n'),
      '--default-country',
      'AR',
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'row 3, Celular "011 4321-5678": reads 2 ways: +541143215678 (AR fixed line) as written, a national number of AR, or +5491143215678 (AR mobile) as an Argentine mobile written without its 9; the column is named for mobiles, and 1 of its numbers is a mobile written with the 9 or 15, so this may be a landline: write it with +54 (and 9 for a mobile)',
    );
  });
});

describe('phone columns by the name in their language', () => {
  it.each(['telefoon', 'mobiel', 'puhelin', '電話番号', '携帯電話', 'Telefon komórkowy', 'Cep Telefonu', 'رقم الهاتف'])(
    '%s',
    async (header) => {
      const r = await convert([file(`Name,${header}\nA,+31 6 12345678\n`)]);
      expect(r.code, r.stderr).toBe(0);
      expect(numbers(r.stdout)).toEqual(['+31612345678']);
    },
  );
});

describe('phone columns by what they hold', () => {
  it('a column named in no list is found by its values, and said once', async () => {
    const r = await convert([
      file('Naam,Kontakt,Stad\nJan,06 12345678,Utrecht\nPiet,020 123 4567,Amsterdam\nKees,+31 6 23456789,Den Haag\n'),
      '--default-country',
      'NL',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(numbers(r.stdout)).toEqual(['+31612345678', '+31201234567', '+31623456789']);
    expect(r.stderr).toContain(
      'note: numbers from the column "Kontakt", found by its values (3 of 3 cells read as phone numbers); choose another with --phone-column\n',
    );
  });

  it('boundary: 4 of 5 cells that read as numbers make a phone column, 3 of 5 do not (exit 2, nothing written)', async () => {
    const mk = (bad: number) =>
      file(
        `Naam,Kontakt\n${Array.from({ length: 5 }, (_, i) => `P${i},${i < bad ? 'zie notitie' : `06 1234567${i}`}`).join('\n')}\n`,
      );
    const four = await convert([mk(1), '--default-country', 'NL', '--skip-invalid', '--max-skipped', '1']);
    expect(four.code, four.stderr).toBe(0);
    expect(four.stderr).toContain('found by its values (4 of 5 cells read as phone numbers)');
    const three = await convert([mk(2), '--default-country', 'NL']);
    expect(three.code).toBe(2);
    expect(three.stdout).toBe('');
    expect(three.stderr).toContain('no "phone_number" column in the header, and no column named like a phone');
    expect(three.stderr).toContain('No column holds phone numbers in most of its cells either.');
  });

  it('customer numbers and postcodes are no phone column', async () => {
    const r = await convert([file('Name,Kundennummer,PLZ\nA,4711001,10115\nB,4711002,80331\nC,4711003,50667\n')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no column named like a phone');
  });
});

describe('company numbers', () => {
  it('UAN and shared-cost lines of a B2B list are called, without a remark', async () => {
    const rows = [
      ['NL', '088 123 4567'],
      ['BE', '078 15 15 15'],
      ['TR', '444 1 234'],
      ['AR', '0810 222 1234'],
      ['JP', '0570 012 345'],
      ['ZA', '0860 123 456'],
      ['CH', '0848 123 456'],
    ];
    const r = await convert([
      file(`Company,Phone,Country\n${rows.map(([c, p]) => `Acme ${c},${p},${c}`).join('\n')}\n`),
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(numbers(r.stdout)).toEqual([
      '+31881234567',
      '+3278151515',
      '+904441234',
      '+548102221234',
      '+81570012345',
      '+27860123456',
      '+41848123456',
    ]);
    expect(r.stderr).not.toContain('warning');
  });

  it('premium rate is still refused', async () => {
    const r = await convert([file('name,phone_number\nA,899 123456\n'), '--default-country', 'IT']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'is a premium-rate number (IT), not called by default: --allow-types premium-rate allows it',
    );
  });
});

describe('readable cells', () => {
  it.each([
    ['toestel 12', 'NL', '020 123 4567 toestel 12', '+31201234567'],
    ['wew. 12', 'PL', '22 123 45 67 wew. 12', '+48221234567'],
    ['loc. 12', 'PH', '(02) 8123 4567 loc. 12', '+63281234567'],
  ])('the extension word %s (%s) is left out with a remark', async (word, country, cell, e164) => {
    const r = await convert([file(`name,phone_number\nA,${cell}\n`), '--default-country', country]);
    expect(r.code, r.stderr).toBe(0);
    expect(numbers(r.stdout)).toEqual([e164]);
    expect(r.stderr).toContain(`row 2, phone_number "${cell}": extension 12 left out: calls cannot dial extensions`);
    void word;
  });

  it('ー and other dash look-alikes are separators', async () => {
    const r = await convert([
      file('name,phone_number\nA,03ー1234ー5678\nB,090−1234−5678\n'),
      '--default-country',
      'JP',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(numbers(r.stdout)).toEqual(['+81312345678', '+819012345678']);
  });

  it('" / " between two numbers: the second becomes an attempt; "0151 / 23456780" stays one number', async () => {
    const r = await convert([
      file('name,phone_number\nA,06 12 34 56 78 / 01 42 68 53 00\n'),
      '--default-country',
      'FR',
    ]);
    expect(contacts(r.stdout)).toEqual([
      { phone_number: '+33612345678', name: 'A', contact_attempts: [{ phone_number: '+33142685300' }] },
    ]);
    const de = await convert([file('name,phone_number\nB,0151 / 23456780\n'), '--default-country', 'DE']);
    expect(numbers(de.stdout)).toEqual(['+4915123456780']);
  });

  it('a note in parentheses is left out with a remark; "(0)" stays a trunk mark', async () => {
    const r = await convert([
      file('name,phone_number\nA,06 12 34 56 78 (privé)\nB,+44 (0)20 7946 0958\n'),
      '--default-country',
      'FR',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(numbers(r.stdout)).toEqual(['+33612345678', '+442079460958']);
    expect(r.stderr).toContain(
      'row 2, phone_number "06 12 34 56 78 (privé)": (privé) left out: a note, not part of the number',
    );
  });

  it("Odoo's '- placeholder in Móvil: the row's other phone column gives the number", async () => {
    const r = await convert([file("Nombre,Móvil,Teléfono\nAna,'-,011 4321-5678\n"), '--default-country', 'AR']);
    expect(r.code, r.stderr).toBe(0);
    expect(numbers(r.stdout)).toEqual(['+541143215678']);
  });

  it('a decimal-comma scientific value is one damaged number, not two numbers', async () => {
    const r = await convert([file('name;phone_number\nA;4,47712E+11\n'), '--default-country', 'GB']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'row 2, phone_number "4,47712E+11": a spreadsheet turned this number into scientific notation and dropped its last digits',
    );
    expect(r.stderr).not.toContain('number 1 of 2');
  });

  it("Shopify's Phone and Default Address Phone holding one number: one number, with a remark", async () => {
    const r = await convert([
      file("First Name,Phone,Default Address Phone\nAino,'+358 40 123 4567,'+358 40 123 4567\n"),
      '--default-country',
      'FI',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(contacts(r.stdout)).toEqual([{ phone_number: '+358401234567', 'First Name': 'Aino' }]);
    expect(r.stderr).toContain(
      'row 2, Default Address Phone "\'+358 40 123 4567": left out: already the main number of this contact, and not called twice',
    );
  });

  it('an attempt that repeats the main number is left out, with a remark: nobody is called twice', async () => {
    const r = await convert([
      file('name,phone_number,Office\nA,+39 333 123 4567,333 1234567\n'),
      '--default-country',
      'IT',
      '--attempt-columns',
      'Office',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(contacts(r.stdout)).toEqual([{ phone_number: '+393331234567', name: 'A' }]);
    expect(r.stderr).toContain(
      'row 2, Office "333 1234567": left out: already the main number of this contact, and not called twice',
    );
  });
});

/** The six-row French list of the issue: two numbers with a country code, four without, one too short. */
const CLIENTS = Buffer.from(
  'Nom;Pr\xe9nom;T\xe9l\xe9phone;Ville\r\nMartin;Am\xe9lie;+33 6 12 34 56 78;Paris\r\nBernard;Beno\xeet;0033 1 42 68 53 00;Paris\r\nDubois;C\xe9line;06 98 76 54 32;Lyon\r\nThomas;Denis;01 45 67 89 10;Paris\r\nRobert;\xc9lodie;04 78 12 34 56;Lyon\r\nPetit;Fran\xe7ois;06 12 34 5;Nice\r\n',
  'latin1',
);

describe('no quiet loss: --skip-invalid skips invalid rows, not a class of rows a flag reads', () => {
  it('the French list piped: exit 2 with --default-country FR, nothing written', async () => {
    const dir = tempDir();
    const input = join(dir, 'clients.csv');
    writeFileSync(input, CLIENTS);
    const out = join(dir, 'c.json');
    const r = await convert([input, '--encoding', 'windows-1252', '--skip-invalid', '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'clients.csv: the 4 rows --skip-invalid would leave out hold numbers written without + and a country code: add --default-country FR',
    );
    expect(r.stderr).toContain("The file's numbers written with a country code are of France (2 of 2)");
    expect(() => readFileSync(out)).toThrow();
    // Once the country is given: five contacts, the short one refused.
    const fr = await convert([
      input,
      '--encoding',
      'windows-1252',
      '--skip-invalid',
      '--out',
      out,
      '--default-country',
      'FR',
    ]);
    expect(fr.code, fr.stderr).toBe(0);
    expect(numbers(readFileSync(out, 'utf8'))).toEqual([
      '+33612345678',
      '+33142685300',
      '+33698765432',
      '+33145678910',
      '+33478123456',
    ]);
    expect(fr.stderr).toContain('row 7, Téléphone "06 12 34 5": not a valid FR number (too short)');
  });

  it('campaigns create with the same list: exit 2 naming the flag, nothing sent', async () => {
    const input = file(CLIENTS, 'clients.csv');
    const r = await cli([...CREATE, '--contacts', input, '--encoding', 'windows-1252', '--skip-invalid'], { sandbox });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('add --default-country FR');
    expect(sandbox.requests('POST', '/v1/campaigns')).toHaveLength(0);
  });

  it('--max-skipped: the default 20% lets 1 row of 5 go, not 2 of 9; a count; nothing sent beyond it', async () => {
    const mk = (bad: number, n: number) =>
      file(
        `name,phone_number\n${Array.from({ length: n }, (_, i) => `P${i},${i < bad ? '12' : `+39 333 123 45${String(i).padStart(2, '0')}`}`).join('\n')}\n`,
      );
    const ok = await convert([mk(1, 5), '--default-country', 'IT', '--skip-invalid']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(numbers(ok.stdout)).toHaveLength(4);
    const over = await convert([mk(2, 9), '--default-country', 'IT', '--skip-invalid']);
    expect(over.code).toBe(2);
    expect(over.stdout).toBe('');
    expect(over.stderr).toContain(
      '--skip-invalid would leave out 2 of 9 rows (22.2%), more than --max-skipped 20% allows',
    );
    expect(over.stderr).toContain('--max-skipped 23%');
    const count = await convert([mk(2, 9), '--default-country', 'IT', '--skip-invalid', '--max-skipped', '2']);
    expect(count.code, count.stderr).toBe(0);
    const count3 = await convert([mk(3, 9), '--default-country', 'IT', '--skip-invalid', '--max-skipped', '2']);
    expect(count3.code).toBe(2);
    const sent = await cli([...CREATE, '--contacts', mk(2, 9), '--default-country', 'IT', '--skip-invalid'], {
      sandbox,
    });
    expect(sent.code).toBe(2);
    expect(sandbox.requests('POST', '/v1/campaigns')).toHaveLength(0);
  });

  it.each(['101%', 'abc', '-1', '10%%'])('--max-skipped %s: exit 2 naming the flag', async (v) => {
    const r = await convert([file('name,phone_number\nA,+39 333 1234567\n'), '--skip-invalid', '--max-skipped', v]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--max-skipped');
    expect(r.stdout).toBe('');
  });
});

describe('a header too wide to be a contact list', () => {
  const wide = (n: number) =>
    file(
      `phone_number,${Array.from({ length: n - 1 }, (_, i) => `f${i}`).join(',')}\n+39 333 1234567,${'x,'.repeat(n - 2)}x\n`,
    );

  it('boundary: 2,000 columns convert; 2,001 exit 2 before any row is read, nothing sent', async () => {
    const ok = await convert([wide(2000)]);
    expect(ok.code, ok.stderr.slice(0, 300)).toBe(0);
    const over = await cli([...CREATE, '--contacts', wide(2001)], { sandbox });
    expect(over.code).toBe(2);
    expect(over.stderr).toContain('the header has 2,001 columns; a contacts file is read with at most 2,000');
    expect(sandbox.requests('POST', '/v1/campaigns')).toHaveLength(0);
  });
});
