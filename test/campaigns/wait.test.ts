// campaigns wait and show --watch --timeout/--exit-status, through the real CLI against a sandbox whose clock is the
// command's own (virtualClock): each wait between reads moves the sandbox's dialer on, so every run sees the same
// states, with no real sleep. Scenarios fix the outcome per number, so who is reached is known in advance.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Sandbox } from '../../src/sandbox/server.js';
import type { SandboxSettings } from '../../src/sandbox/settings.js';
import { cli, ROOT, type VirtualClock, virtualClock } from '../helpers/cli.js';

const CONTACTS = join(ROOT, 'fixtures/campaigns/contacts.json'); // +393331112222, +393332223333, +393334445555
// Monday 2 March 2026, 10:00 in Rome: inside a Mon-Fri 09:00-18:00 window.
const T0 = Date.parse('2026-03-02T09:00:00Z');
/** stderr's notes, each with the lines a terminal's wrapping continued it on (indented) joined back. */
const entries = (stderr: string) =>
  stderr
    .trimEnd()
    .split(/\n(?! )/)
    .map((e) => e.replace(/\n +/g, ' '));
const ALL_ANSWER: Partial<SandboxSettings> = { outcomeWeights: { answered: 1 } };
const ONE_NEVER: Partial<SandboxSettings> = {
  outcomeWeights: { answered: 1 },
  outcomesByNumber: { '+393332223333': 'no_answer', '+390298765431': 'busy' },
};

let sandbox: Sandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

async function setup(
  settings: Partial<SandboxSettings>,
  extra: string[] = ['--start'],
): Promise<{ sb: Sandbox; clock: VirtualClock; id: string }> {
  const clock = virtualClock(T0);
  const sb = new Sandbox({ now: clock.now, settings });
  sandbox = sb;
  await sb.listen(0, '127.0.0.1');
  const r = await cli(
    [
      'campaigns',
      'create',
      '--name',
      'Waited',
      '--agent',
      'agent_sales',
      '--from',
      '+390212345678',
      '--contacts',
      CONTACTS,
      '--max-retries',
      '1',
      '--retry-delay',
      '5',
      '--yes',
      ...extra,
    ],
    { sandbox: sb, clock },
  );
  expect(r.code, r.stderr).toBe(0);
  return { sb, clock, id: JSON.parse(r.stdout).id };
}

