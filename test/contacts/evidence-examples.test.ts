// The cases that the reading model was built for, each through the real CLI, with the output the user sees.
import { describe, expect, it } from 'vitest';
import { readCell } from '../../src/contacts/phone.js';
import { cli, useSandbox } from '../helpers/cli.js';
import { numbers } from './corpus.js';
import { file } from './helpers.js';

const sandbox = useSandbox();
const convert = (path: string, ...args: string[]) => cli(['contacts', 'convert', path, ...args], { key: null });
const phones = (stdout: string) =>
  JSON.parse(stdout).map((c: { phone: string; phone_number: string }) => c.phone_number);
const column = (cells: string[]) =>
  file('contacts.csv', `name,phone\n${cells.map((c, i) => `P${i},"${c}"`).join('\n')}\n`);

describe('national numbers typed as text read as written: never refused for a + nobody dropped', () => {
  it.each([
    ['US', '(646) 239-4821', '+16462394821'],
    ['US', '(323) 555-0147', '+13235550147'],
    ['US', '203-555-0199', '+12035550199'],
    ['US', '(609) 555-0123', '+16095550123'],
    ['US', '1 (201) 555-0123', '+12015550123'],
    ['BR', '(51) 99876-5432', '+5551998765432'],
    ['IT', '328 123 4567', '+393281234567'],
    ['MX', '477 123 4567', '+524771234567'],
    ['ES', '957 12 34 56', '+34957123456'],
    ['IN', '96071 23456', '+919607123456'],
  ])('%s %s → %s', async (country, cell, e164) => {
    const r = await convert(column([cell]), '--default-country', country);
    expect(r.code, r.stderr).toBe(0);
    expect(phones(r.stdout)).toEqual([e164]);
  });

  it('--without-plus international cannot turn a formatted national number into another one', async () => {
    const r = await convert(column(['(646) 239-4821']), '--default-country', 'US', '--without-plus', 'international');
    expect(phones(r.stdout)).toEqual(['+16462394821']);
  });
});

describe('bare digits: the column decides', () => {
  const us = numbers('US', 400, 5);
  const bare = (p: { nationalNumber: string }) => p.nationalNumber;
  const twoWays = us.filter((p) => {
    const c = readCell(bare(p), 'US');
    return c.ok && c.readings.length > 1;
  });
  const oneWay = us.filter((p) => !twoWays.includes(p));

  it('95 plain US numbers and 5 that also read as international: all national, said once for the column', async () => {
    const ps = [...oneWay.slice(0, 95), ...twoWays.slice(0, 5)];
    const r = await convert(column(ps.map(bare)), '--default-country', 'US');
    expect(r.code, r.stderr).toBe(0);
    expect(phones(r.stdout)).toEqual(ps.map((p) => p.number));
    expect(r.stderr).toContain(
      'note: phone: 5 numbers without + read as national numbers of US, as 95 others in this column are (they could also be international: rows 97, 98, 99, 100, 101)\n',
    );
  });

  it('boundary: 4 plain numbers do not decide (a row error naming both readings); 5 do', async () => {
    const four = await convert(column([...oneWay.slice(0, 4), twoWays[0]].map(bare)), '--default-country', 'US');
    expect(four.code).toBe(2);
    expect(four.stderr).toContain(
      `row 6, phone "${bare(twoWays[0])}": reads 2 ways: ${twoWays[0].number} (US fixed line or mobile) as written, a national number of US, or `,
    );
    expect(four.stderr).toContain(
      'the column does not say which: of its other numbers, 4 read only as national numbers and 0 as international numbers whose + was dropped (it takes 5, 95% of them one way); write it with + if it is international, or pass --without-plus national',
    );
    const five = await convert(column([...oneWay.slice(0, 5), twoWays[0]].map(bare)), '--default-country', 'US');
    expect(five.code, five.stderr).toBe(0);
    expect(phones(five.stdout).at(-1)).toBe(twoWays[0].number);
  });

  it('boundary of the share: 95% of the deciding numbers one way decides, 94% does not', async () => {
    // Numbers that read only as international (a lost +) vote the other way: 19 to 1 is 95%, 15 to 1 is 93.75%.
    const intl = ['447946095800']; // only +44 7946 095800 (a GB mobile): no US number
    const ok = await convert(
      column([...oneWay.slice(0, 19).map(bare), ...intl, bare(twoWays[0])]),
      '--default-country',
      'US',
    );
    expect(ok.code, ok.stderr).toBe(0);
    const no = await convert(
      column([...oneWay.slice(0, 15).map(bare), ...intl, bare(twoWays[0])]),
      '--default-country',
      'US',
    );
    expect(no.code).toBe(2);
    expect(no.stderr).toContain('15 read only as national numbers and 1 as international numbers');
  });

  it('--without-plus international on a column of bare US numbers: exit 2, the column says otherwise, nothing written', async () => {
    const ps = [...oneWay.slice(0, 95), ...twoWays.slice(0, 5)];
    const r = await convert(column(ps.map(bare)), '--default-country', 'US', '--without-plus', 'international');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(
      'error: --without-plus international: column "phone" says otherwise: 95 numbers in it read only as national numbers, 0 as international numbers whose + was dropped\n',
    );
  });

  it('German numbers whose + Excel dropped: read as international, as the column shows', async () => {
    const de = numbers('DE', 60, 11, 'mobile').filter((p) => p.number.length <= 16);
    const r = await convert(column(de.map((p) => p.number.slice(1))), '--default-country', 'DE');
    expect(r.code, r.stderr).toBe(0);
    expect(phones(r.stdout)).toEqual(de.map((p) => p.number));
    expect(phones(r.stdout)).toContain(de[0].number);
  });

  it('--without-plus national on that German column: exit 2, the column says otherwise, nothing written', async () => {
    const de = numbers('DE', 60, 11, 'mobile').filter((p) => p.number.length <= 16);
    const r = await convert(
      column(de.map((p) => p.number.slice(1))),
      '--default-country',
      'DE',
      '--without-plus',
      'national',
    );
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /^error: --without-plus national: column "phone" says otherwise: \d+ numbers in it read as international numbers whose \+ was dropped, 0 only as national numbers\n/,
    );
  });

  it('an Italian landline whose 0 was dropped that is also a mobile: never the mobile silently', async () => {
    const r = await convert(column(['332512345']), '--default-country', 'IT');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'row 2, phone "332512345": reads 2 ways: +39332512345 (IT mobile) as written, a national number of IT, or +390332512345 (IT fixed line) if a spreadsheet dropped its leading 0; the column does not say which: none of its other numbers reads only one of these ways; write its leading 0 if it is a landline\n',
    );
    // In a column of landlines that lost their 0, it is one of them.
    const lost = ['212345678', '612345678', '412345678', '552345678', '512345678', '332512345'];
    const ok = await convert(column(lost), '--default-country', 'IT');
    expect(ok.code, ok.stderr).toBe(0);
    expect(phones(ok.stdout).at(-1)).toBe('+390332512345');
  });
});

