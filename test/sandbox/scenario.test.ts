// Sandbox scenarios through the real CLI: a scenario makes campaigns come out a known way (fixed outcomes per number,
// a failure rate, the calling window off, the speed) and replays them with its seed; a bad one is exit 2 before
// any sandbox starts; the background sandbox of --sandbox takes it from VOICECTL_SANDBOX_SCENARIO, says so, and is
// restarted with another one; `sandbox status` lists the agents, caller numbers and the keys of the instance.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { readScenario, scenarioSettings } from '../../src/sandbox/scenario.js';
import { Sandbox } from '../../src/sandbox/server.js';
import { cli, KEYS, ROOT, stopSandboxService, tempDir } from '../helpers/cli.js';

const CONTACTS = join(ROOT, 'fixtures/campaigns/contacts.json'); // +393331112222, +393332223333, +393334445555
// Monday 2 March 2026, 03:00 in Rome: outside the default window of a campaign with calling hours.
const T0 = Date.parse('2026-03-02T02:00:00Z');

let sandbox: Sandbox | undefined;
let clock = T0;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

async function open(scenario: string): Promise<Sandbox> {
  clock = T0;
  sandbox = new Sandbox({ now: () => clock, settings: scenarioSettings(readScenario(scenario, 'test')) });
  await sandbox.listen(0, '127.0.0.1');
  return sandbox;
}

const create = (name: string, extra: string[] = []) => [
  'campaigns',
  'create',
  '--name',
  name,
  '--agent',
  'agent_sales',
  '--from',
  '+390212345678',
  '--contacts',
  CONTACTS,
  '--start',
  '--yes',
  ...extra,
];

/** Creates and starts a campaign, moves the clock `ms` on, and returns each contact's [status, lastOutcome, attempts]. */
async function outcomes(sb: Sandbox, name: string, ms: number, extra: string[] = []) {
  const c = await cli(create(name, extra), { sandbox: sb });
  expect(c.code, c.stderr).toBe(0);
  const id = JSON.parse(c.stdout).id as string;
  clock += ms;
  const shown = JSON.parse((await cli(['campaigns', 'show', id], { sandbox: sb })).stdout);
  return {
    id,
    status: shown.status as string,
    contacts: (shown.contactProgress as { status: string; lastOutcome: string; attempts: number }[]).map((p) => [
      p.status,
      p.lastOutcome,
      p.attempts,
    ]),
  };
}

