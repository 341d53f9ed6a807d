// `voicectl mcp` tried as an attacker and as clients nobody on the team wrote would (issue 26): races on the files
// of --dir, the spending cap with astral characters, plans across server processes, null arguments, and input
// schemas checked against the strict modes of model providers. Races are driven at a known moment, never by
// sleeping: a FIFO as the input holds the call until the test has swapped a folder; a sandbox fault holds the audio
// request; folderHooks stops between the steps of a walk.
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { folderHooks } from '../../src/mcp/folder.js';
import { PLAN_TTL_MS } from '../../src/mcp/session.js';
import type { Sandbox } from '../../src/sandbox/server.js';
import { removeTempDirs, startSandbox, tempDir, virtualClock } from '../helpers/cli.js';
import { type McpSession, startMcp } from './helpers.js';

const CAMPAIGN = {
  name: 'Spring renewals',
  agentId: 'agent_sales',
  fromNumber: '+390212345678',
  contacts: [{ phone_number: '+393331234567', fields: [{ name: 'first_name', value: 'Anna' }] }],
};
const CSV = 'phone_number,name\n+393332222222,Anna\n';

let sandbox: Sandbox;
const sessions: McpSession[] = [];
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
  removeTempDirs();
});
afterEach(async () => {
  folderHooks.step = undefined;
  sandbox.onRequest = undefined;
  sandbox.clearFaults();
  for (const s of sessions.splice(0)) await s.close();
});

async function mcp(args: string[], opts: Parameters<typeof startMcp>[2] = {}): Promise<McpSession> {
  const s = await startMcp(sandbox, args, opts);
  sessions.push(s);
  return s;
}

