// End to end against the sandbox with a test clock: create from the fixtures CSV, start, let the dialer
// finish, and check every call record against the plan `--dry-run` printed, for each strategy; plus
// the calling window, concurrency, retry delay, seeded outcomes, 409 on a second start and org scoping.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { localTime } from '../../src/campaigns/window.js';
import type { SandboxCall } from '../../src/schemas/calls.js';
import { Sandbox } from '../../src/sandbox/server.js';
import type { SandboxSettings } from '../../src/sandbox/settings.js';
import { cli, KEYS, ROOT } from '../helpers/cli.js';

const CSV = join(ROOT, 'fixtures/campaigns/leads.csv');
// Monday 2 March 2026, 08:30 in Rome: half an hour before the window opens.
const T0 = Date.parse('2026-03-02T07:30:00Z');
const MIN = 60_000;

let sandbox: Sandbox | undefined;
let clock = T0;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

async function open(settings: Partial<SandboxSettings> = {}): Promise<Sandbox> {
  clock = T0;
  sandbox = new Sandbox({ now: () => clock, settings: { timeScale: 1, ...settings } });
  await sandbox.listen(0, '127.0.0.1');
  return sandbox;
}

const flags = (strategy: string) => [
  'campaigns',
  'create',
  '--name',
  `Plan ${strategy}`,
  '--agent',
  'agent_sales',
  '--from',
  '+390212345678',
  '--contacts',
  CSV,
  '--default-country',
  'IT',
  '--from-attempts',
  '+390298765432,+393401234567',
  '--from-strategy',
  strategy,
  '--contact-strategy',
  strategy,
  '--max-retries',
  '4',
  '--retry-delay',
  '5',
  '--days',
  'mon-fri',
  '--window',
  '09:00-18:00',
  '--timezone',
  'Europe/Rome',
  '--max-concurrency',
  '2',
  '--keep-free-for-inbound',
  '1',
];

interface Plan {
  contactIndex: number;
  attempts: { attempt: number; toNumber: string; fromNumber: string }[];
}

async function createAndRun(
  sb: Sandbox,
  strategy: string,
): Promise<{ id: string; plan: Plan[]; calls: SandboxCall[] }> {
  const dry = await cli([...flags(strategy), '--dry-run'], { sandbox: sb });
  expect(dry.code, dry.stderr).toBe(0);
  expect(sb.requests()).toEqual([]);
  const { plan } = JSON.parse(dry.stdout) as { plan: Plan[] };
  const created = await cli([...flags(strategy), '--yes'], { sandbox: sb });
  expect(created.code, created.stderr).toBe(0);
  const campaign = JSON.parse(created.stdout);
  expect(campaign.status).toBe('DRAFT');
  const started = await cli(['campaigns', 'start', campaign.id], { sandbox: sb });
  expect(started.code, started.stderr).toBe(0);
  expect(JSON.parse(started.stdout).status).toBe('RUNNING');
  clock += 2 * 24 * 60 * MIN;
  const shown = await cli(['campaigns', 'show', campaign.id], { sandbox: sb });
  const detail = JSON.parse(shown.stdout);
  expect(detail.status).toBe('COMPLETED');
  const calls = sb.state.calls.filter((c) => c.campaignId === campaign.id);
  expect(detail.counters.calls).toBe(calls.length);
  return { id: campaign.id, plan, calls };
}

function expectMatchesPlan(plan: Plan[], calls: SandboxCall[]) {
  for (const call of calls) {
    const planned = plan[call.contactIndex!].attempts[call.attempt - 1];
    expect({ contact: call.contactIndex, attempt: call.attempt, to: call.toNumber, from: call.fromNumber }).toEqual({
      contact: call.contactIndex,
      attempt: call.attempt,
      to: planned.toNumber,
      from: planned.fromNumber,
    });
  }
}

