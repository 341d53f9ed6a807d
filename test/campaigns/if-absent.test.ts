// Safe to rerun: campaigns create --if-absent (with --start, --dry-run) and campaigns start on a campaign already
// started (exit 8, or 0 with --if-not-running). What was created or started is counted in the sandbox's request log.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Sandbox } from '../../src/sandbox/server.js';
import { type CliOptions, cli as runCli, KEYS, ROOT } from '../helpers/cli.js';

const CONTACTS = join(ROOT, 'fixtures/campaigns/contacts.json'); // 3 contacts
const CONTACT_LIST: unknown[] = JSON.parse(readFileSync(CONTACTS, 'utf8'));
const FROM = '+390212345678';
const create = (name: string, ...more: string[]) => [
  'campaigns',
  'create',
  '--name',
  name,
  '--agent',
  'agent_sales',
  '--from',
  FROM,
  '--contacts',
  CONTACTS,
  '--if-absent',
  ...more,
];

const T0 = Date.parse('2026-11-23T05:00:00Z');
let sandbox: Sandbox;
beforeAll(async () => {
  // A clock that stands still: a started campaign stays RUNNING (its dialer moves only when time does).
  sandbox = new Sandbox({ now: () => T0, settings: { ttsQueueMs: 0, ttsProcessMs: 0 } });
  await sandbox.listen(0, '127.0.0.1');
});
afterAll(() => sandbox.close());
beforeEach(() => {
  sandbox.state.campaigns.length = 0;
  sandbox.log.length = 0;
  sandbox.clearFaults();
});

const cli = (argv: string[], opts: CliOptions = {}) => runCli(argv, { sandbox, ...opts });
const creates = () => sandbox.requests('POST', '/v1/campaigns').filter((e) => e.path === '/v1/campaigns');
const starts = () => sandbox.requests('POST', '/v1/campaigns/').filter((e) => e.path.endsWith('/start'));
const writes = () => sandbox.requests().filter((e) => e.method !== 'GET');

/** Creates a campaign directly over HTTP (not through the CLI), and leaves the request log empty. */
async function seed(body: Record<string, unknown>): Promise<{ id: string; status: string }> {
  const res = await fetch(`${sandbox.url}/v1/campaigns`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEYS.acme}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      agentId: 'agent_sales',
      fromNumber: FROM,
      contacts: CONTACT_LIST,
      ...body,
    }),
  });
  if (res.status !== 201) throw new Error(`seed: ${res.status} ${await res.text()}`);
  sandbox.log.length = 0;
  return ((await res.json()) as { data: { id: string; status: string } }).data;
}

