// README's shell examples, run in order as a newcomer would (the real voicectl and bash, a fresh config dir, an
// empty folder with the repository's fixtures), so that README stays runnable top to bottom. Not run: the clone and
// `npm install` (CI does them), `profiles add` (it asks for a real key on a terminal) and the development commands.
// The sandbox runs fast (a scenario, whose speed makes campaigns and generations finish at once) and polls often
// (VOICECTL_POLL_INTERVAL_MS), so the waits take milliseconds.
import { spawn } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, ROOT, stopSandboxService, tempDir } from '../helpers/cli.js';

const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const SKIP = /git clone|npm install|npm test|profiles add/;

/** README's ```sh blocks, in order. */
function shellBlocks(): string[] {
  return [...README.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
}

/**
 * Runs a script with its output in a file: a sandbox an example leaves in the background keeps the terminal (here the
 * file) open, and must not keep the test waiting for it. Ends when bash exits.
 */
function bash(script: string, cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number; out: string }> {
  const log = join(cwd, '..', `bash-${Date.now()}.log`);
  const fd = openSync(log, 'w');
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', script], { cwd, env, stdio: ['ignore', fd, fd] });
    closeSync(fd);
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code: code ?? -1, out: readFileSync(log, 'utf8') }));
  });
}

describe("README's examples, in order", () => {
  it('every shell block runs, as written, top to bottom', async () => {
    const dir = tempDir();
    const bin = join(dir, 'bin');
    const work = join(dir, 'work');
    mkdirSync(bin);
    mkdirSync(work);
    symlinkSync(join(ROOT, 'fixtures'), join(work, 'fixtures'));
    writeFileSync(join(bin, 'voicectl'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
    chmodSync(join(bin, 'voicectl'), 0o755);
    const steps: string[] = [];
    for (const block of shellBlocks()) {
      if (SKIP.test(block)) continue;
      // The recipe's script is a file the next block runs, not a command.
      if (block.startsWith('#!')) {
        writeFileSync(join(work, 'nightly-campaign.sh'), block);
        continue;
      }
      const code = block.replace(/^npx voicectl/gm, 'voicectl');
      steps.push(code);
      // "Run this twice": the --if-absent example, as README asks.
      if (code.includes('--if-absent') && code.includes('--sandbox')) steps.push(code);
    }
    expect(steps.length).toBeGreaterThanOrEqual(6);
    const env = {
      PATH: `${bin}:${process.env.PATH}`,
      HOME: dir,
      VOICECTL_CONFIG_DIR: join(dir, 'cfg'),
      VOICECTL_POLL_INTERVAL_MS: '20',
      VOICECTL_SANDBOX_IDLE: '60',
      VOICECTL_SANDBOX_SCENARIO: JSON.stringify({ speed: 1_000_000, callingWindow: 'ignore' }),
    };
    // Each block in a shell of its own that stops at its first failure, and says which block failed.
    const script = steps
      .map((code, i) => `( set -euo pipefail\n${code}\n) || { echo "README block ${i + 1} failed: exit $?"; exit 1; }`)
      .join('\n');
    try {
      const r = await bash(script, work, env);
      expect(r.code, r.out).toBe(0);
      // What the examples leave behind: the audio, the contacts, the recipe's rejects and today's campaign id.
      for (const f of ['shipped.wav', 'contacts.json', 'rejects.csv', 'campaign-id.txt', 'results.csv'])
        expect(existsSync(join(work, f)), f).toBe(true);
      // --if-absent twice: one id, printed twice.
      const ids = r.out.split('\n').filter((l) => /^cmp_\w+$/.test(l));
      expect(ids.length).toBeGreaterThanOrEqual(2);
      expect(ids.at(-1)).toBe(ids.at(-2));
    } finally {
      // The background sandbox the examples started, stopped as `voicectl sandbox stop` does, without a process for it.
      await stopSandboxService(env.VOICECTL_CONFIG_DIR);
    }
  }, 60_000);
});
