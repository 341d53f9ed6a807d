// --play on tts create and tts download: the audio reaches the first player on PATH. The players here are fake
// ones put first on PATH: a shell script that records its arguments and copies the file it was given while it
// ran, so the test sees what a real player would have played, with no sound device.
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server.js';
import { cli, parseJson, startSandbox, tempDir } from '../helpers/cli.js';
import { until } from '../reliability/helpers.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());
beforeEach(() => {
  sandbox.log.length = 0;
});

interface Fake {
  /** A PATH with the fake first, then the real PATH (node, sh, cp). */
  env: Record<string, string>;
  /** The arguments of each run, one array per run. */
  runs(): string[][];
  /** The bytes of the file the player was given, copied while it ran. */
  played(): Buffer;
  started(): boolean;
}

/**
 * A fake player named `name` in a folder of its own. `behaviour` is shell run after it recorded its arguments and
 * copied the file: `exit 3`, or `exec sleep 60` to play until it is stopped.
 */
function fakePlayer(name: string, behaviour = 'exit 0'): Fake {
  const dir = tempDir('voicectl-player-');
  const bin = join(dir, 'bin');
  mkdirSync(bin);
  const script = join(bin, name);
  writeFileSync(
    script,
    `#!/bin/sh
for a in "$@"; do printf '%s\\n' "$a"; done > "$FAKE_PLAYER_DIR/args.$$"
for last in "$@"; do :; done
cp "$last" "$FAKE_PLAYER_DIR/played" || exit 99
touch "$FAKE_PLAYER_DIR/started"
${behaviour}
`,
  );
  chmodSync(script, 0o755);
  return {
    env: { PATH: `${bin}:${process.env.PATH}`, FAKE_PLAYER_DIR: dir },
    runs: () =>
      readdirSync(dir)
        .filter((f) => f.startsWith('args.'))
        .map((f) => readFileSync(join(dir, f), 'utf8').split('\n').slice(0, -1)),
    played: () => readFileSync(join(dir, 'played')),
    started: () => existsSync(join(dir, 'started')),
  };
}

/** The audio the sandbox serves for a generation, as a file: what the player must have been given. */
async function audioOf(id: string): Promise<Buffer> {
  const file = join(tempDir(), 'reference.wav');
  const r = await cli(['tts', 'download', id, '--out', file], { sandbox });
  expect(r.code).toBe(0);
  return readFileSync(file);
}

const playTemps = () => readdirSync(tmpdir()).filter((n) => n.startsWith('voicectl-play-'));