describe('campaigns wait', () => {
  it('piped: one JSON line per change, the last one final; exit 0 when every contact was reached', async () => {
    const { sb, clock, id } = await setup(ALL_ANSWER);
    const r = await cli(['campaigns', 'wait', id, '--exit-status'], { sandbox: sb, clock });
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    const records = lines.map((l) => JSON.parse(l));
    expect(records.length).toBeGreaterThanOrEqual(2);
    expect(new Set(lines).size).toBe(lines.length);
    expect(records[0]).toMatchObject({ id, name: 'Waited', status: 'RUNNING' });
    expect(records.at(-1)).toMatchObject({
      id,
      status: 'COMPLETED',
      notReached: 0,
      counters: { total: 3, completed: 3, failed: 0 },
    });
    expect(Object.keys(records[0])).toEqual(['id', 'name', 'status', 'counters', 'notReached', 'completedAt']);
    // Reads every 5 s, and only the campaign's detail.
    expect(new Set(clock.waits)).toEqual(new Set([5000]));
    expect(sb.requests('GET').every((e) => e.path === `/v1/campaigns/${id}`)).toBe(true);
  });

  it('--exit-status: exit 10 naming the contacts not reached and where to see who; without it, exit 0', async () => {
    const { sb, clock, id } = await setup(ONE_NEVER);
    const r = await cli(['campaigns', 'wait', id, '--exit-status', '--json'], { sandbox: sb, clock });
    expect(r.code).toBe(10);
    expect(JSON.parse(r.stdout)).toMatchObject({ id, status: 'COMPLETED', notReached: 1 });
    expect(r.stderr).toContain(`error: campaign ${id} finished with 1 contact not reached`);
    expect(r.stderr).toContain(`Who was not reached: voicectl campaigns results ${id} --status not_reached`);
    const plain = await cli(['campaigns', 'wait', id, '--json'], { sandbox: sb, clock });
    expect(plain.code).toBe(0);
    const json = await cli(['campaigns', 'wait', id, '--exit-status', '--json'], { sandbox: sb, clock });
    expect(JSON.parse(json.stderr.slice(json.stderr.indexOf('{')))).toMatchObject({
      error: { code: 'not_reached', exitCode: 10 },
    });
  });

  it('--timeout: exit 6 with the command that waits again (its flags kept), the last state printed', async () => {
    // Created at 10:00 for a window that opens at 20:00: it stays RUNNING with nobody called.
    const { sb, clock, id } = await setup(ALL_ANSWER, ['--start', '--window', '20:00-21:00']);
    const r = await cli(['campaigns', 'wait', id, '--timeout', '1m', '--exit-status'], { sandbox: sb, clock });
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('error: gave up after 1m: 1 of 1 campaign still running');
    expect(r.stderr).toMatch(new RegExp(`${id}  RUNNING  3 contacts: completed 0 · failed 0 · pending 3`));
    expect(r.stderr).toContain(`Wait again with: voicectl campaigns wait ${id} --exit-status --timeout 1m`);
    expect(JSON.parse(r.stdout.trimEnd().split('\n')[0])).toMatchObject({ id, status: 'RUNNING' });
    expect(clock.waits.reduce((a, b) => a + b, 0)).toBe(60_000);
  });

  it('on a terminal, a campaign waiting for its calling window says when it opens, on the sandbox clock', async () => {
    const { sb, clock, id } = await setup(ALL_ANSWER, ['--start', '--window', '20:00-21:00']);
    const r = await cli(['campaigns', 'wait', id, '--timeout', '1m'], { sandbox: sb, clock, tty: true });
    expect(r.code).toBe(6);
    expect(entries(r.stderr)[0]).toMatch(
      new RegExp(
        `^\\d\\d:\\d\\d:\\d\\d  ${id}  RUNNING  3 contacts: completed 0 · failed 0 · pending 3 · waiting for the calling window: opens Mon 20:00 Europe/Rome, in 10 min \\(sandbox clock, 60x\\)$`,
      ),
    );
    const watch = await cli(['campaigns', 'show', id, '--watch', '--timeout', '10s'], {
      sandbox: sb,
      clock,
      tty: true,
    });
    expect(watch.code).toBe(6);
    expect(watch.stdout.replace(/\x1b\[K/g, '')).toMatch(
      /^waiting for the calling window: opens Mon 20:00 Europe\/Rome, in \d+ min \(sandbox clock, 60x\)$/m,
    );
  });

  it('on a terminal: a line per change on stderr, then a table of the final state that fits 80 columns', async () => {
    const { sb, clock, id } = await setup(ONE_NEVER);
    const r = await cli(['campaigns', 'wait', id], { sandbox: sb, clock, tty: true, columns: 80 });
    expect(r.code, r.stderr).toBe(0);
    const progress = entries(r.stderr);
    expect(progress[0]).toMatch(new RegExp(`^\\d\\d:\\d\\d:\\d\\d  ${id}  RUNNING  3 contacts: `));
    expect(progress.at(-1)).toMatch(/COMPLETED {2}3 contacts: completed 2 · failed 1 · calls \d+$/);
    const [head, row] = r.stdout.trimEnd().split('\n');
    expect(head).toMatch(/^ID\s+NAME\s+STATUS\s+REACHED\s+NOT REACHED/);
    expect(row).toMatch(new RegExp(`^${id}\\s+Waited\\s+COMPLETED\\s+2/3\\s+1`));
    for (const line of r.stdout.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
  });

  it('several campaigns: waits for all; -o ndjson streams on a terminal too', async () => {
    const { sb, clock, id } = await setup(ALL_ANSWER);
    const second = await cli(
      [
        'campaigns',
        'create',
        '--name',
        'Second',
        '--agent',
        'agent_sales',
        '--from',
        '+390212345678',
        '--contacts',
        CONTACTS,
        '--start',
        '--yes',
        '-q',
      ],
      { sandbox: sb, clock },
    );
    const other = second.stdout.trim();
    const r = await cli(['campaigns', 'wait', id, other, '-o', 'ndjson'], { sandbox: sb, clock, tty: true });
    expect(r.code, r.stderr).toBe(0);
    const finals = new Map(
      r.stdout
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l))
        .map((p) => [p.id, p.status]),
    );
    expect(Object.fromEntries(finals)).toEqual({ [id]: 'COMPLETED', [other]: 'COMPLETED' });
  });

  it('a campaign never started stops the wait with how to start it; an unknown one is exit 4', async () => {
    const { sb, clock, id } = await setup(ALL_ANSWER, []);
    const r = await cli(['campaigns', 'wait', id], { sandbox: sb, clock });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`campaign ${id} is DRAFT: it will not finish by itself`);
    expect(r.stderr).toContain(`Start it with: voicectl campaigns start ${id}`);
    const missing = await cli(['campaigns', 'wait', 'cmp_nope'], { sandbox: sb, clock });
    expect(missing.code).toBe(4);
    expect(missing.stderr).toContain('campaign cmp_nope not found');
  });

  it('campaigns create --start and campaigns start on a terminal say how to follow it and how to wait for its outcome', async () => {
    const { sb, clock, id } = await setup(ALL_ANSWER, []);
    const started = await cli(['campaigns', 'start', id], { sandbox: sb, clock, tty: true });
    expect(started.stderr).toContain(`Follow it with: voicectl campaigns show ${id} --watch\n`);
    expect(started.stderr).toContain(`Or wait for its outcome: voicectl campaigns wait ${id} --exit-status\n`);
    const created = await cli(
      [
        ...['campaigns', 'create', '--name', 'Hinted', '--agent', 'agent_sales', '--from', '+390212345678'],
        ...['--contacts', CONTACTS, '--start', '--yes'],
      ],
      { sandbox: sb, clock, tty: true },
    );
    expect(created.code, created.stderr).toBe(0);
    expect(created.stderr).toMatch(/Or wait for its outcome: voicectl campaigns wait cmp_\w+ --exit-status\n/);
    expect(created.stderr).not.toContain('Start it with');
  });

  it('--jq and --fields apply to the final state, as with --json', async () => {
    const { sb, clock, id } = await setup(ONE_NEVER);
    const r = await cli(['campaigns', 'wait', id, '--jq', '.notReached'], { sandbox: sb, clock });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('1\n');
  });

  it('bad flags are exit 2 before any request', async () => {
    const { sb, clock, id } = await setup(ALL_ANSWER);
    sb.log.length = 0;
    const r = await cli(['campaigns', 'wait', id, '--timeout', 'soon'], { sandbox: sb, clock });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--timeout: must be a duration/);
    expect(sb.log).toEqual([]);
  });
});