/** --dir (`work`) inside a base folder, with `outside/important.json` next to it. */
function folders() {
  const base = realpathSync(tempDir('voicectl-race-'));
  const dir = join(base, 'work');
  const outside = join(base, 'outside');
  mkdirSync(join(dir, 'sub'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(outside, 'important.json'), 'KEEP');
  return { base, dir, outside };
}

/** `dir/sub` swapped for a link to `outside`. */
function swapSub(dir: string, outside: string) {
  renameSync(join(dir, 'sub'), join(dir, 'sub-before'));
  symlinkSync(outside, join(dir, 'sub'));
}

/**
 * contacts_convert of a CSV whose phone column is found by its name: the server notes it on stderr once the file is
 * read, before anything is written; `meanwhile` runs then (the moment between a check of the output and its use).
 */
async function convertWith(dir: string, args: Record<string, unknown>, meanwhile: () => void) {
  writeFileSync(join(dir, 'in.csv'), CSV.replace('phone_number', 'Mobile'));
  let done = false;
  const s = await mcp(['--allow-write', '--dir', dir], {
    onStderr: (text) => {
      if (done || !text.includes('found by its name')) return;
      done = true;
      meanwhile();
    },
  });
  const r = await s.call('contacts_convert', { file: 'in.csv', defaultCountry: 'IT', ...args });
  expect(done).toBe(true);
  return { s, r };
}

describe('voicectl mcp: files stay inside --dir, whatever changes during a call', () => {
  it('a folder of the output swapped for a link during the call: nothing written outside, nothing replaced', async () => {
    const { dir, outside } = folders();
    const { r } = await convertWith(dir, { output: 'sub/important.json' }, () => swapSub(dir, outside));
    expect(r.isError).toBe(true);
    expect(r.text).toContain('is a symbolic link');
    expect(readdirSync(outside)).toEqual(['important.json']);
    expect(readFileSync(join(outside, 'important.json'), 'utf8')).toBe('KEEP');
  });

  it('a file created at the output name during the call is never replaced', async () => {
    const { dir } = folders();
    const { s, r } = await convertWith(dir, { output: 'out.json' }, () => writeFileSync(join(dir, 'out.json'), 'KEEP'));
    expect(r.isError).toBe(true);
    expect(r.text).toContain('already exists; a file is never replaced');
    expect(readFileSync(join(dir, 'out.json'), 'utf8')).toBe('KEEP');
    // The same, created after the contacts were written and before they get their name.
    folderHooks.step = (what) => {
      if (what === 'link late.json') writeFileSync(join(dir, 'late.json'), 'KEEP');
    };
    const late = await s.call('contacts_convert', { file: 'in.csv', output: 'late.json', defaultCountry: 'IT' });
    expect(late.isError).toBe(true);
    expect(readFileSync(join(dir, 'late.json'), 'utf8')).toBe('KEEP');
    expect(readdirSync(dir).filter((n) => n.endsWith('.part'))).toEqual([]);
  });

  it('a folder swapped between two steps of the walk: the folder opened is used, never the link', async () => {
    const { dir, outside } = folders();
    writeFileSync(join(dir, 'leads.csv'), CSV);
    mkdirSync(join(dir, 'sub', 'deeper'));
    const s = await mcp(['--allow-write', '--dir', dir]);
    folderHooks.step = (what) => {
      if (what === 'open deeper') swapSub(dir, outside); // `sub` is open already: it stays the real one
    };
    const r = await s.call('contacts_convert', {
      file: 'leads.csv',
      output: 'sub/deeper/c.json',
      defaultCountry: 'IT',
    });
    expect(r.isError, r.text).toBe(false);
    expect(readdirSync(outside)).toEqual(['important.json']);
    expect(JSON.parse(readFileSync(join(dir, 'sub-before', 'deeper', 'c.json'), 'utf8'))).toHaveLength(1);
  });

  it('tts_download: a folder swapped for a link while the audio is on its way writes nothing outside', async () => {
    const { dir, outside } = folders();
    const s = await mcp(['--allow-write', '--dir', dir]);
    const { data } = await s.call('tts_create', { text: 'Ciao' });
    await s.call('tts_wait', { ids: [data.id as string] });
    // The audio request is held until a second one arrives: the test swaps the folder, then releases it.
    sandbox.addFault({ path: '/files/audio/', gate: 2, times: 2 });
    sandbox.onRequest = (path) => {
      if (!path.startsWith('/files/audio/') || sandbox.onRequest === undefined) return;
      sandbox.onRequest = undefined;
      swapSub(dir, outside);
      void fetch(`${sandbox.url}${path}`).then((r) => r.arrayBuffer());
    };
    const r = await s.call('tts_download', { id: data.id as string, file: 'sub/a.wav' });
    expect(r.isError).toBe(true);
    expect(readdirSync(outside)).toEqual(['important.json']);
    expect(readdirSync(join(dir, 'sub-before'))).toEqual([]);
  });

  it('without --dir no tool touches a file: not the folder the client started the server in', async () => {
    const cwd = process.cwd();
    const s = await mcp(['--allow-write']);
    const names = (await s.client.listTools()).tools.map((t) => t.name);
    expect(names).not.toContain('contacts_convert');
    expect(names).not.toContain('tts_download');
    const r = await s.call('contacts_convert', { file: 'package.json', phoneColumn: '#1', skipInvalid: true });
    expect(r.isError).toBe(true);
    expect(r.text).toContain('start the server with --dir');
    expect(r.text).not.toContain('voicectl'); // nothing of ./package.json
    const file = await s.call('campaigns_create', { ...CAMPAIGN, contacts: null, contactsFile: 'package.json' });
    expect(file.text).toContain('start it with --dir');
    expect(process.cwd()).toBe(cwd);
  });
});

describe('annotations say what a tool does', () => {
  it('tools that write files are not read-only or idempotent, and are offered only with --allow-write', async () => {
    const dir = tempDir();
    const ro = await mcp(['--dir', dir]);
    const listed = (await ro.client.listTools()).tools;
    expect(listed.map((t) => t.name)).not.toContain('contacts_convert');
    expect(listed.every((t) => t.annotations?.readOnlyHint === true)).toBe(true);
    const rw = await mcp(['--allow-write', '--dir', dir]);
    const tools = (await rw.client.listTools()).tools;
    for (const name of ['contacts_convert', 'tts_download', 'tts_create', 'campaigns_create']) {
      const t = tools.find((x) => x.name === name)!;
      expect(t.annotations?.readOnlyHint, name).toBe(false);
      expect(t.annotations?.idempotentHint, name).not.toBe(true); // absent: the spec's default, false
    }
    expect(tools.find((t) => t.name === 'contacts_convert')!.annotations?.openWorldHint).toBe(false);
    const refused = await ro.call('contacts_convert', { file: 'a.csv' });
    expect(refused.text).toContain('--allow-write');
  });
});

describe('the spending cap counts as the service may', () => {
  it('5,000 emoji cost 1,000 tokens if counted in UTF-16 units: refused under a cap of 500, nothing sent', async () => {
    const s = await mcp(['--allow-write', '--max-tokens', '500']);
    const before = sandbox.requests('POST', '/v1/tts').length;
    const r = await s.call('tts_create', { text: '👍'.repeat(5000) });
    expect(r.isError).toBe(true);
    expect(r.text).toContain('costs 1000 tokens and only 500');
    expect(sandbox.requests('POST', '/v1/tts').length).toBe(before);
  });

  it("settles on the service's characterCount, whichever way it counts", async () => {
    let count = (text: string) => text.length;
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const { text } = JSON.parse(body) as { text: string };
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ data: { id: 'tts_1', status: 'queued', characterCount: count(text) } }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const s = await mcp(['--allow-write', '--max-tokens', '100'], { env: { VOICECTL_BASE_URL: url } });
      // 200 emoji: 400 UTF-16 units (40 tokens) as this service counts them, though 200 code points (20 tokens).
      const a = await s.call('tts_create', { text: '🎉'.repeat(200) });
      expect(a.data).toMatchObject({ tokenCost: 40, session: { spentTokens: 40, remainingTokens: 60 } });
      // A service counting code points charges less than was reserved: the cap gets the difference back.
      count = (text) => [...text].length;
      const b = await s.call('tts_create', { text: '🎉'.repeat(200) });
      expect(b.data).toMatchObject({ tokenCost: 20, session: { spentTokens: 60, remainingTokens: 40 } });
    } finally {
      server.close();
    }
  });
});

