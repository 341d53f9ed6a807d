// The factory hands each command its dependencies, built on first use: a command that never calls the
// API never loads the HTTP client, and one that never prompts never loads @inquirer/prompts. Helpers that need
// none of them (shellWord, asInterrupt, configDir) live in modules of their own.
import type { GroupDef } from './commands/define.js';
import type { ApiClient } from './api/client.js';
import type { Effects } from './api/effect.js';
import { urlSecrets } from './api/redact.js';
import { trimApiKey } from './config/key.js';
import type { ResolvedConfig } from './config/resolve.js';
import type { ProfileStore } from './config/store.js';
import type { GlobalOptions } from './globals.js';
import { createCleanup, type Cleanup } from './io/cleanup.js';
import { type Clock, monotonicNow } from './io/clock.js';
import { createLog, type Log, type SecretLog } from './io/log.js';
import { resolveOutput, type OutputOptions } from './io/output.js';
import { terminalSafe } from './io/safe.js';
import type { Prompter } from './io/prompter.js';
import { type CommandLine, createCommandLine } from './io/shell.js';
import { sleep } from './io/sleep.js';
import { thisHost } from './platform/host.js';
import { quoteFor, shellOf } from './platform/shell.js';
import type { IOStreams } from './io/streams.js';
import { VERSION } from './version.js';

export type Env = Record<string, string | undefined>;

export interface Factory {
  io: IOStreams;
  env: Env;
  /** Aborted on Ctrl-C. */
  signal: AbortSignal;
  /** The time of day, the monotonic clock and the waits (src/io/clock.ts). */
  clock: Clock;
  /** What to undo before the process exits: cleanups and temporary files (src/io/cleanup.ts). */
  cleanup: Cleanup;
  /** The commands printed in hints, as the user would paste them (src/io/shell.ts). */
  commandLine: CommandLine;
  globals(): GlobalOptions;
  output(): OutputOptions;
  store(): Promise<ProfileStore>;
  config(): Promise<ResolvedConfig>;
  client(): Promise<ApiClient>;
  prompter(): Promise<Prompter>;
  /** Notes and warnings on stderr, and the redaction of every secret voicectl knows of (src/io/log.ts). */
  log: Log;
  /** Every command group's declarations, loaded (voicectl mcp makes its tools of them). */
  declarations(): Promise<GroupDef[]>;
}

export interface FactoryInit {
  io: IOStreams;
  env: Env;
  signal: AbortSignal;
  globals: () => GlobalOptions;
  /** Tests may pin the clock (the time of day). */
  now?: () => number;
  /** Tests may pin the monotonic clock; `now` when only that is given (a virtual clock drives both). */
  monotonic?: () => number;
  /** Tests may replace the waits (retry backoff, polling) with a clock of their own. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** The words the user typed after `voicectl` (for commands that print how to resume). */
  argv?: string[];
  /** Temporary files in use, shared with the process's exit handler (bin/voicectl.js). */
  tempFiles?: Set<string>;
  /** What the service already did in this run, shared with the error reports (run() and bin/voicectl.js). */
  effects?: Effects;
  /** The command groups' declarations (the registry, which run() knows and the commands must not import). */
  declarations?: () => Promise<GroupDef[]>;
}

function memo<T>(fn: () => Promise<T>): () => Promise<T> {
  let p: Promise<T> | undefined;
  return () => (p ??= fn());
}

