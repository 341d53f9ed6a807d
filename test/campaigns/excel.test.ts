// --excel: CSV a spreadsheet opens by double-click (a BOM, CRLF, the locale's list separator), on every CSV written
// for people: results -o csv, the follow-up list (--as-contacts FILE.csv) and the rejects. The default stays
// RFC 4180 UTF-8 with commas. The separator follows the locale (LC_ALL, LC_NUMERIC, LANG) or VOICECTL_CSV_SEPARATOR.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listSeparator, numberLocale } from '../../src/io/dialect.js';
import { Sandbox } from '../../src/sandbox/server.js';
import { cli, tempDir, virtualClock } from '../helpers/cli.js';

const T0 = Date.parse('2026-03-02T09:00:00Z');
const clock = virtualClock(T0);
const sb = new Sandbox({
  now: clock.now,
  settings: { outcomeWeights: { answered: 1 }, outcomesByNumber: { '+393332223333': 'no_answer' } },
});
const FR = { LANG: 'fr_FR.UTF-8' };
let id = '';

beforeAll(async () => {
  await sb.listen(0, '127.0.0.1');
  const contacts = join(tempDir(), 'contacts.json');
  writeFileSync(
    contacts,
    JSON.stringify([
      { phone_number: '+393331112222', Prénom: 'Hélène', Société: 'Crème; Brûlée' },
      { phone_number: '+393332223333', Prénom: 'Noël', Société: '=HYPERLINK("http://x")' },
    ]),
  );
  const r = await cli(
    [
      ...['campaigns', 'create', '--name', 'Excel', '--agent', 'agent_sales', '--from', '+390212345678'],
      ...['--contacts', contacts, '--max-retries', '0', '--start', '--yes', '-q'],
    ],
    { sandbox: sb, clock },
  );
  expect(r.code, r.stderr).toBe(0);
  id = r.stdout.trim();
  expect((await cli(['campaigns', 'wait', id], { sandbox: sb, clock })).code).toBe(0);
});
afterAll(() => sb.close());

const results = (args: string[], env: Record<string, string> = FR) =>
  cli(['campaigns', 'results', id, ...args], { sandbox: sb, clock, env });

