// voicectl version: what a bug report needs, for people (a terminal) and scripts (JSON); plain --version stays one line.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, ROOT, spawnCli, stopSandboxService, tempDir } from '../helpers/cli.js';

const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

describe('voicectl version', () => {
  it('--json: version, Node, platform, config dir and its source, sandbox status', async () => {
    const dir = tempDir();
    const r = await cli(['version', '--json'], { configDir: dir, key: null });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({
      version: VERSION,
      node: process.version,
      platform: process.platform,
      arch: process.arch,
      installedAs: 'clone',
      installPath: ROOT.replace(/\/$/, ''),
      configDir: dir,
      configDirSource: 'VOICECTL_CONFIG_DIR',
      sandbox: { running: false, url: null, note: expect.stringContaining('not running') },
    });
  });

  it('without VOICECTL_CONFIG_DIR, the platform default (XDG_CONFIG_HOME/voicectl)', async () => {
    const xdg = tempDir();
    // env-paths reads the process's own environment: a child process.
    const r = await spawnCli(['version', '--json'], { env: { VOICECTL_CONFIG_DIR: undefined, XDG_CONFIG_HOME: xdg } });
    expect(JSON.parse(r.stdout)).toMatchObject({ configDir: join(xdg, 'voicectl'), configDirSource: 'default' });
  });

  it('with no usable home (HOME empty) it still reports, the config dir null and why', async () => {
    const env = { VOICECTL_CONFIG_DIR: undefined, XDG_CONFIG_HOME: undefined, HOME: '' };
    const r = await spawnCli(['version', '--json'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      version: VERSION,
      configDir: null,
      configDirProblem: expect.stringContaining('HOME is empty'),
      sandbox: { running: null },
    });
    // A home that works (the last good value): a config dir and no problem.
    const good = await spawnCli(['version', '--json'], { env: { ...env, HOME: '/' } });
    expect(JSON.parse(good.stdout)).toMatchObject({ configDir: '/.config/voicectl' });
    expect(JSON.parse(good.stdout).configDirProblem).toBeUndefined();
  });

  it('on a terminal: one labelled line each, the config dir made safe', async () => {
    const dir = join(tempDir(), 'x\x1b[2Jy');
    const r = await cli(['version'], { configDir: dir, tty: true });
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(`voicectl  ${VERSION}`);
    expect(lines).toContain(`Node.js   ${process.version}`);
    expect(lines).toContain(`platform  ${process.platform} ${process.arch}`);
    expect(lines).toContain(`install   clone at ${ROOT.replace(/\/$/, '')} (upgrade: git pull && npm install)`);
    expect(lines).toContain(`config    ${dir.replace('\x1b', '\\x1b')} (VOICECTL_CONFIG_DIR)`);
    expect(lines.find((l) => l.startsWith('sandbox'))).toMatch(/^sandbox {3}not running/);
    expect(r.stdout).not.toContain('\x1b');
  });

  it('--version --verbose and --version --json are `version` (the installed binary)', async () => {
    const dir = tempDir();
    // bin/ answers a bare --version itself: the binary must hand these on. The second is the same path in-process.
    for (const [argv, runner] of [
      [['--version', '--verbose'], spawnCli],
      [['--version', '--json'], cli],
      // After a command too, and -v alike, as help says -v works on every command: the command words go.
      [['tts', '--version', '--verbose'], cli],
      [['tts', 'create', '--text', 'hi', '-v', '--verbose'], cli],
      [['-v', '--verbose'], cli],
      [['tts', 'list', '--status', 'completed', '--request-timeout', '5', '-v', '--json'], cli],
    ] as const) {
      const r = await runner([...argv], { configDir: dir });
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ version: VERSION, node: process.version, configDir: dir });
    }
  });

  it('names the background sandbox of the config dir while it runs, and not after it stopped', async () => {
    const dir = tempDir();
    try {
      // In-process: the background sandbox it starts is a process of its own all the same.
      const started = await cli(['--sandbox', 'tts', 'list', '-q'], { configDir: dir, key: null });
      expect(started.code, started.stderr).toBe(0);
      const { url } = JSON.parse(readFileSync(join(dir, 'sandbox.json'), 'utf8')) as { url: string };
      const running = await cli(['version', '--json'], { configDir: dir, key: null });
      expect(JSON.parse(running.stdout).sandbox).toEqual({
        running: true,
        url,
        note: expect.stringContaining(`running at ${url}`),
      });
    } finally {
      await stopSandboxService(dir);
    }
    const stopped = await cli(['version', '--json'], { configDir: dir, key: null });
    expect(JSON.parse(stopped.stdout).sandbox).toMatchObject({ running: false, url: null });
  });

  it('plain --version stays one line', async () => {
    const r = await spawnCli(['--version']);
    expect(r).toEqual({ code: 0, stdout: `${VERSION}\n`, stderr: '' });
    const q = await cli(['version', '-q']);
    expect(q.stdout).toBe(`${VERSION}\n`);
  });
});