describe('the dialer follows the plan that --dry-run printed', () => {
  for (const strategy of ['rolling', 'clamp', 'custom']) {
    it(`${strategy}: every attempt of every contact, as planned`, async () => {
      const sb = await open({ dialerOutcome: 'no_answer' });
      const { plan, calls } = await createAndRun(sb, strategy);
      expect(plan).toHaveLength(3);
      // No call answered: each contact uses all 1 + maxRetries attempts.
      expect(calls).toHaveLength(3 * 5);
      expectMatchesPlan(plan, calls);
      const seen = calls.map((c) => `${c.contactIndex}:${c.attempt}`).sort();
      expect(seen).toEqual(plan.flatMap((p) => p.attempts.map((a) => `${p.contactIndex}:${a.attempt}`)).sort());

      for (const c of calls) {
        // Inside the window, in the campaign's time zone, on a weekday.
        const { weekday, minutes } = localTime(Date.parse(c.startedAt), 'Europe/Rome');
        expect(weekday).toBeGreaterThanOrEqual(1);
        expect(weekday).toBeLessThanOrEqual(5);
        expect(minutes).toBeGreaterThanOrEqual(9 * 60);
        expect(minutes).toBeLessThan(18 * 60);
        expect(c).toMatchObject({ orgId: 'org_acme', direction: 'OUTBOUND', status: 'no_answer' });
      }
      // maxConcurrency 2 minus 1 kept free for inbound: never two calls at once.
      const sorted = [...calls].sort((a, b) => a.startedAt.localeCompare(b.startedAt));
      for (let i = 1; i < sorted.length; i++)
        expect(Date.parse(sorted[i].startedAt)).toBeGreaterThanOrEqual(Date.parse(sorted[i - 1].endedAt));
      // At least retryDelayMinutes between the end of an attempt and the next attempt of the same contact.
      for (let k = 0; k < 3; k++) {
        const mine = calls.filter((c) => c.contactIndex === k).sort((a, b) => a.attempt - b.attempt);
        for (let i = 1; i < mine.length; i++)
          expect(Date.parse(mine[i].startedAt) - Date.parse(mine[i - 1].endedAt)).toBeGreaterThanOrEqual(5 * MIN);
      }
      // The first call waits for 09:00 Rome (08:00Z).
      expect(sorted[0].startedAt).toBe('2026-03-02T08:00:00.000Z');
    });
  }

  it('seeded outcomes: "answered" ends a contact, anything else retries while attempts remain; same seed, same outcomes', async () => {
    const run = async () => {
      const sb = await open({ seed: 7 });
      const { id, plan, calls } = await createAndRun(sb, 'rolling');
      expectMatchesPlan(plan, calls);
      for (let k = 0; k < 3; k++) {
        const mine = calls.filter((c) => c.contactIndex === k).sort((a, b) => a.attempt - b.attempt);
        expect(mine.map((c) => c.attempt)).toEqual(mine.map((_, i) => i + 1));
        expect(mine.slice(0, -1).every((c) => c.status !== 'answered')).toBe(true);
        if (mine.at(-1)!.status !== 'answered') expect(mine).toHaveLength(5);
      }
      const detail = JSON.parse((await cli(['campaigns', 'show', id], { sandbox: sb })).stdout);
      const answered = new Set(calls.filter((c) => c.status === 'answered').map((c) => c.contactIndex));
      expect(detail.counters).toMatchObject({
        total: 3,
        pending: 0,
        inProgress: 0,
        completed: answered.size,
        failed: 3 - answered.size,
      });
      await sb.close();
      return calls.map((c) => [c.contactIndex, c.attempt, c.status]);
    };
    // Outcomes depend on the seed, the campaign's name, the contact and the attempt: the same campaign created again
    // in a fresh sandbox (a CI job run twice) replays them.
    const first = await run();
    expect(first.length).toBeGreaterThan(0);
    expect(await run()).toEqual(first);
  });

  it('counters move while the campaign runs', async () => {
    const sb = await open({ dialerOutcome: 'answered' });
    const created = JSON.parse((await cli([...flags('rolling'), '--start', '--yes'], { sandbox: sb })).stdout);
    expect(created.status).toBe('RUNNING');
    expect(created.counters).toEqual({ total: 3, pending: 3, inProgress: 0, completed: 0, failed: 0, calls: 0 });
    clock = Date.parse('2026-03-02T08:00:30Z');
    const mid = JSON.parse((await cli(['campaigns', 'show', created.id], { sandbox: sb })).stdout);
    expect(mid.counters).toMatchObject({ inProgress: 1, pending: 2 });
    clock += 60 * MIN;
    const done = JSON.parse((await cli(['campaigns', 'show', created.id], { sandbox: sb })).stdout);
    expect(done).toMatchObject({
      status: 'COMPLETED',
      counters: { total: 3, pending: 0, inProgress: 0, completed: 3, failed: 0, calls: 3 },
    });
    expect(done.contactProgress.map((p: { status: string }) => p.status)).toEqual([
      'completed',
      'completed',
      'completed',
    ]);
  });
});

