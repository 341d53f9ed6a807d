// The sandbox as a local background service: `--sandbox` connects to one sandbox per config dir that outlives
// the command. It is started on demand, detached from the caller's stdin/stdout/stderr (so `$(...)` and CI
// never wait for it), holds the state in memory, saves it to sandbox-state.json after every change, and stops
// after IDLE_DEFAULT_S without a request or on `voicectl sandbox stop`. Commands no longer take turns on a lock
// for their whole run, audio URLs stay fetchable while it runs, and a command killed after an answer loses
// nothing (the record was saved before it was answered). Design and measurements: src/sandbox/README.md.
import { spawn } from 'node:child_process';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  closeSync,
  constants,
  existsSync,
  mkdirSync,
  fchmodSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { request } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeDir } from '../config/paths.js';
import { CliError, InterruptedError, UsageError } from '../errors.js';
import { isExecutable } from '../install.js';
import { monotonicNow } from '../io/clock.js';
import { duration } from '../io/format.js';
import { terminalSafe } from '../io/safe.js';
import { sleep } from '../io/sleep.js';
import { thisHost } from '../platform/host.js';
import { sharedFolder } from '../platform/privacy.js';
import { serviceEnv, serviceSpawnOptions } from '../platform/spawn.js';
import { VERSION } from '../version.js';
import { readOwnFile, writeOwnFile } from './files.js';
import type { Route, SandboxError as SandboxErrorClass } from './http.js';
import { canonicalScenario, describeScenario, SCENARIO_ENV, scenarioFromEnv, scenarioSettings } from './scenario.js';
import { DEMO, instanceKeys } from './state.js';

/** Seconds without a request before the background sandbox stops (VOICECTL_SANDBOX_IDLE overrides). */
const IDLE_DEFAULT_S = 900;
/** How long a starter waits for the sandbox it started (or another starter's) to answer. */
const START_TIMEOUT_MS = 15_000;
/** A start lock older than this was left by a starter that died. */
const START_LOCK_STALE_MS = 20_000;
export const STATUS_PATH = '/_sandbox/status';
const STOP_PATH = '/_sandbox/stop';
/**
 * Header of a stop: `<challenge>.<proof>`, the proof an HMAC of a challenge the sandbox gave, keyed with the instance
 * token of the 0600 info file. The token itself never goes over the wire, in either direction: a process that took
 * the port after an unclean exit learns nothing it could answer with.
 */
const PROOF_HEADER = 'x-voicectl-sandbox-proof';
const { O_WRONLY, O_CREAT, O_TRUNC, O_NOFOLLOW } = constants;

/** The proof that one knows the instance token: HMAC-SHA256 of `purpose` and `nonce`, keyed with it. */
export function proofOf(instance: string, purpose: 'status' | 'stop', nonce: string): string {
  return createHmac('sha256', instance).update(`voicectl-sandbox ${purpose}\n${nonce}`).digest('hex');
}