describe('retired prefixes, a nightly job with nothing to call', () => {
  it("Mexico's pre-2019 forms read as today's number, said once for the column", async () => {
    const r = await convert(
      column(['044 55 1234 5678', '045 33 1234 5678', '01 55 1234 5679', '+52 1 55 1234 5670', '5215512345671']),
      '--default-country',
      'MX',
    );
    expect(r.code, r.stderr).toBe(0);
    expect(phones(r.stdout)).toEqual([
      '+525512345678',
      '+523312345678',
      '+525512345679',
      '+525512345670',
      '+525512345671',
    ]);
    expect(r.stderr).toContain(
      'note: phone: 5 numbers written with a retired prefix (044, 045, 01, +52 1) read without it: rows 2, 3, 4, 5, 6\n',
    );
  });

  it('--skip-invalid rejecting every row: exit 2, nothing written', async () => {
    const r = await convert(column(['12', 'abc']), '--default-country', 'IT', '--skip-invalid');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('no valid contacts (all 2 rows invalid); nothing was written');
    // boundary: one valid row converts.
    const one = await convert(
      column(['12', '+39 333 1234567']),
      '--default-country',
      'IT',
      '--skip-invalid',
      '--max-skipped',
      '50%',
    );
    expect(one.code, one.stderr).toBe(0);
  });

  it('campaigns create: the column decides before anything is sent', async () => {
    const r = await cli(
      [
        'campaigns',
        'create',
        '--name',
        'N',
        '--agent',
        'agent_sales',
        '--from',
        '+390212345678',
        '--yes',
        '--contacts',
        column(['332512345']),
        '--default-country',
        'IT',
      ],
      { sandbox },
    );
    expect(r.code).toBe(2);
    expect(sandbox.requests()).toEqual([]);
  });
});

describe('the column report for scripts', () => {
  it('contacts convert --json: the same facts as one JSON object on stderr, the contacts on stdout', async () => {
    const cells = [
      '(212) 555-0187',
      '(646) 555-0101',
      '(415) 555-0142',
      '(617) 555-0199',
      '(323) 555-0147',
      '6462394821',
    ];
    const r = await convert(column(cells), '--default-country', 'US', '--json');
    expect(r.code, r.stderr).toBe(0);
    expect(phones(r.stdout).at(-1)).toBe('+16462394821');
    const { summary } = JSON.parse(r.stderr);
    expect(summary).toMatchObject({ rows: 6, contacts: 6, invalidRows: 0 });
    expect(summary.columns).toEqual([
      {
        column: 'phone',
        decided: [
          { as: 'written', over: ['plus-lost'], by: 'column', count: 1, evidence: 5, rows: [7], country: 'US' },
        ],
        unresolved: 0,
      },
    ]);
  });
});
