// messages list and send-sms against the sandbox, over real HTTP.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server.js';
import { cli, parseJson, startSandbox } from '../helpers/cli.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => {
  sandbox.log.length = 0;
});

type Msg = Record<string, unknown> & { id: string; channel: string; createdAt: string };

/** What the API should list for Acme, newest first, as the sandbox holds it. */
function expected(channel?: string): Msg[] {
  return sandbox.state.messages
    .filter((m) => m.orgId === 'org_acme' && (!channel || m.channel === channel))
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1))
    .map(({ orgId: _o, ...rest }) => rest as Msg);
}

describe('messages list', () => {
  it('seeds a few hundred messages per organization over the three channels and both directions', () => {
    const acme = expected();
    expect(acme.length).toBeGreaterThanOrEqual(200);
    expect(new Set(acme.map((m) => m.channel))).toEqual(new Set(['sms', 'email', 'whatsapp']));
    expect(new Set(acme.map((m) => m.direction))).toEqual(new Set(['INBOUND', 'OUTBOUND']));
    for (const m of acme) {
      if (m.channel !== 'email') expect(m.subject).toBeNull();
      if (m.status !== 'failed') expect(m.errorMessage).toBeNull();
      else expect(typeof m.errorMessage).toBe('string');
    }
  });

  it('prints the first page as JSON when piped: the API records, newest first', async () => {
    const r = await cli(['messages', 'list'], { sandbox });
    expect(r.code).toBe(0);
    expect(parseJson(r.stdout)).toEqual(expected().slice(0, 20));
    expect(sandbox.requests('GET', '/v1/messages')[0].query).toEqual({});
  });

  it.each(['sms', 'email', 'whatsapp'])('filters by channel %s', async (channel) => {
    const r = await cli(['messages', 'list', '--channel', channel, '--limit', '100'], { sandbox });
    expect(r.code).toBe(0);
    const got = parseJson<Msg[]>(r.stdout);
    expect(got.length).toBeGreaterThan(0);
    expect(got.every((m) => m.channel === channel)).toBe(true);
    expect(got).toEqual(expected(channel).slice(0, 100));
    expect(sandbox.requests('GET', '/v1/messages')[0].query).toEqual({ channel, limit: '100' });
  });

  it.each([100, 7, 1])('--all --limit %i returns every record exactly once, in order', async (limit) => {
    const r = await cli(['messages', 'list', '--all', '--limit', String(limit), '-o', 'ndjson'], { sandbox });
    expect(r.code).toBe(0);
    const ids = r.stdout
      .trim()
      .split('\n')
      .map((l) => parseJson<Msg>(l).id);
    expect(ids).toEqual(expected().map((m) => m.id));
    expect(sandbox.requests('GET', '/v1/messages')).toHaveLength(Math.ceil(expected().length / limit));
  });

  it('--all as JSON when page 4 fails: stdout is still one valid array of the pages printed, and the exit is not 0', async () => {
    sandbox.addFault({ method: 'GET', path: '/v1/messages', status: 403, skip: 3 });
    try {
      const r = await cli(['messages', 'list', '--all', '--limit', '10', '--concurrency', '1', '--json'], { sandbox });
      expect(r.code, r.stderr).toBe(3); // 403: the key lacks a scope (README "Exit codes")
      expect(parseJson<Msg[]>(r.stdout).map((m) => m.id)).toEqual(
        expected()
          .slice(0, 30)
          .map((m) => m.id),
      );
      expect(r.stderr).toMatch(/Printed pages 1 to 3 of \d+\. The rest: .* --page 4/);
    } finally {
      sandbox.clearFaults();
    }
  });

  it('--all --page N without --limit starts at the page the table footer names: pages of the default size', async () => {
    const r = await cli(['messages', 'list', '--all', '--page', '12', '-o', 'ndjson'], { sandbox });
    expect(r.code, r.stderr).toBe(0);
    const ids = r.stdout
      .trim()
      .split('\n')
      .map((l) => parseJson<Msg>(l).id);
    expect(ids).toEqual(
      expected()
        .slice(11 * 20)
        .map((m) => m.id),
    );
    expect(sandbox.requests('GET', '/v1/messages')[0].query).toMatchObject({ page: '12', limit: '20' });
  });

  it('--all with a channel keeps the filter on every page', async () => {
    const r = await cli(['messages', 'list', '--all', '--channel', 'whatsapp', '--limit', '10'], { sandbox });
    expect(parseJson<Msg[]>(r.stdout).map((m) => m.id)).toEqual(expected('whatsapp').map((m) => m.id));
    expect(sandbox.requests().every((e) => e.query.channel === 'whatsapp')).toBe(true);
  });

  it('--all --page N walks from page N on', async () => {
    const r = await cli(['messages', 'list', '--all', '--page', '3', '--limit', '50', '-o', 'ndjson'], { sandbox });
    expect(r.code, r.stderr).toBe(0);
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => parseJson<Msg>(l).id),
    ).toEqual(
      expected()
        .slice(100)
        .map((m) => m.id),
    );
    expect(
      sandbox
        .requests('GET', '/v1/messages')
        .map((e) => e.query.page)
        .sort(),
    ).toEqual(['3', '4', '5', '6'].slice(0, Math.ceil(expected().length / 50) - 2));
  });

  it('a walk that breaks midway prints the command that fetches the rest; that command completes the list', async () => {
    sandbox.clearFaults();
    sandbox.addFault({ method: 'GET', path: '/v1/messages', status: 500, skip: 3, times: 1 });
    const broken = await cli(['messages', 'list', '--all', '--limit', '50', '--concurrency', '1', '-o', 'ndjson'], {
      sandbox,
    });
    sandbox.clearFaults();
    expect(broken.code).toBe(1);
    const total = Math.ceil(expected().length / 50);
    expect(broken.stderr).toContain(
      `Printed pages 1 to 3 of ${total}. The rest: voicectl messages list --all --limit 50 --concurrency 1 -o ndjson --page 4`,
    );
    const rest = await cli(
      ['messages', 'list', '--all', '--limit', '50', '--concurrency', '1', '-o', 'ndjson', '--page', '4'],
      { sandbox },
    );
    const ids = [...broken.stdout.trim().split('\n'), ...rest.stdout.trim().split('\n')].map(
      (l) => parseJson<Msg>(l).id,
    );
    expect(ids).toEqual(expected().map((m) => m.id));
  });

  it('one --page prints {data, pagination}', async () => {
    const r = await cli(['messages', 'list', '--page', '2', '--limit', '5'], { sandbox });
    const body = parseJson<{ data: Msg[]; pagination: Record<string, number> }>(r.stdout);
    expect(body.data).toEqual(expected().slice(5, 10));
    expect(body.pagination).toEqual({
      page: 2,
      limit: 5,
      total: expected().length,
      totalPages: Math.ceil(expected().length / 5),
    });
  });

  it.each([
    [['--channel', 'fax'], '--channel'],
    [['--channel', 'smss'], '--channel'], // SMS in capitals is sms: test/frame/choices.test.ts
    [['--limit', '0'], '--limit'],
    [['--limit', '101'], '--limit'],
    [['--page', '0'], '--page'],
  ])('rejects %j before sending anything', async (args, flag) => {
    const r = await cli(['messages', 'list', ...args], { sandbox });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(flag);
    expect(sandbox.requests()).toEqual([]);
  });

  it('shows a table on a terminal: local times, bodies cut to the terminal width (no room for SUBJECT at 120 columns)', async () => {
    const r = await cli(['messages', 'list', '--limit', '30'], { sandbox, tty: true });
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^CREATED\s+CHANNEL\s+DIR\s+STATUS\s+FROM\s+TO\s+BODY$/);
    expect(lines).toHaveLength(31);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(120);
    const first = expected()[0];
    const d = new Date(first.createdAt);
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(
      lines[1].startsWith(
        `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`,
      ),
    ).toBe(true);
    expect(r.stdout).toContain('…');
    expect(r.stderr).toContain('Page 1 of');
  });

  it('prints CSV with every documented field', async () => {
    const r = await cli(['messages', 'list', '--limit', '3', '-o', 'csv'], { sandbox });
    expect(r.stdout.split('\n')[0]).toBe(
      'id,createdAt,channel,direction,status,fromAddress,toAddress,subject,body,externalId,errorMessage',
    );
    expect(r.stdout.trim().split('\n')).toHaveLength(4);
  });

  it("lists only the caller organization's messages", async () => {
    const r = await cli(['messages', 'list', '--all'], {
      sandbox,
      key: (await import('../helpers/cli.js')).KEYS.globex,
    });
    const got = parseJson<Msg[]>(r.stdout);
    const globex = new Set(sandbox.state.messages.filter((m) => m.orgId === 'org_globex').map((m) => m.id));
    expect(got.length).toBe(globex.size);
    expect(got.every((m) => globex.has(m.id))).toBe(true);
  });

  it('the sandbox answers 400 validation_error to an unknown channel', async () => {
    const res = await fetch(`${sandbox.url}/v1/messages?channel=fax`, {
      headers: { authorization: `Bearer ${(await import('../helpers/cli.js')).KEYS.acme}` },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('validation_error');
  });
});

