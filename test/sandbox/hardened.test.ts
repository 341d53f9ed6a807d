// The background sandbox trusts nobody else on the machine (issue 26): its status tells no secret, a process that
// took its port cannot pass for it, requests addressed to another name or too large are refused, and its files are
// kept only in a private folder, never written through a link.
import { chmodSync, existsSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_LOG_ENTRIES, MAX_REQUEST_BYTES } from '../../src/sandbox/server.js';
import { VERSION } from '../../src/version.js';
import { cli, KEYS, startSandbox, stopSandboxService, tempDir } from '../helpers/cli.js';

const opts = (configDir: string) => ({ configDir, key: null, env: { VOICECTL_POLL_INTERVAL_MS: '50' } });
const dirs: string[] = [];
function configDir(): string {
  const d = tempDir();
  dirs.push(d);
  return d;
}
afterAll(async () => {
  for (const d of dirs) await stopSandboxService(d).catch(() => undefined);
});

/** One raw request: status and body text (headers as given, Host included). */
function raw(
  url: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: Buffer } = {},
) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      `${url}${path}`,
      { method: init.method ?? 'GET', headers: init.headers, agent: false },
      (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    if (init.body) req.write(init.body);
    req.end();
  });
}

describe('the background sandbox proves itself, and tells nothing secret', () => {
  it('its status never carries the instance token of sandbox.json', async () => {
    const dir = configDir();
    expect((await cli(['--sandbox', 'tts', 'list', '-q'], opts(dir))).code).toBe(0);
    const { url, instance } = JSON.parse(readFileSync(join(dir, 'sandbox.json'), 'utf8'));
    for (const path of ['/_sandbox/status', `/_sandbox/status?nonce=${'a'.repeat(32)}`]) {
      const r = await raw(url, path);
      expect(r.body).not.toContain(instance);
    }
    const stop = await raw(url, '/_sandbox/stop', { method: 'POST', headers: { 'x-voicectl-sandbox': instance } });
    expect(stop.status).toBe(403);
  }, 30_000);

  it("another user with README's demo keys gets 401: its keys are this instance's, in the 0600 sandbox.json", async () => {
    const dir = configDir();
    expect((await cli(['--sandbox', 'tts', 'list', '-q'], opts(dir))).code).toBe(0);
    const { url, keys } = JSON.parse(readFileSync(join(dir, 'sandbox.json'), 'utf8'));
    expect(statSync(join(dir, 'sandbox.json')).mode & 0o777).toBe(0o600);
    for (const demo of Object.values(KEYS)) {
      const r = await raw(url, '/v1/campaigns', { headers: { authorization: `Bearer ${demo}` } });
      expect(r.status).toBe(401);
    }
    const own = await raw(url, '/v1/campaigns', { headers: { authorization: `Bearer ${keys.key_acme_full}` } });
    expect(own.status).toBe(200);
    // The owner's commands send the instance's key of the role a sandbox key in the environment names.
    const read = await cli(['--sandbox', 'campaigns', 'list', '-q'], { ...opts(dir), key: KEYS.acmeRead });
    expect(read.code, read.stderr).toBe(0);
  }, 30_000);

  it('a process on the recorded port that cannot prove it knows the token gets no request, and its pid is never named', async () => {
    const dir = configDir();
    const seen: string[] = [];
    const instance = 'a'.repeat(24);
    // It answers as the sandbox used to: with the token (which it could have read from the old status).
    const impostor = createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      res.writeHead(200, { 'content-type': 'application/json' });
      if (req.url?.startsWith('/_sandbox/status'))
        res.end(JSON.stringify({ data: { instance, version: VERSION, pid: 1, url: impostorUrl, scenario: '' } }));
      else res.end(JSON.stringify({ data: [{ id: 'tts_attacker', status: 'completed' }], pagination: null }));
    });
    await new Promise<void>((r) => impostor.listen(0, '127.0.0.1', r));
    const impostorUrl = `http://127.0.0.1:${(impostor.address() as AddressInfo).port}`;
    try {
      const record = { pid: 1, url: impostorUrl, version: VERSION, instance, startedAt: '' };
      writeFileSync(join(dir, 'sandbox.json'), JSON.stringify(record), { mode: 0o600 });
      const stop = await cli(['sandbox', 'stop'], opts(dir));
      expect(stop.stderr).not.toMatch(/pid 1\b|kill 1\b/);
      writeFileSync(join(dir, 'sandbox.json'), JSON.stringify(record), { mode: 0o600 });
      const r = await cli(['--sandbox', 'tts', 'list', '-q'], opts(dir));
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).not.toContain('tts_attacker');
      expect(seen.filter((s) => !s.startsWith('GET /_sandbox/status'))).toEqual([]);
    } finally {
      impostor.close();
    }
  }, 30_000);
});

