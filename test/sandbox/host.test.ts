// `voicectl sandbox --host`: an empty value (an unset variable, "$HOST") is refused before anything listens; it
// would otherwise bind every interface and expose the sandbox and its demo keys to the network.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BIN, tempDir } from '../helpers/cli.js';

/** Runs `voicectl sandbox <args>`; once it says it is listening it is stopped with Ctrl-C. */
function runSandbox(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, 'sandbox', ...args], {
    env: { ...process.env, VOICECTL_CONFIG_DIR: tempDir() },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => {
    stdout += c.toString();
    if (stdout.includes('Press Ctrl-C')) child.kill('SIGINT');
  });
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

describe('voicectl sandbox --host', () => {
  it.each(['', ' '])('%j: exit 2, the flag named, nothing listening', async (host) => {
    const r = await runSandbox(['--host', host, '--port', '0']);
    expect(r.stdout).not.toMatch(/listening/);
    expect(r.stderr).toBe(`error: --host: must not be empty (got ${JSON.stringify(host)})\n`);
    expect(r.code).toBe(2);
  });

  it('a non-empty address still listens there', async () => {
    const r = await runSandbox(['--host', '127.0.0.1', '--port', '0']);
    expect(r.stdout).toMatch(/^voicectl sandbox listening on http:\/\/127\.0\.0\.1:\d+$/m);
    expect(r.code).toBe(0);
  });
});
