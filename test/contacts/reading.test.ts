// Reading real export files: a BOM over --encoding, UTF-8 refused under a single-byte --encoding, Excel's
// "sep=" first line, a title row above the header, a delimiter tie. Through the real CLI: the contacts, the
// notes and errors on stderr, the exit code, nothing written or sent on an error.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tempDir, useSandbox } from '../helpers/cli.js';
import { convertNdjson as convert, file, fx, lines } from './helpers.js';

const CHLOE = 'name,phone_number\nChloé Martin,+33 6 12 34 56 78\n';
const sandbox = useSandbox();

describe('encodings', () => {
  it('a UTF-8 BOM wins over --encoding windows-1252, with a note', async () => {
    const p = file('bom.csv', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(CHLOE)]));
    const r = await convert([p, '--encoding', 'windows-1252']);
    expect(r.code, r.stderr).toBe(0);
    expect(lines(r.stdout)).toEqual([{ phone_number: '+33612345678', name: 'Chloé Martin' }]);
    expect(r.stderr).toContain(
      `note: ${p} starts with a UTF-8 byte-order mark: read as utf-8, not as --encoding windows-1252\n`,
    );
    // Without --encoding there is nothing to note.
    expect((await convert([p])).stderr).not.toContain('byte-order mark');
  });

  it('a UTF-8 file under --encoding windows-1252: exit 2 showing the letter and how it would read, nothing written', async () => {
    const p = file('utf8.csv', CHLOE);
    const out = join(tempDir(), 'out.json');
    const r = await cli(['contacts', 'convert', p, '--encoding', 'windows-1252', '--out', out], { key: null });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `error: ${p}: this file is UTF-8 (é as C3 A9, line 2), but --encoding windows-1252 would read it as Ã©; leave out --encoding (UTF-8 is the default)\n`,
    );
    expect(existsSync(out)).toBe(false);
    // A ” (E2 80 9D) is named as such, not as "the control character U+009D".
    const q = file('quote.csv', 'name,phone_number,note\nAnna,+39 333 1234567,“hi”\n');
    const rq = await convert([q, '--encoding', 'latin1']);
    expect(rq.code).toBe(2);
    expect(rq.stderr).toContain('(“ as E2 80 9C, line 2)');
  });

  it('boundary: an ASCII-only file with --encoding windows-1252 converts; a real windows-1252 file too', async () => {
    const ascii = file('ascii.csv', 'name,phone_number\nRene,+33 6 12 34 56 78\n');
    const r = await convert([ascii, '--encoding', 'windows-1252']);
    expect(r.code, r.stderr).toBe(0);
    expect(lines(r.stdout)).toEqual([{ phone_number: '+33612345678', name: 'Rene' }]);
    const cp = file('cp1252.csv', Buffer.from('name,phone_number\nChlo\xe9 Martin,+33 6 12 34 56 78\n', 'latin1'));
    const w = await convert([cp, '--encoding', 'windows-1252']);
    expect(w.code, w.stderr).toBe(0);
    expect(lines(w.stdout)[0].name).toBe('Chloé Martin');
  });

  it('UTF-8 after the first 64 KiB is not looked at (the check is bounded)', async () => {
    const pad = 'name,phone_number\n';
    const rows: string[] = [];
    for (let i = 0; rows.join('').length < 70_000; i++) rows.push(`Anna ${i},+39 333 ${String(1000000 + i)}\n`);
    const p = file('late.csv', `${pad}${rows.join('')}Chloé,+33 6 12 34 56 78\n`);
    const r = await convert([p, '--encoding', 'windows-1252']);
    expect(r.code, r.stderr).toBe(0);
    expect(lines(r.stdout).at(-1)).toEqual({ phone_number: '+33612345678', name: 'ChloÃ©' });
  });

  it('the not-UTF-8 error names --encoding macintosh; with it, a Mac Roman file reads right', async () => {
    const p = file('mac.csv', Buffer.from('name,phone_number\nRen\x8e M\x9fller,+33 6 12 34 56 78\n', 'latin1'));
    const r = await convert([p]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--encoding macintosh if it comes from Excel on a Mac (Mac Roman)');
    const ok = await convert([p, '--encoding', 'macintosh']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(lines(ok.stdout)[0].name).toBe('René Müller');
  });

  it('campaigns create --contacts: a UTF-8 file under --encoding windows-1252 sends nothing', async () => {
    const p = file('utf8.csv', CHLOE);
    const r = await cli(
      ['campaigns', 'create', '--name', 'N', '--agent', 'agent_sales', '--from', '+390212345678'].concat([
        '--contacts',
        p,
        '--encoding',
        'windows-1252',
        '--yes',
      ]),
      { sandbox },
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('this file is UTF-8 (é as C3 A9, line 2)');
    expect(sandbox.requests()).toEqual([]);
  });
});

describe('--file under a single-byte --encoding', () => {
  it('tts create --file: a UTF-8 text is refused, nothing sent; an ASCII one is sent', async () => {
    const p = file('t.txt', 'Hi Chloé, your order has shipped');
    const r = await cli(['tts', 'create', '--file', p, '--encoding', 'windows-1252'], { sandbox });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`--file: ${p}: this file is UTF-8 (é as C3 A9, line 1)`);
    expect(sandbox.requests()).toEqual([]);
    const a = file('a.txt', 'Hi Chloe, your order has shipped');
    const ok = await cli(['tts', 'create', '--file', a, '--encoding', 'windows-1252', '-q'], { sandbox });
    expect(ok.code, ok.stderr).toBe(0);
    expect(sandbox.requests('POST', '/v1/tts')).toHaveLength(1);
  });
});