describe('plans across server processes', () => {
  it('a one-shot client completes the two steps; the id is new per plan, used once, and bound to its arguments', async () => {
    const configDir = tempDir('voicectl-cfg-');
    const oneShot = async (args: Record<string, unknown>) => {
      const s = await startMcp(sandbox, ['--allow-write'], { process: true, configDir });
      try {
        return await s.call('campaigns_create', args);
      } finally {
        await s.close();
      }
    };
    const before = sandbox.requests('POST', '/v1/campaigns').length;
    const first = await oneShot(CAMPAIGN);
    const second = await oneShot(CAMPAIGN);
    expect(first.data.planId).toMatch(/^plan_[0-9a-f]{32}$/);
    expect(second.data.planId).not.toBe(first.data.planId);
    const plans = join(configDir, 'mcp-plans');
    expect(statSync(plans).mode & 0o777).toBe(0o700);
    for (const f of readdirSync(plans)) expect(statSync(join(plans, f)).mode & 0o777).toBe(0o600);

    const created = await oneShot({ ...CAMPAIGN, planId: first.data.planId });
    expect(created.isError, created.text).toBe(false);
    expect(created.data.sent).toBe(true);
    expect(sandbox.requests('POST', '/v1/campaigns').at(-1)!.body).toMatchObject({
      contacts: [{ phone_number: '+393331234567', first_name: 'Anna' }],
    });
    const replay = await oneShot({ ...CAMPAIGN, planId: first.data.planId });
    expect(replay.text).toContain('it was used');
    const edited = await oneShot({ ...CAMPAIGN, name: 'Other', planId: second.data.planId });
    expect(edited.text).toContain('does not match this body');
    expect(sandbox.requests('POST', '/v1/campaigns').length).toBe(before + 1);
  });

  it('a plan expires after an hour', async () => {
    const clock = virtualClock();
    const s = await mcp(['--allow-write'], { clock });
    const shown = await s.call('campaigns_create', CAMPAIGN);
    await clock.sleep(PLAN_TTL_MS + 1);
    const late = await s.call('campaigns_create', { ...CAMPAIGN, planId: shown.data.planId });
    expect(late.text).toContain('or it expired');
  });
});

