// The CLI frame against hostile input and a hostile environment (found by the hostile-input exploration): a flag
// whose value is missing does not eat the next option, commander's own errors are safe for a terminal, help and
// --version survive a stdout that cannot be written, and a full disk or a missing TMPDIR is not "a bug".
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// systemErrorText as bin/voicectl.js gets it: from the CLI's entry.
import { systemErrorText } from '../../src/cli.js';
import { systemError } from '../../src/io/system-error.js';
import { BIN, cli, cliEnv, ROOT, spawnCli, tempDir, useSandbox } from '../helpers/cli.js';
import { HAS_DEV_FULL } from '../helpers/capabilities.js';

const sandbox = useSandbox();
const CONTACTS = join(ROOT, 'fixtures/campaigns/contacts.json');
const CAMPAIGN = ['campaigns', 'create', '--agent', 'agent_sales', '--from', '+390212345678', '--contacts', CONTACTS];
const CSV = join(ROOT, 'fixtures/contacts/bom.csv');

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

describe.skipIf(!HAS_DEV_FULL)('help and --version to a stdout that cannot be written', () => {
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

describe('the system refuses a file: said as what it is, not as a bug', () => {
  it('TMPDIR that does not exist (ENOENT): the path, the reason, TMPDIR as the fix, exit 1', async () => {
    const tmp = join(tempDir(), 'missing');
    const r = await spawnCli(['contacts', 'convert', CSV], { env: { TMPDIR: tmp } });
    expect(r.code).toBe(1);
    const lines = r.stderr.split('\n');
    expect(lines[0]).toMatch(
      new RegExp(
        `^error: could not open ${tmp}/voicectl-contacts-[\\w-]+\\.tmp: no such file or directory \\(ENOENT\\)$`,
      ),
    );
    expect(lines[1]).toBe(`  It is in the temp directory ${tmp}; set TMPDIR to another that exists.`);
    expect(lines.slice(2)).toEqual(['']);
    expect(r.stdout).toBe('');
  });

  it('TMPDIR under a regular file (ENOTDIR, also as root), with --debug: still no "bug"', async () => {
    const file = join(tempDir(), 'file');
    writeFileSync(file, '');
    const r = await spawnCli(['contacts', 'convert', CSV, '--debug', '--json'], { env: { TMPDIR: join(file, 'x') } });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: could not open .*: not a directory \(ENOTDIR\)\n {2}It is in the temp directory/);
    expect(r.stderr).not.toMatch(/bug|unexpected|clean up/);
    const last = JSON.parse(r.stderr.trim().split('\n').at(-1) ?? '');
    expect(last.error).toMatchObject({ code: 'file_error', exitCode: 1 });
  });

  it.skipIf(process.platform !== 'linux')(
    "a config dir below /proc/self (Node's recursive mkdir spins there for ever): a file error, at once",
    async () => {
      for (const argv of [
        ['profiles', 'add', 'p', '--base-url', 'https://api.example.com'],
        ['--sandbox', 'tts', 'list'],
      ]) {
        // A hang (a sync mkdir that never returns: no signal handler runs) is killed by the guard: exit 128.
        let guard: NodeJS.Timeout | undefined;
        const r = await spawnCli(argv, {
          env: { VOICECTL_CONFIG_DIR: '/proc/self/voicectl/cfg' },
          onSpawn: (c) => (guard = setTimeout(() => c.kill('SIGKILL'), 8000)),
        });
        clearTimeout(guard);
        expect(r.code, r.stderr).toBe(1);
        expect(r.stderr).toContain('/proc/self/voicectl');
        expect(r.stderr).toMatch(/no such file or directory/i);
        expect(r.stderr).not.toMatch(/bug|unexpected/);
      }
    },
    20_000,
  );

  it('a config dir under a regular file names VOICECTL_CONFIG_DIR', async () => {
    const file = join(tempDir(), 'file');
    writeFileSync(file, '');
    const r = await cli(['profiles', 'list'], { configDir: join(file, 'cfg') });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `error: could not read ${file}/cfg: not a directory (ENOTDIR)\n` +
        `  It is in the config directory ${file}/cfg; set VOICECTL_CONFIG_DIR to another that exists.\n`,
    );
  });

  it.skipIf(!existsSync('/sys/kernel'))('a TMPDIR nobody may write (EACCES, root too: /sys)', async () => {
    const r = await spawnCli(['contacts', 'convert', CSV], { env: { TMPDIR: '/sys/kernel' } });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^error: could not open \/sys\/kernel\/voicectl-contacts-[\w-]+\.tmp: (permission denied \(EACCES\)|read-only file system \(EROFS\)|operation not permitted \(EPERM\))\n {2}It is in the temp directory \/sys\/kernel; set TMPDIR to another that you can write\.\n$/,
    );
  });

  it('ENOSPC, EACCES and a path with escapes: the verb from the syscall, the path made safe', () => {
    const sys = (code: string, syscall: string, path?: string) =>
      Object.assign(new Error(`${code}: ${syscall}`), { code, syscall, ...(path ? { path } : {}) });
    expect(systemError(sys('ENOSPC', 'write'), {})).toMatchObject({
      message: 'could not write: no space left on device (ENOSPC)',
      hints: ['Free some space on that disk (or write elsewhere) and run again.'],
      exitCode: 1,
    });
    expect(systemError(sys('EACCES', 'mkdir', '/srv/x'), {})).toMatchObject({
      message: 'could not create /srv/x: permission denied (EACCES)',
      hints: ['Check the permissions of that path, or write elsewhere.'],
    });
    expect(systemError(sys('EROFS', 'rename', '/cfg/p.json'), { VOICECTL_CONFIG_DIR: '/cfg' })?.hints).toEqual([
      'It is in the config directory /cfg; set VOICECTL_CONFIG_DIR to another that you can write.',
    ]);
    // A name that starts with two dots is a file inside the config dir; only a `..` step leaves it.
    expect(systemError(sys('EROFS', 'rename', '/cfg/..foo'), { VOICECTL_CONFIG_DIR: '/cfg' })?.hints).toEqual([
      'It is in the config directory /cfg; set VOICECTL_CONFIG_DIR to another that you can write.',
    ]);
    expect(systemError(sys('EROFS', 'rename', '/cfg/../foo'), { VOICECTL_CONFIG_DIR: '/cfg' })?.hints).toEqual([
      'Check the permissions of that path, or write elsewhere.',
    ]);
    expect(systemErrorText(sys('EACCES', 'open', '/a\x1b[2Jb'), {})).toBe(
      'error: could not open /a\\x1b[2Jb: permission denied (EACCES)\n  Check the permissions of that path, or write elsewhere.\n',
    );
    // Not a system error about a file: left to the "unexpected failure" it is.
    expect(systemError(sys('ECONNRESET', 'read', '/x'), {})).toBeUndefined();
    expect(systemError(sys('ENOENT', 'spawn'), {})).toBeUndefined();
    expect(systemError(new Error('boom'), {})).toBeUndefined();
  });
});
