// campaigns create as a user meets it: Ctrl-C and "no" at its prompts on a terminal (driven through the
// real @inquirer/prompts on in-memory streams), the per-attempt overrides in the terminal plan, and
// --skip-invalid / --rejects for CSV contacts. Every refusal is checked against the sandbox's request log.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, ROOT, useSandbox, tempDir } from '../helpers/cli.js';

const FILE = join(ROOT, 'fixtures/campaigns/campaign.json');
const JSON_CONTACTS = join(ROOT, 'fixtures/campaigns/contacts.json');
const SCIENTIFIC = join(ROOT, 'fixtures/contacts/scientific.csv');
const BASE = ['campaigns', 'create', '--name', 'Nightly', '--agent', 'agent_sales', '--from', '+390212345678'];

/** stderr as a terminal shows it: without the prompts' escape sequences. */
const plain = (s: string) => s.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');

const sandbox = useSandbox();

describe('on a terminal', () => {
  it('Ctrl-C at a prompt for a missing value exits 130, "interrupted: nothing was sent"', async () => {
    const r = await cli(['campaigns', 'create', '--file', FILE, '--name', ''], { sandbox, tty: true, stdin: '\x03' });
    expect(r.code).toBe(130);
    expect(r.stderr).toContain('Campaign name:');
    expect(plain(r.stderr)).toMatch(/\ninterrupted: nothing was sent\n$/);
    expect(r.stderr).not.toMatch(/error|bug/i);
    expect(r.stdout).toBe('');
    expect(sandbox.requests()).toEqual([]);
  });

  it('Ctrl-C at the confirmation exits 130, nothing sent', async () => {
    const r = await cli(['campaigns', 'create', '--file', FILE], { sandbox, tty: true, stdin: '\x03' });
    expect(r.code).toBe(130);
    expect(plain(r.stderr)).toMatch(/Create it\? \(y\/N\)\ninterrupted: nothing was sent\n$/);
    expect(sandbox.requests()).toEqual([]);
  });

  it('answering "n" at the confirmation exits 130 with a plain message, nothing sent', async () => {
    const r = await cli(['campaigns', 'create', '--file', FILE], { sandbox, tty: true, stdin: 'n\r' });
    expect(r.code).toBe(130);
    expect(plain(r.stderr)).toMatch(/Create it\? No\nNothing was sent\.\n$/);
    expect(r.stderr).not.toMatch(/error|interrupted/);
    expect(r.stdout).toBe('');
    expect(sandbox.requests()).toEqual([]);
  });

  it.each([
    ['Create it?', []],
    ['Create it and start calling now?', ['--start']],
  ])('Enter alone at "%s" is no: exit 130, "Nothing was sent.", no request', async (question, extra) => {
    const r = await cli(['campaigns', 'create', '--file', FILE, ...extra], { sandbox, tty: true, stdin: '\r' });
    expect(r.code).toBe(130);
    expect(plain(r.stderr)).toContain(`${question} (y/N)`);
    expect(plain(r.stderr)).toMatch(/No\nNothing was sent\.\n$/);
    expect(r.stdout).toBe('');
    expect(sandbox.requests()).toEqual([]);
  });

  it.each(['y\r', 'Y\r', 'yes\r'])('answering %j creates it', async (typed) => {
    const r = await cli(['campaigns', 'create', '--file', FILE, '--start'], { sandbox, tty: true, stdin: typed });
    expect(r.code, r.stderr).toBe(0);
    expect(sandbox.requests('POST', '/v1/campaigns')).toHaveLength(1);
    expect(sandbox.requests('POST', '/v1/campaigns')[0].body).toMatchObject({ startImmediately: true });
  });

  it("--dry-run shows each attempt's overrides in the plan table, as the JSON plan has them", async () => {
    const r = await cli(['campaigns', 'create', '--file', FILE, '--dry-run'], { sandbox, tty: true });
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines.find((l) => l.startsWith('CONTACT'))).toMatch(/DIALS\s+CALLER ID\s+FROM\s+OVERRIDES$/);
    const second = lines.find((l) => l.includes('+390612345678'));
    expect(second).toMatch(
      /^\s+2\s+\+390612345678\s+\+393401234567\s+contact_attempts\[0\] \/ fromNumberAttempts\[1\]\s+first_name="Anna \(office\)"$/,
    );
    // Attempts without an entry's overrides show none.
    expect(lines.find((l) => l.includes('+393479998888'))).not.toContain('first_name');
    // On an 80-column terminal FROM gives way and OVERRIDES is cut: every line fits.
    const narrow = await cli(['campaigns', 'create', '--file', FILE, '--dry-run'], { sandbox, tty: true, columns: 80 });
    const plan = narrow.stdout.split('\n').filter((l) => /^\s+\d+\s+\+/.test(l) || l.startsWith('CONTACT'));
    expect(plan.find((l) => l.startsWith('CONTACT'))).toMatch(/CALLER ID\s+OVERRIDES$/);
    for (const l of plan) expect(l.length).toBeLessThanOrEqual(80);
    const piped = await cli(['campaigns', 'create', '--file', FILE, '--dry-run'], { sandbox });
    expect(JSON.parse(piped.stdout).plan[0].attempts[1].overrides).toEqual({ first_name: 'Anna (office)' });
    expect(sandbox.requests()).toEqual([]);
  });

  it('the --dry-run summary names the start command as this one was run (--base-url kept)', async () => {
    const plain = await cli(['campaigns', 'create', '--file', FILE, '--dry-run'], { sandbox, tty: true });
    expect(plain.stdout).toContain('start it with `voicectl campaigns start <id>`');
    const r = await cli(['--base-url', sandbox.url, 'campaigns', 'create', '--file', FILE, '--dry-run'], {
      sandbox,
      tty: true,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`start it with \`voicectl --base-url ${sandbox.url} campaigns start <id>\``);
    expect(sandbox.requests()).toEqual([]);
  });

  it('a plan without overrides has no Overrides column', async () => {
    const contacts = join(tempDir(), 'c.json');
    writeFileSync(
      contacts,
      JSON.stringify([
        { phone_number: '+393331112222', first_name: 'Anna', contact_attempts: [{ phone_number: '+390612345678' }] },
      ]),
    );
    const r = await cli([...BASE, '--contacts', contacts, '--max-retries', '1', '--dry-run'], { sandbox, tty: true });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/CALLER ID\s+FROM\n/);
    expect(r.stdout).not.toContain('OVERRIDES');
  });
});

