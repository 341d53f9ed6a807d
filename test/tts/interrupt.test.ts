// Ctrl-C during a wait or a download, in a real child process: exit 130, the ids still pending printed
// with the command to resume, and no partial file left behind.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server.js';
import { cli, spawnCli, startSandbox, tempDir } from '../helpers/cli.js';
import { SIGNALS_DELIVERED } from '../helpers/capabilities.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
});

async function until(cond: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('Ctrl-C', () => {
  it.skipIf(!SIGNALS_DELIVERED)(
    'during tts wait exits 130 and prints the pending ids with the command to resume',
    async () => {
      Object.assign(sandbox.settings, { ttsQueueMs: 0, ttsProcessMs: 600_000 });
      const ids = [
        (await cli(['tts', 'create', '-q', '--text', 'a'], { sandbox })).stdout.trim(),
        (await cli(['tts', 'create', '-q', '--text', 'b'], { sandbox })).stdout.trim(),
      ];
      sandbox.log.length = 0;
      const r = await spawnCli(['tts', 'wait', ...ids], {
        sandbox,
        env: { VOICECTL_POLL_INTERVAL_MS: '50' },
        onSpawn: (child) =>
          void until(() => sandbox.requests('GET', '/v1/tts/').length >= 4).then(() => child.kill('SIGINT')),
      });
      expect(r.code).toBe(130);
      expect(r.stderr).toContain('stopped waiting; 2 generations still pending');
      expect(r.stderr).toContain(`Resume with: voicectl tts wait ${ids.join(' ')}`);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    },
  );

  it.skipIf(!SIGNALS_DELIVERED)('during a download exits 130 and leaves no partial file', async () => {
    Object.assign(sandbox.settings, { ttsQueueMs: 0, ttsProcessMs: 0 });
    const id = (await cli(['tts', 'create', '-q', '--text', 'Hello'], { sandbox })).stdout.trim();
    const dir = tempDir();
    sandbox.log.length = 0;
    sandbox.addFault({ method: 'GET', path: '/files/audio/', kind: 'stall' });
    try {
      const r = await spawnCli(['tts', 'download', id, '--out', join(dir, 'hello.wav')], {
        sandbox,
        onSpawn: (child) =>
          void until(() => sandbox.requests('GET', '/files/audio/').length === 1).then(() =>
            setTimeout(() => child.kill('SIGINT'), 150),
          ),
      });
      expect(r.code).toBe(130);
      expect(r.stderr).toContain(`download of ${id} stopped; nothing was kept`);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      sandbox.clearFaults();
    }
  });
});
