// HTTP_PROXY / HTTPS_PROXY never apply to loopback hosts (127.0.0.0/8, ::1, localhost), whatever NO_PROXY says:
// plain http:// is allowed only to loopback so that the key never travels in clear, and a proxy is another host.
// A fake proxy listens on a loopback port and must receive nothing while the request to the sandbox succeeds.
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, stopSandboxService, tempDir, useSandbox } from '../helpers/cli.js';

const sandbox = useSandbox();
let proxy: Server;
let proxyUrl = '';
const received: string[] = [];

beforeAll(async () => {
  proxy = createServer((socket: Socket) => {
    // A proxy that answers nothing useful: a request that went through it could not succeed.
    socket.on('data', (chunk) => {
      received.push(chunk.toString('latin1'));
      socket.end('HTTP/1.1 502 Bad Gateway\r\ncontent-length: 0\r\n\r\n');
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const address = proxy.address();
  if (!address || typeof address === 'string') throw new Error('no proxy port');
  proxyUrl = `http://proxyuser:proxypw-123@127.0.0.1:${address.port}`;
});
afterAll(() => new Promise<void>((resolve) => proxy.close(() => resolve())));

describe('a proxy in the environment and a loopback base URL', () => {
  it.each([
    ['HTTP_PROXY and HTTPS_PROXY', {}],
    ['http_proxy, with a NO_PROXY that does not list loopback', { NO_PROXY: 'example.com' }],
    ['HTTP_PROXY, with an empty NO_PROXY', { NO_PROXY: '' }],
  ])('%s: the request goes straight to the sandbox, the proxy receives nothing', async (what, extra) => {
    received.length = 0;
    const env: Record<string, string> = what.startsWith('http_proxy')
      ? { http_proxy: proxyUrl, ...extra }
      : { HTTP_PROXY: proxyUrl, HTTPS_PROXY: proxyUrl, ...extra };
    const r = await cli(['tts', 'list'], { sandbox, env });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(sandbox.requests()).toMatchObject([{ method: 'GET', path: '/v1/tts', status: 200, authorization: true }]);
    expect(received).toEqual([]);
  });

  it('another address of 127.0.0.0/8 is loopback too: a refused connection names no proxy', async () => {
    received.length = 0;
    const r = await cli(['tts', 'list'], {
      key: 'vk_test_123456789',
      env: { VOICECTL_BASE_URL: 'http://127.0.0.2:9', HTTP_PROXY: proxyUrl, VOICECTL_RETRY_BASE_MS: '0' },
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('could not connect to 127.0.0.2:9');
    expect(r.stderr).not.toContain('proxy');
    expect(received).toEqual([]);
  });

  it('--sandbox: the same', async () => {
    received.length = 0;
    const configDir = tempDir();
    try {
      const r = await cli(['--sandbox', 'tts', 'list'], { configDir, key: null, env: { HTTP_PROXY: proxyUrl } });
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toEqual(expect.any(Array));
      expect(received).toEqual([]);
    } finally {
      await stopSandboxService(configDir);
    }
  });
});

describe('a proxy and a remote base URL', () => {
  it('still goes through the proxy', async () => {
    received.length = 0;
    const r = await cli(['tts', 'list'], {
      key: 'vk_test_123456789',
      env: { VOICECTL_BASE_URL: 'https://api.example.invalid', HTTPS_PROXY: proxyUrl },
    });
    expect(r.code).toBe(1);
    expect(received.join('')).toContain('CONNECT api.example.invalid:443');
    expect(sandbox.requests()).toEqual([]);
  });
});
