// Contacts CSV fuzzing: broken files end in a clear error (exit 2) with nothing written, well-formed ones convert
// exactly; never a crash, never a temporary file left behind. The properties run on loadContacts (the file read and
// converted as `contacts convert` and `campaigns create --contacts` do, without the command); the cases by name run
// the CLI and also check the exit code and that nothing was written.
import fc from 'fast-check';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { ContactsCsvOptions } from '../../src/contacts/flags.js';
import { loadContacts } from '../../src/contacts/load.js';
import { UsageError } from '../../src/errors.js';
import { cli, tempDir, type CliResult } from '../helpers/cli.js';
import { expectFailure } from './helpers.js';

let cfg: string;
/** The one input file of the properties, rewritten for each case. */
let input: string;
beforeAll(() => {
  cfg = tempDir('voicectl-cfg-');
  input = join(tempDir('voicectl-fuzz-'), 'in.csv');
});

interface Converted {
  r: CliResult;
  /** Files in the run's folder after it, besides the input. */
  left: string[];
  out?: string;
}

/** Writes `data` to a fresh folder and converts it with --out there. */
async function convert(data: Buffer | string, flags: string[] = [], name = 'in.csv'): Promise<Converted> {
  const dir = tempDir('voicectl-fuzz-');
  const file = join(dir, name);
  const out = join(dir, 'out.json');
  writeFileSync(file, data);
  const r = await cli(['contacts', 'convert', file, '--out', out, ...flags], { configDir: cfg });
  const left = readdirSync(dir).filter((f) => f !== name);
  return { r, left, out: existsSync(out) ? readFileSync(out, 'utf8') : undefined };
}

interface Loaded {
  contacts?: Record<string, unknown>[];
  error?: UsageError;
}

/** The contacts of `data` as a CSV file, or the usage error the command would print (exit 2). */
async function load(data: Buffer | string, flags: { defaultCountry?: string } = {}): Promise<Loaded> {
  writeFileSync(input, data);
  try {
    const opts = ContactsCsvOptions.parse(flags);
    const contacts = await loadContacts(input, { ...opts, stdin: new PassThrough() });
    return { contacts: JSON.parse(JSON.stringify(contacts)) }; // as written: JSON
  } catch (err) {
    if (err instanceof UsageError) return { error: err };
    throw err; // anything else would be a crash of the command
  }
}

const E164 = /^\+[1-9][0-9]{1,14}$/;

/** Either a correct-looking conversion (contacts with E.164 numbers, string fields) or one readable usage error. */
function expectCleanOutcome(c: Loaded): void {
  if (c.contacts) {
    for (const ct of c.contacts) {
      expect(ct.phone_number).toMatch(E164);
      for (const [k, v] of Object.entries(ct)) if (k !== 'contact_attempts') expect(typeof v, k).toBe('string');
    }
  } else {
    // One readable message: not the whole garbage of the input.
    const lines = [c.error!.message, ...c.error!.hints].flatMap((l) => l.split('\n'));
    expect(
      lines.every((l) => l.length < 2000),
      'no giant lines',
    ).toBe(true);
  }
}