export function createFactory(init: FactoryInit): Factory {
  const log = createLog(init.io, init.env);
  // Spaces and newlines around VOICECTL_API_KEY are trimmed, for every reader of it (config/key.ts).
  const env =
    init.env.VOICECTL_API_KEY === undefined
      ? init.env
      : { ...init.env, VOICECTL_API_KEY: trimApiKey(init.env.VOICECTL_API_KEY) };
  const f: Factory = {
    io: init.io,
    env,
    signal: init.signal,
    clock: {
      now: init.now ?? (() => Date.now()),
      monotonic: init.monotonic ?? init.now ?? monotonicNow,
      sleep: init.sleep ?? sleep,
    },
    cleanup: createCleanup(init.tempFiles),
    commandLine: createCommandLine(init.argv ?? [], init.globals, shellOf(thisHost(init.env))),
    globals: init.globals,
    output: () => ({ ...resolveOutput(init.globals(), init.io), redact: log.redact }),
    store: memo(() => openProfiles(init.env, log)),
    config: memo(() => resolveRunConfig(f, log)),
    client: memo(() => makeClient(f, init)),
    prompter: memo(async () => (await import('./io/prompter.js')).makePrompter(init.io, init.signal)),
    log: { warn: log.warn, redact: log.redact },
    declarations: init.declarations ?? (async () => []),
  };
  return f;
}

/** The profile store of the config dir, with a warning when others could read its keys. */
async function openProfiles(env: Env, log: Log): Promise<ProfileStore> {
  const [{ configDir }, { openStore }] = await Promise.all([import('./config/paths.js'), import('./config/store.js')]);
  const store = await openStore(configDir(env), { onWait: log.warn, host: thisHost(env) });
  if (store.insecureMode !== undefined) {
    log.warn(
      `warning: ${store.path} holds API keys and is readable by other users (mode ${store.insecureMode.toString(8)}); run: chmod 600 ${quoteFor('posix', store.path)}`,
    );
  }
  if (store.outsideProfile) log.warn(`warning: ${terminalSafe(store.outsideProfile)}`);
  return store;
}

/** The service and key of this run (flag > env > profile, or the sandbox), their secrets learned by the log. */
async function resolveRunConfig(f: Factory, log: SecretLog): Promise<ResolvedConfig> {
  const g = f.globals();
  if (g.sandbox) {
    const { connectSandbox } = await import('./sandbox/connect.js');
    const cfg = await connectSandbox(f);
    log.learn(cfg.apiKey);
    return cfg;
  }
  log.learn(...urlSecrets(g.baseUrl));
  const { resolveConfig } = await import('./config/resolve.js');
  const cfg = await resolveConfig({
    flags: { baseUrl: g.baseUrl, profile: g.profile },
    env: f.env,
    openStore: f.store,
  });
  log.learn(cfg.apiKey, ...urlSecrets(cfg.baseUrl));
  return cfg;
}

async function makeClient(f: Factory, init: FactoryInit): Promise<ApiClient> {
  const cfg = await f.config();
  const g = f.globals();
  const { ApiClient } = await import('./api/client.js');
  const invocation = f.commandLine.invocation();
  const client = new ApiClient({
    baseUrl: cfg.baseUrl,
    apiKey: cfg.apiKey,
    // Whole milliseconds (timers take no fractions: --request-timeout 2.5001 is 2501 ms), at least 1.
    timeoutMs: Math.max(1, Math.ceil(g.requestTimeout.seconds * 1000)),
    timeoutText: g.requestTimeout.text,
    userAgent: `voicectl/${VERSION}`,
    sandbox: cfg.sandbox,
    proveConnection: cfg.proveConnection,
    sleep: f.clock.sleep,
    now: f.clock.now,
    monotonic: f.clock.monotonic,
    retryBaseMs: init.env.VOICECTL_RETRY_BASE_MS ? Number(init.env.VOICECTL_RETRY_BASE_MS) : undefined,
    debug: g.debug ? (line) => f.log.warn(`[debug] ${line}`) : undefined,
    // A retry that waits is said on a terminal (or with --debug): a silent wait looks like a hang.
    notice: init.io.stderrIsTTY || g.debug ? f.log.warn : undefined,
    env: init.env,
    signal: init.signal,
    effects: init.effects,
    invocation,
  });
  if (init.effects) init.effects.invocation = invocation;
  f.cleanup.add(() => client.close());
  return client;
}