describe('requests the sandbox refuses', () => {
  it('a Host other than its loopback address or localhost with its port (DNS rebinding) is refused', async () => {
    const sandbox = await startSandbox();
    try {
      const port = new URL(sandbox.url).port;
      const evil = await raw(sandbox.url, '/v1/tts', { headers: { host: `evil.example:${port}` } });
      expect(evil.status).toBe(421);
      expect((await raw(sandbox.url, '/v1/tts', { headers: { host: `127.0.0.1:${Number(port) + 1}` } })).status).toBe(
        421,
      );
      for (const host of [`localhost:${port}`, `127.0.0.1:${port}`])
        expect((await raw(sandbox.url, '/v1/tts', { headers: { host } })).status, host).toBe(401);
    } finally {
      await sandbox.close();
    }
  });

  it('a body larger than the bound is 413, and the sandbox keeps serving', async () => {
    const sandbox = await startSandbox();
    try {
      const body = Buffer.alloc(MAX_REQUEST_BYTES + 1, 0x20);
      const auth = { authorization: `Bearer ${KEYS.acme}` };
      const big = await raw(sandbox.url, '/v1/tts', { method: 'POST', body, headers: auth }).catch((e: Error) => e);
      if (!(big instanceof Error)) expect(big.status).toBe(413);
      const announced = await raw(sandbox.url, '/v1/tts', {
        method: 'POST',
        headers: { ...auth, 'content-length': String(600 * 1024 * 1024) },
      }).catch((e: Error) => e);
      if (!(announced instanceof Error)) expect(announced.status).toBe(413);
      expect(sandbox.requests('POST', '/v1/tts').map((e) => e.status)).toEqual([413, 413]);
      expect((await raw(sandbox.url, '/v1/tts')).status).toBe(401);
    } finally {
      await sandbox.close();
    }
  }, 30_000);
});

describe('a caller without a key', () => {
  it('is answered 401 before a byte of its body is read: the answer comes while the body is still being sent', async () => {
    const sandbox = await startSandbox();
    try {
      // 39 MiB announced, 5 bytes sent, and the request left open: only an answer given unread can arrive.
      const status = await new Promise<number>((resolve, reject) => {
        const req = request(`${sandbox.url}/v1/tts`, {
          method: 'POST',
          agent: false,
          headers: { 'content-length': String(39 * 1024 * 1024), authorization: 'Bearer vk_sandbox_guess' },
        });
        req.on('response', (res) => {
          resolve(res.statusCode ?? 0);
          req.destroy();
        });
        req.on('error', reject);
        req.write('{"a":');
      });
      expect(status).toBe(401);
      const entry = sandbox.requests('POST', '/v1/tts').at(-1)!;
      expect([entry.status, entry.body]).toEqual([401, undefined]);
    } finally {
      await sandbox.close();
    }
  });

  it('a route that needs no key (the stop, an unknown path) is answered without reading a body', async () => {
    const dir = configDir();
    expect((await cli(['--sandbox', 'tts', 'list', '-q'], opts(dir))).code).toBe(0);
    const { url } = JSON.parse(readFileSync(join(dir, 'sandbox.json'), 'utf8'));
    for (const path of ['/_sandbox/stop', '/anything']) {
      const status = await new Promise<number>((resolve, reject) => {
        const req = request(`${url}${path}`, {
          method: 'POST',
          agent: false,
          headers: { 'content-length': String(39 * 1024 * 1024) },
        });
        req.on('response', (res) => {
          resolve(res.statusCode ?? 0);
          req.destroy();
        });
        req.on('error', reject);
        req.write('x');
      });
      expect(status, path).toBe(path === '/anything' ? 404 : 403);
    }
  }, 30_000);

  it('the request log is bounded: entries and the bytes of their bodies', async () => {
    const sandbox = await startSandbox();
    try {
      const body = Buffer.alloc(20 * 1024 * 1024, 0x20);
      const auth = { authorization: `Bearer ${KEYS.acme}`, 'content-type': 'application/json' };
      for (let i = 0; i < 4; i++) await raw(sandbox.url, '/v1/tts', { method: 'POST', body, headers: auth });
      const posts = sandbox.requests('POST', '/v1/tts');
      expect(posts.map((e) => e.bodyDropped ?? false)).toEqual([true, false, false, false]);
      for (let i = 0; i < MAX_LOG_ENTRIES + 5; i++) sandbox.log.push({ ...posts[0] });
      await raw(sandbox.url, '/v1/tts');
      expect(sandbox.log.length).toBe(MAX_LOG_ENTRIES);
    } finally {
      await sandbox.close();
    }
  }, 30_000);
});

describe('its files', () => {
  it('a config dir others can write to is refused for the sandbox, as ssh refuses one', async () => {
    const dir = configDir();
    chmodSync(dir, 0o777);
    const r = await cli(['--sandbox', 'tts', 'list', '-q'], opts(dir));
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('is writable by other users');
    expect(readdirSync(dir).filter((n) => n.startsWith('sandbox'))).toEqual([]);
  });

  it('sandbox.log: 0600 even when an older one was 0644, and never the instance token', async () => {
    const dir = configDir();
    writeFileSync(join(dir, 'sandbox.log'), 'old\n', { mode: 0o644 });
    chmodSync(join(dir, 'sandbox.log'), 0o644);
    expect((await cli(['--sandbox', 'tts', 'list', '-q'], opts(dir))).code).toBe(0);
    const { instance } = JSON.parse(readFileSync(join(dir, 'sandbox.json'), 'utf8'));
    expect(statSync(join(dir, 'sandbox.log')).mode & 0o777).toBe(0o600);
    await stopSandboxService(dir);
    const log = readFileSync(join(dir, 'sandbox.log'), 'utf8');
    expect(log).toMatch(/sandbox started \(voicectl .*, pid \d+\) at http:\/\/127\.0\.0\.1:\d+/);
    expect(log).not.toContain(instance);
  }, 30_000);

  it('a link planted at sandbox.log is never followed', async () => {
    const dir = configDir();
    const victim = join(tempDir(), 'victim.txt');
    writeFileSync(victim, 'KEEP');
    symlinkSync(victim, join(dir, 'sandbox.log'));
    await cli(['--sandbox', 'tts', 'list', '-q'], opts(dir));
    expect(readFileSync(victim, 'utf8')).toBe('KEEP');
    expect(existsSync(join(dir, 'sandbox.json'))).toBe(false);
  }, 30_000);
});
