// Every flag of the table in src/campaigns/flags.ts, end to end: it is in the help, its value reaches the body the
// sandbox received, and a bad value exits 2 naming the flag, with nothing sent. A new entry in the table fails
// the first test until it has its case here.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BODY_FLAGS, longFlag } from '../../src/campaigns/flags.js';
import type { Sandbox } from '../../src/sandbox/server.js';
import { cli, ROOT, startSandbox, tempDir } from '../helpers/cli.js';

const CONTACTS = join(ROOT, 'fixtures/campaigns/contacts.json');
const BASE = ['campaigns', 'create', '--name', 'Nightly', '--agent', 'agent_sales', '--from', '+390212345678'];
const dir = tempDir();
const ONE = join(dir, 'one.json');
const NONE = join(dir, 'none.json');
writeFileSync(ONE, JSON.stringify([{ phone_number: '+393331112222' }]));
writeFileSync(NONE, '[]');

interface Case {
  /** Flags added to a valid create, and what the body sent then holds. */
  good: string[];
  sent: Record<string, unknown>;
  /** Flags that make it invalid, and the error (first line of stderr) that names the flag. */
  bad: string[];
  error: RegExp;
}

const CASES: Record<string, Case> = {
  '--name': {
    good: ['--name', 'Spring'],
    sent: { name: 'Spring' },
    bad: ['--name', ' '],
    error: /^error: --name: must not be empty/,
  },
  '--agent': {
    good: ['--agent', 'agent_support'],
    sent: { agentId: 'agent_support' },
    bad: ['--agent', ' '],
    error: /^error: --agent: must not be empty/,
  },
  '--from': {
    good: ['--from', ' +390298765432'],
    sent: { fromNumber: '+390298765432' },
    bad: ['--from', '+39abc'],
    error: /^error: --from: .*\(got "\+39abc"\)/,
  },
  '--contacts': {
    good: ['--contacts', ONE],
    sent: { contacts: [{ phone_number: '+393331112222' }] },
    bad: ['--contacts', NONE],
    error: /^error: --contacts: .*none\.json has no contacts/,
  },
  '--description': {
    good: ['--description', 'Renewals'],
    sent: { description: 'Renewals' },
    bad: ['--description'],
    error: /^error: option '--description <text>' argument missing/,
  },
  '--from-attempts': {
    good: ['--max-retries', '1', '--from-attempts', '+390298765432, +393401234567'],
    sent: { fromNumberAttempts: ['+390298765432', '+393401234567'] },
    bad: ['--max-retries', '1', '--from-attempts', '+390298765432,+12'],
    error: /^error: --from-attempts\[1\]: .*\(got "\+12"\)/,
  },
  '--from-strategy': {
    good: ['--from-strategy', 'CLAMP'],
    sent: { fromNumberStrategy: 'clamp' },
    bad: ['--from-strategy', 'roll'],
    error: /^error: --from-strategy: must be one of rolling, clamp, custom/,
  },
  '--contact-strategy': {
    good: ['--contact-strategy', 'Custom'],
    sent: { contactAttemptStrategy: 'custom' },
    bad: ['--contact-strategy', 'random'],
    error: /^error: --contact-strategy: must be one of rolling, clamp, custom/,
  },
  '--map': {
    good: ['--map', 'customer=first_name', '--map', 'co=company'],
    sent: { variableMapping: { customer: 'first_name', co: 'company' } },
    bad: ['--map', 'customer'],
    error: /^error: --map: "customer" is not VARIABLE=FIELD/,
  },
  '--max-retries': {
    good: ['--max-retries', '5'],
    sent: { maxRetries: 5 },
    bad: ['--max-retries', '6'],
    error: /^error: --max-retries: must be from 0 to 5 \(got 6\)/,
  },
  '--retry-delay': {
    good: ['--max-retries', '1', '--retry-delay', '5'],
    sent: { retryDelayMinutes: 5 },
    bad: ['--max-retries', '1', '--retry-delay', '4'],
    error: /^error: --retry-delay: must be at least 5 when maxRetries is more than 0 \(got 4\)/,
  },
  '--days': {
    good: ['--days', 'fri-mon'],
    sent: { callingDays: [5, 6, 0, 1] },
    bad: ['--days', '7'],
    error: /^error: --days\[0\]: .*\(got 7\)/,
  },
  '--window': {
    good: ['--window', '09:00-18:00'],
    sent: { callingStartTime: '09:00', callingEndTime: '18:00' },
    bad: ['--window', '09:00'],
    error: /^error: --window: "09:00" is not a window START-END/,
  },
  '--start-time': {
    good: ['--start-time', '08:30'],
    sent: { callingStartTime: '08:30' },
    bad: ['--start-time', '24:00'],
    error: /^error: --start-time: must be a time HH:MM .*\(got "24:00"\)/,
  },
  '--end-time': {
    good: ['--end-time', '23:59'],
    sent: { callingEndTime: '23:59' },
    bad: ['--end-time', '24:00'],
    error: /^error: --end-time: must be a time HH:MM .*\(got "24:00"\)/,
  },
  '--timezone': {
    good: ['--timezone', 'america/new_york'],
    sent: { timezone: 'America/New_York' },
    bad: ['--timezone', 'Mars/Base'],
    error: /^error: --timezone: must be an IANA time zone/,
  },
  '--max-concurrency': {
    good: ['--max-concurrency', '1'],
    sent: { maxConcurrency: 1 },
    bad: ['--max-concurrency', '0'],
    error: /^error: --max-concurrency: must be 1 or more \(got 0\)/,
  },
  '--keep-free-for-inbound': {
    good: ['--max-concurrency', '3', '--keep-free-for-inbound', '2'],
    sent: { keepFreeForInbound: 2 },
    bad: ['--max-concurrency', '3', '--keep-free-for-inbound', '3'],
    error: /^error: --keep-free-for-inbound: must be less than maxConcurrency \(3\)/,
  },
  '--scheduled-at': {
    good: ['--scheduled-at', '2030-01-15T09:00Z'],
    sent: { scheduledAt: '2030-01-15T09:00:00Z' },
    bad: ['--scheduled-at', 'tomorrow'],
    error: /^error: --scheduled-at: must be an ISO 8601 date-time/,
  },
  '--start': {
    good: ['--start'],
    sent: { startImmediately: true },
    bad: ['--start', '--scheduled-at', '2030-01-15T09:00:00Z'],
    error: /^error: --start: cannot be combined with scheduledAt/,
  },
};

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());
beforeEach(() => {
  sandbox.log.length = 0;
});