describe('sandbox scenarios', () => {
  it('numbers with a fixed outcome, the rest by failure rate, replayed the same by the seed', async () => {
    const scenario = JSON.stringify({
      seed: 11,
      failureRate: 0.5,
      numbers: { '+393331112222': 'answered', '+393332223333': 'no_answer', '+390298765431': 'busy' },
    });
    const run = async () => {
      const sb = await open(scenario);
      const r = await outcomes(sb, 'Rehearsal', 3 * 86_400_000, ['--max-retries', '1', '--retry-delay', '5']);
      await sb.close();
      return r;
    };
    const a = await run();
    expect(a.status).toBe('COMPLETED');
    expect(a.contacts[0]).toEqual(['completed', 'answered', 1]);
    // Contact 2: its main number never answers, its alternative (attempt 2) is busy.
    expect(a.contacts[1]).toEqual(['failed', 'busy', 2]);
    const b = await run();
    expect(b.contacts).toEqual(a.contacts);
  });

  it('failureRate 1 leaves every contact unreached; outcomes weights pick the kind', async () => {
    const sb = await open('{"failureRate": 1, "outcomes": {"answered": 1, "voicemail": 1}}');
    const r = await outcomes(sb, 'All fail', 86_400_000);
    expect(r.contacts).toEqual([
      ['failed', 'voicemail', 1],
      ['failed', 'voicemail', 1],
      ['failed', 'voicemail', 1],
    ]);
  });

  it('callingWindow ignore calls at once outside the window; enforce (the default) waits for it', async () => {
    const window = ['--days', 'mon-fri', '--window', '09:00-18:00', '--timezone', 'Europe/Rome'];
    const closed = await open('{"outcomes": {"answered": 1}}');
    const waiting = await outcomes(closed, 'Night', 60_000, window);
    expect(waiting.contacts.map((c) => c[0])).toEqual(['pending', 'pending', 'pending']);
    await closed.close();
    const ignored = await open('{"outcomes": {"answered": 1}, "callingWindow": "ignore", "speed": 60}');
    const called = await outcomes(ignored, 'Night', 60 * 60_000, window);
    expect(called.status).toBe('COMPLETED');
  });

  it('speed scales the dialer clock', async () => {
    const slow = await open('{"outcomes": {"answered": 1}, "callingWindow": "ignore", "speed": 1}');
    expect((await outcomes(slow, 'Speed', 10_000)).status).toBe('RUNNING');
    await slow.close();
    const fast = await open('{"outcomes": {"answered": 1}, "callingWindow": "ignore", "speed": 1000}');
    expect((await outcomes(fast, 'Speed', 10_000)).status).toBe('COMPLETED');
  });

  it('speed above 60 shortens a generation in proportion; 60 and below keep 1 s queued and 2.5 s processing', async () => {
    /** A generation's status `ms` after it was created. */
    const statusAfter = async (sb: Sandbox, ms: number) => {
      clock = T0;
      const c = await cli(['tts', 'create', '--text', 'Hello', '-q'], { sandbox: sb });
      expect(c.code, c.stderr).toBe(0);
      clock = T0 + ms;
      return JSON.parse((await cli(['tts', 'get', c.stdout.trim(), '--json'], { sandbox: sb })).stdout).status;
    };
    // 600: ten times the default, so 100 ms queued and 250 ms processing.
    const fast = await open('{"speed": 600}');
    expect(await statusAfter(fast, 99)).toBe('queued');
    expect(await statusAfter(fast, 100)).toBe('processing');
    expect(await statusAfter(fast, 349)).toBe('processing');
    expect(await statusAfter(fast, 350)).toBe('completed');
    await fast.close();
    for (const speed of [60, 1]) {
      const slow = await open(`{"speed": ${speed}}`);
      expect(await statusAfter(slow, 999)).toBe('queued');
      expect(await statusAfter(slow, 3499)).toBe('processing');
      expect(await statusAfter(slow, 3500)).toBe('completed');
      await slow.close();
    }
  });

  it('a bad scenario is exit 2 naming the problem, and no sandbox is started', async () => {
    const dir = tempDir();
    const fifo = join(tempDir(), 'scenario.fifo');
    execFileSync('mkfifo', [fifo]);
    const big = join(tempDir(), 'big.json');
    // The last good size is read (and judged as JSON); one byte more is refused unread.
    writeFileSync(big, `{"seed": 1}${' '.repeat(1024 * 1024 - 11)}`);
    expect(readScenario(big, '--scenario')).toEqual({ seed: 1 });
    writeFileSync(big, `{"seed": 1}${' '.repeat(1024 * 1024 - 10)}`);
    const cases: [string, RegExp][] = [
      ['{"failureRate": 2}', /VOICECTL_SANDBOX_SCENARIO is not a valid scenario: failureRate: .*1/],
      ['{"failurerate": 0.5}', /not a valid scenario: .*failurerate/],
      ['{"numbers": {"333": "answered"}}', /numbers\.333: must be an E\.164 number/],
      ['{"outcomes": {"answered": 0}}', /outcomes: needs at least one outcome/],
      ['{not json', /VOICECTL_SANDBOX_SCENARIO is not valid JSON/],
      [join(dir, 'missing.json'), /cannot read the scenario file .*missing\.json \(ENOENT\)/],
      // Bounded, regular files only: /dev/zero grew to 16 GB; a FIFO with no writer held the command for ever.
      ['/dev/zero', /the scenario file \/dev\/zero is not a regular file/],
      [fifo, /the scenario file .*scenario\.fifo is not a regular file/],
      [big, /the scenario file .*big\.json has 1048577 bytes; a scenario is at most 1048576 \(1 MiB\)/],
    ];
    for (const [value, message] of cases) {
      const r = await cli(['--sandbox', 'campaigns', 'list'], {
        configDir: dir,
        key: null,
        env: { VOICECTL_SANDBOX_SCENARIO: value },
      });
      expect(r.code, value).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(existsSync(join(dir, 'sandbox.json'))).toBe(false);
    }
    const fg = await cli(['sandbox', '--port', '0', '--scenario', '{"speed": 0}']);
    expect(fg.code).toBe(2);
    expect(fg.stderr).toMatch(/--scenario is not a valid scenario: speed:/);
  });
});

