// The sandbox as a local background service: `--sandbox` connects to one sandbox per config dir that outlives
// the command. It is started on demand, detached from the caller's stdin/stdout/stderr (so `$(...)` and CI
// never wait for it), holds the state in memory, saves it to sandbox-state.json after every change, and stops
// after IDLE_DEFAULT_S without a request or on `voicectl sandbox stop`. Commands no longer take turns on a lock
// for their whole run, audio URLs stay fetchable while it runs, and a command killed after an answer loses
// nothing (the record was saved before it was answered). Design and measurements: src/sandbox/README.md.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { request } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeDir } from '../config/paths.js';
import { CliError, InterruptedError, UsageError } from '../errors.js';
import { monotonicNow } from '../io/clock.js';
import { duration } from '../io/format.js';
import { terminalSafe } from '../io/safe.js';
import { sleep } from '../io/sleep.js';
import { VERSION } from '../version.js';
import { canonicalScenario, describeScenario, SCENARIO_ENV, scenarioFromEnv, scenarioSettings } from './scenario.js';
import { DEMO } from './state.js';

/** Seconds without a request before the background sandbox stops (VOICECTL_SANDBOX_IDLE overrides). */
const IDLE_DEFAULT_S = 900;
/** How long a starter waits for the sandbox it started (or another starter's) to answer. */
const START_TIMEOUT_MS = 15_000;
/** A start lock older than this was left by a starter that died. */
const START_LOCK_STALE_MS = 20_000;
const STATUS_PATH = '/_sandbox/status';
const STOP_PATH = '/_sandbox/stop';
/** Header carrying the instance token: only someone who can read the 0600 info file may stop the sandbox. */
const TOKEN_HEADER = 'x-voicectl-sandbox';

/** What the running sandbox writes to `sandbox.json` (0600) in the config dir. */
export interface ServiceInfo {
  pid: number;
  url: string;
  version: string;
  /** Random per start: tells this sandbox from another that reused the port or the pid. */
  instance: string;
  startedAt: string;
}

export interface ServiceStatus extends ServiceInfo {
  stateFile: string;
  idleStopSeconds: number;
  lastRequestAt: string;
  /** What the sandbox has to tell the command that started it (a damaged state file it moved aside). */
  notes?: string[];
  /** The scenario it runs, as canonical JSON ('' for none): a command with another one restarts it. */
  scenario?: string;
}

const infoFile = (dir: string) => join(dir, 'sandbox.json');
export const logFile = (dir: string) => join(dir, 'sandbox.log');
const startLock = (dir: string) => join(dir, 'sandbox.start.lock');

export function readInfo(dir: string): ServiceInfo | undefined {
  try {
    const info = JSON.parse(readFileSync(infoFile(dir), 'utf8')) as ServiceInfo;
    return typeof info.url === 'string' && typeof info.instance === 'string' ? info : undefined;
  } catch {
    return undefined;
  }
}

/** The longest VOICECTL_SANDBOX_IDLE: one day. */
const IDLE_MAX_S = 86_400;

/**
 * The idle time in seconds: VOICECTL_SANDBOX_IDLE (unset or empty: the default). Anything but a whole number of
 * seconds from 1 to IDLE_MAX_S is exit 2 naming the variable, the rule and the value (it silently became 900).
 */
function idleSeconds(env: Record<string, string | undefined>): number {
  const raw = env.VOICECTL_SANDBOX_IDLE;
  if (raw === undefined || raw === '') return IDLE_DEFAULT_S;
  const n = /^\d{1,6}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(n >= 1 && n <= IDLE_MAX_S)) {
    throw new UsageError(
      `VOICECTL_SANDBOX_IDLE must be a whole number of seconds from 1 to ${IDLE_MAX_S} (got "${terminalSafe(raw)}")`,
      { hints: [`Unset it for the default (${IDLE_DEFAULT_S} s, 15 min).`] },
    );
  }
  return n;
}

/**
 * One request to the sandbox's own routes with node:http (already loaded; the global fetch would load a second
 * HTTP client on every --sandbox command): the parsed JSON body of a 2xx answer, else undefined.
 */
function call(url: string, method: 'GET' | 'POST', timeoutMs: number, headers: Record<string, string> = {}) {
  return new Promise<unknown>((resolve) => {
    const req = request(url, { method, headers, timeout: timeoutMs, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => {
        try {
          resolve(res.statusCode && res.statusCode < 300 ? JSON.parse(text) : undefined);
        } catch {
          resolve(undefined);
        }
      });
      res.on('error', () => resolve(undefined));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(undefined));
    req.end();
  });
}

