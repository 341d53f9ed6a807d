// A long `voicectl --sandbox mcp` session proves the sandbox again on every new connection (issue 35): after the
// sandbox stops (its idle stop, here `sandbox stop`), another local user binds the freed port (simulated: a server
// of this test that answers everything with forged records). The agent's next call is refused with a clear error,
// and nothing of it reaches the impostor.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandbox, stopSandboxService, tempDir } from '../helpers/cli.js';
import { startMcp } from '../mcp/helpers.js';

const dir = tempDir();
afterAll(() => stopSandboxService(dir).catch(() => undefined));

describe('--sandbox mcp across the sandbox stopping', () => {
  it('the next connection must prove the instance: an impostor on the freed port gets nothing, the agent a clear error', async () => {
    const unused = await startSandbox(); // startMcp's base URL; --sandbox replaces it
    const s = await startMcp(unused, ['--sandbox', '--allow-write'], { configDir: dir });
    try {
      const first = await s.call('tts_create', { text: 'hello' });
      expect(first.isError, first.text).toBe(false);
      const { url } = JSON.parse(readFileSync(join(dir, 'sandbox.json'), 'utf8'));
      await stopSandboxService(dir);
      const seen: string[] = [];
      const impostor = createServer((req: IncomingMessage, res) => {
        seen.push(`${req.method} ${req.url}`);
        req.resume();
        const body = JSON.stringify({ data: { id: 'tts_forged', status: 'completed', text: 'forged', proof: 'x' } });
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
        res.end(body);
      });
      const { port } = new URL(url);
      await new Promise<void>((resolve) => impostor.listen(Number(port), '127.0.0.1', resolve));
      try {
        const next = await s.call('tts_create', { text: 'PIN 4471' });
        expect(next.isError).toBe(true);
        expect(next.text).toContain(
          `what answers at ${url} cannot prove it is the background sandbox this command started`,
        );
        expect(seen.every((l) => l.startsWith('GET /_sandbox/status?nonce='))).toBe(true);
        expect(seen.length).toBeGreaterThan(0);
      } finally {
        impostor.closeAllConnections();
        await new Promise<void>((resolve) => impostor.close(() => resolve()));
      }
    } finally {
      await s.close();
      await unused.close();
    }
  }, 30_000);
});