describe('tts create --play', () => {
  it('waits, plays the audio with ffplay, prints the record, and keeps no copy without --out (piped: still plays)', async () => {
    const player = fakePlayer('ffplay');
    const before = new Set(playTemps());
    const r = await cli(['tts', 'create', '--text', 'Play me', '--play'], { sandbox, env: player.env });
    expect(r.stderr).toMatch(/^Playing .*\/tts_\w+\.wav with ffplay$/m);
    expect(r.code).toBe(0);
    const g = parseJson<{ id: string; status: string }>(r.stdout);
    expect(g.status).toBe('completed');
    const [args] = player.runs();
    expect(player.runs()).toHaveLength(1);
    expect(args.slice(0, -1)).toEqual(['-nodisp', '-autoexit', '-hide_banner', '-loglevel', 'error']);
    expect(args.at(-1)).toMatch(new RegExp(`voicectl-play-[^/]+/${g.id}\\.wav$`));
    const played = player.played();
    expect(played.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(played.equals(await audioOf(g.id))).toBe(true);
    // The temporary copy is gone once the command ended.
    expect(existsSync(args.at(-1)!)).toBe(false);
    expect(playTemps().filter((n) => !before.has(n))).toEqual([]);
  });

  it('with --out the audio is saved there and that file is played', async () => {
    const player = fakePlayer('ffplay');
    const out = join(tempDir(), 'greeting.wav');
    const r = await cli(['tts', 'create', '--text', 'Keep me', '--out', out, '--play'], {
      sandbox,
      env: player.env,
    });
    expect(r.code).toBe(0);
    expect(player.runs()[0].at(-1)).toBe(out);
    expect(readFileSync(out).equals(player.played())).toBe(true);
    expect(r.stderr).toContain(`Saved ${out}`);
  });

  it('uses the first player found, in the order ffplay, afplay, paplay, aplay', async () => {
    const player = fakePlayer('aplay');
    const r = await cli(['tts', 'create', '--text', 'Hi', '--play'], { sandbox, env: player.env });
    expect(r.code).toBe(0);
    expect(player.runs()[0].slice(0, -1)).toEqual(['-q']);
    expect(r.stderr).toMatch(/with aplay$/m);
  });

  it('never plays without --play, even on a terminal', async () => {
    const player = fakePlayer('ffplay');
    const out = join(tempDir(), 'quiet.wav');
    const r = await cli(['tts', 'create', '--text', 'Silent', '--out', out], { sandbox, env: player.env, tty: true });
    expect(r.code).toBe(0);
    expect(existsSync(out)).toBe(true);
    expect(player.runs()).toEqual([]);
  });

  it('with no player on PATH: exit 2 before anything is sent, naming what to install', async () => {
    const r = await cli(['tts', 'create', '--text', 'Hi', '--play'], { sandbox, env: { PATH: tempDir() } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'error: --play: no audio player found on PATH (looked for ffplay, afplay, paplay, aplay)',
    );
    expect(r.stderr).toMatch(
      /Install one: ffplay \(ffmpeg\), afplay \(built into macOS\), paplay \(.*\), aplay \(alsa-utils\)/,
    );
    expect(r.stderr).toContain('Nothing was sent.');
    expect(r.stdout).toBe('');
    expect(sandbox.requests()).toEqual([]);
  });

  it('--play with --out - is refused before anything is sent', async () => {
    const player = fakePlayer('ffplay');
    const r = await cli(['tts', 'create', '--text', 'Hi', '--play', '--out', '-'], { sandbox, env: player.env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('error: --play cannot be combined with --out -');
    expect(sandbox.requests()).toEqual([]);
  });

  it('a player that fails is exit 1 with what it said, and the saved audio stays', async () => {
    const player = fakePlayer('ffplay', 'echo "Audio device busy" >&2; exit 3');
    const out = join(tempDir(), 'kept.wav');
    const r = await cli(['tts', 'create', '--text', 'Hi', '--out', out, '--play'], { sandbox, env: player.env });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`error: --play: ffplay could not play ${out} (it exited with 3)`);
    expect(r.stderr).toContain('ffplay said: Audio device busy');
    expect(r.stderr).toContain(`The audio is in ${out}.`);
    expect(readFileSync(out).equals(player.played())).toBe(true);
  });

  it('Ctrl-C while playing stops the player: exit 130, the --out file kept', async () => {
    const player = fakePlayer('ffplay', 'exec sleep 60');
    const out = join(tempDir(), 'stopped.wav');
    const ctrlC = new AbortController();
    const running = cli(['tts', 'create', '--text', 'Hi', '--out', out, '--play'], {
      sandbox,
      env: player.env,
      signal: ctrlC.signal,
    });
    await until(player.started, 10_000, 'the player to start');
    ctrlC.abort();
    const r = await running;
    expect(r.code).toBe(130);
    expect(r.stderr).toContain('playback stopped');
    expect(r.stderr).toContain(`The audio is in ${out}.`);
    expect(existsSync(out)).toBe(true);
  });
});

describe('tts download --play', () => {
  it('downloads to --out and plays that file', async () => {
    const player = fakePlayer('ffplay');
    const id = parseJson<{ id: string }>(
      (await cli(['tts', 'create', '--text', 'Later', '--wait'], { sandbox })).stdout,
    ).id;
    const out = join(tempDir(), 'later.wav');
    const r = await cli(['tts', 'download', id, '--out', out, '--play'], { sandbox, env: player.env });
    expect(r.code).toBe(0);
    expect(player.runs()[0].at(-1)).toBe(out);
    expect(readFileSync(out).equals(player.played())).toBe(true);
  });

  it('with no player on PATH: exit 2, nothing downloaded', async () => {
    const id = parseJson<{ id: string }>(
      (await cli(['tts', 'create', '--text', 'Later', '--wait'], { sandbox })).stdout,
    ).id;
    sandbox.log.length = 0;
    const out = join(tempDir(), 'none.wav');
    const r = await cli(['tts', 'download', id, '--out', out, '--play'], { sandbox, env: { PATH: tempDir() } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Nothing was downloaded.');
    expect(sandbox.requests()).toEqual([]);
    expect(existsSync(out)).toBe(false);
  });
});
