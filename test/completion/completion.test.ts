// Completion scripts: generated from the real command tree, accepted by each shell, and completing
// as a user would see it. Bash is driven for real: a child bash sources the script, sets COMP_WORDS and
// COMP_CWORD, calls the completion function and prints COMPREPLY. The script finds `voicectl` on PATH:
// here a wrapper that runs bin/voicectl.js.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, cli, tempDir } from '../helpers/cli.js';

const dir = tempDir('voicectl-completion-');
const configDir = tempDir('voicectl-completion-cfg-');
const scripts: Record<string, string> = {};
const has = (shell: string) => spawnSync('sh', ['-c', `command -v ${shell}`]).status === 0;

beforeAll(async () => {
  const bin = join(dir, 'bin');
  execFileSync('mkdir', ['-p', bin]);
  writeFileSync(join(bin, 'voicectl'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(join(bin, 'voicectl'), 0o755);
  for (const shell of ['bash', 'zsh', 'fish', 'powershell']) {
    const r = await cli(['completion', shell]);
    expect(r.code).toBe(0);
    scripts[shell] = r.stdout;
    writeFileSync(join(dir, `voicectl.${shell}`), r.stdout);
  }
  // A stored profile, read by the script when completing --profile.
  const add = await cli(['profiles', 'add', 'staging-eu', '--base-url', 'https://api.example.com', '--api-key-stdin'], {
    configDir,
    stdin: 'vk_completion_test_key_1',
  });
  expect(add.code).toBe(0);
});

/**
 * Completes `line` (words split on spaces; a trailing space means an empty current word) in bash. `bin`: the folder
 * whose `voicectl` the script runs (default: the wrapper of bin/voicectl.js).
 */
function bashComplete(line: string, bin = join(dir, 'bin'), cwd?: string): string[] {
  const words = line.split(' ');
  const r = spawnSync(
    'bash',
    [
      '--norc',
      '--noprofile',
      '-c',
      'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _voicectl; printf "%s\\n" "${COMPREPLY[@]}"',
      'bash',
      join(dir, 'voicectl.bash'),
      ...words,
    ],
    {
      env: { PATH: `${bin}:${process.env.PATH}`, HOME: process.env.HOME, VOICECTL_CONFIG_DIR: configDir },
      encoding: 'utf8',
      cwd,
    },
  );
  expect(r.stderr).toBe('');
  return r.stdout.split('\n').filter(Boolean);
}

describe('voicectl completion', () => {
  it('bash -n accepts the bash script', () => {
    expect(spawnSync('bash', ['-n', join(dir, 'voicectl.bash')]).status).toBe(0);
  });

  it.skipIf(!has('zsh'))('zsh -n accepts the zsh script', () => {
    expect(spawnSync('zsh', ['-n', join(dir, 'voicectl.zsh')]).status).toBe(0);
  });

  it.skipIf(!has('zsh'))('sourced in a zsh that ran no compinit (stock macOS), it registers itself', () => {
    // -f: no startup files, as a fresh macOS account's zsh, whose /etc/zshrc runs no compinit.
    const script = join(dir, 'voicectl.zsh');
    const r = spawnSync('zsh', ['-f', '-c', `source ${script} && print -r -- $_comps[voicectl]`], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: tempDir('voicectl-zsh-home-'), ZDOTDIR: tempDir('voicectl-zsh-home-') },
    });
    expect(r.stderr).not.toContain('command not found: compdef');
    expect(r.stdout.trim()).toBe('_voicectl');
  });

  it.skipIf(!has('fish'))('fish -n accepts the fish script, and fish completes from it', () => {
    expect(spawnSync('fish', ['-n', join(dir, 'voicectl.fish')]).status).toBe(0);
    const r = spawnSync(
      'fish',
      ['--no-config', '-c', `source ${join(dir, 'voicectl.fish')}; complete -C "voicectl messages list --channel "`],
      { encoding: 'utf8' },
    );
    expect(
      r.stdout
        .split('\n')
        .map((l) => l.split('\t')[0])
        .filter(Boolean)
        .sort(),
    ).toEqual(['email', 'sms', 'whatsapp']);
  });

  it('completes `voicectl tts cr<TAB>` to create', () => {
    expect(bashComplete('voicectl tts cr')).toEqual(['create']);
  });

  it('completes command names at every level', () => {
    expect(bashComplete('voicectl me')).toEqual(['messages']);
    expect(bashComplete('voicectl messages se')).toEqual(['send-sms']);
    expect(bashComplete('voicectl --json c').sort()).toEqual(['calls', 'campaigns', 'completion', 'contacts']);
    expect(bashComplete('voicectl --profile x messages l')).toEqual(['list']);
  });

  it('completes flags, including the global ones', () => {
    expect(bashComplete('voicectl messages list --ch')).toEqual(['--channel']);
    expect(bashComplete('voicectl messages list --li')).toEqual(['--limit']);
    expect(bashComplete('voicectl calls list --')).toEqual(
      expect.arrayContaining(['--campaign', '--all', '--page', '--json', '--sandbox', '--help']),
    );
  });

  it('completes enum values: channels, output formats, strategies, shells, methods', () => {
    expect(bashComplete('voicectl messages list --channel ')).toEqual(['sms', 'email', 'whatsapp']);
    expect(bashComplete('voicectl messages list --limit 5 --channel w')).toEqual(['whatsapp']);
    expect(bashComplete('voicectl -o nd')).toEqual(['ndjson']);
    expect(bashComplete('voicectl completion ')).toEqual(['bash', 'zsh', 'fish', 'powershell']);
    expect(bashComplete('voicectl api P')).toEqual(['POST', 'PUT', 'PATCH']);
    expect(scripts.bash).toContain("'rolling' 'clamp' 'custom'");
  });

  it('completes tts statuses and voices where the tts commands take them', () => {
    expect(scripts.bash).toContain("'queued' 'processing' 'completed' 'failed'");
    expect(scripts.bash).toMatch(/Sarah/);
  });

  it('completes profile names, read when completing', () => {
    expect(bashComplete('voicectl --profile ')).toEqual(['staging-eu']);
    expect(bashComplete('voicectl profiles use st')).toEqual(['staging-eu']);
  });

  it('bash: a candidate is never run, whatever it holds; each is quoted for the command line', () => {
    // A `voicectl` whose profile list holds shell code (as a hand-edited profiles.json could, before names were
    // checked when read): completing must not run it.
    const work = tempDir('voicectl-completion-evil-');
    const bin = join(work, 'bin');
    execFileSync('mkdir', ['-p', bin]);
    writeFileSync(join(bin, 'voicectl'), `#!/bin/sh\nprintf '%s\\n' '$(touch PWNED)' '\`touch PWNED2\`' 'a b'\n`);
    chmodSync(join(bin, 'voicectl'), 0o755);
    const got = bashComplete('voicectl --profile ', bin, work);
    expect(existsSync(join(work, 'PWNED'))).toBe(false);
    expect(existsSync(join(work, 'PWNED2'))).toBe(false);
    expect(got).toEqual(['\\$\\(touch\\ PWNED\\)', '\\`touch\\ PWNED2\\`', 'a\\ b']);
    expect(bashComplete('voicectl --profile a', bin, work)).toEqual(['a\\ b']);
  });

  it('a profile name that profiles add refuses is refused when read, too', async () => {
    const cfg = tempDir('voicectl-completion-cfg-');
    const bad = await cli(
      ['profiles', 'add', '$(touch PWNED)', '--base-url', 'https://api.example.com', '--api-key-stdin'],
      {
        configDir: cfg,
        stdin: 'vk_completion_test_key_1',
      },
    );
    expect(bad.code).toBe(2);
    writeFileSync(
      join(cfg, 'profiles.json'),
      JSON.stringify({ profiles: { '$(touch PWNED)': { baseUrl: 'https://x.example', apiKey: 'k' } } }),
      { mode: 0o600 },
    );
    const list = await cli(['profiles', 'list', '-q'], { configDir: cfg });
    expect(list.code).toBe(2);
    expect(list.stdout).toBe('');
    expect(list.stderr).toContain('is not a profile name');
  });

  it('rejects an unknown shell', async () => {
    const r = await cli(['completion', 'tcsh']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('bash, zsh, fish, powershell');
  });
});
