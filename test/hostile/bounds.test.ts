// Bounds against a hostile server: endless or huge bodies stop at once (and are not retried), --timeout bounds a
// whole download, --all stops on pages that cannot be right and says how to resume, Retry-After that is not a
// delay is ignored, --out never renames over a device or a FIFO. Timings are asserted loosely; the figures are in
// the benchmark (test/bench/security.mjs).
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from '../../src/api/client.js';
import { spawnCli, tempDir, virtualClock } from '../helpers/cli.js';
import { expectFailure } from '../reliability/helpers.js';
import { endless, json, page, useHostileServer } from './server.js';

const KEY = 'vk_live_9f2c4e6a8b1d3f5a7c9e';
const MiB = 1024 * 1024;
const { server, run } = useHostileServer(KEY);
const requestsTo = (path: string) => server.requests.filter((r) => r.url.split('?')[0] === path).length;

describe('response size', () => {
  it('an endless JSON body stops at the limit with a clear error, and is not retried', async () => {
    server.on('GET', '/v1/campaigns/cmp_1', (_q, res) =>
      endless(res, Buffer.alloc(64 * 1024, 0x20), 'application/json', { prefix: '{"data":{"name":"' }),
    );
    const before = process.memoryUsage().rss;
    const started = Date.now();
    const r = await run(['campaigns', 'show', 'cmp_1']);
    expectFailure(r, 1);
    expect(r.stderr).toMatch(/GET \/v1\/campaigns\/cmp_1 answered 200 with a body larger than 32 MiB.*stopped reading/);
    expect(r.stderr).not.toMatch(/Gave up|attempts/);
    expect(requestsTo('/v1/campaigns/cmp_1')).toBe(1);
    // Loose: the bound, not a benchmark (test/bench/security.mjs measures it).
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(process.memoryUsage().rss - before).toBeLessThan(400 * MiB);
  });

  it('a declared content-length over the limit is refused before the body is read', async () => {
    server.on('GET', '/v1/campaigns/cmp_1', (_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(720 * MiB) });
      res.write('{"data":');
    });
    const r = await run(['campaigns', 'show', 'cmp_1', '--json']);
    expectFailure(r, 1);
    expect(r.stderr).toContain('larger than 32 MiB (it says 720 MiB)');
    expect(JSON.parse(r.stderr.trim().split('\n').pop()!).error.code).toBe('response_too_large');
    expect(requestsTo('/v1/campaigns/cmp_1')).toBe(1);
  });

  it('api --max-body sets the limit: exactly the limit passes, one byte more stops', async () => {
    const body = (n: number) => `{"data":"${'x'.repeat(n - 11)}"}`;
    server.on('GET', '/v1/at', (_q, res) => void res.end(body(MiB)));
    server.on('GET', '/v1/over', (_q, res) => void res.end(body(MiB + 1)));
    const ok = await run(['api', 'GET', '/v1/at', '--max-body', '1']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout.length).toBe(MiB + 1);
    const over = await run(['api', 'GET', '/v1/over', '--max-body', '1']);
    expectFailure(over, 1);
    expect(over.stderr).toContain('larger than 1 MiB');
    expect(over.stderr).toContain('--max-body');
  });

  it.each([
    ['0', false],
    ['-1', false],
    ['abc', false],
    ['4096.5', false],
    ['0.001', true],
    ['4096', true],
  ])('api --max-body %s: %s', async (value, good) => {
    server.on('GET', '/v1/x', (_q, res) => json(res, 200, { data: 1 }));
    const r = await run(['api', 'GET', '/v1/x', '--max-body', value]);
    if (good) {
      expect(r.code, r.stderr).toBe(0);
    } else {
      expectFailure(r, 2);
      expect(r.stderr).toContain(`--max-body: must be a number of MiB above 0 and at most 4096 (got "${value}")`);
      expect(server.requests).toHaveLength(0);
    }
  });
});

/** A completed generation whose audio is `path` on the hostile server. */
function generation(path: string) {
  server.on('GET', '/v1/tts/tts_1', (_q, res) =>
    json(res, 200, { data: { id: 'tts_1', status: 'completed', audioUrl: `${server.url}${path}` } }),
  );
}

