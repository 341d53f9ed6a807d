// `--play`: the audio played on the user's machine by the first player found on PATH. No player is bundled:
// each platform has one (afplay on macOS, paplay or aplay on most Linux desktops), and ffplay plays every
// format the API may return. `--play` is always an explicit request, so it plays wherever it is given, on a
// terminal or not; nothing ever plays without it.
import { CliError, InterruptedError, UsageError } from '../errors.js';
import type { Env, Factory } from '../factory.js';
import { terminalSafe } from '../io/safe.js';
import { findExecutable } from '../platform/exec.js';
import { thisHost } from '../platform/host.js';

interface PlayerSpec {
  name: string;
  args: (file: string) => string[];
  /** What to install to get it. */
  from: string;
}

/** In the order tried. ffplay first: it plays mp3, ogg and the rest, not only wav. */
const PLAYERS: readonly PlayerSpec[] = [
  // -nodisp: no video window; -autoexit: return when the audio ends; errors only, no banner or progress.
  {
    name: 'ffplay',
    args: (file) => ['-nodisp', '-autoexit', '-hide_banner', '-loglevel', 'error', file],
    from: 'ffmpeg',
  },
  { name: 'afplay', args: (file) => [file], from: 'macOS' },
  { name: 'paplay', args: (file) => [file], from: 'pulseaudio-utils or pipewire-pulse' },
  { name: 'aplay', args: (file) => ['-q', file], from: 'alsa-utils' },
];

export interface Player {
  name: string;
  path: string;
  args: (file: string) => string[];
}

/** The first player of PLAYERS on PATH (ffplay.exe on Windows: PATHEXT), or null. */
function findPlayer(env: Env): Player | null {
  for (const spec of PLAYERS) {
    const path = findExecutable(spec.name, thisHost(env));
    if (path) return { name: spec.name, path, args: spec.args };
  }
  return null;
}

/**
 * The player --play will use, checked before anything is sent or downloaded: exit 2 naming what to install, or
 * when the audio is to go to stdout (`--out -`), where no file is left to play.
 */
export function requirePlayer(f: Factory, out: string | undefined, nothingDone: string): Player {
  if (out === '-')
    throw new UsageError('--play cannot be combined with --out -: the audio goes to stdout', {
      hints: ['Pipe it to a player instead (--out - | ffplay -nodisp -autoexit -), or give --out <file> --play.'],
    });
  const player = findPlayer(f.env);
  if (player) return player;
  throw new UsageError(`--play: no audio player found on PATH (looked for ${PLAYERS.map((p) => p.name).join(', ')})`, {
    hints: [
      `Install one: ${PLAYERS.map((p) => `${p.name} (${p.from === 'macOS' ? 'built into macOS' : p.from})`).join(', ')}; or leave out --play and open the file yourself.`,
      nothingDone,
    ],
  });
}

/**
 * Plays `file` to the end. Ctrl-C stops the player (exit 130); a player that fails is exit 1. `kept` says where
 * the audio is afterwards (the file, or how to download it when it was only a temporary copy).
 */
export async function playFile(f: Factory, player: Player, file: string, keptText: string): Promise<void> {
  const shown = terminalSafe(file);
  const kept = terminalSafe(keptText);
  if (!f.output().quiet)
    f.log.warn(`Playing ${shown} with ${player.name}${f.io.stdinIsTTY ? ' (Ctrl-C stops it)' : ''}`);
  const { spawn } = await import('node:child_process');
  // The user's environment (DISPLAY, PULSE_SERVER, ...): what the player needs to reach the sound device.
  const child = spawn(player.path, player.args(file), {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: f.env as NodeJS.ProcessEnv,
  });
  let said = '';
  child.stderr?.on('data', (c: Buffer) => {
    said = (said + c.toString('utf8')).slice(-4000);
  });
  const stop = () => child.kill('SIGTERM');
  f.signal.addEventListener('abort', stop, { once: true });
  let code: number | null;
  try {
    code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', (status) => resolve(status));
    });
  } catch (err) {
    throw new CliError(`--play: could not start ${player.path}: ${(err as Error).message}`, {
      hints: [kept],
    });
  } finally {
    f.signal.removeEventListener('abort', stop);
  }
  if (f.signal.aborted) throw new InterruptedError('playback stopped', { hints: [kept] });
  if (code !== 0) {
    const last = said.trim().split('\n').pop();
    throw new CliError(`--play: ${player.name} could not play ${shown} (it exited with ${code ?? 'a signal'})`, {
      hints: [...(last ? [`${player.name} said: ${terminalSafe(last)}`] : []), kept],
    });
  }
}
