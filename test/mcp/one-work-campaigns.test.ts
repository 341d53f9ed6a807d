// One implementation per command: the same input through the CLI and through its MCP tool sends the same requests.
// Each row runs in two worlds made alike (a sandbox on its own virtual clock from the same moment, the same
// campaigns created the same way): the command in one, the tool in the other, and their request logs compared from
// where the setup ended, each world's campaign ids written as names.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type LogEntry, Sandbox } from '../../src/sandbox/server.js';
import { cli, ROOT, type VirtualClock, virtualClock } from '../helpers/cli.js';
import { startMcp } from './helpers.js';

const CONTACTS = join(ROOT, 'fixtures/campaigns/contacts.json');
// Monday 2 March 2026, 10:00 in Rome: inside the calling window.
const T0 = Date.parse('2026-03-02T09:00:00Z');

/** The campaigns every world has: one finished, one running, one never started. */
interface Ids {
  finished: string;
  running: string;
  draft: string;
}

interface World {
  sandbox: Sandbox;
  clock: VirtualClock;
  ids: Ids;
  /** The requests since the setup, with the ids as names. */
  since(mark: number): Pick<LogEntry, 'method' | 'path' | 'query' | 'body'>[];
}

const worlds: Sandbox[] = [];
afterEach(async () => {
  await Promise.all(worlds.splice(0).map((s) => s.close()));
});

async function world(): Promise<World> {
  const clock = virtualClock(T0);
  const sandbox = new Sandbox({
    now: clock.now,
    settings: { outcomeWeights: { answered: 1 }, outcomesByNumber: { '+393332223333': 'no_answer' } },
  });
  worlds.push(sandbox);
  await sandbox.listen(0, '127.0.0.1');
  const run = async (argv: string[]) => {
    const r = await cli(argv, { sandbox, clock });
    expect(r.code, r.stderr).toBe(0);
    return r.stdout;
  };
  const create = async (name: string, start: boolean) =>
    JSON.parse(
      await run([
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
        '--yes',
        ...(start ? ['--start'] : []),
      ]),
    ).id as string;
  const finished = await create('Finished', true);
  await run(['campaigns', 'wait', finished]);
  const ids: Ids = { finished, running: await create('Running', true), draft: await create('Draft', false) };
  const names = Object.entries(ids) as [keyof Ids, string][];
  const named = (v: unknown): unknown => {
    let text = JSON.stringify(v);
    if (text === undefined) return undefined;
    for (const [name, id] of names) text = text.replaceAll(id, `<${name}>`);
    return JSON.parse(text);
  };
  return {
    sandbox,
    clock,
    ids,
    since: (mark) =>
      sandbox.log.slice(mark).map((e) => ({
        method: e.method,
        path: named(e.path) as string,
        query: named(e.query) as Record<string, string>,
        body: named(e.body),
      })),
  };
}

type Args = Record<string, unknown>;

interface Row {
  command: string;
  argv: (ids: Ids) => string[];
  tool: string;
  /** The compared call's arguments; `plan`: the result of the plan step, when the tool has one. */
  args: (ids: Ids, plan: Args) => Args;
  /** The arguments of a plan step before the compared call, which the command has not. */
  plan?: (ids: Ids) => Args;
  /** The first requests both send, by method and path (the logs are compared whole, queries and bodies too). */
  sends: string[];
}

const ROWS: Row[] = [
  {
    command: 'campaigns list',
    argv: () => ['campaigns', 'list', '--page', '1'],
    tool: 'campaigns_list',
    args: () => ({ page: 1 }),
    sends: ['GET /v1/campaigns'],
  },
  {
    command: 'campaigns show',
    argv: (ids) => ['campaigns', 'show', ids.running],
    tool: 'campaigns_show',
    args: (ids) => ({ id: ids.running }),
    sends: ['GET /v1/campaigns/<running>'],
  },
  {
    command: 'campaigns start',
    argv: (ids) => ['campaigns', 'start', ids.draft],
    tool: 'campaigns_start',
    plan: (ids) => ({ id: ids.draft }),
    args: (ids, plan) => ({ id: ids.draft, planId: plan.planId }),
    sends: ['POST /v1/campaigns/<draft>/start'],
  },
  {
    command: 'campaigns wait',
    argv: (ids) => ['campaigns', 'wait', ids.running],
    tool: 'campaigns_wait',
    args: (ids) => ({ ids: [ids.running], timeoutSeconds: 50 }),
    sends: ['GET /v1/campaigns/<running>', 'GET /v1/campaigns/<running>'],
  },
  {
    command: 'campaigns results',
    argv: (ids) => ['campaigns', 'results', ids.finished, '--status', 'not_reached'],
    tool: 'campaigns_results',
    args: (ids) => ({ id: ids.finished, status: 'not_reached' }),
    sends: ['GET /v1/campaigns/<finished>', 'GET /v1/calls'],
  },
  {
    command: 'campaigns resources',
    argv: () => ['campaigns', 'resources'],
    tool: 'campaigns_resources',
    args: () => ({}),
    sends: [],
  },
  {
    command: 'calls list',
    argv: (ids) => ['calls', 'list', '--campaign', ids.finished, '--page', '1'],
    tool: 'calls_list',
    args: (ids) => ({ campaignId: ids.finished, page: 1 }),
    sends: ['GET /v1/calls'],
  },
];

describe('one implementation per command: the CLI and the MCP tool send the same requests', () => {
  it.each(ROWS)('$command and $tool', async (row) => {
    const [viaCli, viaMcp] = [await world(), await world()];

    const cliMark = viaCli.sandbox.log.length;
    const r = await cli(row.argv(viaCli.ids), { sandbox: viaCli.sandbox, clock: viaCli.clock });
    expect(r.code, r.stderr).toBe(0);
    const fromCli = viaCli.since(cliMark);

    const s = await startMcp(viaMcp.sandbox, ['--allow-write'], { clock: viaMcp.clock });
    try {
      let plan: Args = {};
      if (row.plan) {
        const planMark = viaMcp.sandbox.log.length;
        const shown = await s.call(row.tool, row.plan(viaMcp.ids));
        expect(shown.isError, shown.text).toBe(false);
        // The plan only reads.
        expect(viaMcp.since(planMark).every((e) => e.method === 'GET')).toBe(true);
        plan = shown.data;
      }
      const mcpMark = viaMcp.sandbox.log.length;
      const t = await s.call(row.tool, row.args(viaMcp.ids, plan));
      expect(t.isError, t.text).toBe(false);
      const fromMcp = viaMcp.since(mcpMark);

      expect(fromMcp).toEqual(fromCli);
      const sent = fromCli.map((e) => `${e.method} ${e.path}`);
      expect(sent.slice(0, Math.max(row.sends.length, 1))).toEqual(row.sends);
    } finally {
      await s.close();
    }
  });
});
