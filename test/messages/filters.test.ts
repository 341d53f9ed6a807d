// Filters on the lists, the same everywhere (--status, --since/--until, --to), applied while paging with an early
// stop on lists that come newest first; and the colleague's job in one command: yesterday's failed messages (and
// calls) as CSV for a French spreadsheet, with a header, formula-safe, ";"-separated with a byte-order mark.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { Sandbox } from '../../src/sandbox/server.js';
import type { SandboxCall } from '../../src/schemas/calls.js';
import { cli, virtualClock } from '../helpers/cli.js';

const NOW = Date.parse('2026-11-28T09:00:00Z');
const clock = virtualClock(NOW);
const sb = new Sandbox({ now: clock.now, settings: { ttsQueueMs: 0, ttsProcessMs: 0 } });
const FR = { LANG: 'fr_FR.UTF-8' };
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

beforeAll(async () => {
  await sb.listen(0, '127.0.0.1');
  const state = sb.state as unknown as { messages: Record<string, unknown>[]; calls: SandboxCall[] };
  // A failed message whose text a spreadsheet would run, with accents and the separator in it.
  state.messages.push({
    id: 'msg_hostile00000001',
    orgId: 'org_acme',
    channel: 'email',
    direction: 'OUTBOUND',
    status: 'failed',
    fromAddress: 'support@acmesrl.example',
    toAddress: 'hélène@mail.example',
    subject: 'Réunion; demain',
    body: '=HYPERLINK("http://evil.example","clic")',
    externalId: null,
    errorMessage: '@SUM(1+1)',
    createdAt: iso(NOW - 3 * 3600_000),
  });
  const call = (id: string, status: SandboxCall['status'], ago: number): SandboxCall => ({
    id,
    orgId: 'org_acme',
    campaignId: null,
    contactIndex: null,
    attempt: 1,
    direction: 'OUTBOUND',
    toNumber: '+393331112222',
    fromNumber: '+390212345678',
    status,
    durationSeconds: 0,
    startedAt: iso(NOW - ago),
    endedAt: iso(NOW - ago + 1000),
    createdAt: iso(NOW - ago),
  });
  state.calls.push(
    { ...call('call_recentfailed01', 'failed', 2 * 3600_000), note: '=cmd|"/c calc"!A1' } as SandboxCall,
    call('call_recentbusy0001', 'busy', 5 * 3600_000),
    call('call_recentanswered', 'answered', 6 * 3600_000),
    call('call_oldfailed00001', 'failed', 30 * 3600_000),
  );
});
afterAll(() => sb.close());

const run = (argv: string[], env: Record<string, string> = FR) => cli(argv, { sandbox: sb, clock, env });
const acme = () =>
  (
    sb.state as unknown as { messages: { orgId: string; status: string; createdAt: string; id: string }[] }
  ).messages.filter((m) => m.orgId === 'org_acme');

describe("the colleague's job in one command", () => {
  it("yesterday's failed messages: CSV with a BOM, ';', a header, CRLF, formulas neutralised", async () => {
    const r = await run(['messages', 'list', '--status', 'failed', '--since', '24h', '--excel']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.startsWith('\uFEFFid;createdAt;channel;direction;status;fromAddress;toAddress;subject;body;')).toBe(
      true,
    );
    const rows = parse(r.stdout.slice(1), { delimiter: ';', columns: true, record_delimiter: '\r\n' }) as Record<
      string,
      string
    >[];
    const expected = acme()
      .filter((m) => m.status === 'failed' && Date.parse(m.createdAt) >= NOW - DAY)
      .map((m) => m.id)
      .sort();
    expect(expected.length).toBeGreaterThan(1);
    expect(rows.map((row) => row.id).sort()).toEqual(expected);
    for (const row of rows) expect(row.status).toBe('failed');
    const hostile = rows.find((row) => row.id === 'msg_hostile00000001')!;
    expect(hostile).toMatchObject({
      toAddress: 'hélène@mail.example',
      subject: 'Réunion; demain',
      body: `'=HYPERLINK("http://evil.example","clic")`,
      errorMessage: "'@SUM(1+1)",
    });
  });

  it("yesterday's failed and unanswered calls: the same form", async () => {
    const r = await run(['calls', 'list', '--status', 'failed,busy,no_answer', '--since', '24h', '--excel']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.startsWith('\uFEFFid;')).toBe(true);
    const rows = parse(r.stdout.slice(1), { delimiter: ';', columns: true, record_delimiter: '\r\n' }) as Record<
      string,
      string
    >[];
    expect(rows.map((row) => row.id)).toEqual(['call_recentfailed01', 'call_recentbusy0001']);
    expect(rows[0].note).toBe(`'=cmd|"/c calc"!A1`);
    expect(rows[0].toNumber).toBe('+393331112222');
  });
});

