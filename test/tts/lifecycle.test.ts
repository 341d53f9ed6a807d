// The life of a generation against the sandbox, over real HTTP: get, list, wait (completed, failed with the
// balance refunded, timed out, through transient errors), download, and organization boundaries.
import { existsSync, readdirSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Sandbox } from '../../src/sandbox/server.js';
import { cli, KEYS, parseJson, startSandbox, tempDir, virtualClock, type CliOptions } from '../helpers/cli.js';

let sandbox: Sandbox;
// Simulated TTS time passes only while a command waits between polls: the same polls on any machine, at any load.
const clock = virtualClock();
beforeAll(async () => {
  sandbox = await startSandbox({}, clock);
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => {
  sandbox.log.length = 0;
  sandbox.clearFaults();
  Object.assign(sandbox.settings, { ttsFailure: undefined, ttsQueueMs: 0, ttsProcessMs: 0 });
});

type Gen = Record<string, unknown> & { id: string; status: string };
const fast: CliOptions = { clock };

async function create(text = 'Hello', key = KEYS.acme): Promise<string> {
  const r = await cli(['tts', 'create', '-q', '--text', text], { sandbox, key });
  expect(r.code).toBe(0);
  return r.stdout.trim();
}

describe('tts get', () => {
  it('returns the whole generation of reference 2.1, completed with an audioUrl', async () => {
    const id = await create('Hello world');
    const r = await cli(['tts', 'get', id], { sandbox });
    expect(r.code).toBe(0);
    const g = parseJson<Gen>(r.stdout);
    expect(Object.keys(g)).toEqual([
      'id',
      'text',
      'characterCount',
      'voice',
      'language',
      'speed',
      'stability',
      'similarityBoost',
      'style',
      'source',
      'status',
      'audioUrl',
      'tokenCost',
      'createdAt',
      'completedAt',
      'errorMessage',
    ]);
    expect(g).toMatchObject({
      id,
      text: 'Hello world',
      characterCount: 11,
      status: 'completed',
      tokenCost: 10,
      source: 'api',
      errorMessage: null,
    });
    expect(g.audioUrl).toBe(`${sandbox.url}/files/audio/${id}.wav`);
    expect(g.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('shows a table with local times and the meaning of an errorMessage on a terminal', async () => {
    sandbox.settings.ttsFailure = 'provider_transient_error';
    const id = await create();
    const r = await cli(['tts', 'get', id], { sandbox, tty: true });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Status\s+failed$/m);
    expect(r.stdout).toMatch(
      /^Error\s+provider_transient_error: a temporary error of the speech provider \(a retry can help\)$/m,
    );
    expect(r.stdout).toMatch(/^Created\s+\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \(\d+s ago\)$/m);
  });

  it("gives exit 4 for an unknown id and for another organization's id", async () => {
    const globexId = await create('Globex secret', KEYS.globex);
    for (const id of ['tts_doesnotexist', globexId]) {
      const r = await cli(['tts', 'get', id], { sandbox });
      expect(r.code).toBe(4);
      expect(r.stderr).toMatch(/status 404 · code not_found · requestId req_/);
      expect(r.stderr).toContain('List your generations: voicectl tts list');
    }
  });
});

describe('tts wait', () => {
  it('waits until completed and prints the final record (exit 0)', async () => {
    Object.assign(sandbox.settings, { ttsQueueMs: 50, ttsProcessMs: 100 });
    const id = await create();
    const r = await cli(['tts', 'wait', id], { sandbox, ...fast });
    expect(r.code).toBe(0);
    expect(parseJson<Gen>(r.stdout)).toMatchObject({ id, status: 'completed' });
    expect(sandbox.requests('GET', `/v1/tts/${id}`).length).toBeGreaterThan(1);
  });

  it('waits for several ids at once and prints them as a list in the order given', async () => {
    Object.assign(sandbox.settings, { ttsQueueMs: 30, ttsProcessMs: 60 });
    const ids = [await create('one'), await create('two'), await create('three')];
    const r = await cli(['tts', 'wait', ...ids.slice().reverse()], { sandbox, ...fast });
    expect(r.code).toBe(0);
    expect(parseJson<Gen[]>(r.stdout).map((g) => [g.id, g.status])).toEqual(
      ids
        .slice()
        .reverse()
        .map((id) => [id, 'completed']),
    );
  });

  it('exits 5 when a generation failed, explains it, and the tokens are refunded', async () => {
    sandbox.advance();
    const before = sandbox.state.orgs[0].balance;
    Object.assign(sandbox.settings, { ttsQueueMs: 20, ttsProcessMs: 60, ttsFailure: 'upload_failed' });
    const id = await create('x'.repeat(250));
    const r = await cli(['tts', 'wait', id], { sandbox, ...fast });
    expect(r.code).toBe(5);
    expect(parseJson<Gen>(r.stdout)).toMatchObject({
      id,
      status: 'failed',
      errorMessage: 'upload_failed',
      tokenCost: 0,
    });
    expect(r.stderr).toContain(`generation ${id} failed`);
    expect(r.stderr).toContain('upload_failed: the audio was generated but could not be stored. A retry can help');
    expect(sandbox.state.orgs[0].balance).toBe(before);
    // deducted while processing: the balance moved and came back
    expect(sandbox.requests('GET', `/v1/tts/${id}`).length).toBeGreaterThan(0);
  });

  it('fails with insufficient_balance when the balance is too low (Globex has 200 tokens), charging nothing', async () => {
    sandbox.advance();
    const before = sandbox.state.orgs[1].balance;
    const id = await create('y'.repeat(2001), KEYS.globex);
    const r = await cli(['tts', 'wait', id], { sandbox, key: KEYS.globex, ...fast });
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(
      /insufficient_balance: the organization's token balance is too low\. A retry will not help until something changes: top up/,
    );
    expect(sandbox.state.orgs[1].balance).toBe(before);
  });

  it("fails with voice_not_found for a voice ID outside the organization's library", async () => {
    const r1 = await cli(['tts', 'create', '-q', '--text', 'hi', '--voice', 'GlobexVoice000000001'], { sandbox });
    const r = await cli(['tts', 'wait', r1.stdout.trim()], { sandbox, ...fast });
    expect(r.code).toBe(5);
    expect(r.stderr).toContain('voice_not_found');
    const ok = await cli(['tts', 'create', '--wait', '--text', 'hi', '--voice', 'AcmeVoice00000000001'], {
      sandbox,
      ...fast,
    });
    expect(ok.code).toBe(0);
    expect(parseJson<Gen>(ok.stdout)).toMatchObject({ status: 'completed', voice: 'AcmeVoice00000000001' });
  });

  it('reports failures among several ids, each with its meaning, and still prints every record', async () => {
    const good = await create('good');
    sandbox.settings.ttsFailure = 'provider_error_422';
    const bad = await create('bad');
    const r = await cli(['tts', 'wait', good, bad], { sandbox, ...fast });
    expect(r.code).toBe(5);
    expect(parseJson<Gen[]>(r.stdout).map((g) => g.status)).toEqual(['completed', 'failed']);
    expect(r.stderr).toContain('1 of 2 generations failed');
    expect(r.stderr).toContain(
      `${bad}: provider_error_422: a permanent error of the speech provider (422). A retry will not help`,
    );
  });

  it('exits 6 on timeout and names the ids still pending with the command to wait again', async () => {
    Object.assign(sandbox.settings, { ttsQueueMs: 0, ttsProcessMs: 60_000 });
    const id = await create();
    const r = await cli(['tts', 'wait', id, '--timeout', '0.3s'], { sandbox, ...fast });
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('1 of 1 generation still pending');
    expect(r.stderr).toContain(`${id}  processing`);
    expect(r.stderr).toContain(`Wait again with: voicectl tts wait ${id}`);
    expect(parseJson<Gen>(r.stdout)).toMatchObject({ id, status: 'processing' });
  });

  it('the command to wait again keeps the flags that chose the service (--base-url), quoted for the shell', async () => {
    Object.assign(sandbox.settings, { ttsQueueMs: 0, ttsProcessMs: 60_000 });
    const id = await create();
    const r = await cli(['--base-url', sandbox.url, 'tts', 'wait', id, '--timeout', '0.3s'], {
      ...fast,
      env: { ...fast.env, VOICECTL_BASE_URL: undefined },
    });
    expect(r.code).toBe(6);
    expect(r.stderr).toContain(`Wait again with: voicectl --base-url ${sandbox.url} tts wait ${id}`);
    const { shellWord } = await import('../../src/io/shell.js');
    expect(shellWord("it's mine")).toBe(`'it'\\''s mine'`);
    expect(shellWord('prod-eu')).toBe('prod-eu');
  });

  it('keeps waiting through transient errors (503, a closed socket) and stops on 404', async () => {
    Object.assign(sandbox.settings, { ttsQueueMs: 0, ttsProcessMs: 150 });
    const id = await create();
    sandbox.addFault({ method: 'GET', path: `/v1/tts/${id}`, status: 503, times: 6 });
    sandbox.addFault({ method: 'GET', path: `/v1/tts/${id}`, kind: 'close', times: 4 });
    const r = await cli(['tts', 'wait', id], { sandbox, ...fast });
    expect(r.code).toBe(0);
    expect(parseJson<Gen>(r.stdout).status).toBe('completed');
    expect(r.stderr).toMatch(new RegExp(`warning: polling ${id} failed \\(HTTP 503`));
    sandbox.clearFaults();
    const gone = await cli(['tts', 'wait', id, 'tts_missing00000000'], { sandbox, ...fast });
    expect(gone.code).toBe(4);
    expect(gone.stderr).toContain('generation tts_missing00000000 not found');
  });

  it('stops at once on 401 (a key that is not valid)', async () => {
    const r = await cli(['tts', 'wait', 'tts_whatever'], { sandbox, key: 'vk_sandbox_not_a_key_000000', ...fast });
    expect(r.code).toBe(3);
    expect(sandbox.requests('GET').length).toBe(1);
  });

  it('stops at once on 403 (a key without tts:read): exit 3, one request, names the scope', async () => {
    Object.assign(sandbox.settings, { ttsQueueMs: 0, ttsProcessMs: 60_000 });
    const id = await create();
    // A key of the same organization that may read messages only (the demo keys all have tts:read).
    const key = 'vk_sandbox_acme_msgs_6c3e9a1f7b2d';
    sandbox.state.keys.push({
      id: 'key_acme_messages',
      key,
      orgId: 'org_acme',
      label: 'Acme, messages only',
      scopes: ['messages:read'],
    });
    try {
      // --timeout 1m: if a 403 did not stop the wait, it would poll again every 3 s of the clock until then and exit 6.
      const r = await cli(['tts', 'wait', id, '--timeout', '1m'], { sandbox, key, ...fast });
      expect(r.code, r.stderr).toBe(3);
      expect(sandbox.requests('GET').map((e) => `${e.path} ${e.status}`)).toEqual([`/v1/tts/${id} 403`]);
      expect(r.stderr).toMatch(/^error: /);
      expect(r.stderr).toContain('needs the scope tts:read');
      expect(r.stderr).not.toContain('still waiting');
      expect(r.stdout).toBe('');
    } finally {
      sandbox.state.keys = sandbox.state.keys.filter((k) => k.id !== 'key_acme_messages');
    }
  });

  it('stops on a 403 that comes in the middle of a wait: exit 3, no poll after it', async () => {
    Object.assign(sandbox.settings, { ttsQueueMs: 0, ttsProcessMs: 60_000 });
    const id = await create();
    const polls = () => sandbox.requests('GET', `/v1/tts/${id}`);
    // Access is withdrawn between polls, once two polls were answered 200: at a wait, not at a moment of luck.
    const sleep = (ms: number, signal?: AbortSignal) => {
      if (polls().length === 2) sandbox.addFault({ method: 'GET', path: `/v1/tts/${id}`, status: 403 });
      return clock.sleep(ms, signal);
    };
    const r = await cli(['tts', 'wait', id, '--timeout', '1m'], { sandbox, clock: { now: clock.now, sleep } });
    expect(r.code, r.stderr).toBe(3);
    const statuses = polls().map((e) => e.status);
    // Polls answered 200 while processing, then the one 403, and nothing after it (not retried, not polled again).
    expect(statuses.at(-1)).toBe(403);
    expect(statuses.filter((s) => s === 403)).toHaveLength(1);
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(polls()).toHaveLength(statuses.length);
  });

  it('checks --interval (3 to 60 s) and --timeout before polling', async () => {
    for (const [args, flag] of [
      [['--interval', '2.9'], '--interval'],
      [['--interval', '61'], '--interval'],
      [['--timeout', '0'], '--timeout'],
      [['--timeout', 'soon'], '--timeout'],
    ] as const) {
      const r = await cli(['tts', 'wait', 'tts_x', ...args], { sandbox });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(flag);
    }
    expect(sandbox.log).toHaveLength(0);
    const ok = await cli(['tts', 'wait', await create(), '--interval', '3', '--timeout', '1m'], { sandbox, ...fast });
    expect(ok.code).toBe(0);
  });

  it('tts create --wait exits 5 on failure and prints the failed record', async () => {
    sandbox.settings.ttsFailure = 'worker_unavailable';
    const r = await cli(['tts', 'create', '--text', 'hi', '--wait'], { sandbox, ...fast });
    expect(r.code).toBe(5);
    expect(parseJson<Gen>(r.stdout)).toMatchObject({ status: 'failed', errorMessage: 'worker_unavailable' });
    expect(r.stderr).toContain('worker_unavailable: the TTS worker could not be reached. A retry can help');
  });
});

describe('tts download', () => {
  it('writes the audio to <id>.wav by default: a valid WAV whose length follows the text and speed', async () => {
    const dir = tempDir();
    const short = await create('Hello');
    const r1 = await cli(['tts', 'create', '-q', '--text', 'Hello', '--speed', '0.5'], { sandbox });
    const slow = r1.stdout.trim();
    for (const id of [short, slow]) {
      const r = await cli(['tts', 'download', id, '--out', join(dir, `${id}.wav`)], { sandbox });
      expect(r.code).toBe(0);
      expect(parseJson(r.stdout)).toMatchObject({ id, file: join(dir, `${id}.wav`), contentType: 'audio/wav' });
    }
    const a = readFileSync(join(dir, `${short}.wav`));
    const b = readFileSync(join(dir, `${slow}.wav`));
    expect(a.subarray(0, 4).toString()).toBe('RIFF');
    expect(a.subarray(8, 12).toString()).toBe('WAVE');
    expect(a.readUInt32LE(40)).toBe(a.length - 44);
    expect(b.length - 44).toBeCloseTo(2 * (a.length - 44), -2);
    expect(readdirSync(dir).filter((n) => n.includes('.part'))).toEqual([]);
  });

  it('names the file after the id in the current directory when --out is absent', async () => {
    // The real path: on macOS the temp dir is reached through a link (/var -> /private/var), and cwd is resolved.
    const dir = realpathSync(tempDir());
    const id = await create();
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      const r = await cli(['tts', 'download', id], { sandbox, tty: true });
      expect(r.code).toBe(0);
      expect(r.stderr).toContain(`Saved ${join(dir, `${id}.wav`)}`);
      expect(statSync(join(dir, `${id}.wav`)).size).toBeGreaterThan(44);
      const again = await cli(['tts', 'download', id], { sandbox });
      expect(again.code).toBe(2);
      expect(again.stderr).toContain('already exists');
    } finally {
      process.chdir(cwd);
    }
  });

  it('streams to stdout with --out -', async () => {
    const id = await create();
    const dir = tempDir();
    await cli(['tts', 'download', id, '--out', join(dir, 'ref.wav')], { sandbox });
    const r = await cli(['tts', 'download', id, '--out', '-'], { sandbox });
    expect(r.code).toBe(0);
    expect(Buffer.from(r.stdout, 'latin1').length).toBeGreaterThan(0);
    expect(r.stdout.startsWith('RIFF')).toBe(true);
    expect(r.stdout.length).toBe(readFileSync(join(dir, 'ref.wav')).toString('utf8').length);
  });

  it('never replaces a file without --force, and does with it', async () => {
    const dir = tempDir();
    const file = join(dir, 'mine.wav');
    writeFileSync(file, 'precious');
    const id = await create();
    const r = await cli(['tts', 'download', id, '--out', file], { sandbox });
    expect(r.code).toBe(2);
    expect(readFileSync(file, 'utf8')).toBe('precious');
    expect(sandbox.log).toHaveLength(1); // the create alone: nothing fetched
    const forced = await cli(['tts', 'download', id, '--out', file, '--force'], { sandbox });
    expect(forced.code).toBe(0);
    expect(readFileSync(file).subarray(0, 4).toString()).toBe('RIFF');
  });

  it('says clearly when the generation is not completed yet, or failed, and writes nothing', async () => {
    const dir = tempDir();
    Object.assign(sandbox.settings, { ttsQueueMs: 60_000 });
    const queued = await create();
    const r = await cli(['tts', 'download', queued, '--out', join(dir, 'a.wav')], { sandbox });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`generation ${queued} is queued; its audio is not ready yet`);
    expect(r.stderr).toContain(`voicectl tts download ${queued} --wait`);
    // The hint is a command that works as printed: it keeps the service the user named (as --sandbox would be).
    const named = await cli(['--base-url', sandbox.url, 'tts', 'download', queued, '--out', join(dir, 'a.wav')], {
      sandbox,
    });
    expect(named.stderr).toContain(`voicectl --base-url ${sandbox.url} tts download ${queued} --wait`);
    Object.assign(sandbox.settings, { ttsQueueMs: 0, ttsFailure: 'voice_not_found' });
    const failed = await create();
    const f = await cli(['tts', 'download', failed, '--out', join(dir, 'b.wav')], { sandbox });
    expect(f.code).toBe(5);
    expect(f.stderr).toContain('voice_not_found');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('removes the partial file when the audio arrives cut', async () => {
    const dir = tempDir();
    const id = await create();
    sandbox.addFault({ method: 'GET', path: '/files/audio/', kind: 'cut' });
    const r = await cli(['tts', 'download', id, '--out', join(dir, 'cut.wav')], { sandbox });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/incomplete|broke off/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('tts create --out waits and downloads in one go', async () => {
    const dir = tempDir();
    const file = join(dir, 'hello.wav');
    const r = await cli(['tts', 'create', '--text', 'Hello', '--out', file], { sandbox, ...fast });
    expect(r.code).toBe(0);
    expect(parseJson<Gen>(r.stdout).status).toBe('completed');
    expect(readFileSync(file).subarray(0, 4).toString()).toBe('RIFF');
    expect(existsSync(file)).toBe(true);
  });

  it('sends the key to the API origin only: audio on another origin is fetched without it', async () => {
    const id = await create();
    await cli(['tts', 'download', id, '--out', join(tempDir(), 'same.wav')], { sandbox });
    expect(sandbox.requests('GET', '/files/audio/').map((e) => e.authorization)).toEqual([true]);
    // A "storage host": another server on another port, sharing the state, named by audioUrl.
    const storage = new Sandbox({ state: sandbox.state });
    await storage.listen(0, '127.0.0.1');
    sandbox.settings.audioBaseUrl = storage.url;
    try {
      const r = await cli(['tts', 'download', id, '--out', join(tempDir(), 'other.wav')], { sandbox });
      expect(r.code).toBe(0);
      expect(storage.requests('GET', '/files/audio/').map((e) => e.authorization)).toEqual([false]);
    } finally {
      sandbox.settings.audioBaseUrl = undefined;
      await storage.close();
    }
  });
});

describe('tts list', () => {
  let fresh: Sandbox;
  const ids: string[] = [];
  beforeAll(async () => {
    fresh = await startSandbox();
    for (let i = 0; i < 23; i++) {
      const r = await cli(['tts', 'create', '-q', '--text', `Record ${i}`], { sandbox: fresh });
      ids.push(r.stdout.trim());
    }
    fresh.settings.ttsFailure = 'upload_failed';
    for (let i = 0; i < 2; i++)
      ids.push((await cli(['tts', 'create', '-q', '--text', `Failing ${i}`], { sandbox: fresh })).stdout.trim());
  });
  afterAll(async () => {
    await fresh.close();
  });

  it('lists newest first, one page of 20 by default', async () => {
    const r = await cli(['tts', 'list'], { sandbox: fresh });
    expect(r.code).toBe(0);
    expect(parseJson<Gen[]>(r.stdout).map((g) => g.id)).toEqual(ids.slice().reverse().slice(0, 20));
  });

  it.each([[100], [7], [1]])('--all with --limit %i returns every record exactly once, in order', async (limit) => {
    fresh.log.length = 0;
    const r = await cli(['tts', 'list', '--all', '--limit', String(limit), '-o', 'ndjson'], { sandbox: fresh });
    expect(r.code).toBe(0);
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as Gen).id),
    ).toEqual(ids.slice().reverse());
    expect(fresh.requests('GET', '/v1/tts')).toHaveLength(Math.ceil(25 / limit));
  });

  it('-o csv: one column order for the resource, the same in tts list and tts get', async () => {
    const list = await cli(['tts', 'list', '--limit', '1', '-o', 'csv'], { sandbox: fresh });
    const get = await cli(['tts', 'get', ids[0], '-o', 'csv'], { sandbox: fresh });
    expect(list.code, list.stderr).toBe(0);
    expect(get.code, get.stderr).toBe(0);
    const header = list.stdout.split('\n')[0];
    expect(header).toBe(get.stdout.split('\n')[0]);
    expect(header.split(',')).toEqual(expect.arrayContaining(['id', 'status', 'text', 'audioUrl', 'tokenCost']));
  });

  it('--all one page at a time reuses its connections from page to page (keep-alive)', async () => {
    const before = fresh.connections;
    const r = await cli(['tts', 'list', '--all', '--limit', '5', '--concurrency', '1', '-o', 'ndjson'], {
      sandbox: fresh,
    });
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(25);
    // The next request may leave before the previous connection is handed back: two at most, not one per page.
    expect(fresh.connections - before).toBeLessThanOrEqual(2);
  });

  it('filters by status, and checks the filter and --limit before sending', async () => {
    const r = await cli(['tts', 'list', '--status', 'failed'], { sandbox: fresh });
    expect(parseJson<Gen[]>(r.stdout).map((g) => g.id)).toEqual(ids.slice(23).reverse());
    fresh.log.length = 0;
    for (const args of [
      ['--status', 'done'],
      ['--status', 'faild'], // FAILED is failed: test/frame/choices.test.ts
      ['--limit', '101'],
      ['--limit', '0'],
      ['--limit', '0x10'],
      ['--page', 'Infinity'],
      ['--page', ''],
      ['--request-timeout', '0x10'],
      ['--concurrency', '17'],
    ]) {
      const bad = await cli(['tts', 'list', ...args], { sandbox: fresh });
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain(args[0]);
    }
    expect(fresh.log).toHaveLength(0);
    const last = await cli(['tts', 'list', '--limit', '100'], { sandbox: fresh });
    expect(parseJson<Gen[]>(last.stdout)).toHaveLength(25);
  });

  it('gives {data, pagination} when one page is asked for in JSON, and -q prints ids', async () => {
    const r = await cli(['tts', 'list', '--page', '2', '--limit', '10'], { sandbox: fresh });
    const body = parseJson<{ data: Gen[]; pagination: Record<string, number> }>(r.stdout);
    expect(body.pagination).toEqual({ page: 2, limit: 10, total: 25, totalPages: 3 });
    expect(body.data.map((g) => g.id)).toEqual(ids.slice().reverse().slice(10, 20));
    const q = await cli(['tts', 'list', '-q', '--limit', '3'], { sandbox: fresh });
    expect(q.stdout).toBe(`${ids.slice().reverse().slice(0, 3).join('\n')}\n`);
  });

  it("lists only the caller's organization", async () => {
    const r = await cli(['tts', 'list', '--all'], { sandbox: fresh, key: KEYS.globex });
    expect(parseJson<Gen[]>(r.stdout)).toEqual([]);
  });
});

describe('voices list', () => {
  it('lists the 29 built-in voices offline, filtered by gender, language and accent', async () => {
    const all = parseJson<{ id: string }[]>((await cli(['voices', 'list'], { key: null })).stdout);
    expect(all).toHaveLength(29);
    expect(all[0]).toEqual({
      id: 'Aria',
      gender: 'female',
      language: 'en',
      accent: null,
      description: 'clear, natural',
      kind: 'standard',
    });
    const male = parseJson<{ id: string }[]>((await cli(['voices', 'list', '--gender', 'MALE'], { key: null })).stdout);
    expect(male).toHaveLength(12);
    const it_ = (await cli(['voices', 'list', '--language', 'it', '-q'], { key: null })).stdout;
    expect(it_).toBe('Lorenzo\nRoberta\nSasha\nGiusy\nVera\nVittorio\n');
    const milan = parseJson<{ id: string }[]>(
      (await cli(['voices', 'list', '--accent', 'milanese'], { key: null })).stdout,
    );
    expect(milan.map((v) => v.id)).toEqual(['Vera', 'Vittorio']);
    const bad = await cli(['voices', 'list', '--accent', 'Napoletano'], { key: null });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--accent: must be one of Italiano, Romanesco, Toscano, Siciliano, Milanese');
  });
});