describe('campaigns create --if-absent', () => {
  it('creates the first time; the second run prints the same campaign, says so and creates nothing', async () => {
    const first = await cli(create('Nightly 2026-11-23'));
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain('no campaign is named "Nightly 2026-11-23" yet');
    const made = JSON.parse(first.stdout);
    expect(creates()).toHaveLength(1);

    sandbox.log.length = 0;
    const second = await cli(create('Nightly 2026-11-23'));
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toContain(`campaign "Nightly 2026-11-23" already exists (${made.id}, DRAFT): not created`);
    expect(JSON.parse(second.stdout)).toMatchObject({ id: made.id, name: 'Nightly 2026-11-23', status: 'DRAFT' });
    expect(writes()).toEqual([]);
    expect(sandbox.state.campaigns).toHaveLength(1);

    const quiet = await cli(create('Nightly 2026-11-23', '-q'));
    expect(quiet.stdout).toBe(`${made.id}\n`);
  });

  it('the name must match exactly: another case or a prefix is another campaign', async () => {
    await seed({ name: 'nightly' });
    await seed({ name: 'Nightly 2' });
    const r = await cli(create('Nightly'));
    expect(r.code, r.stderr).toBe(0);
    expect(creates()).toHaveLength(1);
    expect(sandbox.state.campaigns.map((c) => c.name)).toEqual(['nightly', 'Nightly 2', 'Nightly']);
  });

  it('--start: created and started in one request; a rerun finds it RUNNING and starts nothing', async () => {
    const first = await cli(create('Nightly', '--start'));
    expect(first.code, first.stderr).toBe(0);
    expect(creates().map((e) => (e.body as { startImmediately?: boolean }).startImmediately)).toEqual([true]);

    sandbox.log.length = 0;
    const second = await cli(create('Nightly', '--start'));
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toMatch(
      /already exists \(cmp_\w+, RUNNING\): not created; it was started before: not started again/,
    );
    expect(JSON.parse(second.stdout).status).toBe('RUNNING');
    expect(writes()).toEqual([]);
  });

  it('--start on one that exists as DRAFT starts it, once', async () => {
    const { id } = await seed({ name: 'Nightly' });
    const r = await cli(create('Nightly', '--start'));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`already exists (${id}, DRAFT): not created; starting it`);
    expect(JSON.parse(r.stdout)).toMatchObject({ id, status: 'RUNNING' });
    expect(creates()).toEqual([]);
    expect(starts().map((e) => e.path)).toEqual([`/v1/campaigns/${id}/start`]);

    const again = await cli(create('Nightly', '--start'));
    expect(again.code, again.stderr).toBe(0);
    expect(starts()).toHaveLength(1);
  });

  it('--start whose start answers 2xx without the campaign (4.5 shows no body): exit 0, the campaign found printed', async () => {
    const { id } = await seed({ name: 'Nightly' });
    sandbox.addFault({ method: 'POST', path: `/v1/campaigns/${id}/start`, kind: 'missing-data' });
    const r = await cli(create('Nightly', '--start'));
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ id, name: 'Nightly' });
    expect(starts()).toHaveLength(1);
  });

  it('on a terminal, starting the DRAFT that exists is confirmed first; "n" or Enter starts nothing (exit 130)', async () => {
    await seed({ name: 'Nightly' });
    for (const answer of ['n\r', '\r']) {
      const no = await cli(create('Nightly', '--start'), { tty: true, stdin: answer });
      expect(no.code).toBe(130);
      expect(no.stderr).toContain('Start campaign cmp_');
      expect(no.stderr).toContain('(y/N)');
      expect(no.stderr).toContain('cancelled at the confirmation; nothing was started');
      expect(writes()).toEqual([]);
    }
    const yes = await cli(create('Nightly', '--start'), { tty: true, stdin: 'y\r' });
    expect(yes.code, yes.stderr).toBe(0);
    expect(starts()).toHaveLength(1);
  });

  it('--start does not resume a PAUSED campaign (someone paused it), and says how to', async () => {
    const { id } = await seed({ name: 'Nightly' });
    sandbox.state.campaigns.find((c) => c.id === id)!.status = 'PAUSED';
    const r = await cli(create('Nightly', '--start'));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`it is PAUSED: not resumed (resume it with voicectl campaigns start ${id})`);
    expect(writes()).toEqual([]);
  });

  it('the commands it suggests keep the global flags it was given (--base-url here), as every hint does', async () => {
    const { id } = await seed({ name: 'Nightly' });
    sandbox.state.campaigns.find((c) => c.id === id)!.status = 'PAUSED';
    const r = await cli(['--base-url', sandbox.url, ...create('Nightly', '--start')]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`(resume it with voicectl --base-url ${sandbox.url} campaigns start ${id})`);
    const fresh = await cli(['--base-url', sandbox.url, ...create('Fresh')], { tty: true, stdin: 'y\r' });
    expect(fresh.code, fresh.stderr).toBe(0);
    expect(fresh.stderr).toMatch(new RegExp(`Start it with: voicectl --base-url ${sandbox.url} campaigns start cmp_`));
  });

  it('--start on one whose record shows no status: not started, and says how to', async () => {
    const { id } = await seed({ name: 'Nightly' });
    delete (sandbox.state.campaigns[0] as { status?: string }).status;
    const r = await cli(create('Nightly', '--start'));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(
      `already exists (${id}, status unknown): not created; its state is not shown, so it is not started (voicectl campaigns start ${id} --if-not-running starts it if it never was)`,
    );
    expect(writes()).toEqual([]);
  });

  it('a different contact count under the same name stops with exit 9 and sends nothing', async () => {
    const { id } = await seed({ name: 'Nightly', contacts: [{ phone_number: '+393331234567' }] });
    const r = await cli(create('Nightly', '--start', '--json'));
    expect(r.code).toBe(9);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(
      `error: campaign "Nightly" already exists (${id}, DRAFT) and differs from this one: contacts 1, this run 3`,
    );
    expect(r.stderr).toContain('Nothing was created or started');
    expect(JSON.parse(r.stderr.trim().split('\n').at(-1)!).error).toMatchObject({
      code: 'exists_different',
      exitCode: 9,
    });
    expect(writes()).toEqual([]);
    // It was read, not written: the list, then the detail of the campaign found.
    expect(sandbox.requests().map((e) => `${e.method} ${e.path}`)).toEqual([
      'GET /v1/campaigns',
      `GET /v1/campaigns/${id}`,
    ]);
  });

  it('a different caller ID (fromNumber) under the same name stops with exit 9', async () => {
    await seed({ name: 'Nightly' });
    const same = await cli(create('Nightly'));
    expect(same.code, same.stderr).toBe(0);
    const r = await cli(create('Nightly').map((a) => (a === FROM ? '+390298765432' : a)));
    expect(r.code).toBe(9);
    expect(r.stderr).toContain('fromNumber +390212345678, this run +390298765432');
    expect(writes()).toEqual([]);
  });

  it('walks every page of the list, as --all does', async () => {
    const { id } = await seed({ name: 'Nightly' }); // the oldest: on the last page
    for (let i = 0; i < 100; i++) await seed({ name: `Other ${i}` });
    const r = await cli(create('Nightly', '-q'));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`${id}\n`);
    expect(sandbox.requests('GET', '/v1/campaigns').map((e) => e.query.page)).toContain('2');
    expect(writes()).toEqual([]);
  });

  it('of several with the name (runs before --if-absent), the newest is used, and the count said', async () => {
    await seed({ name: 'Nightly' });
    const newest = await seed({ name: 'Nightly' });
    sandbox.state.campaigns.at(-1)!.createdAt = new Date(T0 + 1000).toISOString();
    const r = await cli(create('Nightly', '-q'));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`${newest.id}\n`);
    expect(r.stderr).toContain('(2 campaigns have this name; this is the newest)');
  });

  it('invalid input is refused before any request, the lookup included', async () => {
    const r = await cli(create('Nightly', '--max-retries', '6'));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--max-retries: must be from 0 to 5 (got 6)');
    expect(sandbox.requests()).toEqual([]);
  });

  describe('with --dry-run', () => {
    it('says it would create, reads the list and sends nothing else', async () => {
      const r = await cli(create('Nightly', '--start', '--dry-run'));
      expect(r.code, r.stderr).toBe(0);
      const doc = JSON.parse(r.stdout);
      expect(doc.ifAbsent).toEqual({ exists: false, action: 'create' });
      expect(doc.body).toMatchObject({ name: 'Nightly', startImmediately: true });
      expect(sandbox.requests().map((e) => `${e.method} ${e.path}`)).toEqual(['GET /v1/campaigns']);
    });

    it('says which campaign exists, its state, and whether it would start it', async () => {
      const { id } = await seed({ name: 'Nightly' });
      const plain = await cli(create('Nightly', '--dry-run'));
      expect(JSON.parse(plain.stdout).ifAbsent).toEqual({ exists: true, id, status: 'DRAFT', action: 'none' });
      const start = await cli(create('Nightly', '--dry-run', '--start'));
      expect(JSON.parse(start.stdout).ifAbsent).toEqual({ exists: true, id, status: 'DRAFT', action: 'start' });
      const tty = await cli(create('Nightly', '--dry-run', '--start'), { sandbox, tty: true });
      expect(tty.stdout).toContain(
        `Campaign "Nightly" already exists (${id}, DRAFT): nothing would be created; it would be started. This run's campaign:`,
      );
      expect(writes()).toEqual([]);
    });

    it('on a terminal, when absent: "it would be created"', async () => {
      const r = await cli(create('Nightly', '--dry-run'), { sandbox, tty: true });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(
        /^Dry run: nothing was created or started .*\nNo campaign is named "Nightly" yet: it would be created\./,
      );
    });

    it('a campaign that differs is the same exit 9', async () => {
      await seed({ name: 'Nightly', contacts: [{ phone_number: '+393331234567' }] });
      const r = await cli(create('Nightly', '--dry-run'));
      expect(r.code).toBe(9);
      expect(r.stdout).toBe('');
      expect(writes()).toEqual([]);
    });
  });

  it('a name with control characters reaches the terminal escaped', async () => {
    const r = await cli(create('Night\x1b[2Jly'));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('no campaign is named "Night\\x1b[2Jly" yet');
  });
});

