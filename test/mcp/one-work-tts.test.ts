// One implementation, two front ends (issue 33): for each of tts create, get, list, wait, download, voices list and
// messages list, the same input given to the CLI and to the command's MCP tool sends the same requests to the
// sandbox (its request log), and the result the agent gets holds what the CLI printed. A bad value is refused by
// both with the same rule, and neither sends anything.
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, tempDir, useSandbox } from '../helpers/cli.js';
import { type McpSession, startMcp } from './helpers.js';

const sandbox = useSandbox();
let session: McpSession;
let dir: string;
let id: string;

beforeAll(async () => {
  dir = realpathSync(tempDir('voicectl-one-work-'));
  session = await startMcp(sandbox, ['--allow-write', '--dir', dir]);
  const created = await cli(['tts', 'create', '--text', 'One work, two front ends', '--json'], { sandbox });
  id = (JSON.parse(created.stdout) as { id: string }).id;
});
afterAll(async () => {
  expect(await session.close()).toBe(0);
});

/** What reached the sandbox, as the API sees it: method, path, query and body, in order. */
async function sent(work: () => Promise<unknown>) {
  sandbox.log.length = 0;
  const result = await work();
  const requests = sandbox.requests().map(({ method, path, query, body }) => ({ method, path, query, body }));
  return { result, requests };
}

/** A tool's result without what the MCP server adds to every result (the untrusted fields' names, notes, next step). */
function own(data: Record<string, unknown>): Record<string, unknown> {
  const { untrusted: _u, notes: _n, next: _x, ...rest } = data;
  return rest;
}

interface Row {
  command: string;
  argv: () => string[];
  tool: string;
  args: () => Record<string, unknown>;
  /** Requests the pair must send (so that a pair that sends nothing cannot pass by accident); 0 for voices list. */
  requests: number;
  /** The CLI's JSON and the tool's result, for what both must hold. */
  same?: (cli: unknown, mcp: Record<string, unknown>) => void;
}

const ROWS: Row[] = [
  {
    command: 'tts create',
    argv: () => ['tts', 'create', '--text', 'Ciao a tutti', '--voice', 'lorenzo', '--language', 'IT', '--speed', '1.2'],
    tool: 'tts_create',
    args: () => ({ text: 'Ciao a tutti', voice: 'lorenzo', language: 'IT', speed: 1.2 }),
    requests: 1,
    same: (c, m) => {
      const { id: _a, createdAt: _b, ...rest } = c as Record<string, unknown>;
      expect(m).toMatchObject(rest);
    },
  },
  {
    command: 'tts get',
    argv: () => ['tts', 'get', id],
    tool: 'tts_get',
    args: () => ({ id }),
    requests: 1,
    same: (c, m) => expect(m).toMatchObject(c as Record<string, unknown>),
  },
  {
    command: 'tts list',
    argv: () => ['tts', 'list', '--status', 'completed', '--page', '1'],
    tool: 'tts_list',
    args: () => ({ status: 'completed', page: 1 }),
    requests: 1,
    same: (c, m) => {
      const cliIds = (c as { data: { id: string }[] }).data.map((r) => r.id);
      expect((m.records as { id: string }[]).map((r) => r.id)).toEqual(cliIds);
      expect(cliIds).toContain(id);
    },
  },
  {
    command: 'tts wait',
    argv: () => ['tts', 'wait', id],
    tool: 'tts_wait',
    args: () => ({ ids: [id] }),
    requests: 1,
    same: (c, m) => {
      expect(m).toMatchObject({ done: true, pending: [] });
      expect((m.records as unknown[])[0]).toMatchObject(c as Record<string, unknown>);
    },
  },
  {
    command: 'tts download',
    argv: () => ['tts', 'download', id, '--out', join(dir, 'by-cli.wav')],
    tool: 'tts_download',
    args: () => ({ id, file: 'by-mcp.wav' }),
    requests: 2,
    same: (c, m) => {
      const { file: _c, ...fromCli } = c as Record<string, unknown>;
      const { file: _m, ...fromMcp } = m;
      expect(fromMcp).toEqual(fromCli);
    },
  },
  {
    command: 'voices list',
    argv: () => ['voices', 'list', '--language', 'it'],
    tool: 'voices_list',
    args: () => ({ language: 'it' }),
    requests: 0,
    same: (c, m) => expect(m.voices).toEqual(c),
  },
  {
    command: 'messages list',
    argv: () => ['messages', 'list', '--channel', 'sms', '--page', '1'],
    tool: 'messages_list',
    args: () => ({ channel: 'sms', page: 1 }),
    requests: 1,
    same: (c, m) => {
      const records = (c as { data: { id: string }[] }).data;
      expect(records.length).toBeGreaterThan(0);
      expect((m.records as { id: string }[]).map((r) => r.id)).toEqual(records.map((r) => r.id));
      expect(m.pagination).toEqual((c as { pagination: unknown }).pagination);
    },
  },
];