describe('the background sandbox and its scenario', () => {
  const dir = tempDir();
  afterAll(() => stopSandboxService(dir));

  it('takes VOICECTL_SANDBOX_SCENARIO (a file), says what it has on its first start, and shows it in status', async () => {
    const file = join(tempDir(), 'ci-failures.json');
    writeFileSync(file, JSON.stringify({ seed: 3, failureRate: 1, callingWindow: 'ignore', speed: 1_000_000 }));
    const env = { VOICECTL_SANDBOX_SCENARIO: file };
    const created = await cli(['--sandbox', ...create('CI failures')], { configDir: dir, key: null, env });
    expect(created.code, created.stderr).toBe(0);
    expect(created.stderr).toMatch(/^sandbox: started a background sandbox/m);
    expect(created.stderr).toMatch(/^sandbox: Acme Srl: agents agent_sales, agent_support$/m);
    expect(created.stderr).toMatch(
      /^sandbox: Acme Srl: caller numbers \+390212345678, \+390298765432, \+393401234567$/m,
    );
    expect(created.stderr).toMatch(/^sandbox: Globex Inc: agents agent_globex$/m);
    expect(created.stderr).toMatch(/^sandbox: scenario: 100% not answered; calling window ignored; 1000000x; seed 3$/m);
    expect(created.stderr).toMatch(/^sandbox: its keys, and more: voicectl sandbox status$/m);
    for (const line of created.stderr.split('\n').filter((l) => /^sandbox: (Acme|Globex|its)/.test(l)))
      expect(line.length).toBeLessThanOrEqual(80);
    expect(created.stderr).toContain('scenario from VOICECTL_SANDBOX_SCENARIO');
    const id = JSON.parse(created.stdout).id;
    const shown = await cli(['--sandbox', 'campaigns', 'show', id], { configDir: dir, key: null, env });
    expect(JSON.parse(shown.stdout)).toMatchObject({ status: 'COMPLETED', counters: { completed: 0, failed: 3 } });
    expect(shown.stderr).not.toMatch(/started|restarting/);

    const status = await cli(['sandbox', 'status', '--json'], { configDir: dir, key: null });
    const s = JSON.parse(status.stdout);
    expect(s.scenario).toEqual({ callingWindow: 'ignore', failureRate: 1, seed: 3, speed: 1_000_000 });
    expect(s.organizations[0]).toMatchObject({
      id: 'org_acme',
      agents: ['agent_sales', 'agent_support'],
      numbers: ['+390212345678', '+390298765432', '+393401234567'],
    });
    // The keys of this instance, from the 0600 sandbox.json (its owner's), never the demo constants.
    const keys = JSON.parse(readFileSync(join(dir, 'sandbox.json'), 'utf8')).keys;
    expect(s.organizations.flatMap((o: { keys: { key: string }[] }) => o.keys.map((k) => k.key))).toEqual([
      keys.key_acme_full,
      keys.key_acme_read,
      keys.key_globex_full,
    ]);
    expect(keys.key_acme_read).toMatch(/^vk_sandbox_acme_read_[0-9a-f]{24}$/);
    expect(Object.values(keys)).not.toContain(KEYS.acme);
    const table = await cli(['sandbox', 'status'], { configDir: dir, key: null, tty: true, columns: 100 });
    expect(table.stdout).toMatch(/Scenario\s+100% not answered; calling window ignored/);
    expect(table.stdout).toMatch(/Agents\s+agent_sales, agent_support/);
    expect(table.stdout).toMatch(/Caller numbers\s+\+12125550100, \+12125550101/);
    expect(table.stdout).toContain(`${keys.key_acme_read}  Acme, read-only`);

    // Without the scenario the next command restarts it with none; the state carries over.
    const plain = await cli(['--sandbox', 'campaigns', 'show', id], { configDir: dir, key: null });
    expect(plain.code).toBe(0);
    expect(plain.stderr).toMatch(
      /restarting the background sandbox with the scenario of VOICECTL_SANDBOX_SCENARIO: default/,
    );
    expect(JSON.parse(plain.stdout).id).toBe(id);
  });
});