describe('broken files: a clear error or a correct conversion', () => {
  it('an empty file: exit 2, says it is empty', async () => {
    const c = await convert('');
    expectFailure(c.r, 2);
    expect(c.r.stderr).toMatch(/the file is empty/);
    expect(c.left).toEqual([]);
  });

  it.each([
    ['only a BOM', '\uFEFF'],
    ['only blank lines', '\n\n\r\n'],
  ])('%s: exit 2, nothing written', async (_n, text) => {
    const c = await convert(text);
    expectFailure(c.r, 2);
    expect(c.left).toEqual([]);
  });

  it('a header only: nothing to call, exit 2 saying so, nothing written', async () => {
    const c = await convert('phone_number,name\n');
    expectFailure(c.r, 2);
    expect(c.r.stderr).toContain('no valid contacts (the file has a header and no rows); nothing was written');
    expect(c.left).toEqual([]);
  });

  it('a quote opened and never closed: exit 2 naming the problem, nothing written', async () => {
    const c = await convert('phone_number,name\n+393331234567,"Mario\n+390212345678,Giulia\n');
    expectFailure(c.r, 2);
    expect(c.r.stderr).toMatch(/not a readable CSV/);
    expect(c.r.stderr).toMatch(/quote/i);
    expect(c.left).toEqual([]);
  });

  it('mixed delimiters: the rows that do not follow the header are named, nothing written', async () => {
    const c = await convert('phone_number,name\n+393331234567,Anna\n+390212345678;Bruno\n');
    expectFailure(c.r, 2);
    expect(c.r.stderr).toContain('row 3, phone_number "+390212345678;Bruno"');
    expect(c.left).toEqual([]);
  });

  it('a 1 MB cell in a free field converts intact', async () => {
    const big = 'x'.repeat(1 << 20);
    const c = await convert(`phone_number,note\n+393331234567,${big}\n`);
    expect(c.r.code, c.r.stderr.slice(0, 500)).toBe(0);
    expect(JSON.parse(c.out!)).toEqual([{ phone_number: '+393331234567', note: big }]);
  });

  it('a 1 MB phone cell: exit 2 with the value cut short in the message', async () => {
    const c = await convert(`phone_number,name\n${'3'.repeat(1 << 20)},big\n`, ['--default-country', 'IT']);
    expectFailure(c.r, 2);
    expect(c.r.stderr).toMatch(/row 2, phone_number "3{39}…"/);
    expect(c.r.stderr.length).toBeLessThan(2000);
    expect(c.left).toEqual([]);
  });

  it('a 1 MB header without any line break: exit 2, a short message', async () => {
    const c = await convert(`name,${'h'.repeat(1 << 20)}`);
    expectFailure(c.r, 2);
    expect(c.r.stderr).toMatch(/no "phone_number" column/);
    expect(c.r.stderr.length).toBeLessThan(2000);
    expect(c.left).toEqual([]);
  });

  it('NUL bytes: an error in a number and in a free field alike (never sent), nothing written', async () => {
    const bad = await convert('phone_number,name\n+39333\u00001234567,Anna\n');
    expectFailure(bad.r, 2);
    expect(bad.left).toEqual([]);
    const free = await convert('phone_number,name\n+393331234567,An\u0000na\n');
    expectFailure(free.r, 2);
    expect(free.r.stderr).toContain('row 2, name "An\\u0000na": holds the control character U+0000 at position 3');
    expect(free.left).toEqual([]);
  });

  it('invalid UTF-8: exit 2 suggesting --encoding latin1, nothing written; converted with --encoding', async () => {
    const bytes = Buffer.concat([
      Buffer.from('phone_number,name\n+393331234567,Nicol'),
      Buffer.from([0xf2]),
      Buffer.from('\n'),
    ]);
    const c = await convert(bytes);
    expectFailure(c.r, 2);
    expect(c.left).toEqual([]);
    expect(c.r.stderr).toMatch(/not valid UTF-8[^]*--encoding windows-1252/);
    const latin = await convert(bytes, ['--encoding', 'latin1']);
    expect(JSON.parse(latin.out!)).toEqual([{ phone_number: '+393331234567', name: 'Nicolò' }]);
  });

  it('valid UTF-8 whose characters straddle read chunks: no false warning', async () => {
    for (const pad of ['', 'x']) {
      const c = await convert(`phone_number,note${pad}\n+393331234567,${'ò€'.repeat(70_000)}\n`);
      expect(c.r.code, c.r.stderr).toBe(0);
      expect(c.r.stderr).not.toMatch(/UTF-8/);
    }
  });

  it('a header naming __proto__ is refused, not silently dropped', async () => {
    const c = await convert('phone_number,__proto__\n+393331234567,x\n');
    expectFailure(c.r, 2);
    expect(c.r.stderr).toContain('__proto__');
    expect(c.left).toEqual([]);
  });

  it('random bytes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 3000 }), async (bytes) => {
        expectCleanOutcome(await load(Buffer.from(bytes), { defaultCountry: 'IT' }));
      }),
      { numRuns: 60 },
    );
  });

  it('random bytes after a valid header', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 2000 }), async (bytes) => {
        expectCleanOutcome(
          await load(
            Buffer.concat([Buffer.from('phone_number,name,contact_attempts.1.phone_number\n'), Buffer.from(bytes)]),
          ),
        );
      }),
      { numRuns: 40 },
    );
  });

  it('random CSV-shaped text: delimiters, quotes, line ends, BOMs, NULs, numbers', async () => {
    const token = fc.constantFrom(
      ',',
      ';',
      '\t',
      '|',
      '"',
      '""',
      '\n',
      '\r\n',
      '\r',
      ' ',
      '\u0000',
      '\uFEFF',
      'é',
      '\u2028',
      'phone_number',
      'name',
      'note',
      'contact_attempts.1.phone_number',
      'contact_attempts.1.name',
      'contact_attempts.0.phone_number',
      '+393331234567',
      '+390212345678',
      '02 1234 5678',
      '0039 333 1234567',
      '3.93331E+11',
      'abc',
      '',
      '=cmd()',
    );
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.array(token, { maxLength: 60 }), async (withHeader, tokens) => {
        const text = (withHeader ? 'phone_number,name,contact_attempts.1.phone_number\n' : '') + tokens.join('');
        expectCleanOutcome(await load(text, { defaultCountry: 'IT' }));
      }),
      { numRuns: 80 },
    );
  });
});