describe('filters while paging', () => {
  it('--since on a newest-first list stops at the first older record: fewer pages than the whole walk', async () => {
    const all = await run(['messages', 'list', '--all', '--limit', '10', '--concurrency', '1', '--json']);
    const pagesAll = sb.requests('GET', '/v1/messages').length;
    sb.log.length = 0;
    const r = await run(['messages', 'list', '--since', '24h', '--limit', '10', '--concurrency', '1', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const kept = JSON.parse(r.stdout) as { createdAt: string }[];
    const recent = (JSON.parse(all.stdout) as { createdAt: string }[]).filter(
      (m) => Date.parse(m.createdAt) >= NOW - DAY,
    );
    expect(kept).toEqual(recent);
    expect(sb.requests('GET', '/v1/messages').length).toBeLessThan(pagesAll / 2);
  });

  it('--until and a timestamp; --to compares the address without case or spaces', async () => {
    const since = iso(NOW - 2 * DAY);
    const until = iso(NOW - DAY);
    const r = await run(['messages', 'list', '--since', since, '--until', until, '--json']);
    const got = (JSON.parse(r.stdout) as { id: string }[]).map((m) => m.id).sort();
    const want = acme()
      .filter((m) => Date.parse(m.createdAt) >= NOW - 2 * DAY && Date.parse(m.createdAt) < NOW - DAY)
      .map((m) => m.id)
      .sort();
    expect(got).toEqual(want);
    const to = await run(['messages', 'list', '--to', 'HÉLÈNE@mail.example ', '--json']);
    expect((JSON.parse(to.stdout) as { id: string }[]).map((m) => m.id)).toEqual(['msg_hostile00000001']);
  });

  it('an empty result says which filters left nothing, on a terminal', async () => {
    const r = await cli(['calls', 'list', '--status', 'voicemail', '--since', '1h'], { sandbox: sb, clock, tty: true });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('No calls matching status voicemail, since 1h.');
  });

  it('campaigns list --status compares without case', async () => {
    const c = await run([
      ...['campaigns', 'create', '--name', 'Draft one', '--agent', 'agent_sales', '--from', '+390212345678'],
      ...['--contacts', 'fixtures/campaigns/contacts.json', '--yes', '-q'],
    ]);
    expect(c.code, c.stderr).toBe(0);
    const drafts = await run(['campaigns', 'list', '--status', 'draft', '--json']);
    expect((JSON.parse(drafts.stdout) as { id: string }[]).map((x) => x.id)).toEqual([c.stdout.trim()]);
    const running = await run(['campaigns', 'list', '--status', 'running', '--json']);
    expect(JSON.parse(running.stdout)).toEqual([]);
  });

  it.each([
    ['--since', '24x'],
    ['--since', '0h'],
    ['--until', '2026-02-30'],
    ['--since', '2026-11-27T25:00'],
    ['--status', ''],
  ])('%s %j is exit 2, naming the flag, before any request', async (flag, value) => {
    sb.log.length = 0;
    const r = await run(['messages', 'list', flag, value]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(flag);
    expect(sb.requests()).toHaveLength(0);
  });

  it('the last good values: 1s, a date, a date and time with an offset', async () => {
    for (const v of ['1s', '2026-11-27', '2026-11-27T18:00+01:00', '1d12h']) {
      const r = await run(['messages', 'list', '--since', v, '--json']);
      expect(r.code, `${v}: ${r.stderr}`).toBe(0);
    }
  });
});

describe('--jq to any format', () => {
  it('rows of objects become CSV with a header and formulas neutralised (--excel: ";" and a BOM)', async () => {
    const r = await run([
      ...['messages', 'list', '--status', 'failed', '--since', '24h'],
      ...['--jq', '.[] | {id, to: .toAddress, body}', '--excel'],
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.startsWith('\uFEFFid;to;body\r\n')).toBe(true);
    expect(r.stdout).toContain(
      `msg_hostile00000001;hélène@mail.example;"'=HYPERLINK(""http://evil.example"",""clic"")"\r\n`,
    );
  });

  it('-o csv without --excel: RFC 4180; scalars are a column named value', async () => {
    const r = await run(['messages', 'list', '--jq', 'map(.channel) | unique | .[]', '-o', 'csv']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('value\nemail\nsms\nwhatsapp\n');
  });

  it('-o table on a terminal: the rows as a table with their headings', async () => {
    const r = await cli(
      ['calls', 'list', '--status', 'failed', '--jq', '.[] | {id, toNumber, status}', '-o', 'table'],
      {
        sandbox: sb,
        clock,
        tty: true,
      },
    );
    expect(r.code, r.stderr).toBe(0);
    const [head, first] = r.stdout.split('\n');
    expect(head.split(/\s{2,}/)).toEqual(['ID', 'TO NUMBER', 'STATUS']);
    expect(first).toMatch(/^call_\w+\s+\+\d+\s+failed$/);
  });

  it('-o ndjson with --jq is exit 2 before any request', async () => {
    sb.log.length = 0;
    const r = await run(['messages', 'list', '--jq', '.[]', '-o', 'ndjson']);
    expect(r.code).toBe(2);
    expect(sb.requests()).toHaveLength(0);
  });
});

describe('tts list --since/--until', () => {
  it('the generations of the last hour; --until before them leaves none', async () => {
    const made = await run(['tts', 'create', '--text', 'Filtered', '-q']);
    expect(made.code, made.stderr).toBe(0);
    const id = made.stdout.trim();
    const recent = await run(['tts', 'list', '--since', '1h', '--json']);
    expect(recent.code, recent.stderr).toBe(0);
    expect((JSON.parse(recent.stdout) as { id: string }[]).map((g) => g.id)).toContain(id);
    const before = await run(['tts', 'list', '--until', '1h', '--json']);
    expect((JSON.parse(before.stdout) as { id: string }[]).map((g) => g.id)).not.toContain(id);
  });
});