describe('campaigns create: the flags of the table', () => {
  it('every entry of the table has its case here, and its flag and help in `campaigns create --help`', async () => {
    expect(Object.keys(CASES).sort()).toEqual(BODY_FLAGS.map(longFlag).sort());
    const help = (await cli(['campaigns', 'create', '--help'], { key: null })).stdout.replace(/\s+/g, ' ');
    for (const e of BODY_FLAGS) expect(help).toContain(`${e.flag} ${e.help}`);
  });

  it.each(Object.entries(CASES))('%s: its value reaches the body the sandbox received', async (_flag, c) => {
    const r = await cli([...BASE, '--contacts', CONTACTS, ...c.good], { sandbox });
    expect(r.code, r.stderr).toBe(0);
    const posts = sandbox.requests('POST', '/v1/campaigns');
    expect(posts).toHaveLength(1);
    expect(posts[0].body).toMatchObject(c.sent);
  });

  it.each(Object.entries(CASES))('%s: a bad value exits 2 naming the flag, nothing sent', async (_flag, c) => {
    const r = await cli([...BASE, '--contacts', CONTACTS, ...c.bad], { sandbox });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(c.error);
    expect(r.stdout).toBe('');
    expect(sandbox.requests()).toEqual([]);
  });

  it('two flags for one field are refused, neither dropped: --window with --start-time', async () => {
    const r = await cli([...BASE, '--contacts', CONTACTS, '--window', '09:00-18:00', '--start-time', '08:00'], {
      sandbox,
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: --window cannot be combined with --start-time\n/);
    expect(sandbox.requests()).toEqual([]);
  });
});