describe('--skip-invalid and --rejects with CSV contacts', () => {
  const csvFlags = ['--contacts', SCIENTIFIC, '--default-country', 'IT'];
  // The lost 0 and the lost + read one way only: contacts. The scientific notation is the invalid row.
  const VALID = [
    { phone_number: '+390212345678', name: 'Lost leading zero' },
    { phone_number: '+447946095800', name: 'Lost leading plus' },
    { phone_number: '+393471234567', name: 'Country code without plus (same country: accepted)' },
    { phone_number: '+393331234567', name: 'Fine' },
  ];

  /** The rejects file `contacts convert` writes for the same input. */
  async function convertRejects(): Promise<string> {
    const dir = tempDir();
    const rej = join(dir, 'convert-rejects.csv');
    const r = await cli([
      'contacts',
      'convert',
      SCIENTIFIC,
      '--default-country',
      'IT',
      '--skip-invalid',
      '--rejects',
      rej,
      '--out',
      join(dir, 'c.json'),
    ]);
    expect(r.code, r.stderr).toBe(0);
    return readFileSync(rej, 'utf8');
  }

  it('without --skip-invalid an invalid row stops it: exit 2, nothing sent', async () => {
    const r = await cli([...BASE, ...csvFlags, '--yes'], { sandbox });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`error: ${SCIENTIFIC}: 1 error in 1 row`);
    expect(sandbox.requests()).toEqual([]);
  });

  it('leaves the invalid rows out of the campaign, writes them to --rejects as contacts convert does, and says how many', async () => {
    const rej = join(tempDir(), 'rejected.csv');
    const r = await cli([...BASE, ...csvFlags, '--skip-invalid', '--rejects', rej, '--yes'], { sandbox });
    expect(r.code, r.stderr).toBe(0);
    const posts = sandbox.requests('POST', '/v1/campaigns');
    expect(posts).toHaveLength(1);
    expect((posts[0].body as { contacts: unknown[] }).contacts).toEqual(VALID);
    expect(r.stderr).toContain(
      `warning: --skip-invalid left 1 invalid row of ${SCIENTIFIC} out of the campaign; they are in ${rej} with their reasons\n`,
    );
    expect(readFileSync(rej, 'utf8')).toBe(await convertRejects());
  });

  it("--rejects guards formula-like cells with a leading ', and --csv-raw writes them as read, as contacts convert does", async () => {
    const dir = tempDir();
    const input = join(dir, 'in.csv');
    writeFileSync(input, 'phone_number,name\n+393331234567,Good\n12345,=SUM(A1)\n');
    const run = (rej: string, ...extra: string[]) =>
      cli(
        [
          ...extra,
          ...BASE,
          '--contacts',
          input,
          '--default-country',
          'IT',
          '--skip-invalid',
          '--max-skipped',
          '1',
          '--rejects',
          rej,
          '--yes',
        ],
        {
          sandbox,
        },
      );
    const guarded = await run(join(dir, 'guarded.csv'));
    expect(guarded.code, guarded.stderr).toBe(0);
    expect(readFileSync(join(dir, 'guarded.csv'), 'utf8')).toContain(",12345,'=SUM(A1)\r\n");
    const raw = await run(join(dir, 'raw.csv'), '--csv-raw');
    expect(raw.code, raw.stderr).toBe(0);
    expect(readFileSync(join(dir, 'raw.csv'), 'utf8')).toContain(',12345,=SUM(A1)\r\n');
    // The campaign itself gets the valid contact both times.
    expect(sandbox.requests('POST', '/v1/campaigns').map((e) => (e.body as { contacts: unknown[] }).contacts)).toEqual([
      [{ phone_number: '+393331234567', name: 'Good' }],
      [{ phone_number: '+393331234567', name: 'Good' }],
    ]);
  });

  it('without --rejects it lists the rows left out on stderr', async () => {
    const r = await cli([...BASE, ...csvFlags, '--skip-invalid', '--yes'], { sandbox });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(
      `warning: --skip-invalid left 1 invalid row of ${SCIENTIFIC} out of the campaign:\n  row 2, phone_number "3.93331E+11"`,
    );
    expect((sandbox.requests('POST', '/v1/campaigns')[0].body as { contacts: unknown[] }).contacts).toEqual(VALID);
  });

  it('CSV on stdin works the same', async () => {
    const r = await cli([...BASE, '--contacts', '-', '--default-country', 'IT', '--skip-invalid', '--yes'], {
      sandbox,
      stdin: readFileSync(SCIENTIFIC, 'utf8'),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('warning: --skip-invalid left 1 invalid row of stdin out of the campaign:');
    expect((sandbox.requests('POST', '/v1/campaigns')[0].body as { contacts: unknown[] }).contacts).toEqual(VALID);
  });

  it('--dry-run sends nothing, plans the valid contacts and writes --rejects as contacts convert does', async () => {
    const rej = join(tempDir(), 'rejected.csv');
    const r = await cli([...BASE, ...csvFlags, '--skip-invalid', '--rejects', rej, '--dry-run'], { sandbox });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).body.contacts).toEqual(VALID);
    expect(readFileSync(rej, 'utf8')).toBe(await convertRejects());
    expect(sandbox.requests()).toEqual([]);
  });

  it('an existing --rejects file: exit 2, nothing sent, the file untouched; --force replaces it', async () => {
    const rej = join(tempDir(), 'rejected.csv');
    writeFileSync(rej, 'old rejects');
    const r = await cli([...BASE, ...csvFlags, '--skip-invalid', '--rejects', rej, '--yes'], { sandbox });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`error: --rejects: ${rej} already exists; nothing was sent`);
    expect(readFileSync(rej, 'utf8')).toBe('old rejects');
    expect(sandbox.requests()).toEqual([]);
    const forced = await cli([...BASE, ...csvFlags, '--skip-invalid', '--rejects', rej, '--force', '--yes'], {
      sandbox,
    });
    expect(forced.code, forced.stderr).toBe(0);
    expect(readFileSync(rej, 'utf8')).toMatch(/^\uFEFFrejected_row,rejected_reason,phone_number,name\r\n/);
  });

  it('every row invalid: exit 2, nothing sent', async () => {
    const dir = tempDir();
    const csv = join(dir, 'bad.csv');
    writeFileSync(csv, 'phone_number,name\n12345,Too short\nabc,Not a number\n');
    const r = await cli([...BASE, '--contacts', csv, '--skip-invalid', '--yes'], { sandbox });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`error: ${csv}: no valid contacts (all 2 rows invalid); nothing was sent`);
    expect(sandbox.requests()).toEqual([]);
  });

  it.each([
    [['--contacts', SCIENTIFIC, '--rejects', 'r.csv'], '--rejects: needs --skip-invalid'],
    [
      ['--contacts', JSON_CONTACTS, '--skip-invalid'],
      `--skip-invalid: ${JSON_CONTACTS} holds JSON contacts; --skip-invalid and --rejects apply to CSV contacts only`,
    ],
    [['--file', FILE, '--skip-invalid'], '--skip-invalid: applies to CSV contacts: use it with --contacts file.csv'],
  ])('only with a CSV --contacts: %j exits 2, nothing sent or written', async (extra, message) => {
    const dir = tempDir();
    const rej = join(dir, 'rejected.csv');
    const r = await cli(
      [
        ...BASE,
        ...extra.map((a) => (a === 'r.csv' ? rej : a)),
        ...(extra.includes('--skip-invalid') ? ['--rejects', rej] : []),
        '--yes',
      ],
      { sandbox },
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`error: ${message}`);
    expect(existsSync(rej)).toBe(false);
    expect(sandbox.requests()).toEqual([]);
  });
});