/** The status of the sandbox `info` names, or undefined when nothing (or another instance) answers there. */
export async function probe(info: ServiceInfo, timeoutMs = 2000): Promise<ServiceStatus | undefined> {
  const body = (await call(`${info.url}${STATUS_PATH}`, 'GET', timeoutMs)) as { data?: ServiceStatus } | undefined;
  return body?.data?.instance === info.instance ? body.data : undefined;
}

/** Asks the sandbox to stop and waits until it no longer answers; false when it was not running. */
export async function stopService(dir: string, timeoutMs = 10_000): Promise<ServiceStatus | undefined> {
  const info = readInfo(dir);
  const status = info && (await probe(info));
  if (!info || !status) {
    if (info) rmSync(infoFile(dir), { force: true }); // stale: nobody answers there
    return undefined;
  }
  await call(`${info.url}${STOP_PATH}`, 'POST', 2000, { [TOKEN_HEADER]: info.instance });
  const deadline = monotonicNow() + timeoutMs;
  while (monotonicNow() < deadline) {
    if (!(await probe(info, 500)) && !pidAlive(status.pid)) return status;
    await sleep(50);
  }
  throw new CliError(`the sandbox (pid ${status.pid}) did not stop within ${timeoutMs / 1000} s`, {
    hints: [`End it with: kill ${status.pid}`],
  });
}

export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  // An exited process that nobody has reaped yet (a zombie) still takes signal 0. The background sandbox is
  // detached and its starter gone, so init reaps it, and a container's init may do so seconds later or never:
  // `sandbox stop` waited 2 s for it on our CI machine.
  if (process.platform !== 'linux') return true;
  try {
    return !/^\d+ \(.*\) Z/s.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false; // reaped meanwhile
  }
}

/** bin/voicectl.js of this installation: found upwards from this module (src/sandbox/ or a chunk of dist/). */
function binPath(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const bin = join(dir, 'bin', 'voicectl.js');
    if (existsSync(bin)) return bin;
    const up = dirname(dir);
    if (up === dir) throw new CliError('cannot start the sandbox: bin/voicectl.js of this installation is missing');
    dir = up;
  }
}

/**
 * Takes the start lock (a directory: mkdir is atomic); one older than START_LOCK_STALE_MS is taken over. When
 * another starter holds it: how long ago it was taken (ms).
 */
function tryStartLock(dir: string): { release: () => void } | { heldMs: number } {
  const lock = startLock(dir);
  try {
    mkdirSync(lock);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    let heldMs = 0;
    try {
      heldMs = Math.max(0, Date.now() - statSync(lock).mtimeMs);
      if (heldMs < START_LOCK_STALE_MS) return { heldMs };
      // Left by a starter that died: renamed away first, so two takers cannot both remove a fresh lock.
      const aside = `${lock}.stale-${randomBytes(4).toString('hex')}`;
      renameSync(lock, aside);
      rmSync(aside, { recursive: true, force: true });
      mkdirSync(lock);
    } catch {
      return { heldMs }; // another starter was quicker
    }
  }
  return { release: () => rmSync(lock, { recursive: true, force: true }) };
}

/** The last lines of sandbox.log (why a sandbox that exited at once did), terminal-safe; '' when none. */
function logTail(dir: string): string {
  try {
    const text = readFileSync(logFile(dir), 'utf8').slice(-600).trim();
    const lines = text.split('\n').slice(-4).join(' / ');
    return terminalSafe(lines.length > 400 ? `...${lines.slice(-400)}` : lines);
  } catch {
    return '';
  }
}

export interface ConnectOptions {
  dir: string;
  env: Record<string, string | undefined>;
  signal: AbortSignal;
  /** Notes for stderr (started, restarted after an upgrade). */
  note: (line: string) => void;
}

/**
 * The URL of the running sandbox of `dir`, started when none runs. A sandbox of another voicectl version is
 * stopped and replaced (its state file stays); a `sandbox.json` whose sandbox is gone (stale) is ignored; of two
 * commands starting it at once, one starts it and the other waits for it (the start lock).
 */
