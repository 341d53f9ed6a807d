// Every rule of the create body (reference 4.4 and 8) at its boundary: the last good value passes
// (a --dry-run, which sends nothing) and the first bad one exits 2 naming the flag, the rule and the
// value, with no request reaching the sandbox. The sandbox's own checks follow.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, KEYS, ROOT, useSandbox, tempDir } from '../helpers/cli.js';
import { HAS_SCRIPT, onTerminal } from '../helpers/terminal.js';

const CONTACTS = join(ROOT, 'fixtures/campaigns/contacts.json');
const BASE = [
  'campaigns',
  'create',
  '--name',
  'Boundaries',
  '--agent',
  'agent_sales',
  '--from',
  '+390212345678',
  '--contacts',
  CONTACTS,
];

const sandbox = useSandbox();

async function good(...extra: string[]) {
  const r = await cli([...BASE, ...extra, '--dry-run'], { sandbox });
  expect(r.stderr).not.toMatch(/error/);
  expect(r.code).toBe(0);
  expect(sandbox.requests()).toEqual([]);
  return r;
}

async function bad(extra: string[], ...messages: RegExp[]) {
  const r = await cli([...BASE, ...extra], { sandbox });
  expect(r.code).toBe(2);
  for (const m of messages) expect(r.stderr).toMatch(m);
  expect(r.stdout).toBe('');
  expect(sandbox.requests()).toEqual([]);
  return r;
}