describe('well-formed files convert exactly', () => {
  /** Valid numbers (E.164) and how a spreadsheet might write each. */
  const POOL: [string, string[]][] = [
    ['+393331234567', ['+393331234567', '+39 333 123 4567', '0039 333 1234567', '333 123 4567']],
    ['+390212345678', ['+390212345678', '02 1234 5678', '+39 (02) 1234-5678', '02.1234.5678']],
    ['+390612345678', ['+390612345678', '06 1234 5678', '0039-06-12345678']],
    ['+393477654321', ['+393477654321', '347 765 4321']],
    ['+447946095800', ['+447946095800', '+44 7946 095800', '0044 7946 095800']],
    ['+12125550123', ['+12125550123', '+1 (212) 555-0123']],
    ['+33612345678', ['+33612345678', '+33 6 12 34 56 78']],
    ['+819012345678', ['+819012345678', '+81 90-1234-5678']],
  ];
  const fieldName = fc
    .stringMatching(/^[a-z][a-z_]{0,7}$/)
    .filter((n) => n !== 'phone_number' && n !== 'contact_attempts');
  const cellText = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.constantFrom(
      '',
      '  ',
      'a,b',
      'a;b',
      'tab\there',
      'pipe|it',
      'say "hi"',
      'line\nbreak',
      'crlf\r\nbreak',
      ' padded ',
      'Nicolò',
      '日本語',
      '😀',
      '=1+1',
      '0012',
      '3.5e3',
    ),
  );

  const csvCell = (v: string, d: string) =>
    v.includes(d) || /["\r\n]/.test(v) || v !== v.trim() ? `"${v.replace(/"/g, '""')}"` : v;

  const fileArb = fc
    .record({
      fields: fc.uniqueArray(fieldName, { maxLength: 4 }),
      picks: fc.uniqueArray(fc.integer({ min: 0, max: POOL.length - 1 }), { minLength: 1, maxLength: POOL.length }),
      delimiter: fc.constantFrom(',', ';', '\t', '|'),
      eol: fc.constantFrom('\n', '\r\n'),
      bom: fc.boolean(),
      trailingEol: fc.boolean(),
    })
    .chain((shape) =>
      fc.record({
        shape: fc.constant(shape),
        rows: fc.tuple(
          ...shape.picks.map(() =>
            fc.tuple(fc.nat(), fc.array(cellText, { minLength: shape.fields.length, maxLength: shape.fields.length })),
          ),
        ),
      }),
    );

  it('any delimiter, line ending, BOM, quoting and cell text: the contacts are exactly the rows', async () => {
    await fc.assert(
      fc.asyncProperty(fileArb, async ({ shape, rows }) => {
        const d = shape.delimiter;
        const header = ['phone_number', ...shape.fields].join(d);
        const expected: Record<string, string>[] = [];
        const lines = rows.map(([variant, cells], i) => {
          const [e164, forms] = POOL[shape.picks[i]];
          const contact: Record<string, string> = { phone_number: e164 };
          shape.fields.forEach((f, j) => {
            const t = cells[j].trim();
            if (t !== '') contact[f] = t;
          });
          expected.push(contact);
          return [forms[variant % forms.length], ...cells].map((v) => csvCell(v, d)).join(d);
        });
        const text = `${shape.bom ? '\uFEFF' : ''}${[header, ...lines].join(shape.eol)}${shape.trailingEol ? shape.eol : ''}`;
        const c = await load(text, { defaultCountry: 'IT' });
        expect(c.error?.message, JSON.stringify(text)).toBeUndefined();
        expect(c.contacts).toEqual(expected);
      }),
      { numRuns: 60 },
    );
  });
});