export async function connectService(opts: ConnectOptions): Promise<string> {
  const { dir } = opts;
  const idleS = idleSeconds(opts.env); // checked before anything is created or started
  const scenario = scenarioFromEnv(opts.env);
  const wanted = canonicalScenario(scenario);
  try {
    makeDir(dir);
  } catch (err) {
    throw new CliError(`cannot use the config dir for the sandbox: ${terminalSafe((err as Error).message)}`);
  }
  const deadline = monotonicNow() + START_TIMEOUT_MS;
  let spawned: ReturnType<typeof spawn> | undefined;
  let exited: string | undefined;
  // The start lock, held by this command from the spawn until the new sandbox answers or this command fails:
  // released on every way out of here, before the command exits (a lock left behind made the next command wait
  // 15 s for a sandbox nobody was starting).
  let release: (() => void) | undefined;
  let toldWaiting = false;
  try {
    for (;;) {
      if (opts.signal.aborted) throw new InterruptedError('interrupted');
      const info = readInfo(dir);
      const status = info && (await probe(info));
      if (status && status.version === VERSION && (status.scenario ?? '') === wanted) {
        if (spawned) {
          // Said only once it answers (it said "started" before a sandbox that exited at once).
          opts.note(
            `sandbox: started a background sandbox for ${terminalSafe(dir)} (it stops after ${duration(idleS * 1000, 'setting')} idle)`,
          );
          for (const line of startBanner(scenario)) opts.note(line);
          for (const line of status.notes ?? []) opts.note(`sandbox: ${terminalSafe(String(line))}`);
        }
        return status.url;
      }
      if (status && status.version === VERSION) {
        // Another scenario (or none): the sandbox is started again with this command's; the state carries over.
        opts.note(
          `sandbox: restarting the background sandbox with the scenario of ${SCENARIO_ENV}: ${describeScenario(scenario)}`,
        );
        await stopService(dir);
        continue;
      }
      if (status) {
        opts.note(
          `sandbox: restarting the background sandbox (it runs voicectl ${terminalSafe(String(status.version))}, this is ${VERSION})`,
        );
        await stopService(dir);
        continue;
      }
      if (exited) break;
      if (!spawned) {
        const lock = tryStartLock(dir);
        if ('release' in lock) {
          release = lock.release;
          // Checked again under the lock: another starter may have finished meanwhile.
          const again = readInfo(dir);
          const running = again && (await probe(again));
          if (running && running.version === VERSION && (running.scenario ?? '') === wanted) {
            release();
            release = undefined;
            continue;
          }
          try {
            spawned = startDaemon(opts, wanted);
          } catch (err) {
            throw new CliError(`cannot start the background sandbox: ${terminalSafe((err as Error).message)}`, {
              hints: [
                'Check that the config dir is writable (VOICECTL_CONFIG_DIR), or run one in the foreground: voicectl sandbox --port 0',
              ],
            });
          }
          spawned.once('exit', (code, signal) => {
            exited = `it exited (${signal ?? `code ${code}`})`;
          });
          continue;
        }
        if (!toldWaiting) {
          toldWaiting = true;
          opts.note(
            `sandbox: another voicectl is starting the background sandbox (its start lock ${terminalSafe(startLock(dir))} is ${(lock.heldMs / 1000).toFixed(1)} s old); waiting up to ${START_TIMEOUT_MS / 1000} s for it`,
          );
        }
      }
      if (monotonicNow() > deadline) break;
      await sleep(50, opts.signal).catch(() => undefined);
    }
  } finally {
    release?.();
  }
  const log = logFile(dir);
  const why = exited ? logTail(dir) : '';
  throw new CliError(
    `the background sandbox did not start${exited ? `: ${exited}` : ` within ${START_TIMEOUT_MS / 1000} s`}${why ? `: ${why}` : ''}`,
    {
      hints: [`See ${terminalSafe(log)}`, 'Or run one in the foreground: voicectl sandbox --port 0'],
    },
  );
}

/**
 * The lines the first --sandbox command prints: what each organization has (the agents and caller numbers that
 * `campaigns create` checks) and the scenario. The demo keys are named by `sandbox status`, not here: stderr of a
 * CI job is kept in its logs, and voicectl never prints a key outside the sandbox's own commands.
 */
function startBanner(scenario: ReturnType<typeof scenarioFromEnv>): string[] {
  // One thing a line, each under 80 columns for the demo data.
  return [
    ...[DEMO.acme.org, DEMO.globex.org].flatMap((o) => [
      `sandbox: ${o.name}: agents ${o.agents.join(', ')}`,
      `sandbox: ${o.name}: caller numbers ${o.numbers.join(', ')}`,
    ]),
    `sandbox: scenario: ${describeScenario(scenario)}`,
    'sandbox: its demo keys, and more: voicectl sandbox status',
  ];
}

function startDaemon(opts: ConnectOptions, scenario: string): ReturnType<typeof spawn> {
  const log = openSync(logFile(opts.dir), 'w', 0o600);
  // Only what the sandbox needs: never the caller's key or proxy settings. The scenario goes as the JSON this
  // command read and checked (a file path would be read again, relative to another directory).
  const env: Record<string, string> = { VOICECTL_CONFIG_DIR: opts.dir };
  for (const k of ['PATH', 'HOME', 'VOICECTL_SANDBOX_IDLE', 'TZ']) if (opts.env[k]) env[k] = opts.env[k]!;
  if (scenario) env[SCENARIO_ENV] = scenario;
  const child = spawn(process.execPath, [binPath(), 'sandbox', 'serve'], {
    detached: true,
    stdio: ['ignore', 'ignore', log],
    env,
  });
  closeSync(log);
  child.unref();
  return child;
}

