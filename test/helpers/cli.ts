// Test helpers: a real sandbox on a loopback port, and the real CLI run against it, in-process
// (run() with in-memory streams) or as a child process (bin/voicectl.js) when a test needs signals.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { run } from '../../src/cli.js';
import { testStreams } from '../../src/io/streams.js';
import { Sandbox } from '../../src/sandbox/server.js';
import type { SandboxSettings } from '../../src/sandbox/settings.js';
import { DEMO } from '../../src/sandbox/state.js';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BIN = join(ROOT, 'bin/voicectl.js');
export const KEYS = { acme: DEMO.acme.fullKey, acmeRead: DEMO.acme.readKey, globex: DEMO.globex.fullKey };

const made: string[] = [];

/** A fresh directory in the OS temp dir, removed after the test file (test/setup/temp.ts). */
export function tempDir(prefix = 'voicectl-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

let configRoot: string | undefined;
let configs = 0;

/**
 * A config dir of its own for one run, not yet made, as on a machine where voicectl never ran: the command makes it
 * if it writes there. All of a file's are in one temp dir, so that a run costs no directory made and removed.
 */
function freshConfigDir(): string {
  configRoot ??= tempDir('voicectl-cfg-');
  return join(configRoot, String(++configs));
}

/** Removes the directories tempDir() made in this test file: a suite run leaves nothing behind in /tmp. */
export function removeTempDirs(): void {
  configRoot = undefined;
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}

/**
 * A clock that moves only when the command waits: `sleep(ms)` puts it `ms` ahead at once (and lets other work
 * run), and `now()` reads it. Given to a sandbox (`startSandbox(settings, clock)`) and to `cli(argv, { clock })`,
 * simulated time (TTS queue and processing, retry backoff, --timeout) passes exactly as the command waits, so a
 * test sees the same polls whatever the load of the machine. `waits` lists every wait asked for.
 */
export interface VirtualClock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  waits: number[];
}

export function virtualClock(start = Date.now()): VirtualClock {
  let t = start;
  const waits: number[] = [];
  return {
    now: () => t,
    waits,
    sleep(ms, signal) {
      if (signal?.aborted) return Promise.reject(signal.reason);
      waits.push(ms);
      t += ms;
      return new Promise((resolve) => setImmediate(resolve));
    },
  };
}

/** A sandbox on 127.0.0.1:<free port>, instant by default. Close it in afterAll/afterEach. */
export async function startSandbox(
  settings: Partial<SandboxSettings> = {},
  clock?: Pick<VirtualClock, 'now'>,
): Promise<Sandbox> {
  const sandbox = new Sandbox({ settings: { ttsQueueMs: 0, ttsProcessMs: 0, ...settings }, now: clock?.now });
  await sandbox.listen(0, '127.0.0.1');
  return sandbox;
}

/**
 * The sandbox of one test file (as startSandbox makes it): listening before its tests, its request log cleared
 * before each, closed after them.
 */
export function useSandbox(settings: Partial<SandboxSettings> = {}): Sandbox {
  const sandbox = new Sandbox({ settings: { ttsQueueMs: 0, ttsProcessMs: 0, ...settings } });
  beforeAll(async () => {
    await sandbox.listen(0, '127.0.0.1');
  });
  beforeEach(() => {
    sandbox.log.length = 0;
  });
  afterAll(() => sandbox.close());
  return sandbox;
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  sandbox?: Sandbox;
  /** Key to use (default: Acme's all-scope key). null: no key in the environment. */
  key?: string | null;
  env?: Record<string, string | undefined>;
  tty?: boolean;
  /** One stream a terminal and not the other (stdout to a file, stderr on a terminal); else `tty`. */
  stdoutTTY?: boolean;
  stderrTTY?: boolean;
  /** Terminal width with `tty` (default 120). */
  columns?: number;
  /** stderr's terminal width, where it differs from stdout's. */
  errColumns?: number;
  /** Terminal height with `tty` (default 40). */
  rows?: number;
  color?: boolean;
  stdin?: string;
  configDir?: string;
  signal?: AbortSignal;
  /**
   * In-process runs only: the command's clock and waits (see virtualClock). `monotonic`, when given, is the clock
   * of deadlines and elapsed times, apart from `now` (the time of day); else `now` is both.
   */
  clock?: Pick<VirtualClock, 'now' | 'sleep'> & { monotonic?: () => number };
}

export function cliEnv(opts: CliOptions): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    VOICECTL_CONFIG_DIR: opts.configDir ?? freshConfigDir(),
    VOICECTL_RETRY_BASE_MS: '5',
    // A background sandbox a test forgot to stop (`stopSandboxService`) ends by itself soon after.
    VOICECTL_SANDBOX_IDLE: '60',
  };
  if (opts.sandbox) env.VOICECTL_BASE_URL = opts.sandbox.url;
  if (opts.key !== null) env.VOICECTL_API_KEY = opts.key ?? KEYS.acme;
  return { ...env, ...opts.env };
}

/**
 * Every run in the whole suite goes through this check: no API key (the demo keys, or the key the run was
 * given) may appear in stdout or stderr. `voicectl sandbox` is the one exception: printing its demo keys is its job.
 */
export function assertNoSecrets(argv: string[], result: CliResult, env: Record<string, string | undefined>): CliResult {
  if (argv[0] === 'sandbox') return result;
  const secrets = [...Object.values(KEYS), env.VOICECTL_API_KEY].filter((k): k is string =>
    Boolean(k && k.length >= 8),
  );
  for (const secret of secrets) {
    if (result.stdout.includes(secret) || result.stderr.includes(secret)) {
      throw new Error(`an API key leaked into the output of voicectl ${argv.join(' ')}`);
    }
  }
  return result;
}

/** Runs the CLI in this process against the sandbox; stdout is not a TTY unless `tty`. */
export async function cli(argv: string[], opts: CliOptions = {}): Promise<CliResult> {
  const io = testStreams({
    tty: opts.tty,
    stdoutTTY: opts.stdoutTTY,
    stderrTTY: opts.stderrTTY,
    color: opts.color,
    stdin: opts.stdin,
    columns: opts.columns,
    errColumns: opts.errColumns,
    rows: opts.rows,
  });
  const env = cliEnv(opts);
  const code = await run(argv, {
    io,
    env,
    signal: opts.signal,
    now: opts.clock?.now,
    monotonic: opts.clock?.monotonic,
    sleep: opts.clock?.sleep,
  });
  return assertNoSecrets(argv, { code, stdout: io.stdout(), stderr: io.stderr() }, env);
}

/** Runs bin/voicectl.js as a child process (needs the build from test/setup/build.ts). */
export function spawnCli(
  argv: string[],
  opts: CliOptions & { onSpawn?: (child: ReturnType<typeof spawn>) => void; keepStdinOpen?: boolean } = {},
): Promise<CliResult> {
  const env = cliEnv(opts);
  return new Promise<CliResult>((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...argv], {
      env: env as NodeJS.ProcessEnv,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), stdout, stderr }));
    if (opts.stdin !== undefined) child.stdin.end(opts.stdin);
    else if (!opts.keepStdinOpen) child.stdin.end();
    opts.onSpawn?.(child);
  }).then((r) => assertNoSecrets(argv, r, env));
}

/** Stops the background sandbox of `configDir` (started by a --sandbox run), as `voicectl sandbox stop` does. */
export async function stopSandboxService(configDir: string): Promise<void> {
  const { stopService } = await import('../../src/sandbox/service.js');
  await stopService(configDir);
}

export function parseJson<T = unknown>(text: string): T {
  return JSON.parse(text) as T;
}