describe('boundaries: last good value, first bad value, nothing sent', () => {
  it('maxRetries 0..5', async () => {
    await good('--max-retries', '0');
    await good('--max-retries', '5');
    await bad(['--max-retries', '6'], /--max-retries: must be from 0 to 5 \(got 6\)/);
    await bad(['--max-retries', '-1'], /--max-retries: must be from 0 to 5 \(got -1\)/);
    await bad(['--max-retries', 'two'], /--max-retries: must be a whole number \(got "two"\)/);
    await bad(['--max-retries', '1.5'], /--max-retries: must be a whole number/);
  });

  it('retryDelayMinutes at least 5 when maxRetries > 0', async () => {
    await good('--max-retries', '1', '--retry-delay', '5');
    await bad(
      ['--max-retries', '1', '--retry-delay', '4'],
      /--retry-delay: must be at least 5 when maxRetries is more than 0 \(got 4\)/,
    );
    await good('--max-retries', '0', '--retry-delay', '4');
  });

  it('callingDays: integers 0..6, no repeats', async () => {
    const r = await good('--days', '0-6', '--json');
    expect(JSON.parse(r.stdout).body.callingDays).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(JSON.parse((await good('--days', 'mon-fri', '--json')).stdout).body.callingDays).toEqual([1, 2, 3, 4, 5]);
    expect(JSON.parse((await good('--days', 'fri-mon', '--json')).stdout).body.callingDays).toEqual([5, 6, 0, 1]);
    expect(JSON.parse((await good('--days', '0,6', '--json')).stdout).body.callingDays).toEqual([0, 6]);
    await bad(['--days', '1,7'], /--days\[1\]: must be from 0 \(Sunday\) to 6 \(Saturday\) \(got 7\)/);
    await bad(['--days', '1-5,3'], /--days: must not repeat a weekday \(got \[1,2,3,4,5,3\]\)/);
    await bad(['--days', 'someday'], /--days: "someday" is not a weekday/);
    // Three letters, full names, tues and thurs; nothing in between.
    expect(JSON.parse((await good('--days', 'Tues,THURS,saturday', '--json')).stdout).body.callingDays).toEqual([
      2, 4, 6,
    ]);
    for (const odd of ['tueday', 'wednes', 'satur', 'thur', 'mo'])
      await bad(['--days', odd], new RegExp(`--days: "${odd}" is not a weekday`));
  });

  it('HH:MM window times', async () => {
    await good('--window', '00:00-23:59');
    await good('--start-time', '09:00', '--end-time', '18:00');
    await bad(
      ['--window', '09:00-24:00'],
      /--window \(end\): must be a time HH:MM between 00:00 and 23:59 \(got "24:00"\)/,
    );
    await bad(['--start-time', '9:00'], /--start-time: must be a time HH:MM/);
    await bad(['--end-time', '18:60'], /--end-time: must be a time HH:MM .*"18:60"/);
    await bad(['--window', '09:00'], /--window: "09:00" is not a window START-END/);
    await bad(['--window', '09:00-09:00'], /must differ from callingStartTime/);
  });

  it('IANA time zone known to the runtime', async () => {
    await good('--timezone', 'America/Argentina/Buenos_Aires');
    await good('--timezone', 'UTC');
    await bad(
      ['--timezone', 'Europe/Atlantis'],
      /--timezone: must be an IANA time zone known to this runtime.*"Europe\/Atlantis"/,
    );
    await bad(['--timezone', 'CET+1'], /--timezone: must be an IANA time zone/);
  });

  it('E.164 for fromNumber and every fromNumberAttempts entry', async () => {
    await good('--from', '+390212345678', '--from-attempts', '+12125550100,+447911123456', '--max-retries', '1');
    await bad(
      ['--from', '390212345678'],
      /--from: must be an E.164 phone number .*did you mean \+390212345678\? \(got "390212345678"\)/,
    );
    await bad(['--from', '+0212345678'], /--from: must be an E.164/);
    await bad(['--from', '+1234567890123456'], /--from: must be an E.164/); // 16 digits: one too many
    await good('--from', '+4915123456780'); // a real 14-digit number
    // 15 digits is the most E.164 allows, but no number is this one: the same validator as CSV rows.
    await bad(['--from', '+123456789012345'], /--from: must be an E.164 phone number: not a valid phone number/);
    await bad(['--from-attempts', '+390298765432,0298765432'], /--from-attempts\[1\]: must be an E.164 .*"0298765432"/);
  });

  it("E.164 for every contact's phone_number and contact_attempts", async () => {
    const dir = tempDir();
    const file = join(dir, 'bad.json');
    writeFileSync(
      file,
      JSON.stringify([
        { phone_number: '+393331112222' },
        { phone_number: '3331112222' },
        { phone_number: '+393334445555', contact_attempts: [{ phone_number: '+39 06 1234' }] },
      ]),
    );
    const r = await bad(['--contacts', file], /2 contacts/);
    expect(r.stderr).toMatch(/contacts\[1\].*phone_number.*"3331112222"/);
    expect(r.stderr).toMatch(/contacts\[2\].*contact_attempts\[0\]\.phone_number.*"\+39 06 1234"/);
  });

  it('strategies: rolling, clamp or custom', async () => {
    for (const s of ['rolling', 'clamp', 'custom']) await good('--from-strategy', s, '--contact-strategy', s);
    await bad(['--from-strategy', 'random'], /--from-strategy: must be one of rolling, clamp, custom \(got "random"\)/);
    await good('--contact-strategy', 'Rolling'); // sent as rolling: test/frame/choices.test.ts
    await bad(
      ['--contact-strategy', 'rollin'],
      /--contact-strategy: must be one of rolling, clamp, custom; did you mean rolling\?/,
    );
  });

  it('maxConcurrency at least 1, keepFreeForInbound below it', async () => {
    await good('--max-concurrency', '1', '--keep-free-for-inbound', '0');
    await good('--max-concurrency', '3', '--keep-free-for-inbound', '2');
    await bad(
      ['--max-concurrency', '3', '--keep-free-for-inbound', '3'],
      /--keep-free-for-inbound: must be less than maxConcurrency \(3\)/,
    );
    await bad(['--max-concurrency', '0'], /--max-concurrency: must be 1 or more \(got 0\)/);
    await bad(['--keep-free-for-inbound', '-1'], /--keep-free-for-inbound: must be 0 or more/);
  });

  it('a rule that compares two flags speaks only when the user gave both and each is valid alone', async () => {
    // keepFreeForInbound was not given: only the flag that was is named.
    let r = await bad(['--max-concurrency', '0'], /^error: --max-concurrency: must be 1 or more \(got 0\)$/m);
    expect(r.stderr).not.toContain('--keep-free-for-inbound');
    expect(r.stderr).not.toContain('got nothing');
    r = await bad(['--max-concurrency', 'two'], /--max-concurrency: must be a whole number \(got "two"\)/);
    expect(r.stderr).not.toContain('--keep-free-for-inbound');
    // Both given and both wrong on their own: each names its own rule, not the comparison.
    r = await bad(
      ['--max-concurrency', '0', '--keep-free-for-inbound', '-1'],
      /--max-concurrency: must be 1 or more \(got 0\)/,
      /--keep-free-for-inbound: must be 0 or more \(got -1\)/,
    );
    expect(r.stderr).not.toContain('must be less than maxConcurrency');
    // The same from a --file body: the field named is the one in the file.
    const file = join(tempDir(), 'c.json');
    writeFileSync(
      file,
      JSON.stringify({
        name: 'x',
        agentId: 'agent_sales',
        fromNumber: '+390212345678',
        contacts: [{ phone_number: '+393331112222' }],
        maxConcurrency: 0,
      }),
    );
    r = await cli(['campaigns', 'create', '--file', file, '--dry-run'], { sandbox });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('maxConcurrency (in');
    expect(r.stderr).not.toContain('keepFreeForInbound');
    expect(sandbox.requests()).toEqual([]);
  });

  it('--contacts naming a file with no contacts says so, not that the flag is missing', async () => {
    const dir = tempDir();
    const emptyJson = join(dir, 'empty.json');
    writeFileSync(emptyJson, '[]\n');
    const headerOnly = join(dir, 'header.csv');
    writeFileSync(headerOnly, 'phone_number,name\n');
    for (const file of [emptyJson, headerOnly]) {
      const r = await cli([...BASE.slice(0, -1), file], { sandbox });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`error: --contacts: ${file} has no contacts (a campaign needs at least one)`);
      expect(r.stderr).not.toContain('missing required');
      expect(r.stdout).toBe('');
    }
    // From stdin, and on a terminal too: the file was given, so it is not asked for again.
    let r = await cli([...BASE.slice(0, -1), '-', '--dry-run'], { sandbox, stdin: '[]' });
    expect(r.stderr).toContain('error: --contacts: stdin has no contacts');
    r = await cli([...BASE.slice(0, -1), emptyJson, '--dry-run'], { sandbox, tty: true });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`--contacts: ${emptyJson} has no contacts`);
    // On a terminal, before asking for the other missing values: no answer could make it valid.
    if (HAS_SCRIPT) {
      const t = await onTerminal(['campaigns', 'create', '--contacts', emptyJson], [['Campaign name', '\x03']], {
        sandbox,
      });
      expect(t.code).toBe(2);
      expect(t.screen).toContain(`--contacts: ${emptyJson} has no contacts`);
      expect(t.screen).not.toContain('Campaign name');
    }
    // One contact is the last good value.
    await good();
    expect(sandbox.requests()).toEqual([]);
  });

  it('scheduledAt ISO 8601; in the past only a warning; not with --start', async () => {
    await good('--scheduled-at', '2099-01-15T09:00:00+01:00');
    const past = await good('--scheduled-at', '2020-01-15T09:00:00Z');
    expect(past.stderr).toMatch(/warning: --scheduled-at 2020-01-15T09:00:00Z is in the past/);
    // Seconds may be left out, as ISO 8601 allows; they are sent.
    const short = await good('--scheduled-at', '2099-01-15T09:00+01:00');
    expect(JSON.parse(short.stdout).body.scheduledAt).toBe('2099-01-15T09:00:00+01:00');
    expect(JSON.parse((await good('--scheduled-at', '2099-01-15T09:00Z')).stdout).body.scheduledAt).toBe(
      '2099-01-15T09:00:00Z',
    );
    // A local time (no offset) is ISO 8601 too: it is read in the campaign's timezone (sent as typed).
    expect(JSON.parse((await good('--scheduled-at', '2099-01-15T09:00')).stdout).body.scheduledAt).toBe(
      '2099-01-15T09:00',
    );
    expect((await good('--scheduled-at', '2020-01-15T09:00')).stderr).toMatch(/2020-01-15T09:00 is in the past/);
    // Boundaries: the last real day, hour, minute and offset, and the first that is not.
    await good('--scheduled-at', '2096-02-29T09:00Z');
    await bad(
      ['--scheduled-at', '2099-02-29T09:00Z'],
      /--scheduled-at: must be an ISO 8601 .*\(got "2099-02-29T09:00(:00)?Z"\)/,
    );
    await good('--scheduled-at', '2099-01-15T23:59:59Z');
    await bad(['--scheduled-at', '2099-01-15T24:00:00Z'], /--scheduled-at: must be an ISO 8601/);
    await bad(['--scheduled-at', '2099-01-15T23:60Z'], /--scheduled-at: must be an ISO 8601/);
    await good('--scheduled-at', '2099-01-15T09:00:00+23:59');
    await bad(['--scheduled-at', '2099-01-15T09:00:00+24:00'], /--scheduled-at: must be an ISO 8601/);
    await good('--scheduled-at', '20990115T0900+0100');
    await bad(['--scheduled-at', '2099-01-15T09'], /--scheduled-at: must be an ISO 8601/);
    await bad(['--scheduled-at', '2099-01-15T9:00Z'], /--scheduled-at: must be an ISO 8601/);
    await bad(['--scheduled-at', 'tomorrow'], /--scheduled-at: must be an ISO 8601 date-time.*\(got "tomorrow"\)/);
    await bad(['--scheduled-at', '2099-01-15 09:00'], /--scheduled-at: must be an ISO 8601/);
    await bad(['--scheduled-at', '2099-01-15T09:00:00Z', '--start'], /--start: cannot be combined with scheduledAt/);
    await good('--start');
  });

  it('--from-attempts with maxRetries 0 is a warning: the reference uses the list only when retrying', async () => {
    const r = await good('--from-attempts', '+390298765432', '--max-retries', '0');
    expect(r.stderr).toContain('warning: --from-attempts is not used when maxRetries is 0');
    expect(JSON.parse(r.stdout).plan[0].attempts[0]).toMatchObject({
      fromNumber: '+390212345678',
      fromSource: 'fromNumber',
    });
    const retrying = await good('--from-attempts', '+390298765432', '--max-retries', '1');
    expect(retrying.stderr).not.toContain('is not used');
  });

  it('--map: a variable given twice to two fields is refused (the last would win without a word); twice the same is fine', async () => {
    const same = await good('--map', 'customer=first_name', '--map', 'customer=first_name', '--json');
    expect(JSON.parse(same.stdout).body.variableMapping).toEqual({ customer: 'first_name' });
    await bad(
      ['--map', 'customer=first_name', '--map', 'customer=company'],
      /--map: variable customer is mapped twice \(to first_name, then company\): give it once/,
    );
  });

  it('--map refuses "__proto__" as a variable, which a JSON object could not carry', async () => {
    await bad(['--map', '__proto__=first_name'], /--map: "__proto__" cannot be a variable name/);
  });

  it('variableMapping: a warning naming the contacts that lack the field', async () => {
    const r = await good('--map', 'customer=first_name', '--map', 'firm=company');
    expect(r.stderr).toMatch(
      /warning: --map customer=first_name: 1 of 3 contacts lack the field "first_name": contact 3 \(\+393334445555\)/,
    );
    expect(r.stderr).toMatch(
      /warning: --map firm=company: 2 of 3 contacts lack the field "company": contact 1 \(\+393331112222\), contact 2 \(\+393332223333\)/,
    );
    await bad(['--map', 'customer'], /--map: "customer" is not VARIABLE=FIELD/);
  });

  it("a mapping from --file is named as the file's field, not as a --map flag the user never typed", async () => {
    const file = join(ROOT, 'fixtures/campaigns/campaign.json');
    const r = await cli(['campaigns', 'create', '--file', file, '--dry-run'], { sandbox });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(
      `warning: variableMapping customer_name: first_name (in ${file}): 1 of 3 contacts lack the field "first_name"`,
    );
    expect(r.stderr).not.toContain('--map');
  });

  it('required fields: without a terminal it never prompts and names every missing flag', async () => {
    const r = await cli(['campaigns', 'create', '--name', 'x'], { sandbox });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/missing required flags: --agent, --from, --contacts/);
    expect(sandbox.requests()).toEqual([]);
    await bad(['--name', ''], /missing required flag: --name\n/);
    await bad(['--name', ' '], /--name: must not be empty/);
  });

  it('--file supplies the body, flags override it, and errors from the file name the field and the file', async () => {
    const dir = tempDir();
    const file = join(dir, 'c.json');
    writeFileSync(
      file,
      JSON.stringify({
        name: 'From file',
        agentId: 'agent_sales',
        fromNumber: '+390212345678',
        contacts: [{ phone_number: '+393331112222' }],
        maxRetries: 9,
      }),
    );
    let r = await cli(['campaigns', 'create', '--file', file, '--dry-run'], { sandbox });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      new RegExp(
        `maxRetries \\(in ${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:1:\\d+\\): must be from 0 to 5 \\(got 9\\)`,
      ),
    );
    r = await cli(
      ['campaigns', 'create', '--file', file, '--max-retries', '2', '--name', 'Flag wins', '--dry-run', '--json'],
      { sandbox },
    );
    expect(r.code).toBe(0);
    const sent = JSON.parse(r.stdout).body;
    expect(sent).toMatchObject({ name: 'Flag wins', maxRetries: 2 });
    // The API applies its own defaults: those the user did not set are not sent.
    for (const k of ['retryDelayMinutes', 'timezone', 'keepFreeForInbound']) expect(sent).not.toHaveProperty(k);
    expect(sandbox.requests()).toEqual([]);
  });
});

describe('the sandbox validates too', () => {
  it("fromNumber must be one of the organization's numbers, agentId one of its agents", async () => {
    const r = await cli(
      [...BASE.slice(0, 5), 'agent_nobody', '--from', '+390211111111', '--contacts', CONTACTS, '--yes'],
      { sandbox },
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/status 400 · code validation_error/);
    expect(r.stderr).toMatch(/fromNumber: \+390211111111 does not belong to the organization/);
    expect(r.stderr).toMatch(/agentId: agent agent_nobody does not exist/);
    expect(sandbox.requests('POST', '/v1/campaigns')).toHaveLength(1);
  });

  it('a body the CLI would have refused gets validation_error with details', async () => {
    const res = await fetch(`${sandbox.url}/v1/campaigns`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEYS.acme}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'x',
        agentId: 'agent_sales',
        fromNumber: '+390212345678',
        contacts: [{ phone_number: '+393331112222' }],
        maxRetries: 2,
        retryDelayMinutes: 4,
      }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; details: { field: string }[] } };
    expect(body.error.code).toBe('validation_error');
    expect(body.error.details.map((d) => d.field)).toEqual(['retryDelayMinutes']);
  });
});