describe('a CSV that is not UTF-8', () => {
  const LATIN1 = join(ROOT, 'fixtures/contacts/latin1.csv');
  it('stops before anything is sent unless the encoding is given; --encoding latin1 sends the right names', async () => {
    const bad = await cli([...BASE, '--contacts', LATIN1, '--yes'], { sandbox });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('is not valid UTF-8');
    expect(bad.stderr).toContain('--encoding windows-1252');
    expect(sandbox.requests()).toEqual([]);
    const ok = await cli([...BASE, '--contacts', LATIN1, '--encoding', 'latin1', '--yes'], { sandbox });
    expect(ok.code, ok.stderr).toBe(0);
    const body = sandbox.requests('POST', '/v1/campaigns')[0].body as { contacts: { name: string }[] };
    expect(body.contacts.map((c) => c.name)).toEqual(['Niccolò Rossi', 'José Müller']);
  });
});

describe('the request body', () => {
  it('carries what the user set and none of the defaults the API applies itself', async () => {
    const r = await cli([...BASE, '--contacts', JSON_CONTACTS, '--yes', '--max-retries', '2'], { sandbox });
    expect(r.code, r.stderr).toBe(0);
    const sent = sandbox.requests('POST', '/v1/campaigns')[0].body as Record<string, unknown>;
    expect(sent).toMatchObject({ name: 'Nightly', agentId: 'agent_sales', fromNumber: '+390212345678', maxRetries: 2 });
    for (const k of ['retryDelayMinutes', 'timezone', 'keepFreeForInbound']) expect(sent).not.toHaveProperty(k);
    // The service filled them in.
    const created = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(created).toMatchObject({ retryDelayMinutes: 30, timezone: 'Europe/Rome' });
  });
});