describe('campaigns show --watch --timeout --exit-status', () => {
  it('--exit-status: exit 10 once it finished with a contact not reached, the final record printed', async () => {
    const { sb, clock, id } = await setup(ONE_NEVER);
    const r = await cli(['campaigns', 'show', id, '--watch', '--exit-status'], { sandbox: sb, clock });
    expect(r.code).toBe(10);
    expect(JSON.parse(r.stdout)).toMatchObject({ id, status: 'COMPLETED' });
    expect(r.stderr).toContain('finished with 1 contact not reached');
    // Already finished: shown once, same exit.
    const again = await cli(['campaigns', 'show', id, '--watch', '--exit-status'], { sandbox: sb, clock });
    expect(again.code).toBe(10);
  });

  it('--timeout: exit 6 with the command that watches again; piped, the last record is still one document', async () => {
    const { sb, clock, id } = await setup(ALL_ANSWER, ['--start', '--window', '20:00-21:00']);
    const r = await cli(['campaigns', 'show', id, '--watch', '--timeout', '30s'], { sandbox: sb, clock });
    expect(r.code).toBe(6);
    expect(JSON.parse(r.stdout)).toMatchObject({ id, status: 'RUNNING' });
    expect(r.stderr).toContain('gave up after 30s');
    expect(r.stderr).toContain(`Wait again with: voicectl campaigns show ${id} --watch --timeout 30s`);
  });

  it('--timeout without --watch is said to do nothing', async () => {
    const { sb, clock, id } = await setup(ALL_ANSWER);
    const r = await cli(['campaigns', 'show', id, '--timeout', '30s'], { sandbox: sb, clock });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('warning: --timeout has no effect without --watch');
  });
});