describe('voicectl mcp: only regular files are opened in --dir', () => {
  it('a FIFO named like a CSV is refused at once, and the next call works', async () => {
    const { dir } = folders();
    execFileSync('mkfifo', ['-m', '666', join(dir, 'leads.csv')]);
    writeFileSync(join(dir, 'in.csv'), CSV);
    const s = await mcp(['--allow-write', '--dir', dir]);
    const fifo = await s.call('contacts_convert', { file: 'leads.csv', defaultCountry: 'IT' });
    expect(fifo.isError).toBe(true);
    expect(fifo.text).toContain('leads.csv is not a regular file');
    const next = await s.call('contacts_convert', { file: 'in.csv', defaultCountry: 'IT' });
    expect(next.isError, next.text).toBe(false);
  });
});

describe('plans pruned by their time', () => {
  it('past the hour by file time, without reading a plan: a FIFO among them stalls nothing', async () => {
    const configDir = tempDir('voicectl-cfg-');
    const plans = join(configDir, 'mcp-plans');
    mkdirSync(plans, { mode: 0o700 });
    const clock = virtualClock();
    const hex = (c: string) => `plan_${c.repeat(32)}.json`;
    // Another voicectl's plan left over: dated two hours ago, though it claims a long life.
    writeFileSync(join(plans, hex('a')), JSON.stringify({ kind: 'campaigns_create', hash: 'x', expires: 9e15 }));
    const old = new Date(clock.now() - 2 * PLAN_TTL_MS);
    utimesSync(join(plans, hex('a')), old, old);
    // Dated a minute before the hour ends: kept.
    writeFileSync(join(plans, hex('b')), 'not even JSON');
    const recent = new Date(clock.now() - PLAN_TTL_MS + 60_000);
    utimesSync(join(plans, hex('b')), recent, recent);
    // A FIFO where a plan would be: opened, it would hold every call for ever.
    execFileSync('mkfifo', ['-m', '600', join(plans, hex('c'))]);
    const s = await mcp(['--allow-write'], { clock, configDir });
    const shown = await s.call('campaigns_create', CAMPAIGN);
    expect(shown.data.planId, shown.text).toMatch(/^plan_[0-9a-f]{32}$/);
    expect(readdirSync(plans).sort()).toEqual([hex('b'), hex('c'), `${shown.data.planId}.json`].sort());
    const fifo = await s.call('campaigns_create', { ...CAMPAIGN, planId: 'plan_'.concat('c'.repeat(32)) });
    expect(fifo.text).toContain('is not a plan shown by voicectl mcp');
    // An hour later (and a minute, so that pruning runs again), the plan shown is gone too.
    await clock.sleep(PLAN_TTL_MS + 60_000);
    await s.call('campaigns_create', CAMPAIGN);
    expect(readdirSync(plans)).not.toContain(`${shown.data.planId}.json`);
    expect(readdirSync(plans)).not.toContain(hex('b'));
  });
});

describe('interop with clients and models', () => {
  it('null is absent for an optional argument', async () => {
    const s = await mcp(['--allow-write']);
    const list = await s.call('tts_list', { status: null, page: null });
    expect(list.isError, list.text).toBe(false);
    const created = await s.call('tts_create', { text: 'Ciao', voice: null, speed: null, language: null });
    expect(created.isError, created.text).toBe(false);
    const required = await s.call('tts_get', { id: null });
    expect(required.isError).toBe(true);
    expect(required.text).toContain('id');
  });

  it('the instructions say once which fields are untrusted; results name them', async () => {
    const s = await mcp(['--allow-write']);
    expect(s.client.getInstructions()).toContain('`untrusted` list');
    const list = await s.call('messages_list', {});
    expect(list.data.untrusted).toEqual(expect.arrayContaining(['records', 'pagination']));
    const created = await s.call('tts_create', { text: 'Ciao' });
    expect(created.data.untrusted).toBeDefined();
  });
});
