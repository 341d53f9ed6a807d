// campaigns results through the real CLI against a sandbox whose scenario fixes the outcome per number: one row per
// contact in every format, 60/80/120 columns on a terminal, and --status ... --as-contacts FILE feeding a follow-up
// `campaigns create --contacts FILE` (JSON and CSV), alternatives and free fields kept. The lenient reading of
// sparse records is checked on buildResults itself.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildResults } from '../../src/campaigns/results.js';
import { Sandbox } from '../../src/sandbox/server.js';
import { cli, ROOT, tempDir, virtualClock } from '../helpers/cli.js';

const CONTACTS = join(ROOT, 'fixtures/campaigns/contacts.json');
const T0 = Date.parse('2026-03-02T09:00:00Z');
const clock = virtualClock(T0);
const sb = new Sandbox({
  now: clock.now,
  settings: {
    outcomeWeights: { answered: 1 },
    outcomesByNumber: { '+393332223333': 'no_answer', '+390298765431': 'no_answer', '+393334445555': 'failed' },
  },
});
let id = '';

beforeAll(async () => {
  await sb.listen(0, '127.0.0.1');
  const r = await cli(
    [
      ...['campaigns', 'create', '--name', 'Results', '--agent', 'agent_sales', '--from', '+390212345678'],
      ...['--from-attempts', '+390212345678,+390298765432', '--contacts', CONTACTS, '--max-retries', '1'],
      ...['--retry-delay', '5', '--start', '--yes', '-q'],
    ],
    { sandbox: sb, clock },
  );
  expect(r.code, r.stderr).toBe(0);
  id = r.stdout.trim();
  const w = await cli(['campaigns', 'wait', id], { sandbox: sb, clock });
  expect(w.code, w.stderr).toBe(0);
});
afterAll(() => sb.close());

const results = (args: string[] = [], opts: { tty?: boolean; columns?: number } = {}) =>
  cli(['campaigns', 'results', id, ...args], { sandbox: sb, clock, ...opts });

