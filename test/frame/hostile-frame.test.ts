// The CLI frame against hostile input and a hostile environment (found by the hostile-input exploration): a flag
// whose value is missing does not eat the next option, commander's own errors are safe for a terminal, help and
// --version survive a stdout that cannot be written, and a full disk or a missing TMPDIR is not "a bug".
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, cli, cliEnv, ROOT, useSandbox } from '../helpers/cli.js';

const sandbox = useSandbox();
const CONTACTS = join(ROOT, 'fixtures/campaigns/contacts.json');
const CAMPAIGN = ['campaigns', 'create', '--agent', 'agent_sales', '--from', '+390212345678', '--contacts', CONTACTS];

describe('a flag whose value is missing does not take the next option as its value', () => {
  it('tts create --text --dry-run: exit 2 naming --text, nothing sent', async () => {
    const r = await cli(['tts', 'create', '--text', '--dry-run'], { sandbox });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'error: --text needs a value; it got --dry-run, which is an option\n' +
        '  If --dry-run is really the value, write --text=--dry-run.\n',
    );
    expect(r.stdout).toBe('');
    expect(sandbox.requests()).toEqual([]);
  });

  it('campaigns create --description --dry-run and --name --yes: exit 2, nothing sent', async () => {
    const a = await cli([...CAMPAIGN, '--name', 'N', '--description', '--dry-run'], { sandbox });
    expect(a.code).toBe(2);
    expect(a.stderr).toMatch(/^error: --description needs a value; it got --dry-run, which is an option\n/);
    const b = await cli([...CAMPAIGN, '--name', '--yes', '--dry-run'], { sandbox });
    expect(b.code).toBe(2);
    expect(b.stderr).toMatch(/^error: --name needs a value; it got --yes, which is an option\n/);
    expect(sandbox.requests()).toEqual([]);
  });

  it('global options, short spellings, --no-x forms and the --json error object alike', async () => {
    const cases: [string[], string, string][] = [
      [['--profile', '--sandbox', 'tts', 'list'], '--profile', '--sandbox'],
      [['tts', 'list', '-o', '-q'], '--output', '-q'],
      [['tts', 'list', '-qo', '--json'], '--output', '--json'],
      [['tts', 'create', '--text', '--no-color'], '--text', '--no-color'],
      [['tts', 'create', '--text', '--output=json'], '--text', '--output=json'],
    ];
    for (const [argv, flag, value] of cases) {
      const r = await cli([...argv, '--json'], { sandbox });
      expect(r.code, argv.join(' ')).toBe(2);
      const last = JSON.parse(r.stderr.trim().split('\n').at(-1) ?? '');
      expect(last.error).toMatchObject({
        code: 'usage_error',
        message: `${flag} needs a value; it got ${value}, which is an option`,
      });
    }
    expect(sandbox.requests()).toEqual([]);
  });

  it('the value written with = is taken as it is', async () => {
    const r = await cli(['tts', 'create', '--text=--dry-run', '--dry-run', '--json'], { sandbox });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ text: '--dry-run' });
    const c = await cli([...CAMPAIGN, '--name=--yes', '--description=--dry-run', '--dry-run', '--json'], {
      sandbox,
    });
    expect(c.code, c.stderr).toBe(0);
    expect(c.stdout).toContain('"--yes"');
    expect(c.stdout).toContain('"--dry-run"');
    expect(sandbox.requests()).toEqual([]);
  });

  it('a value that only looks like an option is a value (last good one)', async () => {
    const r = await cli(['tts', 'create', '--text', '--dry-runs', '--dry-run', '--json'], { sandbox });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ text: '--dry-runs' });
  });
});

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