/**
 * The background sandbox itself (`voicectl sandbox serve`, hidden): loads the state, listens on a free loopback
 * port, publishes sandbox.json, saves after every change, and stops when idle, on /_sandbox/stop or a signal.
 */
export async function serve(opts: {
  dir: string;
  env: Record<string, string | undefined>;
  signal: AbortSignal;
  log: (line: string) => void;
}): Promise<void> {
  const [{ Sandbox }, { loadState, moveAside, saveState, stateFile }, { SandboxError }] = await Promise.all([
    import('./server.js'),
    import('./persist.js'),
    import('./http.js'),
  ]);
  const file = stateFile(opts.dir);
  const instance = randomBytes(12).toString('hex');
  const idleS = idleSeconds(opts.env);
  const scenario = scenarioFromEnv(opts.env);
  const startedAt = new Date().toISOString();
  // When the last API request came: the time of day for `sandbox status`, the monotonic clock for the idle stop (a
  // step of the time of day must neither stop a sandbox in use nor keep an idle one for hours).
  let lastRequest = Date.now();
  let lastRequestMono = monotonicNow();
  let stopRequested: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => {
    stopRequested = resolve;
  });
  let info: ServiceInfo | undefined;
  const notes: string[] = [];
  const read = loadState(file);
  if ('damaged' in read) {
    // Kept aside rather than overwritten by the fresh state (every record was lost silently), and said both in
    // sandbox.log and, through the status, on the stderr of the command that started this sandbox.
    const aside = moveAside(file);
    notes.push(`the state file ${file} was damaged (${read.damaged}): moved it to ${aside} and started afresh`);
    opts.log(`${startedAt} ${notes[0]}`);
  }
  const loaded = 'state' in read ? read.state : undefined;
  const sandbox = new Sandbox({
    state: loaded,
    settings: scenario ? scenarioSettings(scenario) : {},
    afterChange: (state) => saveState(file, state),
    routes: [
      {
        method: 'GET',
        pattern: STATUS_PATH,
        auth: false,
        handle: () => ({
          status: 200,
          body: {
            data: {
              ...info,
              stateFile: file,
              idleStopSeconds: idleS,
              lastRequestAt: new Date(lastRequest).toISOString(),
              notes,
              scenario: canonicalScenario(scenario),
            } satisfies Partial<ServiceStatus>,
          },
        }),
      },
      {
        method: 'POST',
        pattern: STOP_PATH,
        auth: false,
        body: 'ignored',
        handle: (ctx) => {
          if (ctx.headers[TOKEN_HEADER] !== instance)
            throw new SandboxError(403, 'forbidden', 'only the process that started this sandbox may stop it');
          setImmediate(stopRequested);
          return { status: 200, body: { data: { stopping: true } } };
        },
      },
    ],
  });
  // A fresh state (seeded history, dated from now) is saved at once, so a restart shows the same records.
  if (!loaded) saveState(file, sandbox.state);
  const url = await sandbox.listen(0, '127.0.0.1');
  info = { pid: process.pid, url, version: VERSION, instance, startedAt };
  const published = infoFile(opts.dir);
  const tmp = `${published}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(info), { mode: 0o600 });
  renameSync(tmp, published);
  opts.log(`${startedAt} sandbox ${instance} (voicectl ${VERSION}, pid ${process.pid}) at ${url}; state ${file}`);

  // Only API use keeps it alive: `voicectl sandbox status` run in a loop must not.
  sandbox.onRequest = (path) => {
    if (path.startsWith('/_sandbox/')) return;
    lastRequest = Date.now();
    lastRequestMono = monotonicNow();
  };
  opts.signal.addEventListener('abort', () => stopRequested(), { once: true });
  const check = setInterval(
    () => {
      // Another sandbox took over the info file (a race of two starters): this one is not reachable, so it goes.
      if (readInfo(opts.dir)?.instance !== instance) return stopRequested();
      if (sandbox.inFlight === 0 && monotonicNow() - lastRequestMono >= idleS * 1000) stopRequested();
    },
    Math.min(5000, Math.max(50, (idleS * 1000) / 4)),
  );
  await stopped;
  clearInterval(check);
  if (readInfo(opts.dir)?.instance === instance) rmSync(published, { force: true });
  await sandbox.close();
  opts.log(`${new Date().toISOString()} sandbox ${instance} stopped`);
}