describe("Excel's sep= first line", () => {
  it('sets the delimiter and is skipped; row numbers keep matching the file', async () => {
    const r = await convert([fx('excel-sep-line.csv')]);
    expect(r.code).toBe(2);
    // Row 4 is the file's line 4 (sep=, header, Anna, Bruno).
    expect(r.stderr).toContain('row 4, Telefono "333 7654321": ');
    const ok = await convert([fx('excel-sep-line.csv'), '--default-country', 'IT']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(lines(ok.stdout)).toEqual([
      { phone_number: '+393331234567', Nome: 'Anna Rossi', Note: 'cliente dal 2019' },
      { phone_number: '+393337654321', Nome: 'Bruno Neri' },
    ]);
  });

  it('boundary: only a line that is exactly sep= and one character', async () => {
    const ok = await convert(['-'], 'sep=|\nname|phone_number\nAnna|+39 333 1234567\n');
    expect(ok.code, ok.stderr).toBe(0);
    expect(lines(ok.stdout)).toEqual([{ phone_number: '+393331234567', name: 'Anna' }]);
    const r = await convert(['-'], 'sep=;;\nname;phone_number\nAnna;+39 333 1234567\n');
    expect(r.code).toBe(2);
    // Not Excel's line: read as a header (split at ";"), whose hint points at the real one.
    expect(r.stderr).toContain('Columns: "sep="');
    expect(r.stderr).toContain('The header seems to be on line 2: remove the line above it.');
  });

  it('--delimiter wins over it, and the error says so', async () => {
    const r = await convert(['-', '--delimiter', ','], 'sep=;\nNome;Telefono\nAnna;+39 333 1234567\n');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('The file\'s first line "sep=;" names the delimiter ";"; --delimiter "," won.');
    const ok = await convert(['-', '--delimiter', ','], 'sep=;\nname,phone_number\nAnna,+39 333 1234567\n');
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stderr).toContain('note: stdin: its first line "sep=;" names the delimiter ";"; --delimiter "," wins\n');
  });
});

describe('a header without a phone column', () => {
  it("a title row above the header: the hint names the header's line", async () => {
    const r = await convert([fx('title-row.csv')]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('Columns: "Customer list Q3"');
    expect(r.stderr).toContain('The header seems to be on line 2: remove the line above it.');
    const two = await convert(['-'], 'Customer list Q3\n\nNome;Telefono\nAnna;+39 333 1234567\n');
    expect(two.stderr).toContain('The header seems to be on line 3: remove the lines above it.');
  });

  it('boundary: the header 5 lines below is found, 6 lines below is not', async () => {
    const at = (n: number) => `Title\n${'x\n'.repeat(n - 2)}name,phone_number\nAnna,+39 333 1234567\n`;
    expect((await convert(['-'], at(6))).stderr).toContain('The header seems to be on line 6');
    const r = await convert(['-'], at(7));
    expect(r.code).toBe(2);
    expect(r.stderr).not.toContain('The header seems');
  });

  it('a delimiter tie: the hint names the delimiter used and the one to pass', async () => {
    const csv = 'Nome;Telefono, cellulare;Città, provincia;Note, varie\nAnna;+39 333 1234567;Roma, RM;x\n';
    const r = await convert(['-'], csv);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'The header was split at "," (detected from the header line); with --delimiter \';\' --phone-column \'#2\' the column "Telefono, cellulare" gives the numbers.',
    );
    const ok = await convert(['-', '--delimiter', ';', '--phone-column', '#2'], csv);
    expect(ok.code, ok.stderr).toBe(0);
    expect(lines(ok.stdout)[0].phone_number).toBe('+393331234567');
    const plain = await convert(['-'], 'Nome,Cognome;Tel\nAnna,Rossi;+39 333 1234567\n');
    expect(plain.stderr).toContain('with --delimiter \';\' it has the phone column "Tel".');
  });
});

describe('--contacts - holding a CSV whose header starts with "["', () => {
  const BASE = ['campaigns', 'create', '--name', 'N', '--agent', 'agent_sales', '--from', '+390212345678'];

  it('is read as CSV, not refused as broken JSON; the contact reaches the campaign', async () => {
    const r = await cli([...BASE, '--contacts', '-', '--yes', '-q'], {
      sandbox,
      stdin: '[ID],name,phone_number\n1,Anna,+39 333 1234567\n',
    });
    expect(r.code, r.stderr).toBe(0);
    const sent = sandbox.requests('POST', '/v1/campaigns');
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toMatchObject({ contacts: [{ phone_number: '+393331234567', '[ID]': '1', name: 'Anna' }] });
  });

  it('boundary: broken JSON that starts with "[" is still a JSON error, nothing sent', async () => {
    const r = await cli([...BASE, '--contacts', '-', '--yes'], {
      sandbox,
      stdin: '[{"phone_number": "+393331234567",\n',
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('stdin: not valid JSON');
    expect(sandbox.requests()).toEqual([]);
  });

  it('-q silences the note on the columns found by name, as contacts convert -q does', async () => {
    const csv = 'Nome,Cellulare\nAnna,+39 333 1234567\n';
    const q = await cli([...BASE, '--contacts', '-', '--yes', '-q'], { sandbox, stdin: csv });
    expect(q.code, q.stderr).toBe(0);
    expect(q.stderr).not.toContain('note: numbers from');
    const loud = await cli([...BASE, '--contacts', '-', '--yes', '--name', 'M'], { sandbox, stdin: csv });
    expect(loud.code, loud.stderr).toBe(0);
    expect(loud.stderr).toContain('note: numbers from the column "Cellulare", found by its name');
  });
});