describe('campaigns start on a campaign already started', () => {
  it('exits 8, says it was already running, and nothing changes', async () => {
    const { id } = await seed({ name: 'Running', startImmediately: true });
    const r = await cli(['campaigns', 'start', id, '--json']);
    expect(r.code).toBe(8);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`error: campaign ${id} was already started (it is RUNNING): not started again`);
    expect(r.stderr).toMatch(/The API answered status 409 · code conflict · requestId req_\w+/);
    // The --json error carries the 409 that said so, as the human lines do.
    const start = sandbox.requests('POST', `/v1/campaigns/${id}/start`)[0];
    expect(JSON.parse(r.stderr.trim().split('\n').at(-1)!).error).toEqual({
      code: 'already_started',
      message: `campaign ${id} was already started (it is RUNNING): not started again`,
      status: 409,
      requestId: expect.stringMatching(/^req_\w+$/),
      exitCode: 8,
    });
    const said = /The API answered status 409 · code conflict · requestId (req_\w+)/.exec(r.stderr)?.[1];
    expect(JSON.parse(r.stderr.trim().split('\n').at(-1)!).error.requestId).toBe(said);
    expect(start.status).toBe(409);
    expect(sandbox.requests().map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual([
      `POST /v1/campaigns/${id}/start 409`,
      `GET /v1/campaigns/${id} 200`,
    ]);
  });

  it('--if-not-running: exit 0, the campaign printed, the state said', async () => {
    const { id } = await seed({ name: 'Running', startImmediately: true });
    const r = await cli(['campaigns', 'start', id, '--if-not-running']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`campaign ${id} was already started (it is RUNNING): not started again`);
    expect(JSON.parse(r.stdout)).toMatchObject({ id, status: 'RUNNING' });
  });

  it('--if-not-running on a DRAFT starts it as usual', async () => {
    const { id } = await seed({ name: 'Draft' });
    const r = await cli(['campaigns', 'start', id, '--if-not-running']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ id, status: 'RUNNING' });
    expect(starts()).toHaveLength(1);
  });

  it('a 409 while the campaign is still startable is another conflict: the API error, exit 1', async () => {
    const { id } = await seed({ name: 'Draft' });
    sandbox.addFault({ method: 'POST', path: `/v1/campaigns/${id}/start`, status: 409 });
    const r = await cli(['campaigns', 'start', id, '--if-not-running']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/status 409/);
    expect(r.stdout).toBe('');
  });

  it('an unknown id is still 404, exit 4', async () => {
    const r = await cli(['campaigns', 'start', 'cmp_nope', '--if-not-running']);
    expect(r.code).toBe(4);
  });
});