describe('messages send-sms', () => {
  it('says plainly that SMS sending is not available yet and exits 7; the request did reach the service', async () => {
    const r = await cli(['messages', 'send-sms', '--to', '+393331234567', '--body', 'Hello there'], { sandbox });
    expect(r.code).toBe(7);
    expect(r.stderr).toMatch(/^error: SMS sending is announced by the API but not yet available/);
    expect(r.stderr).toContain('status 503 · code not_implemented · requestId req_');
    expect(r.stdout).toBe('');
    const sent = sandbox.requests('POST', '/v1/messages/sms');
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toEqual({ to: '+393331234567', body: 'Hello there' });
  });

  it('sends --from when given, and reports the 503 in the --json error object', async () => {
    const r = await cli(
      ['messages', 'send-sms', '--to', '+12125550123', '--from', '+12125550100', '--body', 'x', '--json'],
      { sandbox },
    );
    expect(r.code).toBe(7);
    expect(sandbox.requests('POST')[0].body).toEqual({ to: '+12125550123', body: 'x', from: '+12125550100' });
    const last = parseJson<{ error: Record<string, unknown> }>(r.stderr.trim().split('\n').at(-1)!);
    expect(last.error).toMatchObject({ code: 'not_implemented', status: 503, exitCode: 7 });
  });

  it.each([
    ['+12', true],
    ['+123456789012345', true], // 15 digits: the E.164 maximum
    ['+1', false], // one digit
    ['+1234567890123456', false], // 16 digits
    ['+0393331234567', false], // country code cannot start with 0
    ['393331234567', false], // no +
    ['+39 333 1234567', false],
    ['', false],
  ])('--to %j accepted: %s', async (to, ok) => {
    const r = await cli(['messages', 'send-sms', '--to', to, '--body', 'hi'], { sandbox });
    if (ok) {
      expect(r.code).toBe(7);
      expect(sandbox.requests('POST')).toHaveLength(1);
    } else {
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('--to');
      expect(sandbox.requests()).toEqual([]);
    }
  });

  it.each([
    [['--to', '+393331234567', '--body', '   ']],
    [['--to', '+393331234567', '--body', 'hi', '--from', '0212345678']],
    [['--to', '+393331234567']],
  ])('rejects %j with nothing sent', async (args) => {
    const r = await cli(['messages', 'send-sms', ...args], { sandbox });
    expect(r.code).toBe(2);
    expect(sandbox.requests()).toEqual([]);
  });

  it('a read-only key gets 403 (exit 3), not the 503', async () => {
    const { KEYS } = await import('../helpers/cli.js');
    const r = await cli(['messages', 'send-sms', '--to', '+393331234567', '--body', 'hi'], {
      sandbox,
      key: KEYS.acmeRead,
    });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('messages:write');
  });
});
