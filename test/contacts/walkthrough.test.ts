// On a terminal, contacts convert and campaigns create ask for what a file lacks (its phone column, the
// country of national numbers) instead of naming a flag, then show what the answers give. Answers are typed
// into the real @inquirer prompts through in-memory streams that claim to be a terminal.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli.js';
import { testStreams } from '../../src/io/streams.js';
import type { Sandbox } from '../../src/sandbox/server.js';
import { assertNoSecrets, cli, cliEnv, startSandbox, tempDir } from '../helpers/cli.js';

const DOWN = '\x1b[B';
const ENTER = '\r';
const plain = (s: string) => s.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');

/**
 * The CLI on streams that claim to be a terminal; each answer is typed once its question has appeared on
 * stderr (a prompt reads only what arrives while it is shown).
 */
async function typed(argv: string[], answers: [question: string, keys: string][], sandbox?: Sandbox) {
  const io = testStreams({ tty: true });
  const env = cliEnv({ sandbox, key: sandbox ? undefined : null });
  let raw = '';
  let from = 0;
  let next = 0;
  io.err.on('data', (chunk: Buffer) => {
    // Escape sequences may be split across chunks: strip them from the whole text so far.
    raw += chunk.toString();
    const seen = plain(raw);
    while (next < answers.length && seen.indexOf(answers[next][0], from) >= 0) {
      const [question, keys] = answers[next++];
      from = seen.indexOf(question, from) + question.length;
      setImmediate(() => (io.in as PassThrough).write(keys));
    }
  });
  const code = await run(argv, { io, env });
  (io.in as PassThrough).end();
  return assertNoSecrets(argv, { code, stdout: io.stdout(), stderr: plain(io.stderr()) }, env);
}

const dir = tempDir();
const csv = join(dir, 'clienti.csv');
// Bare digits without a country: no column is found by its name, nor by its values (a customer number reads alike).
writeFileSync(csv, 'Nome,Codice,Recapito\nGiulia,C1,3331234567\nLuca,C2,0212345678\n');

describe('contacts convert on a terminal', () => {
  it('asks for the phone column and the country, previews, writes; then says the flags for next time', async () => {
    const out = join(dir, 'out.json');
    const r = await typed(
      ['contacts', 'convert', csv, '--out', out],
      [
        ['Which column holds the phone numbers?', `${DOWN}${DOWN}${ENTER}`],
        ['Which country do numbers without + belong to?', `IT${ENTER}`],
        [`Write them to ${out}?`, ENTER],
      ],
    );
    const err = r.stderr;
    expect(r.code, err).toBe(0);
    expect(err).toContain('no "phone_number" column in the header, and no column named like a phone.');
    expect(err).toContain('Which column holds the phone numbers?');
    expect(err).toContain('Which country do numbers without + belong to?');
    expect(err).toContain(
      'The first 2 contacts of 2 contacts:\n  {"phone_number":"+393331234567","Nome":"Giulia","Codice":"C1"}',
    );
    expect(err).toContain('note: next time, add --phone-column Recapito --default-country IT to skip these questions');
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual([
      { phone_number: '+393331234567', Nome: 'Giulia', Codice: 'C1' },
      { phone_number: '+390212345678', Nome: 'Luca', Codice: 'C2' },
    ]);
  });

  it('no at the preview writes nothing (exit 130)', async () => {
    const out = join(dir, 'no.json');
    const r = await typed(
      ['contacts', 'convert', csv, '--out', out, '--phone-column', 'Recapito'],
      [
        ['Which country do numbers without + belong to?', `IT${ENTER}`],
        [`Write them to ${out}?`, `n${ENTER}`],
      ],
    );
    expect(r.code, r.stderr).toBe(130);
    expect(r.stderr).toContain('cancelled at the confirmation; nothing was written');
    expect(existsSync(out)).toBe(false);
  });

  it('without a terminal it never asks: exit 2 naming the flag', async () => {
    const r = await cli(['contacts', 'convert', csv], { key: null });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Name the column of the main number with --phone-column NAME.');
  });
});

describe('the French list of six rows (issue 32), on a terminal with --skip-invalid', () => {
  it("asks for the country, proposing the one of the file's +33 numbers; five contacts written, the short one skipped", async () => {
    const input = join(dir, 'clients.csv');
    writeFileSync(
      input,
      Buffer.from(
        'Nom;Pr\xe9nom;T\xe9l\xe9phone\r\nMartin;Am\xe9lie;+33 6 12 34 56 78\r\nBernard;Beno\xeet;0033 1 42 68 53 00\r\nDubois;C\xe9line;06 98 76 54 32\r\nThomas;Denis;01 45 67 89 10\r\nRobert;\xc9lodie;04 78 12 34 56\r\nPetit;Fran\xe7ois;06 12 34 5\r\n',
        'latin1',
      ),
    );
    const out = join(dir, 'c.json');
    const r = await typed(
      ['contacts', 'convert', input, '--encoding', 'windows-1252', '--skip-invalid', '--out', out],
      [
        ['Which country do numbers without + belong to?', ENTER],
        [`Write them to ${out}?`, ENTER],
      ],
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(
      "The file's numbers written with a country code are of France (FR): press Enter to take it.",
    );
    expect(r.stderr).toContain('row 7, Téléphone "06 12 34 5": not a valid FR number (too short)');
    expect(r.stderr).toContain('note: next time, add --default-country FR to skip these questions');
    expect(JSON.parse(readFileSync(out, 'utf8'))).toHaveLength(5);
  });
});

describe('campaigns create on a terminal', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(() => sandbox.close());

  it('asks for the country of national numbers, then shows the plan before creating', async () => {
    const plainCsv = join(dir, 'leads.csv');
    writeFileSync(plainCsv, 'phone_number,name\n333 123 4567,Giulia\n');
    const r = await typed(
      [
        'campaigns',
        'create',
        '--name',
        'N',
        '--agent',
        'agent_sales',
        '--from',
        '+390212345678',
        '--contacts',
        plainCsv,
      ],
      [
        ['Which country do numbers without + belong to?', `IT${ENTER}`],
        ['Create it?', `y${ENTER}`],
      ],
      sandbox,
    );
    const err = r.stderr;
    expect(r.code, err).toBe(0);
    expect(err).toContain('Which country do numbers without + belong to?');
    expect(err).toContain('+393331234567');
    const posts = sandbox.requests('POST', '/v1/campaigns');
    expect(posts).toHaveLength(1);
    expect((posts[0].body as { contacts: unknown[] }).contacts).toEqual([
      { phone_number: '+393331234567', name: 'Giulia' },
    ]);
  });
});
