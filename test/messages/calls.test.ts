// calls list against the sandbox: undocumented records shown as they come back.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SandboxCall } from '../../src/schemas/calls.js';
import type { Sandbox } from '../../src/sandbox/server.js';
import { cli, KEYS, parseJson, startSandbox } from '../helpers/cli.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
  // What the campaign dialer does: append call records to state.calls.
  const base = Date.now() - 3600_000;
  for (let i = 0; i < 5; i++) {
    sandbox.state.calls.push({
      id: `call_dialer_${i}`,
      orgId: 'org_acme',
      campaignId: i < 3 ? 'cmp_test' : 'cmp_other',
      contactIndex: i,
      attempt: 1,
      direction: 'OUTBOUND',
      toNumber: `+39333000000${i}`,
      fromNumber: '+390212345678',
      status: 'answered',
      durationSeconds: 30,
      startedAt: new Date(base + i * 1000).toISOString(),
      endedAt: new Date(base + i * 1000 + 30_000).toISOString(),
      createdAt: new Date(base + i * 1000).toISOString(),
    } satisfies SandboxCall);
  }
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => {
  sandbox.log.length = 0;
});

function expected(org = 'org_acme', campaignId?: string) {
  return sandbox.state.calls
    .filter((c) => c.orgId === org && (campaignId === undefined || c.campaignId === campaignId))
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1))
    .map(({ orgId: _o, ...rest }) => rest);
}

describe('calls list', () => {
  it('passes the records through untouched as JSON when piped, newest first, without orgId', async () => {
    const r = await cli(['calls', 'list', '--all'], { sandbox });
    expect(r.code).toBe(0);
    const got = parseJson<Record<string, unknown>[]>(r.stdout);
    expect(got).toEqual(expected());
    expect(got[0].id).toBe('call_dialer_4');
    expect(got.some((c) => 'orgId' in c)).toBe(false);
  });

  it('sends --campaign as the campaignId query parameter', async () => {
    const r = await cli(['calls', 'list', '--campaign', 'cmp_test'], { sandbox });
    expect(r.code).toBe(0);
    expect(sandbox.requests('GET', '/v1/calls')[0].query).toEqual({ campaignId: 'cmp_test' });
    expect(parseJson<{ id: string }[]>(r.stdout).map((c) => c.id)).toEqual([
      'call_dialer_2',
      'call_dialer_1',
      'call_dialer_0',
    ]);
    expect(r.stderr).not.toContain('ignore');
  });

  it('says --campaign is unverified in --help', async () => {
    const r = await cli(['calls', 'list', '--help'], { sandbox });
    expect(r.stdout).toMatch(/--campaign <id>[\s\S]*unverified/);
    expect(r.stdout).toContain('Examples:');
  });

  it('shows a table on a terminal with the fields that came back: id, status, number dialled, caller ID, attempt, start first', async () => {
    const r = await cli(['calls', 'list', '--limit', '5'], { sandbox, tty: true });
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID\s+STATUS\s+TO\s+FROM\s+ATTEMPT\s+STARTED\s+/);
    expect(lines[1]).toMatch(
      /^call_dialer_4\s+answered\s+\+393330000004\s+\+390212345678\s+1\s+\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/,
    );
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(120);
  });

  it("lists only the caller organization's calls", async () => {
    const r = await cli(['calls', 'list', '--all'], { sandbox, key: KEYS.globex });
    expect(parseJson(r.stdout)).toEqual(expected('org_globex'));
  });

  it('rejects --limit 101 with nothing sent', async () => {
    const r = await cli(['calls', 'list', '--limit', '101'], { sandbox });
    expect(r.code).toBe(2);
    expect(sandbox.requests()).toEqual([]);
  });
});