describe('start, list, show', () => {
  it('start of a RUNNING campaign: the 409 shown, exit 8 (already started; test/campaigns/if-absent.test.ts)', async () => {
    const sb = await open();
    const created = JSON.parse((await cli([...flags('clamp'), '--start', '--yes'], { sandbox: sb })).stdout);
    const r = await cli(['campaigns', 'start', created.id], { sandbox: sb });
    expect(r.code).toBe(8);
    expect(r.stderr).toMatch(/error: campaign cmp_\w+ was already started \(it is RUNNING\): not started again/);
    expect(r.stderr).toMatch(/status 409 · code conflict/);
  });

  it("another organization's campaign is not found: exit 4", async () => {
    const sb = await open();
    const created = JSON.parse((await cli([...flags('clamp'), '--yes'], { sandbox: sb })).stdout);
    for (const argv of [
      ['campaigns', 'show', created.id],
      ['campaigns', 'start', created.id],
    ]) {
      const r = await cli(argv, { sandbox: sb, key: KEYS.globex });
      expect(r.code).toBe(4);
      expect(r.stderr).toMatch(/not found/);
    }
    const list = await cli(['campaigns', 'list'], { sandbox: sb, key: KEYS.globex });
    expect(JSON.parse(list.stdout)).toEqual([]);
  });

  it('scheduledAt makes it SCHEDULED, and it starts by itself at that time', async () => {
    const sb = await open({ dialerOutcome: 'answered' });
    const created = JSON.parse(
      (await cli([...flags('rolling'), '--scheduled-at', '2026-03-03T10:00:00+01:00', '--yes'], { sandbox: sb }))
        .stdout,
    );
    expect(created.status).toBe('SCHEDULED');
    clock = Date.parse('2026-03-03T08:59:00Z');
    expect(JSON.parse((await cli(['campaigns', 'show', created.id], { sandbox: sb })).stdout).status).toBe('SCHEDULED');
    clock = Date.parse('2026-03-03T12:00:00Z');
    const shown = JSON.parse((await cli(['campaigns', 'show', created.id], { sandbox: sb })).stdout);
    expect(shown).toMatchObject({ status: 'COMPLETED', startedAt: '2026-03-03T09:00:00.000Z' });
    expect(sb.state.calls.filter((c) => c.campaignId === created.id).map((c) => c.startedAt)[0]).toBe(
      '2026-03-03T09:00:00.000Z',
    );
  });

  it("scheduledAt without an offset is a local time in the campaign's timezone; Z with minutes only is ISO 8601 too", async () => {
    const sb = await open({ dialerOutcome: 'answered' });
    const create = async (at: string) => {
      const r = await cli([...flags('rolling'), '--scheduled-at', at, '--yes'], { sandbox: sb });
      expect(r.code, r.stderr).toBe(0);
      return JSON.parse(r.stdout).id as string;
    };
    // 10:00 in Rome on 3 March 2026 is 09:00Z (CET, +01:00).
    const local = await create('2026-03-03T10:00');
    const utc = await create('2026-03-03T09:30Z');
    const status = async (id: string) => JSON.parse((await cli(['campaigns', 'show', id], { sandbox: sb })).stdout);
    clock = Date.parse('2026-03-03T08:59:00Z');
    expect((await status(local)).status).toBe('SCHEDULED');
    clock = Date.parse('2026-03-03T12:00:00Z');
    expect(await status(local)).toMatchObject({
      scheduledAt: '2026-03-03T10:00',
      startedAt: '2026-03-03T09:00:00.000Z',
    });
    expect(await status(utc)).toMatchObject({ startedAt: '2026-03-03T09:30:00.000Z' });
  });

  it('list: newest first, paginated; show on a terminal: the campaign and its contacts table', async () => {
    const sb = await open();
    const ids: string[] = [];
    for (const s of ['rolling', 'clamp', 'custom']) {
      ids.push(JSON.parse((await cli([...flags(s), '--yes'], { sandbox: sb })).stdout).id);
      clock += 1000;
    }
    const all = JSON.parse((await cli(['campaigns', 'list'], { sandbox: sb })).stdout);
    expect(all.map((c: { id: string }) => c.id)).toEqual([...ids].reverse());
    const page = JSON.parse((await cli(['campaigns', 'list', '--page', '2', '--limit', '2'], { sandbox: sb })).stdout);
    expect(page).toMatchObject({ data: [{ id: ids[0] }], pagination: { page: 2, limit: 2, total: 3, totalPages: 2 } });
    const everything = JSON.parse((await cli(['campaigns', 'list', '--all', '--limit', '1'], { sandbox: sb })).stdout);
    expect(everything).toHaveLength(3);

    const tty = await cli(['campaigns', 'show', ids[0]], { sandbox: sb, tty: true });
    expect(tty.code).toBe(0);
    expect(tty.stdout).toMatch(/Status\s+DRAFT/);
    expect(tty.stdout).toMatch(/Per attempt\s+\+390298765432, \+393401234567 \(rolling\)/);
    expect(tty.stdout).toMatch(/Progress\s+total 3 · pending 3/);
    expect(tty.stdout).toMatch(/Window\s+Mon,Tue,Wed,Thu,Fri, 09:00-18:00 Europe\/Rome/);
    expect(tty.stdout).toMatch(/Contacts \(3\)/);
    expect(tty.stdout).toMatch(/\+393331112222\s+\+390612345678, \+393479998888, \+393205551234\s+pending/);
  });
});
