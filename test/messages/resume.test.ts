// Ctrl-C during an --all listing (issue 7): exit 130, and the command that fetches the rest.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server.js';
import { spawnCli, startSandbox } from '../helpers/cli.js';
import { SIGNALS_DELIVERED } from '../helpers/capabilities.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
});

describe('Ctrl-C during messages list --all', () => {
  it.skipIf(!SIGNALS_DELIVERED)(
    'exits 130 and prints which pages were printed and the command for the rest',
    async () => {
      sandbox.addFault({ method: 'GET', path: '/v1/messages', latencyMs: 150 });
      let out = '';
      let sent = false;
      const r = await spawnCli(['messages', 'list', '--all', '--limit', '20', '--concurrency', '1', '-o', 'ndjson'], {
        sandbox,
        onSpawn: (child) => {
          child.stdout!.on('data', (c: Buffer) => {
            out += c.toString();
            // Interrupt once three pages are out.
            if (!sent && out.split('\n').length > 60) {
              sent = true; // once: a second Ctrl-C exits at once, without the hint
              child.kill('SIGINT');
            }
          });
        },
      });
      sandbox.clearFaults();
      expect(r.code).toBe(130);
      const m =
        /Printed pages 1 to (\d+) of (\d+)\. The rest: voicectl messages list --all --limit 20 --concurrency 1 -o ndjson --page (\d+)/.exec(
          r.stderr,
        );
      expect(m, r.stderr).not.toBeNull();
      const [, done, total, next] = m!.map(Number);
      expect(next).toBe(done + 1);
      expect(done).toBeLessThan(total);
      expect(r.stdout.trim().split('\n')).toHaveLength(done * 20);
    },
    20_000,
  );
});
