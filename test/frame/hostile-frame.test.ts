// The CLI frame against hostile input and a hostile environment (found by the hostile-input exploration): a flag
// whose value is missing does not eat the next option, commander's own errors are safe for a terminal, help and
// --version survive a stdout that cannot be written, and a full disk or a missing TMPDIR is not "a bug".
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BIN, cli, cliEnv } from '../helpers/cli.js';

describe("commander's errors on a terminal", () => {
  it('an unknown command or option with escape sequences shows them, never runs them', async () => {
    const a = await cli(['tts\x1b[2J']);
    expect(a.code).toBe(2);
    expect(a.stderr).toContain("unknown command 'tts\\x1b[2J'");
    const b = await cli(['tts', 'list', '--st\x1b[2Jatus', '--json']);
    expect(b.code).toBe(2);
    expect(b.stderr).toContain("unknown option '--st\\x1b[2Jatus'");
    const c = await cli(['tts', 'li\u202est'], { tty: true });
    expect(c.stderr).toContain('li\\u202est');
    for (const r of [a, b, c]) expect(r.stderr).not.toMatch(/[\x1b\u202e]/);
    // The --json object keeps the value itself, escaped as JSON.
    expect(JSON.parse(b.stderr.trim().split('\n').at(-1) ?? '').error.message).toBe("unknown option '--st\x1b[2Jatus'");
  });
});

/** bin/voicectl.js with its stdout on `fd` (a file such as /dev/full) or closed at once ('closed'). */
function withStdout(argv: string[], out: number | 'closed'): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...argv], {
      env: cliEnv({}) as NodeJS.ProcessEnv,
      stdio: ['ignore', out === 'closed' ? 'pipe' : out, 'pipe'],
    });
    if (out === 'closed') child.stdout?.destroy();
    let stderr = '';
    child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code: code ?? 128, stderr }));
  });
}

describe('help and --version to a stdout that cannot be written', () => {
  it.each([[['--help']], [['--version']], [['tts', 'create', '--help']]])(
    '%s > /dev/full: one line, exit 1',
    async (argv) => {
      const full = openSync('/dev/full', 'w');
      try {
        const r = await withStdout(argv, full);
        expect(r.stderr).toMatch(/^error: could not write the output: ENOSPC: no space left on device, write\n$/);
        expect(r.code).toBe(1);
      } finally {
        closeSync(full);
      }
    },
  );

  it.each([[['--help']], [['--version']]])('%s | a closed pipe: exit 0, nothing said', async (argv) => {
    const r = await withStdout(argv, 'closed');
    expect(r).toEqual({ code: 0, stderr: '' });
  });
});