describe('downloads', () => {
  it('--request-timeout bounds the whole of an endless download (a real process); nothing is kept', async () => {
    generation('/audio/endless.wav');
    // A trickle that never ends (64 KiB every 20 ms: the 512 MiB ceiling is minutes away, and data keeps coming, so
    // no idle timeout fires): only the whole-transfer timeout can end it, whatever the load.
    server.on('GET', '/audio/endless.wav', (_q, res) =>
      endless(res, Buffer.alloc(64 * 1024), 'audio/wav', { everyMs: 20 }),
    );
    const dir = tempDir();
    const started = Date.now();
    const r = await spawnCli(['--request-timeout', '2', 'tts', 'download', 'tts_1', '--out', join(dir, 'a.wav')], {
      key: KEY,
      env: { VOICECTL_BASE_URL: server.url },
    });
    expectFailure(r, 1);
    expect(r.stderr).toContain('the download of tts_1 timed out (--request-timeout bounds the whole transfer)');
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('an audio file declared larger than 512 MiB is refused before a byte is written', async () => {
    generation('/audio/huge.wav');
    server.on('GET', '/audio/huge.wav', (_q, res) => {
      res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': String(512 * MiB + 1) });
      res.write(Buffer.alloc(1024));
    });
    const dir = tempDir();
    const r = await run(['tts', 'download', 'tts_1', '--out', join(dir, 'a.wav')]);
    expectFailure(r, 1);
    expect(r.stderr).toContain('the audio of tts_1 is larger than 512.0 MB');
    expect(readdirSync(dir)).toEqual([]);
  });

  it.each([['folder'], ['folder/'], ['missing/']])(
    '--out %s: a folder or a path ending in / is refused before any request',
    async (name) => {
      const dir = tempDir();
      mkdirSync(join(dir, 'folder'));
      const r = await run(['tts', 'download', 'tts_1', '--out', join(dir, name)]);
      expectFailure(r, 2);
      expect(r.stderr).toMatch(/--out: .* (is a folder|ends with a slash); name a file/);
      expect(server.requests).toHaveLength(0);
    },
  );

  it('--out a FIFO or a device without --force: refused before anything is sent or opened', async () => {
    generation('/audio/a.wav');
    // Another user's FIFO where the output goes (simulated: made here, owned by another uid where root can chown).
    const dir = tempDir();
    const fifo = join(dir, 'leads-contacts.json');
    execFileSync('mkfifo', ['-m', '666', fifo]);
    if (process.getuid?.() === 0) chownSync(fifo, 4242, 4242);
    const r = await run(['tts', 'download', 'tts_1', '--out', fifo]);
    expectFailure(r, 2);
    expect(r.stderr).toContain(`--out: ${fifo} is not a regular file (a FIFO); nothing was sent`);
    expect(r.stderr).toContain('Add --force to write into it anyway');
    expect(server.requests).toEqual([]);
    const c = await run([
      'contacts',
      'convert',
      'fixtures/contacts/semicolon.csv',
      '--default-country',
      'IT',
      '--out',
      fifo,
    ]);
    expectFailure(c, 2);
    expect(c.stderr).toContain('is not a regular file (a FIFO)');
    const dev = await run([
      'contacts',
      'convert',
      'fixtures/contacts/semicolon.csv',
      '--default-country',
      'IT',
      '--out',
      '/dev/null',
    ]);
    expectFailure(dev, 2);
    expect(dev.stderr).toContain('/dev/null is not a regular file (a device)');
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });

  it('--out a FIFO --force: written in place for its reader, and still a FIFO after', async () => {
    generation('/audio/a.wav');
    const audio = Buffer.from('RIFF....WAVEfmt hostile-test-audio');
    server.on('GET', '/audio/a.wav', (_q, res) => {
      res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': String(audio.length) });
      res.end(audio);
    });
    const fifo = join(tempDir(), 'pipe.wav');
    execFileSync('mkfifo', [fifo]);
    const reader = spawn('cat', [fifo]);
    const got: Buffer[] = [];
    reader.stdout.on('data', (c: Buffer) => got.push(c));
    const closed = new Promise((resolve) => reader.on('close', resolve));
    const r = await run(['tts', 'download', 'tts_1', '--out', fifo, '--force']);
    await closed;
    expect(r.code, r.stderr).toBe(0);
    expect(Buffer.concat(got)).toEqual(audio);
    expect(lstatSync(fifo).isFIFO()).toBe(true);
    expect(readdirSync(join(fifo, '..'))).toEqual(['pipe.wav']);
  });

  it('--out /dev/stdout --force (a real process): the audio goes to stdout, no temporary file renamed over it', async () => {
    generation('/audio/a.wav');
    const audio = 'RIFF-audio-bytes';
    server.on('GET', '/audio/a.wav', (_q, res) => {
      res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': String(audio.length) });
      res.end(audio);
    });
    const r = await spawnCli(['tts', 'download', 'tts_1', '--out', '/dev/stdout', '--force'], {
      key: KEY,
      env: { VOICECTL_BASE_URL: server.url },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(audio);
    expect(lstatSync('/dev/stdout').isSymbolicLink() || lstatSync('/dev/stdout').isCharacterDevice()).toBe(true);
  });

  it('contacts convert --out a FIFO --force: written in place, still a FIFO; --out folder/ refused', async () => {
    const dir = tempDir();
    const fifo = join(dir, 'contacts.json');
    execFileSync('mkfifo', [fifo]);
    const reader = spawn('cat', [fifo]);
    const got: Buffer[] = [];
    reader.stdout.on('data', (c: Buffer) => got.push(c));
    const closed = new Promise((resolve) => reader.on('close', resolve));
    const r = await run([
      'contacts',
      'convert',
      'fixtures/contacts/semicolon.csv',
      '--default-country',
      'IT',
      '--out',
      fifo,
      '--force',
    ]);
    await closed;
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(Buffer.concat(got).toString()).length).toBeGreaterThan(0);
    expect(lstatSync(fifo).isFIFO()).toBe(true);
    expect(readdirSync(dir)).toEqual(['contacts.json']);
    const slash = await run(['contacts', 'convert', 'fixtures/contacts/semicolon.csv', '--out', `${dir}/new/`]);
    expectFailure(slash, 2);
    expect(slash.stderr).toContain('ends with a slash; name a file, not a folder');
  });

  it('--rejects - is refused before anything is read or sent', async () => {
    const r = await run(['contacts', 'convert', 'fixtures/contacts/invalid.csv', '--skip-invalid', '--rejects', '-']);
    expectFailure(r, 2);
    expect(r.stderr).toContain('--rejects: - (stdout) is not accepted; name a file such as rejected.csv');
    expect(r.stdout).toBe('');
  });
});

describe('--all against pagination that lies', () => {
  const rec = (n: number) => ({ id: `cmp_${n}`, name: `c${n}` });

  it('a page that repeats the previous one stops the walk, with the resume command from what was printed', async () => {
    // Page numbers reported by the server are wrong on purpose: the resume command must not trust them.
    server.on('GET', '/v1/campaigns', (q, res) => {
      const p = Number(new URL(q.url!, server.url).searchParams.get('page'));
      const records = p <= 2 ? [rec(p)] : [rec(2)];
      json(res, 200, page(records, { page: 1, totalPages: 1_000_000, limit: 1 }));
    });
    const r = await run(['campaigns', 'list', '--all', '-o', 'ndjson', '--concurrency', '1']);
    expectFailure(r, 1);
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).id),
    ).toEqual(['cmp_1', 'cmp_2']);
    expect(r.stderr).toContain('page 3 repeats page 2 (the service is not paging); stopped');
    expect(r.stderr).toContain(
      'Printed pages 1 to 2 of 1000000. The rest: voicectl campaigns list --all -o ndjson --concurrency 1 --page 3 --limit 100',
    );
    expect(requestsTo('/v1/campaigns')).toBeLessThanOrEqual(3);
  });

  it('a page that repeats an earlier page, not the one before, stops the walk (two pages in turn)', async () => {
    server.on('GET', '/v1/calls', (q, res) => {
      const p = Number(new URL(q.url!, server.url).searchParams.get('page'));
      const k = p % 2;
      json(res, 200, page([{ id: `c${k}a` }, { id: `c${k}b` }], { page: p, totalPages: 1_000_000 }));
    });
    const r = await run(['calls', 'list', '--all', '--json']);
    expectFailure(r, 1);
    expect(JSON.parse(r.stdout).map((c: { id: string }) => c.id)).toEqual(['c1a', 'c1b', 'c0a', 'c0b']);
    expect(r.stderr).toContain('GET /v1/calls: page 3 repeats page 1 (the service is not paging); stopped');
    expect(r.stderr).toContain('Printed pages 1 to 2 of 1000000. The rest: voicectl calls list --all --json --page 3');
    // The window of pages in flight, not the 10,000-page ceiling.
    expect(requestsTo('/v1/calls')).toBeLessThanOrEqual(3 + 6);
  });

  it('a page of records all seen before, in another order, stops the walk; one new record among them does not', async () => {
    const pages: Record<number, number[]> = { 1: [1, 2], 2: [3, 2], 3: [2, 4], 4: [3, 1], 5: [5] };
    server.on('GET', '/v1/campaigns', (q, res) => {
      const p = Number(new URL(q.url!, server.url).searchParams.get('page'));
      json(res, 200, page((pages[p] ?? [9]).map(rec), { page: p, totalPages: 5 }));
    });
    const r = await run(['campaigns', 'list', '--all', '-o', 'ndjson']);
    expectFailure(r, 1);
    // Pages 2 and 3 each bring one new record (the last good case); page 4 brings none.
    expect(r.stdout.trim().split('\n')).toHaveLength(6);
    expect(r.stderr).toContain(
      'page 4 brings no new record: all 2 of its ids came on earlier pages (cmp_3 on page 2); the service is not paging; stopped',
    );
    expect(r.stderr).toContain('The rest: voicectl campaigns list --all -o ndjson --page 4 --limit 100');
  });

  it('records without ids: a repeat of an earlier page still stops the walk', async () => {
    server.on('GET', '/v1/x', (q, res) => {
      const p = Number(new URL(q.url!, server.url).searchParams.get('page'));
      json(res, 200, page([{ n: p % 3 }], { page: p, totalPages: 1_000_000 }));
    });
    const r = await run(['api', 'GET', '/v1/x', '--paginate']);
    expectFailure(r, 1);
    expect(r.stdout).toBe('{"n":1}\n{"n":2}\n{"n":0}\n');
    expect(r.stderr).toContain('GET /v1/x: page 4 repeats page 1 (the service is not paging); stopped');
  });

  it('api --paginate at the page ceiling prints the command for the next page', async () => {
    server.on('GET', '/v1/calls', (q, res) => {
      const p = Number(new URL(q.url!, server.url).searchParams.get('page'));
      json(res, 200, page([{ id: `c${p}` }], { page: p, totalPages: 1_000_000 }));
    });
    const r = await run(['api', 'GET', '/v1/calls?status=a%20b', '--paginate'], { env: { VOICECTL_MAX_PAGES: '3' } });
    expectFailure(r, 1);
    expect(r.stdout.trim().split('\n')).toHaveLength(3);
    expect(r.stderr).toContain('stopped after 3 pages, the most one walk reads');
    expect(r.stderr).toContain('Narrow the list with a filter, or raise the ceiling with VOICECTL_MAX_PAGES.');
    expect(r.stderr).toContain(
      "Printed pages 1 to 3 of 1000000. The next one: voicectl api GET '/v1/calls?status=a+b&page=4&limit=100' (--paginate always starts at page 1)",
    );
    expect(r.stderr).not.toContain('as below');
  });

  it('an empty page before totalPages stops the walk', async () => {
    server.on('GET', '/v1/campaigns', (q, res) => {
      const p = Number(new URL(q.url!, server.url).searchParams.get('page'));
      json(res, 200, page(p === 1 ? [rec(1)] : [], { page: p, totalPages: 65_649 }));
    });
    const r = await run(['campaigns', 'list', '--all', '-o', 'ndjson']);
    expectFailure(r, 1);
    expect(r.stderr).toContain('page 2 came back empty although the service says there are 65649 pages; stopped');
    expect(r.stderr).toContain('The rest: voicectl campaigns list --all -o ndjson --page 2 --limit 100');
    // The window of pages in flight, not 65,649.
    expect(requestsTo('/v1/campaigns')).toBeLessThanOrEqual(1 + 6);
  });

  it('an empty last page is fine: the walk ends', async () => {
    server.on('GET', '/v1/campaigns', (q, res) => {
      const p = Number(new URL(q.url!, server.url).searchParams.get('page'));
      json(res, 200, page(p === 1 ? [rec(1)] : [], { page: p, totalPages: 2 }));
    });
    const r = await run(['campaigns', 'list', '--all', '-o', 'ndjson']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(`${JSON.stringify(rec(1))}\n`);
  });

  it.each([
    [3, 4, 0],
    [3, 5, 1],
  ])('with a ceiling of %i pages, from page 2 and totalPages %i: exit %i', async (ceiling, totalPages, code) => {
    server.on('GET', '/v1/campaigns', (q, res) => {
      const p = Number(new URL(q.url!, server.url).searchParams.get('page'));
      json(res, 200, page([rec(p)], { page: p, totalPages }));
    });
    const r = await run(['campaigns', 'list', '--all', '-o', 'ndjson', '--page', '2'], {
      env: { VOICECTL_MAX_PAGES: String(ceiling) },
    });
    expect(r.code, r.stderr).toBe(code);
    expect(r.stdout.trim().split('\n')).toHaveLength(Math.min(ceiling, totalPages - 1));
    if (code) {
      expect(r.stderr).toContain('stopped after 3 pages, the most one walk reads (the service says there are 5)');
      expect(r.stderr).toContain(
        'Printed pages 2 to 4 of 5. The rest: voicectl campaigns list --all -o ndjson --page 5',
      );
    }
    expect(requestsTo('/v1/campaigns')).toBe(Math.min(ceiling, totalPages - 1));
  });

  it.each([['0'], ['abc'], ['1.5']])('VOICECTL_MAX_PAGES=%s is refused before any request', async (value) => {
    const r = await run(['campaigns', 'list', '--all'], { env: { VOICECTL_MAX_PAGES: value } });
    expectFailure(r, 2);
    expect(r.stderr).toContain(`VOICECTL_MAX_PAGES must be a whole number from 1 (got "${value}")`);
    expect(server.requests).toHaveLength(0);
  });
});

describe('Retry-After', () => {
  it.each([
    ['-5', undefined],
    ['abc', undefined],
    ['5s', undefined],
    ['1e3', undefined],
    ['', undefined],
    ['0', 0],
    ['2', 2000],
    ['1.5', 1500],
    ['Thu, 01 Jan 1970 00:00:10 GMT', 10_000],
    ['Thu, 01 Jan 1970 00:00:00 GMT', 0],
  ])('%j reads as %s ms', (value, ms) => {
    expect(parseRetryAfter(value, 0)).toBe(ms);
  });

  it('Retry-After: -5 over HTTP gets the usual backoff, not an immediate retry', async () => {
    let n = 0;
    server.on('GET', '/v1/campaigns/cmp_1', (_q, res) => {
      if (n++ === 0) json(res, 503, { error: { code: 'busy', message: 'busy' } }, { 'retry-after': '-5' });
      else json(res, 200, { data: { id: 'cmp_1' } });
    });
    const r = await run(['campaigns', 'show', 'cmp_1', '--json', '--debug'], {
      env: { VOICECTL_RETRY_BASE_MS: '40' },
      clock: virtualClock(), // the backoff is read from --debug, not waited for
    });
    expect(r.code, r.stderr).toBe(0);
    // 40 ms ± 20% jitter: the backoff, where a "date" of -5 would have read as 0 ms.
    const delay = Number(/retry 1\/3 in (\d+) ms/.exec(r.stderr)?.[1]);
    expect(delay).toBeGreaterThanOrEqual(32);
    expect(delay).toBeLessThanOrEqual(48);
  });
});

describe('api fields and proxies', () => {
  it.each([
    ['__proto__[text]=x', '__proto__'],
    ['b[__proto__][c]=3', '__proto__'],
    ['constructor[prototype][x]=1', 'constructor'],
    ['a[prototype]=1', 'prototype'],
    ['a[b][constructor]=1', 'constructor'],
  ])('-F %s is refused with exit 2, nothing sent', async (field, bad) => {
    const r = await run(['api', 'POST', '/v1/x', '-F', field]);
    expectFailure(r, 2);
    expect(r.stderr).toContain(`-F "${field}": "${bad}" cannot be a key`);
    expect(server.requests).toHaveLength(0);
    const raw = await run(['api', 'POST', '/v1/x', '-f', field]);
    expectFailure(raw, 2);
  });

  it('keys that only contain those words are fields like any other', async () => {
    server.on('POST', '/v1/x', (_q, res) => json(res, 200, { data: 1 }));
    const r = await run([
      'api',
      'POST',
      '/v1/x',
      '-F',
      '__proto__x=1',
      '-F',
      'b[my_constructor]=2',
      '-F',
      'toString=3',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(server.requests[0].body)).toEqual({ __proto__x: 1, b: { my_constructor: 2 }, toString: 3 });
  });

  it.each([['HTTPS_PROXY'], ['HTTP_PROXY'], ['https_proxy']])(
    '%s without a scheme: a clear error, exit 2, the password never shown, nothing sent',
    async (name) => {
      const r = await run(['campaigns', 'show', 'cmp_1'], { env: { [name]: 'user:pw-hunter22@host:99' } });
      expectFailure(r, 2);
      expect(r.stderr).toContain(`${name} must be a URL starting with http:// or https:// (got "[redacted]@host:99")`);
      expect(r.stderr).not.toContain('hunter22');
      expect(server.requests).toHaveLength(0);
    },
  );

  it('a proxy URL with a scheme is used (the connection goes to it)', async () => {
    const r = await run(['--base-url', 'https://api.example.invalid', 'campaigns', 'show', 'cmp_1'], {
      env: { HTTPS_PROXY: 'http://user:pw-hunter22@127.0.0.1:1' },
    });
    expectFailure(r, 1);
    expect(r.stderr).toContain('HTTPS_PROXY is set: the connection goes through the proxy 127.0.0.1:1');
    expect(r.stderr).not.toContain('hunter22');
  });
});
