// campaigns show --watch against a sandbox whose clock moves only when the campaign is read: each GET of the
// campaign advances its dialer by STEP, so every run sees the same sequence of states, with no timer racing the
// watch. On a terminal each change redraws the whole view (contacts table included); -o ndjson prints one line
// per change; piped JSON is one document, the final record.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Sandbox } from '../../src/sandbox/server.js';
import { cli, ROOT, tempDir } from '../helpers/cli.js';
import { HAS_SCRIPT, onTerminal } from '../helpers/terminal.js';

const CONTACTS = join(ROOT, 'fixtures/campaigns/contacts.json');
const T0 = Date.parse('2026-03-02T08:00:00Z');
const STEP = 2 * 60_000;
const CLEAR = '\x1b[H\x1b[2J';
/** Each frame starts at home: the first clears the screen, the later ones rewrite it in place. */
const FRAME = /\x1b\[H(?:\x1b\[2J)?/;
/** The frames of a watch, without the erase-to-end-of-line and erase-below of each. */
const framesOf = (stdout: string) =>
  stdout
    .split(FRAME)
    .slice(1)
    .map((f) => f.replace(/\x1b\[K/g, '').replace(/\x1b\[J/g, ''));

let sandbox: Sandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

/** A started campaign of 3 contacts, called one at a time, every call answered (a DRAFT with `['--yes']`). */
async function runningCampaign(finish = ['--start', '--yes']): Promise<{ sb: Sandbox; id: string }> {
  let reads = (): number => 0;
  const sb = new Sandbox({
    now: () => T0 + reads() * STEP,
    settings: { timeScale: 1, dialerOutcome: 'answered' },
  });
  reads = () => sb.requests('GET', '/v1/campaigns/').length;
  sandbox = sb;
  await sb.listen(0, '127.0.0.1');
  const create = await cli(
    [
      'campaigns',
      'create',
      '--name',
      'Watched',
      '--agent',
      'agent_sales',
      '--from',
      '+390212345678',
      '--contacts',
      CONTACTS,
      '--max-concurrency',
      '1',
      ...finish,
    ],
    { sandbox: sb },
  );
  expect(create.code).toBe(0);
  return { sb, id: JSON.parse(create.stdout).id };
}

const watch = (id: string) => ['campaigns', 'show', id, '--watch', '--interval', '0.05'];

/** The Status column of each contact row of a frame's contacts table, in the contacts' order. */
function contactStatuses(frame: string): string[] {
  const rows = frame.slice(frame.indexOf('Contacts (3)')).split('\n');
  return ['+393331112222', '+393332223333', '+393334445555'].map(
    (n) => /\s(pending|calling|completed|failed)\s/.exec(rows.find((r) => r.includes(n)) ?? '')?.[1] ?? '?',
  );
}

describe('campaigns show --watch', () => {
  it('on a terminal redraws the whole view, contacts table included, at each check', async () => {
    const { sb, id } = await runningCampaign();
    const r = await cli(watch(id), { sandbox: sb, tty: true });
    expect(r.code).toBe(0);
    expect(r.stdout.startsWith(CLEAR)).toBe(true);
    // Cleared once; every later frame is written over the last, so the scrollback does not fill with copies.
    expect(r.stdout.split(CLEAR)).toHaveLength(2);
    const frames = framesOf(r.stdout);
    expect(frames.length).toBeGreaterThanOrEqual(2);
    for (const frame of frames) {
      expect(frame).toMatch(new RegExp(`^Watching ${id}`));
      expect(frame).toContain('Contacts (3)');
    }
    expect(frames[0]).toMatch(/Status\s+RUNNING/);
    expect(contactStatuses(frames[0])).not.toEqual(['completed', 'completed', 'completed']);
    const last = frames.at(-1)!;
    expect(last).toMatch(/Status\s+COMPLETED/);
    expect(last).toMatch(/Progress\s+total 3 · pending 0 · inProgress 0 · completed 3/);
    expect(contactStatuses(last)).toEqual(['completed', 'completed', 'completed']);
    // A frame at every read, changed or not: the header's time says when it last looked (a view that stays still
    // for minutes, outside the calling window, would look frozen).
    expect(frames.length).toBe(sb.requests('GET', `/v1/campaigns/${id}`).length);
    expect(r.stderr).toContain('Campaign is COMPLETED: it will not change by itself, stopped watching.');
  });

  it('piped prints one JSON document: the final record', async () => {
    const { sb, id } = await runningCampaign();
    const r = await cli(watch(id), { sandbox: sb });
    expect(r.code).toBe(0);
    const c = JSON.parse(r.stdout);
    expect(c).toMatchObject({ id, status: 'COMPLETED' });
    expect(c.contactProgress.map((p: { status: string }) => p.status)).toEqual(['completed', 'completed', 'completed']);
    // The watch did poll: more than one read of the campaign.
    expect(sb.requests('GET', `/v1/campaigns/${id}`).length).toBeGreaterThan(1);
  });

  it('-o ndjson prints one line per change, the first state first and the final one last', async () => {
    const { sb, id } = await runningCampaign();
    const r = await cli([...watch(id), '-o', 'ndjson'], { sandbox: sb });
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    const records = lines.map((l) => JSON.parse(l) as { id: string; status: string });
    expect(records.length).toBeGreaterThanOrEqual(2);
    expect(records[0].status).toBe('RUNNING');
    expect(records.at(-1)!.status).toBe('COMPLETED');
    expect(new Set(lines).size).toBe(lines.length);
    expect(records.length).toBeLessThanOrEqual(sb.requests('GET', `/v1/campaigns/${id}`).length);
  });

  it('a campaign that cannot change by itself is shown once, without clearing the screen', async () => {
    const { sb, id } = await runningCampaign(['--yes']);
    const r = await cli(watch(id), { sandbox: sb, tty: true });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain(CLEAR);
    expect(r.stdout).toMatch(/Status\s+DRAFT/);
    expect(r.stdout).toContain('Contacts (3)');
    expect(r.stderr).toContain('Campaign is DRAFT: it will not change by itself, nothing to watch.');
    expect(sb.requests('GET', `/v1/campaigns/${id}`)).toHaveLength(1);
  });

  for (const [columns, rows] of [
    [60, 24],
    [80, 40],
    [120, 40],
  ] as const) {
    it(`27 contacts at ${columns}x${rows}: every frame fits, summary first, the contacts that matter most, "and N more"`, async () => {
      const dir = tempDir();
      const file = join(dir, 'many.json');
      writeFileSync(
        file,
        JSON.stringify(
          Array.from({ length: 27 }, (_, i) => ({
            phone_number: `+3933300000${String(i).padStart(2, '0')}`,
            first_name: `Contact number ${i + 1} with a rather long name`,
            contact_attempts: [{ phone_number: `+3906100000${String(i).padStart(2, '0')}` }],
          })),
        ),
      );
      let reads = (): number => 0;
      const sb = new Sandbox({
        now: () => T0 + reads() * STEP,
        settings: { timeScale: 1, outcomeWeights: { answered: 1, no_answer: 1 } },
      });
      reads = () => sb.requests('GET', '/v1/campaigns/').length;
      sandbox = sb;
      await sb.listen(0, '127.0.0.1');
      const created = await cli(
        [
          ...['campaigns', 'create', '--name', 'Many', '--agent', 'agent_sales', '--from', '+390212345678'],
          ...['--contacts', file, '--max-concurrency', '2', '--start', '--yes', '-q'],
        ],
        { sandbox: sb },
      );
      const id = created.stdout.trim();
      const r = await cli(watch(id), { sandbox: sb, tty: true, columns, rows });
      expect(r.code, r.stderr).toBe(0);
      const frames = framesOf(r.stdout);
      expect(frames.length).toBeGreaterThanOrEqual(2);
      for (const frame of frames) {
        const lines = frame.replace(/\n$/, '').split('\n');
        expect(lines.length).toBeLessThan(rows);
        for (const line of lines) expect(line.length).toBeLessThanOrEqual(columns);
        expect(lines[0]).toMatch(/^Watching cmp_/);
        expect(frame).toMatch(/Progress\s+total 27/);
        expect(frame).toContain('Contacts (27)');
        expect(frame).toMatch(/… and \d+ more/);
        if (columns >= 80) expect(frame).toContain(`more: voicectl campaigns results ${id}`);
      }
      // Those left out are the ones that matter least: every contact in a call, and every one not reached, is listed.
      for (const frame of frames) {
        const listed = frame.slice(frame.indexOf('Contacts (27)')).split('\n').slice(2);
        const count = (status: string) => listed.filter((l) => new RegExp(`\\s${status}\\s`).test(l)).length;
        const inProgress = Number(/inProgress (\d+)/.exec(frame)?.[1] ?? 0);
        const failed = Number(/failed (\d+)/.exec(frame)?.[1] ?? 0);
        expect(count('calling'), frame).toBe(inProgress);
        if (columns > 60) expect(count('failed'), frame).toBe(failed);
      }
    });
  }

  it.skipIf(!HAS_SCRIPT)('on a real terminal the last view shows every contact done', async () => {
    const { sb, id } = await runningCampaign();
    const t = await onTerminal(watch(id), [], { sandbox: sb, columns: 160 });
    expect(t.code).toBe(0);
    const last = t.screen.slice(t.screen.lastIndexOf(`Watching ${id}`));
    expect(last).toMatch(/Status\s+COMPLETED/);
    expect(contactStatuses(last)).toEqual(['completed', 'completed', 'completed']);
    expect(last).toContain('stopped watching');
  });
});
