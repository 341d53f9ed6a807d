// One validator for every number that enters a campaign, whatever the door: --from, --from-attempts, the
// --file body (its numbers, its contacts, its field names, its encoding) and JSON contacts. Each refusal
// exits 2 with the flag or field, the rule and the value, and nothing reaches the sandbox.
import { writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, parseJson, useSandbox, tempDir } from '../helpers/cli.js';

const sandbox = useSandbox();

const BASE = ['campaigns', 'create', '--name', 'N', '--agent', 'agent_sales'];
const dir = tempDir();
let n = 0;
function file(content: string | Buffer, ext = 'json'): string {
  const f = join(dir, `f${n++}.${ext}`);
  writeFileSync(f, content);
  return f;
}
const contactsFile = file(JSON.stringify([{ phone_number: '+393331234567' }]));

async function refused(args: string[], ...messages: (string | RegExp)[]) {
  const r = await cli([...BASE, ...args], { sandbox });
  expect(r.code, r.stderr).toBe(2);
  for (const m of messages) expect(r.stderr).toMatch(m);
  expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
  expect(sandbox.requests()).toEqual([]);
  return r;
}

describe('--from and --from-attempts: real numbers, with the E.164 form suggested', () => {
  it('--from +12 and a zero range are refused; the written-out form gets a suggestion', async () => {
    await refused(
      ['--from', '+12', '--contacts', contactsFile],
      '--from: must be an E.164 phone number: not a valid phone number (too short) (got "+12")',
    );
    await refused(['--from', '+390000000000', '--contacts', contactsFile], /--from: must be an E\.164 phone number/);
    await refused(
      ['--from', '+39 02 1234 5678', '--contacts', contactsFile],
      '--from: must be an E.164 phone number (+, the country code, digits only): did you mean +390212345678? (got "+39 02 1234 5678")',
    );
    await refused(
      [
        '--from',
        '+390212345678',
        '--from-attempts',
        '+390298765432,+12',
        '--max-retries',
        '1',
        '--contacts',
        contactsFile,
      ],
      '--from-attempts[1]: must be an E.164 phone number: not a valid phone number (too short) (got "+12")',
    );
  });

  it('a valid caller ID of any type passes (caller IDs are not dialled)', async () => {
    const r = await cli([...BASE, '--from', '+39800123456', '--contacts', contactsFile, '--dry-run', '--json'], {
      sandbox,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(parseJson<{ body: { fromNumber: string } }>(r.stdout).body.fromNumber).toBe('+39800123456');
    expect(sandbox.requests()).toEqual([]);
  });
});

describe('JSON contacts: the rules of CSV rows', () => {
  it('+12, a zero range and a premium-rate number are refused, each named', async () => {
    const f = file(
      JSON.stringify([
        { phone_number: '+393331234567' },
        { phone_number: '+12' },
        { phone_number: '+390000000000' },
        { phone_number: '+393334445555', contact_attempts: [{ phone_number: '+39899123456' }] },
      ]),
    );
    const r = await refused(['--from', '+390212345678', '--contacts', f], `${f}: 3 errors in 3 contacts`);
    expect(r.stderr).toContain(
      'contacts[1], phone_number "+12": must be an E.164 phone number: not a valid phone number (too short)',
    );
    expect(r.stderr).toContain(
      'contacts[2], phone_number "+390000000000": must be an E.164 phone number: not a valid phone number',
    );
    expect(r.stderr).toContain(
      'contacts[3], contact_attempts[0].phone_number "+39899123456": +39899123456 is a premium-rate number (IT), not called by default: --allow-types premium-rate allows it',
    );
  });

  it('--allow-types lets a refused type through', async () => {
    const f = file(JSON.stringify([{ phone_number: '+39899123456' }]));
    const r = await cli(
      [...BASE, '--from', '+390212345678', '--contacts', f, '--allow-types', 'premium-rate', '--dry-run', '--json'],
      { sandbox },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(parseJson<{ body: { contacts: unknown[] } }>(r.stdout).body.contacts).toEqual([
      { phone_number: '+39899123456' },
    ]);
    await refused(
      ['--from', '+390212345678', '--contacts', f, '--allow-types', 'premium'],
      /--allow-types: must be among premium-rate, voicemail, pager, unknown, toll-free, mobile, fixed-line, fixed-line-or-mobile, voip, personal, shared-cost, uan/,
    );
  });
});

describe('--file: the body as the reference has it', () => {
  const body = (extra: Record<string, unknown> = {}) =>
    JSON.stringify({
      name: 'Spring',
      agentId: 'agent_sales',
      fromNumber: '+390212345678',
      contacts: [{ phone_number: '+393331234567' }],
      ...extra,
    });

  it('an unknown field is refused with "did you mean"; every field is named', async () => {
    const f = file(body({ maxRetry: 3, retryDelay: 10, whatever: 1 }));
    // Each named with its line and column in the file (one line of JSON here).
    const at = (text: string) => `${f}:1:${readFileSync(f, 'utf8').indexOf(text) + 1}`;
    const r = await refused(
      ['--file', f],
      `--file: ${at('"maxRetry"')}: unknown field "maxRetry"; did you mean "maxRetries"?`,
      `--file: ${at('"retryDelay"')}: unknown field "retryDelay"; did you mean "retryDelayMinutes"?`,
    );
    expect(r.stderr).toContain(`--file: ${at('"whatever"')}: unknown field "whatever"\n`);
    expect(r.stderr).toContain('The fields of a campaign (reference 4.4): name, agentId, fromNumber, contacts,');
  });

  it('the same number three times is refused as in CSV and JSON contacts; --dedupe keeps the first', async () => {
    const three = [
      { phone_number: '+393331234567' },
      { phone_number: '+393331234567' },
      { phone_number: '+393331234567' },
    ];
    const f = file(body({ contacts: three }));
    const r = await refused(['--file', f], `--file ${f}: 2 errors in 2 contacts`);
    expect(r.stderr).toContain(
      'contacts[1], phone_number "+393331234567": duplicate of contacts[0]; --dedupe keeps the first',
    );
    const ok = await cli([...BASE.slice(0, 2), '--file', f, '--dedupe', '--dry-run', '--json'], { sandbox });
    expect(ok.code, ok.stderr).toBe(0);
    expect(parseJson<{ body: { contacts: unknown[] } }>(ok.stdout).body.contacts).toEqual([three[0]]);
  });

  it("its numbers pass the same validator: fromNumber, fromNumberAttempts, the contacts'", async () => {
    const f = file(
      body({
        fromNumber: '+12',
        fromNumberAttempts: ['+39 02 9876 5432'],
        contacts: [{ phone_number: '+390000000000' }],
      }),
    );
    const r = await refused(['--file', f], `contacts[0], phone_number "+390000000000"`);
    const g = file(body({ fromNumber: '+12', fromNumberAttempts: ['+39 02 9876 5432'] }));
    const at = (text: string) => `${g}:1:${readFileSync(g, 'utf8').indexOf(text) + 1}`;
    const s = await refused(
      ['--file', g],
      `fromNumber (in ${at('"fromNumber"')}): must be an E.164 phone number: not a valid phone number (too short) (got "+12")`,
    );
    expect(s.stderr).toContain(
      `fromNumberAttempts[0] (in ${at('"+39 02')}): must be an E.164 phone number (+, the country code, digits only): did you mean +390298765432?`,
    );
    expect(r.stdout).toBe('');
  });

  it('a file that is not UTF-8 is refused unless --encoding names its encoding', async () => {
    // windows-1252 bytes for “ and ” are 0x93 and 0x94
    const bytes = Buffer.from(body({ name: 'Caffè XRomaY' }), 'latin1');
    bytes[bytes.indexOf('X')] = 0x93;
    bytes[bytes.indexOf('Y')] = 0x94;
    const cp1252 = file(bytes);
    await refused(['--file', cp1252], `--file: ${cp1252} is not valid UTF-8`, /--encoding windows-1252/);
    const r = await cli([...BASE.slice(0, 2), '--file', cp1252, '--encoding', 'latin1', '--dry-run', '--json'], {
      sandbox,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(parseJson<{ body: { name: string } }>(r.stdout).body.name).toBe('Caffè “Roma”');
  });
});