describe('the same input through the CLI and through MCP sends the same requests', () => {
  it.each(ROWS)('$command and $tool', async (row) => {
    const byCli = await sent(() => cli([...row.argv(), '--json'], { sandbox }));
    const byMcp = await sent(() => session.call(row.tool, row.args()));
    const c = byCli.result as Awaited<ReturnType<typeof cli>>;
    const m = byMcp.result as Awaited<ReturnType<McpSession['call']>>;
    expect(c.code, c.stderr).toBe(0);
    expect(m.isError, m.text).toBe(false);
    expect(byCli.requests).toHaveLength(row.requests);
    expect(byMcp.requests).toEqual(byCli.requests);
    row.same?.(JSON.parse(c.stdout), own(m.data));
  });
});

describe('a bad value is refused by both with the same rule, and neither sends anything', () => {
  it.each([
    {
      what: 'a speed above 4',
      argv: ['tts', 'create', '--text', 'Hi', '--speed', '4.01'],
      tool: 'tts_create',
      args: { text: 'Hi', speed: 4.01 },
      rule: 'must be a number from 0.25 to 4',
    },
    {
      what: 'an empty text',
      argv: ['tts', 'create', '--text', ''],
      tool: 'tts_create',
      args: { text: '' },
      rule: 'must contain some text',
    },
    {
      what: 'an unknown voice',
      argv: ['tts', 'create', '--text', 'Hi', '--voice', 'nobody'],
      tool: 'tts_create',
      args: { text: 'Hi', voice: 'nobody' },
      rule: 'nobody',
    },
  ])('$what', async ({ argv, tool, args, rule }) => {
    const byCli = await sent(() => cli(argv, { sandbox }));
    const byMcp = await sent(() => session.call(tool, args));
    const c = byCli.result as Awaited<ReturnType<typeof cli>>;
    const m = byMcp.result as Awaited<ReturnType<McpSession['call']>>;
    expect(c.code).toBe(2);
    expect(c.stderr).toContain(rule);
    expect(m.isError).toBe(true);
    expect(m.text).toContain(rule);
    expect(byCli.requests).toEqual([]);
    expect(byMcp.requests).toEqual([]);
  });
});

describe('tts create --wait is the work of tts create, then the work of tts wait', () => {
  it('the same requests as tts_create then tts_wait, the new id aside', async () => {
    const anyId = (requests: { path: string }[], newId: string) =>
      requests.map((r) => ({ ...r, path: r.path.replace(newId, '<id>') }));
    const byCli = await sent(() => cli(['tts', 'create', '--text', 'Wait for me', '--wait', '--json'], { sandbox }));
    const byMcp = await sent(async () => {
      const created = await session.call('tts_create', { text: 'Wait for me' });
      const waited = await session.call('tts_wait', { ids: [created.data.id] });
      return { created, waited };
    });
    const c = byCli.result as Awaited<ReturnType<typeof cli>>;
    const { created, waited } = byMcp.result as Record<'created' | 'waited', Awaited<ReturnType<McpSession['call']>>>;
    expect(c.code, c.stderr).toBe(0);
    const record = JSON.parse(c.stdout) as { id: string; status: string };
    expect(record.status).toBe('completed');
    expect(waited.data).toMatchObject({ done: true, records: [{ id: created.data.id, status: 'completed' }] });
    expect(byCli.requests.map((r) => r.method)).toEqual(['POST', 'GET']);
    expect(anyId(byMcp.requests, created.data.id as string)).toEqual(anyId(byCli.requests, record.id));
  });
});
