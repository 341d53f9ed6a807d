// campaigns create on a terminal, answered at its prompts (the real @inquirer prompts on in-memory streams that claim
// to be a terminal): the caller-ID prompt suggests as --from does, the answers come back as the command that runs the
// campaign without questions, and the plan preview fits the terminal's rows with its summary on screen.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli.js';
import { testStreams } from '../../src/io/streams.js';
import { assertNoSecrets, cli, cliEnv, ROOT, tempDir, useSandbox } from '../helpers/cli.js';

const ENTER = '\r';
const ERASE = '\x7f'.repeat(30);
const plain = (s: string) => s.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');
const CONTACTS = join(ROOT, 'fixtures/campaigns/contacts.json');

const sandbox = useSandbox();

/** The CLI on a terminal of `columns` x `rows`; each answer is typed once its question has appeared on stderr. */
async function typed(argv: string[], answers: [question: string, keys: string][], size = { columns: 120, rows: 40 }) {
  const io = testStreams({ tty: true, ...size });
  const env = cliEnv({ sandbox });
  let raw = '';
  let from = 0;
  let next = 0;
  io.err.on('data', (chunk: Buffer) => {
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

/** The words of a command line as a POSIX shell reads them: bare, in single quotes, or a backslash-escaped character. */
function shellWords(line: string): string[] {
  return [...line.matchAll(/(?:[^\s'\\]+|'[^']*'|\\.)+/g)].map((m) =>
    m[0].replace(
      /'([^']*)'|\\(.)/g,
      (_all, quoted: string | undefined, escaped: string | undefined) => quoted ?? escaped ?? '',
    ),
  );
}

/** The command printed after "without the questions:", as words after `voicectl`. */
function printedCommand(stderr: string): string[] {
  const line = /without the questions:\n {2}(voicectl .*)\n/.exec(stderr)?.[1];
  expect(line, stderr).toBeDefined();
  return shellWords(line!).slice(1);
}

describe('campaigns create, answered on a terminal', () => {
  it('the caller-ID prompt says "did you mean" as --from does; the dry run ends with the command to paste', {
    timeout: 20_000,
  }, async () => {
    const r = await typed(
      ['campaigns', 'create', '--dry-run', '--max-retries', '1'],
      [
        ['Campaign name:', `Spring promo 'B'${ENTER}`],
        ['AI agent ID:', `agent_sales${ENTER}`],
        ['Caller ID (E.164', `+39 02 1234 5678${ENTER}`],
        ['did you mean', `${ERASE}+390212345678${ENTER}`],
        ['Contacts file', `${CONTACTS}${ENTER}`],
      ],
    );
    expect(r.code, r.stderr).toBe(0);
    // The flag's own words, from the same validator.
    const flag = await cli(
      [
        'campaigns',
        'create',
        '--name',
        'x',
        '--agent',
        'agent_sales',
        '--from',
        '+39 02 1234 5678',
        '--contacts',
        CONTACTS,
      ],
      { sandbox, stdin: '' },
    );
    const suggestion = 'must be an E.164 phone number (+, the country code, digits only): did you mean +390212345678?';
    expect(flag.stderr).toContain(suggestion);
    // The prompt wraps its error at the terminal's width.
    expect(r.stderr.replace(/\s+/g, ' ')).toContain(suggestion);
    expect(r.stdout).toContain('Dry run: nothing was sent.');
    const words = printedCommand(r.stderr);
    expect(words).toEqual([
      'campaigns',
      'create',
      '--max-retries',
      '1',
      '--name',
      "Spring promo 'B'",
      '--agent',
      'agent_sales',
      '--from',
      '+390212345678',
      '--contacts',
      CONTACTS,
    ]);
    expect(sandbox.requests('POST', '/v1/campaigns')).toEqual([]);

    // Pasted, without a terminal: no question, and the campaign the dry run showed.
    const real = await cli(words, { sandbox });
    expect(real.code, real.stderr).toBe(0);
    const [sent] = sandbox.requests('POST', '/v1/campaigns');
    expect(sent.body).toMatchObject({
      name: "Spring promo 'B'",
      agentId: 'agent_sales',
      fromNumber: '+390212345678',
      maxRetries: 1,
    });
    expect((sent.body as { contacts: unknown[] }).contacts).toHaveLength(3);
  });

  it("a CSV's walk-through answers join the command; without --dry-run it is printed before the confirmation", async () => {
    const dir = tempDir();
    const csv = join(dir, 'clienti.csv');
    // Bare digits without a country: the phone column is found neither by its name nor by its values.
    writeFileSync(csv, 'Nome,Recapito\nGiulia,3331234567\nLuca,0212345678\n');
    const r = await typed(
      ['campaigns', 'create', '--name', 'Walk', '--agent', 'agent_sales', '--from', '+390212345678', '--contacts', csv],
      [
        ['Which column holds the phone numbers?', `\x1b[B${ENTER}`],
        ['Which country do numbers without + belong to?', `it${ENTER}`],
        ['Create it?', `n${ENTER}`],
      ],
    );
    expect(r.code).toBe(130);
    const before = r.stderr.indexOf('Next time, without the questions:');
    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThan(r.stderr.indexOf('About to create this campaign:'));
    expect(printedCommand(r.stderr).slice(-4)).toEqual(['--phone-column', 'Recapito', '--default-country', 'IT']);
    expect(sandbox.requests('POST', '/v1/campaigns')).toEqual([]);
  });

  it('flags and a file that answer everything ask nothing and print no command', async () => {
    const r = await cli(
      ['campaigns', 'create', '--file', join(ROOT, 'fixtures/campaigns/campaign.json'), '--dry-run'],
      { sandbox, tty: true },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toContain('without the questions');
  });
});

describe('the plan preview on a terminal', () => {
  const dir = tempDir();
  const many = join(dir, 'many.json');
  writeFileSync(
    many,
    JSON.stringify(
      Array.from({ length: 27 }, (_, i) => ({ phone_number: `+3933312345${String(i).padStart(2, '0')}` })),
    ),
  );
  const argv = ['campaigns', 'create', '--name', 'Many', '--agent', 'agent_sales', '--from', '+390212345678'];

  it.each([24, 40])('fits %i rows: the summary first, the plan cut with "and N more rows"', async (rows) => {
    const r = await cli([...argv, '--contacts', many, '--max-retries', '2', '--dry-run'], {
      sandbox,
      tty: true,
      rows,
    });
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(rows - 4);
    expect(lines[0]).toBe('Dry run: nothing was sent. The campaign would be:');
    expect(r.stdout).toMatch(/\n {2}Contacts +27\n/);
    const shown = lines.filter((l) => /^\d+ +\d|^ +\d +\+/.test(l)).length;
    expect(lines.at(-1)).toBe(`… and ${81 - shown} more rows (to see them all: --dry-run -o table | less)`);
  });

  it('piped (-o table), the whole plan', async () => {
    const r = await cli([...argv, '--contacts', many, '--max-retries', '2', '--dry-run', '-o', 'table'], { sandbox });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toContain('more rows');
    expect(r.stdout.trimEnd().split('\n').length).toBeGreaterThan(81);
  });
});