describe('--excel', () => {
  it('results --excel in a French locale: BOM, CRLF, ";", accents as written, formulas neutralised', async () => {
    const r = await results(['--excel']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.startsWith('\uFEFFphone_number;Prénom;Société;result.contact;')).toBe(true);
    const lines = r.stdout.slice(1).split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^\+393331112222;Hélène;"Crème; Brûlée";1;/);
    expect(lines[2]).toMatch(/^\+393332223333;Noël;"'=HYPERLINK\(""http:\/\/x""\)";2;/);
  });

  it('the default stays RFC 4180 UTF-8: no BOM, commas, LF', async () => {
    const r = await results(['-o', 'csv']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.startsWith('phone_number,Prénom,Société,')).toBe(true);
    expect(r.stdout).not.toContain('\r');
  });

  it('the separator follows the locale (LC_ALL over LANG), and VOICECTL_CSV_SEPARATOR states it', async () => {
    const us = await results(['--excel'], { LANG: 'fr_FR.UTF-8', LC_ALL: 'en_US.UTF-8' });
    expect(us.stdout.startsWith('\uFEFFphone_number,Prénom,')).toBe(true);
    const de = await results(['--excel'], { LC_NUMERIC: 'de_DE.UTF-8', LANG: 'en_US.UTF-8' });
    expect(de.stdout.startsWith('\uFEFFphone_number;Prénom;')).toBe(true);
    const tab = await results(['--excel'], { ...FR, VOICECTL_CSV_SEPARATOR: 'tab' });
    expect(tab.stdout.startsWith('\uFEFFphone_number\tPrénom\t')).toBe(true);
    const comma = await results(['--excel'], { ...FR, VOICECTL_CSV_SEPARATOR: ',' });
    expect(comma.stdout.startsWith('\uFEFFphone_number,Prénom,')).toBe(true);
  });

  it('the locale read: LC_ALL, LC_NUMERIC, LANG in that order, C and typos skipped; ";" where 1,5 is written', () => {
    expect(numberLocale({ LC_ALL: 'fr_FR.UTF-8@euro' })).toBe('fr-FR');
    expect(numberLocale({ LC_ALL: 'C', LANG: 'it_IT.UTF-8' })).toBe('it-IT');
    expect(numberLocale({ LC_ALL: 'not a locale!', LC_NUMERIC: 'de_CH' })).toBe('de-CH');
    expect(listSeparator('fr-FR')).toBe(';');
    expect(listSeparator('de-DE')).toBe(';');
    expect(listSeparator('it-IT')).toBe(';');
    expect(listSeparator('en-US')).toBe(',');
    expect(listSeparator('en-GB')).toBe(',');
    expect(listSeparator('ja-JP')).toBe(',');
  });

  it('a separator that cannot be one is exit 2, naming the variable, before any request', async () => {
    for (const bad of ['""', '"', ';;', '\n']) {
      sb.log.length = 0;
      const r = await results(['--excel'], { VOICECTL_CSV_SEPARATOR: bad });
      expect(r.code, bad).toBe(2);
      expect(r.stderr).toContain('VOICECTL_CSV_SEPARATOR must be one character');
      expect(r.stdout).toBe('');
      expect(sb.requests()).toHaveLength(0);
    }
    expect((await results(['--excel'], { VOICECTL_CSV_SEPARATOR: '|' })).stdout).toMatch(/^\uFEFFphone_number\|/);
  });

  it('--excel with -o json or --json is exit 2 before any request; with --jq the outputs are its rows', async () => {
    sb.log.length = 0;
    const json = await results(['--excel', '-o', 'json']);
    expect(json.code).toBe(2);
    expect(json.stderr).toContain('--excel');
    expect((await results(['--excel', '--json'])).code).toBe(2);
    expect(sb.requests()).toHaveLength(0);
    const jq = await results(['--excel', '--jq', '.[] | {phone_number, outcome: ."result.outcome"}']);
    expect(jq.code, jq.stderr).toBe(0);
    expect(jq.stdout).toBe('\uFEFFphone_number;outcome\r\n+393331112222;answered\r\n+393332223333;no_answer\r\n');
  });

  it('the follow-up list with --excel: BOM, ";", CRLF; campaigns create reads it back the same', async () => {
    const file = join(tempDir(), 'follow-up.csv');
    const r = await results(['--status', 'not_reached', '--as-contacts', file, '--excel', '-q']);
    expect(r.code, r.stderr).toBe(0);
    const text = readFileSync(file, 'utf8');
    expect(text).toBe(`\uFEFFphone_number;Prénom;Société\r\n+393332223333;Noël;"'=HYPERLINK(""http://x"")"\r\n`);
    const follow = await cli(
      [
        ...['campaigns', 'create', '--name', 'Follow-up', '--agent', 'agent_sales', '--from', '+390212345678'],
        ...['--contacts', file, '--dry-run'],
      ],
      { sandbox: sb, clock },
    );
    expect(follow.code, follow.stderr).toBe(0);
    expect(JSON.parse(follow.stdout).body.contacts).toEqual([
      { phone_number: '+393332223333', Prénom: 'Noël', Société: `'=HYPERLINK("http://x")` },
    ]);
  });

  it('an empty follow-up list keeps its header and says it is empty, with no campaign to start', async () => {
    const file = join(tempDir(), 'none.csv');
    const r = await results(['--status', 'busy', '--as-contacts', file]);
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe('phone_number,Prénom,Société\n');
    expect(r.stderr).toContain(`wrote an empty follow-up list to ${file}: no contact is busy`);
    expect(r.stderr).not.toContain('campaigns create');
  });

  it('rejects with --excel: UTF-8 with a BOM and the locale separator, whatever the input was', async () => {
    const dir = tempDir();
    const input = join(dir, 'in.csv');
    writeFileSync(input, Buffer.from('phone,Pr\xe9nom\r\nnot a number,Andr\xe9\r\n+393331112222,Z\xe9\r\n', 'latin1'));
    const rejects = join(dir, 'rejected.csv');
    const r = await cli(
      [
        ...['contacts', 'convert', input, '--default-country', 'IT', '--encoding', 'windows-1252'],
        ...['--skip-invalid', '--max-skipped', '50%', '--rejects', rejects, '--excel'],
      ],
      { sandbox: sb, env: FR },
    );
    expect(r.code, r.stderr).toBe(0);
    const text = readFileSync(rejects, 'utf8');
    expect(text.startsWith('\uFEFFrejected_row;rejected_reason;phone;Prénom\r\n2;')).toBe(true);
    expect(text).toContain(';not a number;André\r\n');
  });
});

// LibreOffice Calc opening the file as French Excel would: ";" as the list separator, French number formats, UTF-8
// (the BOM says so to Excel; LibreOffice's headless import is told, and must drop the BOM, not keep it in a cell).
// Skipped where soffice is not installed (CI installs no office suite); about 3 s where it is.
const SOFFICE = [
  '/usr/bin/soffice',
  '/usr/local/bin/soffice',
  '/Applications/LibreOffice.app/Contents/MacOS/soffice',
].find((p) => existsSync(p));
describe.skipIf(!SOFFICE)('--excel in LibreOffice Calc, French', () => {
  it('opens with the accents and the columns as written', { timeout: 90_000 }, async () => {
    const dir = tempDir();
    const file = join(dir, 'results.csv');
    const r = await results(['--excel']);
    expect(r.code, r.stderr).toBe(0);
    writeFileSync(file, r.stdout);
    const out = join(dir, 'out');
    const lo = spawnSync(
      SOFFICE!,
      [
        '--headless',
        `-env:UserInstallation=file://${join(dir, 'profile')}`,
        '--infilter=CSV:59,34,76,1,,1036',
        '--convert-to',
        'csv:Text - txt - csv (StarCalc):44,34,76',
        '--outdir',
        out,
        file,
      ],
      { env: { ...process.env, LANG: 'fr_FR.UTF-8' }, timeout: 80_000, encoding: 'utf8' },
    );
    expect(lo.status, lo.stderr).toBe(0);
    const cells = parse(readFileSync(join(out, 'results.csv'), 'utf8')) as string[][];
    expect(cells[0].slice(0, 4)).toEqual(['phone_number', 'Prénom', 'Société', 'result.contact']);
    expect(cells[1].slice(1, 3)).toEqual(['Hélène', 'Crème; Brûlée']);
    expect(cells[2].slice(1, 3)).toEqual(['Noël', `'=HYPERLINK("http://x")`]);
    expect(new Set(cells.map((row) => row.length)).size).toBe(1);
  });
});
