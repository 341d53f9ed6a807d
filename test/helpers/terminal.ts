// bin/voicectl.js on a real pseudo-terminal (util-linux `script`), for what only a terminal shows: prompts in raw
// mode, Enter and Ctrl-C as keys, help at the terminal's width. Answers are typed once the prompt is on screen.
import { spawn, spawnSync } from 'node:child_process';
import { BIN, type CliOptions, cliEnv } from './cli.js';

/** False where `script` is missing (macOS has a BSD one with other flags): those tests are skipped, not faked. */
export const HAS_SCRIPT =
  process.platform === 'linux' && spawnSync('script', ['--version'], { stdio: 'ignore' }).status === 0;

export interface TerminalRun {
  code: number;
  /** Everything the terminal showed, escape sequences removed and CRLF turned into LF. */
  screen: string;
  /** What the terminal got, escape sequences included. */
  raw: string;
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * Runs voicectl on a terminal of `columns` x 30. Each answer is [what must be on screen first, the keys to type].
 * The terminal's own size is set by stty before voicectl starts.
 */
export function onTerminal(
  argv: string[],
  answers: [string, string][] = [],
  opts: CliOptions & { columns?: number } = {},
): Promise<TerminalRun> {
  // A capable terminal unless the test names another TERM.
  const env = { TERM: 'xterm-256color', ...cliEnv(opts) };
  const command = `stty cols ${opts.columns ?? 100} rows 30; exec ${[process.execPath, BIN, ...argv].map(quote).join(' ')}`;
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qec', command, '/dev/null'], { env: env as NodeJS.ProcessEnv });
    let raw = '';
    const pending = [...answers];
    const plain = () =>
      raw
        .replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '')
        .replace(/\x1b\][^\x07]*\x07/g, '')
        .replace(/\r\n/g, '\n');
    child.stdout.on('data', (c: Buffer) => {
      raw += c.toString();
      while (pending.length && plain().includes(pending[0][0])) child.stdin.write(pending.shift()![1]);
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, screen: plain(), raw }));
  });
}