describe('campaigns results', () => {
  it('JSON: one row per contact, with its fields, result, calls, numbers dialled and caller IDs', async () => {
    const r = await results(['--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toContain('note:');
    const rows = JSON.parse(r.stdout);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({
      index: 1,
      phone_number: '+393331112222',
      fields: { first_name: 'Anna' },
      status: 'completed',
      result: 'answered',
      reached: true,
      attempts: 1,
      lastOutcome: 'answered',
      numbersDialled: ['+393331112222'],
      callerIds: ['+390212345678'],
    });
    expect(rows[0].contact_attempts).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      result: 'no_answer',
      reached: false,
      attempts: 2,
      numbersDialled: ['+393332223333', '+390298765431'],
      callerIds: ['+390212345678', '+390298765432'],
    });
    expect(rows[2]).toMatchObject({ fields: { company: 'Carla Srl' }, result: 'failed', attempts: 2 });
    expect(rows[2].numbersDialled).toEqual(['+393334445555']);
    // The campaign's calls were read through the calls list, filtered by campaign.
    expect(sb.requests('GET', '/v1/calls').at(-1)!.query).toMatchObject({ campaignId: id });
  });

  it('-o ndjson, -q and --status', async () => {
    const nd = await results(['-o', 'ndjson', '--status', 'not_reached']);
    expect(
      nd.stdout
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l).index),
    ).toEqual([2, 3]);
    const q = await results(['-q', '--status', 'answered']);
    expect(q.stdout).toBe('+393331112222\n');
    const none = await results(['--status', 'busy', '--json']);
    expect(JSON.parse(none.stdout)).toEqual([]);
    const typo = await results(['--status', 'no-answer', '--json']);
    expect(typo.stderr).toContain('warning: --status no-answer: no contact has that result');
  });

  it("CSV: the contact's own columns first (as a contacts CSV), then result.*", async () => {
    const r = await results(['-o', 'csv']);
    expect(r.code).toBe(0);
    const [head, ...lines] = r.stdout.trimEnd().split('\n');
    expect(head.split(',')).toEqual([
      'phone_number',
      'contact_attempts.1.phone_number',
      'contact_attempts.1.first_name',
      'contact_attempts.2.phone_number',
      'first_name',
      'company',
      'result.contact',
      'result.status',
      'result.outcome',
      'result.reached',
      'result.attempts',
      'result.last_outcome',
      'result.dialled.1',
      'result.dialled.2',
      'result.caller_id.1',
      'result.caller_id.2',
      'result.last_call_at',
    ]);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(
      /^\+393332223333,\+390298765431,,,Bruno,,2,failed,no_answer,false,2,no_answer,\+393332223333,\+390298765431,\+390212345678,\+390298765432,2026-/,
    );
  });

  for (const columns of [60, 80, 120]) {
    it(`on a terminal of ${columns} columns the table fits`, async () => {
      const r = await results([], { tty: true, columns });
      expect(r.code).toBe(0);
      const lines = r.stdout.trimEnd().split('\n');
      expect(lines[0]).toMatch(/^#\s+NUMBER\s+RESULT\s+CALLS/);
      expect(lines).toHaveLength(4);
      for (const line of lines) expect(line.length).toBeLessThanOrEqual(columns);
      if (columns >= 120) expect(lines[0]).toMatch(/DIALLED\s+CALLER IDS\s+FIELDS/);
      expect(lines[2]).toMatch(/^2\s+\+393332223333\s+no_answer\s+2/);
    });
  }

  it('--status no_answer,failed --as-contacts FILE.json: the follow-up campaign takes it, alternatives and fields kept', async () => {
    const dir = tempDir();
    const file = join(dir, 'follow-up.json');
    const r = await results(['--status', 'no_answer,failed', '--as-contacts', file, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(
      `wrote 2 contacts to ${file}; a follow-up campaign: voicectl campaigns create --contacts`,
    );
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const contacts = JSON.parse(readFileSync(file, 'utf8'));
    expect(contacts).toEqual([
      { phone_number: '+393332223333', contact_attempts: [{ phone_number: '+390298765431' }], first_name: 'Bruno' },
      { phone_number: '+393334445555', company: 'Carla Srl' },
    ]);
    const again = await results(['--as-contacts', file]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('already exists');
    const follow = await cli(
      [
        ...['campaigns', 'create', '--name', 'Follow-up', '--agent', 'agent_sales', '--from', '+390212345678'],
        ...['--contacts', file, '--max-retries', '1', '--dry-run'],
      ],
      { sandbox: sb, clock },
    );
    expect(follow.code, follow.stderr).toBe(0);
    const plan = JSON.parse(follow.stdout);
    expect(plan.body.contacts).toEqual(contacts);
  });

  it('--as-contacts - prints the contacts, which --jq filters', async () => {
    const r = await results(['--status', 'no_answer,failed', '--as-contacts', '-', '--jq', '.[].phone_number']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('+393332223333\n+393334445555\n');
  });

  it('--as-contacts FILE.csv: a contacts CSV that campaigns create reads back the same', async () => {
    const dir = tempDir();
    const file = join(dir, 'follow-up.csv');
    const r = await results(['--status', 'not_reached', '--as-contacts', file, '-q']);
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(file, 'utf8').split('\n')[0]).toBe(
      'phone_number,contact_attempts.1.phone_number,first_name,company',
    );
    const follow = await cli(
      [
        ...['campaigns', 'create', '--name', 'Follow-up', '--agent', 'agent_sales', '--from', '+390212345678'],
        ...['--contacts', file, '--dry-run'],
      ],
      { sandbox: sb, clock },
    );
    expect(follow.code, follow.stderr).toBe(0);
    expect(JSON.parse(follow.stdout).body.contacts).toEqual([
      { phone_number: '+393332223333', contact_attempts: [{ phone_number: '+390298765431' }], first_name: 'Bruno' },
      { phone_number: '+393334445555', company: 'Carla Srl' },
    ]);
  });

  it('an unknown campaign is exit 4; a bad --as-contacts is exit 2 before any request', async () => {
    const missing = await cli(['campaigns', 'results', 'cmp_nope'], { sandbox: sb, clock });
    expect(missing.code).toBe(4);
    const dir = tempDir();
    writeFileSync(join(dir, 'x.json'), '[]');
    sb.log.length = 0;
    const folder = await results(['--as-contacts', `${dir}/`]);
    expect(folder.code).toBe(2);
    expect(sb.log).toEqual([]);
  });
});

describe('buildResults: lenient where the service gives less', () => {
  it('without contactProgress, from the calls matched by number; says which columns it could not fill', () => {
    const campaign = {
      id: 'c1',
      contacts: [{ phone_number: '+391', contact_attempts: [{ phone_number: '+392' }] }, { phone_number: '+393' }],
    };
    const calls = [
      { id: 'a', campaignId: 'c1', to: '+392', status: 'busy', startedAt: '2026-01-01T10:05:00Z' },
      { id: 'b', campaignId: 'c1', toNumber: '+391', status: 'no_answer', startedAt: '2026-01-01T10:00:00Z' },
      { id: 'c', campaignId: 'other', toNumber: '+393', status: 'answered' },
    ];
    const { rows, unfilled } = buildResults(campaign, calls);
    expect(rows[0]).toMatchObject({ status: null, attempts: 2, lastOutcome: 'busy', result: 'busy', reached: null });
    expect(rows[0].numbersDialled).toEqual(['+391', '+392']);
    expect(rows[1].numbersDialled).toEqual([]);
    expect(rows[1]).toMatchObject({ attempts: 0, lastOutcome: null, result: 'unknown' });
    expect(unfilled).toEqual(['status', 'callerIds']);
    const bare = buildResults({ contacts: [{ phone_number: '+391' }] }, []);
    expect(bare.unfilled).toEqual(['status', 'attempts', 'lastOutcome', 'numbersDialled', 'callerIds']);
  });
});

describe("campaigns results --fields: nested paths and the contact's own columns", () => {
  it("a contact's own column by its name, in JSON, CSV and the table", async () => {
    const json = await results(['--fields', 'phone_number,first_name,result', '--json']);
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual([
      { phone_number: '+393331112222', first_name: 'Anna', result: 'answered' },
      { phone_number: '+393332223333', first_name: 'Bruno', result: 'no_answer' },
      { phone_number: '+393334445555', first_name: null, result: 'failed' },
    ]);
    const csv = await results(['--fields', 'phone_number,first_name', '-o', 'csv']);
    expect(csv.stdout).toBe('phone_number,first_name\n+393331112222,Anna\n+393332223333,Bruno\n+393334445555,\n');
    const table = await results(['--fields', 'phone_number,first_name,result'], { tty: true, columns: 80 });
    expect(
      table.stdout
        .split('\n')[0]
        .trim()
        .split(/\s{2,}/),
    ).toEqual(['NUMBER', 'FIRST NAME', 'RESULT']);
    expect(table.stdout).toMatch(/\+393331112222\s+Anna\s+answered/);
  });

  it('a nested path (fields.company); an unknown one is exit 2 with the nearest names', async () => {
    const json = await results(['--fields', 'index,fields.company', '--json']);
    expect(JSON.parse(json.stdout)).toEqual([
      { index: 1, 'fields.company': null },
      { index: 2, 'fields.company': null },
      { index: 3, 'fields.company': 'Carla Srl' },
    ]);
    const bad = await results(['--fields', 'first_nam']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('did you mean first_name');
  });
});
