// What voicectl takes from undici's own files rather than its index (src/api/undici.ts): an undici release that moves
// or changes one of them, or that leaves the versions the adapter was written for, fails here, not as a CLI that
// cannot send a request. Real requests over loopback; nothing mocked.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { connect as tcpConnect, type Socket } from 'node:net';
import { join } from 'node:path';
import semver from 'semver';
import { afterEach, describe, expect, it } from 'vitest';
import { Agent, envProxyAgent, provingConnector, UNDICI_VERSIONS } from '../../src/api/undici.js';
import { ROOT } from '../helpers/cli.js';

const require = createRequire(import.meta.url);

/** Each undici file the adapter imports, and the public export of undici's index it must be. */
const PUBLIC: Record<string, string> = {
  'undici/lib/dispatcher/agent.js': 'u.Agent',
  'undici/lib/dispatcher/dispatcher.js': 'u.Dispatcher',
  'undici/lib/dispatcher/env-http-proxy-agent.js': 'u.EnvHttpProxyAgent',
  'undici/lib/core/connect.js': 'u.buildConnector',
  'undici/lib/api/api-request.js': 'u.Dispatcher.prototype.request',
  'undici/lib/api/api-connect.js': 'u.Dispatcher.prototype.connect',
};

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** A server on 127.0.0.1:<free port>, closed after the test: it answers what it was asked. */
async function server(): Promise<{ origin: string; seen: IncomingMessage[]; http: Server }> {
  const seen: IncomingMessage[] = [];
  const http = createServer((req, res) => {
    seen.push(req);
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => res.end(`${req.method} ${req.url} ${body}`));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => http.close(resolve)));
  http.on('connection', (s: Socket) => closers.push(async () => s.destroy()));
  return { origin: `http://127.0.0.1:${(http.address() as { port: number }).port}`, seen, http };
}

describe('undici internals, behind an adapter', () => {
  it('the installed undici and the range in package.json are within the versions the adapter was written for', () => {
    const installed = JSON.parse(readFileSync(require.resolve('undici/package.json'), 'utf8')).version;
    expect(semver.satisfies(installed, UNDICI_VERSIONS), `undici ${installed}`).toBe(true);
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    const range = pkg.dependencies?.undici ?? pkg.devDependencies?.undici;
    expect(semver.subset(range, UNDICI_VERSIONS), `package.json's "${range}"`).toBe(true);
  });

  it("each undici file the adapter imports is the class or method undici's index exports", () => {
    const source = readFileSync(join(ROOT, 'src/api/undici.ts'), 'utf8');
    const imported = [...source.matchAll(/(?:from |import\()'(undici\/[^']+)'/g)].map((m) => m[1]);
    expect(imported.sort()).toEqual(Object.keys(PUBLIC).sort());
    // In a process of its own: undici's index, once loaded, adds request and connect to every dispatcher, and the
    // tests below must see only what the adapter assembled.
    const script = `const u = require('undici'); console.log(JSON.stringify({${Object.entries(PUBLIC)
      .map(([file, name]) => `${JSON.stringify(file)}: require(${JSON.stringify(file)}) === ${name}`)
      .join(', ')}}))`;
    const same = JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8' }));
    expect(same).toEqual(Object.fromEntries(Object.keys(PUBLIC).map((f) => [f, true])));
  });

  it("nothing loads undici's index (it would add request and connect itself, and hide a break in the adapter)", () => {
    const files = (dir: string): string[] =>
      readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
        .map((f) => join(dir, f));
    const loading = [...files('src'), ...files('test')].filter(
      (f) =>
        !f.endsWith('undici-adapter.test.ts') &&
        /^(?!import type).*(from |import\(|require\()'undici'/m.test(readFileSync(join(ROOT, f), 'utf8')),
    );
    expect(loading).toEqual([]);
  });

  it('the assembled Agent sends a request and reads its answer', async () => {
    const { origin, seen } = await server();
    const agent = new Agent();
    closers.push(() => agent.close());
    const r = await agent.request({ origin, path: '/v1/tts?limit=1', method: 'POST', body: 'hello' });
    expect(r.statusCode).toBe(200);
    expect(await r.body.text()).toBe('POST /v1/tts?limit=1 hello');
    expect(seen).toHaveLength(1);
  });

  it('connect: the proxy agent tunnels through a CONNECT proxy to the server', async () => {
    const target = await server();
    const proxied: string[] = [];
    const proxy = await server();
    proxy.http.on('connect', (req: IncomingMessage, client: Socket) => {
      proxied.push(`${req.method} ${req.url}`);
      const [host, port] = (req.url ?? '').split(':');
      const upstream = tcpConnect(Number(port), host, () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.pipe(client);
        client.pipe(upstream);
      });
      closers.push(async () => upstream.destroy());
    });
    const agent = await envProxyAgent({ httpProxy: proxy.origin, httpsProxy: proxy.origin, noProxy: '' });
    closers.push(() => agent.close());
    const r = await agent.request({ origin: target.origin, path: '/v1/campaigns', method: 'GET' });
    expect(await r.body.text()).toBe('GET /v1/campaigns ');
    expect(proxied).toEqual([`CONNECT ${new URL(target.origin).host}`]);
    expect(target.seen).toHaveLength(1);
    expect(proxy.seen).toHaveLength(0);
  });

  it("provingConnector: undici's connector, with the proof run on each new socket before anything is sent", async () => {
    const { origin, seen } = await server();
    const proved: string[] = [];
    const good = new Agent({
      connect: provingConnector(async (socket) => void proved.push(`${socket.remotePort} ${seen.length}`)),
    });
    closers.push(() => good.close());
    const r = await good.request({ origin, path: '/', method: 'GET' });
    await r.body.text();
    expect(proved).toEqual([`${new URL(origin).port} 0`]);
    expect(seen).toHaveLength(1);

    const refused = new Agent({
      connect: provingConnector(async () => {
        throw new Error('not the sandbox that was started');
      }),
    });
    closers.push(() => refused.close());
    await expect(refused.request({ origin, path: '/', method: 'GET' })).rejects.toThrow(
      'not the sandbox that was started',
    );
    expect(seen).toHaveLength(1);
  });
});