export function sameProof(a: unknown, b: string): boolean {
  return typeof a === 'string' && a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** What the running sandbox writes to `sandbox.json` (0600) in the config dir. */
export interface ServiceInfo {
  pid: number;
  url: string;
  version: string;
  /** Random per start: tells this sandbox from another that reused the port or the pid. */
  instance: string;
  startedAt: string;
  /** This instance's API keys, by key id (random per start: state.ts instanceKeys); only in the 0600 file. */
  keys?: Record<string, string>;
}

/** What the sandbox answers on its status route: its info without the instance token or keys, never told. */
export interface ServiceStatus extends Omit<ServiceInfo, 'instance' | 'keys'> {
  /** A challenge for a stop (see PROOF_HEADER). */
  challenge?: string;
  stateFile: string;
  idleStopSeconds: number;
  lastRequestAt: string;
  /** What the sandbox has to tell the command that started it (a damaged state file it moved aside). */
  notes?: string[];
  /** The scenario it runs, as canonical JSON ('' for none): a command with another one restarts it. */
  scenario?: string;
}

const infoFile = (dir: string) => join(dir, 'sandbox.json');
const logFile = (dir: string) => join(dir, 'sandbox.log');
const startLock = (dir: string) => join(dir, 'sandbox.start.lock');

/**
 * Refuses a config dir that another user could write to (or that is not the user's), as ssh refuses such a
 * ~/.ssh: there they could plant `sandbox.log -> ~/important` or a `sandbox.json` naming their own server.
 * On Windows the folder's ACL decides, which voicectl does not read (src/platform/privacy.ts).
 */
function checkPrivateDir(dir: string, env: Record<string, string | undefined>): void {
  const shared = sharedFolder(dir, thisHost(env));
  if (shared) {
    throw new CliError(
      `the sandbox keeps its files only in a folder of yours that no one else can write: ${terminalSafe(dir)} ${shared.why}`,
      { hints: [`Make it private (${terminalSafe(shared.fix)}), or set VOICECTL_CONFIG_DIR to a private folder.`] },
    );
  }
}

export function readInfo(dir: string): ServiceInfo | undefined {
  try {
    const info = JSON.parse(readOwnFile(infoFile(dir))) as ServiceInfo;
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

/**
 * The status of the sandbox `info` names, or undefined when nothing answers there, or something that cannot prove
 * it knows the instance token (another process on a reused port): it must answer a fresh nonce with its HMAC.
 */
export async function probe(info: ServiceInfo, timeoutMs = 2000): Promise<ServiceStatus | undefined> {
  const nonce = randomBytes(16).toString('hex');
  const body = (await call(`${info.url}${STATUS_PATH}?nonce=${nonce}`, 'GET', timeoutMs)) as
    | { data?: ServiceStatus & { proof?: unknown } }
    | undefined;
  const data = body?.data;
  if (!data || !sameProof(data.proof, proofOf(info.instance, 'status', nonce))) return undefined;
  const { proof: _proof, ...status } = data;
  return status;
}

/**
 * Whether `pid` is this user's `voicectl sandbox serve` (Linux: its command line and owner in /proc): a pid is
 * named to the user (to `kill` it) only then, never on the word of whatever answered on the port.
 */
function ourSandboxPid(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 1) return false;
  if (process.platform !== 'linux') return false;
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const owner = statSync(`/proc/${pid}`).uid;
    return argv.includes('sandbox') && argv.includes('serve') && owner === process.getuid?.();
  } catch {
    return false;
  }
}

/** Asks the sandbox to stop and waits until it no longer answers; false when it was not running. */
export async function stopService(dir: string, timeoutMs = 10_000): Promise<ServiceStatus | undefined> {
  const info = readInfo(dir);
  const status = info && (await probe(info));
  if (!info || !status) {
    if (info) rmSync(infoFile(dir), { force: true }); // stale: nobody answers there
    return undefined;
  }
  // Which process to wait for, asked before it is told to stop: an exiting process's command line is empty.
  const pid = status.pid === info.pid && ourSandboxPid(info.pid) ? info.pid : undefined;
  const challenge = String(status.challenge ?? '');
  await call(`${info.url}${STOP_PATH}`, 'POST', 2000, {
    [PROOF_HEADER]: `${challenge}.${proofOf(info.instance, 'stop', challenge)}`,
  });
  const deadline = monotonicNow() + timeoutMs;
  while (monotonicNow() < deadline) {
    if (!(await probe(info, 500)) && (pid === undefined || !pidAlive(pid))) return status;
    await sleep(50);
  }
  throw new CliError(`the sandbox${pid ? ` (pid ${pid})` : ''} did not stop within ${timeoutMs / 1000} s`, {
    hints: [pid ? `End it with: kill ${pid}` : `Find it with: ps -u "$USER" -o pid,args | grep 'sandbox serve'`],
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
    const text = readOwnFile(logFile(dir)).slice(-600).trim();
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
  /** The line that says where the commands go, noted once per start of the sandbox (after the start's banner). */
  banner?: (url: string) => string;
}

/**
 * The URL of the running sandbox of `dir`, started when none runs. A sandbox of another voicectl version is
 * stopped and replaced (its state file stays); a `sandbox.json` whose sandbox is gone (stale) is ignored; of two
 * commands starting it at once, one starts it and the other waits for it (the start lock).
 */
export async function connectService(opts: ConnectOptions): Promise<string> {
  const idleS = idleSeconds(opts.env); // checked before anything is created or started
  const scenario = scenarioFromEnv(opts.env);
  const s: Start = { opts, idleS, scenario, wanted: canonicalScenario(scenario), toldWaiting: false };
  prepareDir(opts.dir, opts.env);
  const deadline = monotonicNow() + START_TIMEOUT_MS;
  try {
    for (;;) {
      if (opts.signal.aborted) throw new InterruptedError('interrupted');
      const info = readInfo(opts.dir);
      const status = info && (await probe(info));
      if (status && isWanted(s, status)) return announce(s, status);
      if (status) {
        await restart(s, status);
        continue;
      }
      if (s.exited) break;
      if (!s.spawned && (await tryStart(s))) continue;
      if (monotonicNow() > deadline) break;
      await sleep(50, opts.signal).catch(() => undefined);
    }
  } finally {
    s.release?.();
  }
  throw startFailure(opts.dir, s.exited);
}

/** One connectService call: what it wants and how far its own start went. */
interface Start {
  opts: ConnectOptions;
  idleS: number;
  scenario: ReturnType<typeof scenarioFromEnv>;
  /** The scenario as canonical JSON ('' for none), as the sandbox reports it. */
  wanted: string;
  /** The sandbox this command started, and why it exited when it did. */
  spawned?: ReturnType<typeof spawn>;
  exited?: string;
  /**
   * The start lock, held by this command from the spawn until the new sandbox answers or this command fails:
   * released on every way out of connectService, before the command exits (a lock left behind would make the next
   * command wait 15 s for a sandbox nobody was starting).
   */
  release?: () => void;
  /** Whether the wait for another starter's sandbox was said (once). */
  toldWaiting: boolean;
}

function prepareDir(dir: string, env: Record<string, string | undefined>): void {
  try {
    makeDir(dir);
  } catch (err) {
    throw new CliError(`cannot use the config dir for the sandbox: ${terminalSafe((err as Error).message)}`);
  }
  checkPrivateDir(dir, env);
}

/** Whether the sandbox that answered is one this command can use: this version, this scenario. */
function isWanted(s: Start, status: ServiceStatus): boolean {
  return status.version === VERSION && (status.scenario ?? '') === s.wanted;
}

/** The sandbox's URL; when this command started it, said once it answers (not before: it may exit at once). */
function announce(s: Start, status: ServiceStatus): string {
  if (!s.spawned) return status.url;
  const { opts } = s;
  opts.note(
    `sandbox: started a background sandbox for ${terminalSafe(opts.dir)} (it stops after ${duration(s.idleS * 1000, 'setting')} idle)`,
  );
  for (const line of startBanner(s.scenario)) opts.note(line);
  for (const line of status.notes ?? []) opts.note(`sandbox: ${terminalSafe(String(line))}`);
  if (opts.banner) opts.note(opts.banner(status.url));
  return status.url;
}

/** Stops a sandbox of another version or scenario, so that one of this command's starts; the state carries over. */
async function restart(s: Start, status: ServiceStatus): Promise<void> {
  s.opts.note(
    status.version === VERSION
      ? `sandbox: restarting the background sandbox with the scenario of ${SCENARIO_ENV}: ${describeScenario(s.scenario)}`
      : `sandbox: restarting the background sandbox (it runs voicectl ${terminalSafe(String(status.version))}, this is ${VERSION})`,
  );
  await stopService(s.opts.dir);
}

/**
 * Starts the sandbox under the start lock; true when the caller should look again at once (this command started
 * it, or another starter finished meanwhile), false while another starter holds the lock.
 */
async function tryStart(s: Start): Promise<boolean> {
  const { opts } = s;
  const lock = tryStartLock(opts.dir);
  if (!('release' in lock)) {
    if (!s.toldWaiting) {
      s.toldWaiting = true;
      opts.note(
        `sandbox: another voicectl is starting the background sandbox (its start lock ${terminalSafe(startLock(opts.dir))} is ${(lock.heldMs / 1000).toFixed(1)} s old); waiting up to ${START_TIMEOUT_MS / 1000} s for it`,
      );
    }
    return false;
  }
  s.release = lock.release;
  // Checked again under the lock: another starter may have finished meanwhile.
  const again = readInfo(opts.dir);
  const running = again && (await probe(again));
  if (running && isWanted(s, running)) {
    s.release();
    s.release = undefined;
    return true;
  }
  try {
    s.spawned = startDaemon(opts, s.wanted);
  } catch (err) {
    throw new CliError(`cannot start the background sandbox: ${terminalSafe((err as Error).message)}`, {
      hints: [
        'Check that the config dir is writable (VOICECTL_CONFIG_DIR), or run one in the foreground: voicectl sandbox --port 0',
      ],
    });
  }
  s.spawned.once('exit', (code, signal) => {
    s.exited = `it exited (${signal ?? `code ${code}`})`;
  });
  return true;
}

function startFailure(dir: string, exited: string | undefined): CliError {
  const log = logFile(dir);
  const why = exited ? logTail(dir) : '';
  return new CliError(
    `the background sandbox did not start${exited ? `: ${exited}` : ` within ${START_TIMEOUT_MS / 1000} s`}${why ? `: ${why}` : ''}`,
    {
      hints: [`See ${terminalSafe(log)}`, 'Or run one in the foreground: voicectl sandbox --port 0'],
    },
  );
}

/**
 * The lines the first --sandbox command prints: what each organization has (the agents and caller numbers that
 * `campaigns create` checks) and the scenario. The keys are named by `sandbox status`, not here: stderr of a
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
    'sandbox: its keys, and more: voicectl sandbox status',
  ];
}

function startDaemon(opts: ConnectOptions, scenario: string): ReturnType<typeof spawn> {
  // Never through a link planted at its name (O_NOFOLLOW): it would write wherever the link points.
  const log = openSync(logFile(opts.dir), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0o600);
  // An existing log keeps the mode it was created with (0644 by an older voicectl): made private here.
  fchmodSync(log, 0o600);
  // Only what the sandbox needs: never the caller's key or proxy settings. The scenario goes as the JSON this
  // command read and checked (a file path would be read again, relative to another directory).
  const own: Record<string, string> = { VOICECTL_CONFIG_DIR: opts.dir };
  if (scenario) own[SCENARIO_ENV] = scenario;
  const env = serviceEnv(thisHost(opts.env), own, ['VOICECTL_SANDBOX_IDLE']);
  // A single executable is its own bin (src/install.ts): it starts itself.
  const args = isExecutable() ? ['sandbox', 'serve'] : [binPath(), 'sandbox', 'serve'];
  const child = spawn(process.execPath, args, serviceSpawnOptions(env, log));
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
  checkPrivateDir(opts.dir, opts.env);
  const file = stateFile(opts.dir);
  let stopRequested: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => {
    stopRequested = resolve;
  });
  const self: Service = {
    instance: randomBytes(16).toString('hex'),
    challenges: new Challenges(),
    idleS: idleSeconds(opts.env),
    scenario: scenarioFromEnv(opts.env),
    file,
    startedAt: new Date().toISOString(),
    notes: [],
    lastRequest: Date.now(),
    lastRequestMono: monotonicNow(),
    stop: () => stopRequested(),
  };
  const read = loadState(file);
  if ('damaged' in read) {
    // Kept aside rather than overwritten by the fresh state (every record was lost silently), and said both in
    // sandbox.log and, through the status, on the stderr of the command that started this sandbox.
    const aside = moveAside(file);
    self.notes.push(`the state file ${file} was damaged (${read.damaged}): moved it to ${aside} and started afresh`);
    opts.log(`${self.startedAt} ${self.notes[0]}`);
  }
  const loaded = 'state' in read ? read.state : undefined;
  const sandbox = new Sandbox({
    state: loaded,
    settings: self.scenario ? scenarioSettings(self.scenario) : {},
    afterChange: (state) => saveState(file, state),
    routes: ownRoutes(self, SandboxError),
  });
  // Keys of this instance only (never the public demo keys): saved with the state, before it listens; a fresh
  // state (seeded history, dated from now) is saved at once too, so a restart shows the same records.
  sandbox.state.keys = instanceKeys(sandbox.state.keys);
  saveState(file, sandbox.state);
  const url = await sandbox.listen(0, '127.0.0.1');
  const { instance, startedAt } = self;
  const keys = Object.fromEntries(sandbox.state.keys.map((k) => [k.id, k.key]));
  self.info = { pid: process.pid, url, version: VERSION, instance, startedAt, keys };
  const published = infoFile(opts.dir);
  writeOwnFile(published, JSON.stringify(self.info));
  // The log names the instance by pid and time, never by its token (the secret behind every proof).
  opts.log(`${startedAt} sandbox started (voicectl ${VERSION}, pid ${process.pid}) at ${url}; state ${file}`);

  // Only API use keeps it alive: `voicectl sandbox status` run in a loop must not.
  sandbox.onRequest = (path) => {
    if (path.startsWith('/_sandbox/')) return;
    self.lastRequest = Date.now();
    self.lastRequestMono = monotonicNow();
  };
  opts.signal.addEventListener('abort', () => self.stop(), { once: true });
  const check = watchIdle(self, opts.dir, sandbox);
  await stopped;
  clearInterval(check);
  if (readInfo(opts.dir)?.instance === instance) rmSync(published, { force: true });
  await sandbox.close();
  opts.log(`${new Date().toISOString()} sandbox stopped (pid ${process.pid})`);
}

/** The running background sandbox, as its own routes and its idle watch see it. */
interface Service {
  /** The instance token: never told, only proven (see PROOF_HEADER). */
  instance: string;
  challenges: Challenges;
  idleS: number;
  scenario: ReturnType<typeof scenarioFromEnv>;
  file: string;
  startedAt: string;
  /** What it tells the command that started it (see ServiceStatus.notes). */
  notes: string[];
  /** Set once it listens. */
  info?: ServiceInfo;
  /**
   * When the last API request came: the time of day for `sandbox status`, the monotonic clock for the idle stop (a
   * step of the time of day must neither stop a sandbox in use nor keep an idle one for hours).
   */
  lastRequest: number;
  lastRequestMono: number;
  stop: () => void;
}

/**
 * The status and stop routes. SandboxError comes from the caller, which loads the server's modules only in the
 * background sandbox itself: every --sandbox command loads this module, and none of them needs those.
 */
function ownRoutes(self: Service, Errors: typeof SandboxErrorClass): Route[] {
  return [
    {
      method: 'GET',
      pattern: STATUS_PATH,
      auth: false,
      handle: (ctx) => {
        const nonce = nonceOf(ctx.query.get('nonce'));
        // A prober that proves nothing learns nothing it could use: no nonce, no answer.
        if (!nonce) throw new Errors(400, 'validation_error', 'nonce: a hex nonce of 16 to 128 characters is required');
        const { info } = self;
        return {
          status: 200,
          body: {
            data: {
              pid: info?.pid,
              url: info?.url,
              version: info?.version,
              startedAt: info?.startedAt,
              // The instance token is never told: the caller's nonce is answered with its HMAC.
              proof: proofOf(self.instance, 'status', nonce),
              challenge: self.challenges.issue(),
              stateFile: self.file,
              idleStopSeconds: self.idleS,
              lastRequestAt: new Date(self.lastRequest).toISOString(),
              notes: self.notes,
              scenario: canonicalScenario(self.scenario),
            } satisfies Partial<ServiceStatus> & { proof: string },
          },
        };
      },
    },
    {
      method: 'POST',
      pattern: STOP_PATH,
      auth: false,
      body: 'ignored',
      handle: (ctx) => {
        const [challenge = '', proof] = String(ctx.headers[PROOF_HEADER] ?? '').split('.');
        if (!self.challenges.take(challenge) || !sameProof(proof, proofOf(self.instance, 'stop', challenge)))
          throw new Errors(403, 'forbidden', 'only the user who started this sandbox may stop it');
        setImmediate(self.stop);
        return { status: 200, body: { data: { stopping: true } } };
      },
    },
  ];
}

/** Stops the service once it has been idle for its idle time, or once it is no longer the one published. */
function watchIdle(self: Service, dir: string, sandbox: { inFlight: number }): ReturnType<typeof setInterval> {
  return setInterval(
    () => {
      // Another sandbox took over the info file (a race of two starters): this one is not reachable, so it goes.
      if (readInfo(dir)?.instance !== self.instance) return self.stop();
      if (sandbox.inFlight === 0 && monotonicNow() - self.lastRequestMono >= self.idleS * 1000) self.stop();
    },
    Math.min(5000, Math.max(50, (self.idleS * 1000) / 4)),
  );
}

/** A nonce as the status route takes it (hex, 16 to 128 characters), or undefined. */
function nonceOf(raw: string | null): string | undefined {
  return raw && /^[0-9a-f]{16,128}$/.test(raw) ? raw : undefined;
}

/** Challenges the sandbox gave for a stop: each usable once, for a minute. */
class Challenges {
  private readonly issued = new Map<string, number>();

  issue(): string {
    const now = monotonicNow();
    for (const [c, at] of this.issued) if (now - at > 60_000) this.issued.delete(c);
    const c = randomBytes(16).toString('hex');
    this.issued.set(c, now);
    return c;
  }

  take(c: string): boolean {
    const at = this.issued.get(c);
    this.issued.delete(c);
    return at !== undefined && monotonicNow() - at <= 60_000;
  }
}
