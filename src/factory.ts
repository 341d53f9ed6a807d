// The factory hands each command its dependencies, built on first use: a command that never calls the
// API never loads the HTTP client, and one that never prompts never loads @inquirer/prompts.
import { dirname } from 'node:path';
import type { ApiClient } from './api/client.js';
import type { Effects } from './api/effect.js';
import type { ResolvedConfig } from './config/resolve.js';
import type { ProfileStore } from './config/store.js';
import { InterruptedError } from './errors.js';
import type { GlobalOptions } from './globals.js';
import { resolveOutput, type OutputOptions } from './io/output.js';
import type { Prompter } from './io/prompter.js';
import type { IOStreams } from './io/streams.js';
import { redactor, urlSecrets } from './api/redact.js';
import { trimApiKey } from './config/key.js';
import { monotonicNow } from './io/clock.js';
import { sleep } from './io/sleep.js';
import { terminalSafe } from './io/safe.js';
import { shellWord } from './io/shell.js';
import { VERSION } from './version.js';

export type Env = Record<string, string | undefined>;

export interface Factory {
  io: IOStreams;
  env: Env;
  version: string;
  /** Aborted on Ctrl-C. */
  signal: AbortSignal;
  globals(): GlobalOptions;
  output(): OutputOptions;
  configDir(): Promise<string>;
  store(): Promise<ProfileStore>;
  config(): Promise<ResolvedConfig>;
  client(): Promise<ApiClient>;
  prompter(): Promise<Prompter>;
  /** The time of day (Date.now()): for what is shown as a time, or compared with a date. */
  now(): number;
  /**
   * A monotonic clock (src/io/clock.ts), in milliseconds from an arbitrary zero: every deadline and elapsed time is
   * measured on it, so that a step of the time of day (NTP, a resumed VM) neither stretches nor cuts a wait.
   */
  monotonic(): number;
  /** Waits `ms` (retry backoff, polling), or rejects with the signal's reason on Ctrl-C. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /**
   * `voicectl` with the global flags that chose the service (--sandbox, --profile, --base-url), for the
   * commands printed in hints (wait again, download), so that they reach the same service when pasted.
   */
  invocation(): string;
  /** The command line the user typed, `voicectl ...`, with `replace` flags (and their values) swapped in; shell-quoted. */
  commandLine(replace?: Record<string, string>): string;
  /** Writes a line to stderr (warnings, notes), redacted and made safe for a terminal. */
  warn(line: string): void;
  /** Removes every secret voicectl knows of (the key, parts of it, URL credentials) from text about to be printed. */
  redact(text: string): string;
  /** Throws InterruptedError if Ctrl-C was pressed. */
  checkInterrupted(): void;
  /** Runs before the process exits (close sockets, discard temporary files). */
  onCleanup(fn: () => Promise<void> | void): void;
  cleanup(): Promise<void>;
  /**
   * Marks a temporary file as this run's: removed by cleanup() and, should the process end any other way
   * (SIGTERM, SIGHUP, a second Ctrl-C, a closed stdout), by bin/'s exit handler. Returns the function that
   * forgets it (once it is renamed into place or removed).
   */
  trackTemp(path: string): () => void;
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
}

export function createFactory(init: FactoryInit): Factory {
  const cleanups: (() => Promise<void> | void)[] = [];
  const temps = init.tempFiles ?? new Set<string>();
  const memo = <T>(fn: () => Promise<T>) => {
    let p: Promise<T> | undefined;
    return () => (p ??= fn());
  };
  // Secrets known so far: the key and URL credentials from the environment at once, a profile's when it is read.
  const secrets: (string | undefined)[] = [
    init.env.VOICECTL_API_KEY,
    ...[
      init.env.VOICECTL_BASE_URL,
      init.env.HTTPS_PROXY,
      init.env.https_proxy,
      init.env.HTTP_PROXY,
      init.env.http_proxy,
    ].flatMap(urlSecrets),
  ];
  let redactFn: ((s: string) => string) | undefined;
  const addSecrets = (...more: (string | undefined)[]) => {
    secrets.push(...more);
    redactFn = undefined;
  };
  const redact = (text: string) => (redactFn ??= redactor(secrets))(text);
  const warn = (line: string) => void init.io.err.write(`${terminalSafe(redact(line), { keepNewlines: true })}\n`);

  // Spaces and newlines around VOICECTL_API_KEY are trimmed, for every reader of it (config/key.ts).
  const env =
    init.env.VOICECTL_API_KEY === undefined
      ? init.env
      : { ...init.env, VOICECTL_API_KEY: trimApiKey(init.env.VOICECTL_API_KEY) };
  const f: Factory = {
    io: init.io,
    env,
    version: VERSION,
    signal: init.signal,
    globals: init.globals,
    commandLine: (replace = {}) => {
      const words: string[] = [];
      const argv = init.argv ?? [];
      for (let i = 0; i < argv.length; i++) {
        const w = argv[i];
        const [name] = w.split('=', 1);
        if (name in replace) {
          if (!w.includes('=')) i++; // its value
          continue;
        }
        words.push(w);
      }
      for (const [flag, value] of Object.entries(replace)) words.push(flag, value);
      return ['voicectl', ...words.map(shellWord)].join(' ');
    },
    invocation: () => {
      const g = init.globals();
      const words = ['voicectl'];
      if (g.sandbox) words.push('--sandbox');
      if (g.profile) words.push('--profile', shellWord(g.profile));
      if (g.baseUrl) words.push('--base-url', shellWord(g.baseUrl));
      return words.join(' ');
    },
    output: () => ({ ...resolveOutput(init.globals(), init.io), redact }),
    now: init.now ?? (() => Date.now()),
    monotonic: init.monotonic ?? init.now ?? monotonicNow,
    sleep: init.sleep ?? sleep,
    warn,
    redact,
    checkInterrupted() {
      if (init.signal.aborted) throw new InterruptedError('interrupted');
    },
    onCleanup(fn) {
      cleanups.push(fn);
    },
    async cleanup() {
      const failures: unknown[] = [];
      for (const fn of cleanups.splice(0).reverse())
        await Promise.resolve()
          .then(fn)
          .catch((e) => failures.push(e));
      const { rm } = await import('node:fs/promises');
      for (const path of [...temps]) {
        temps.delete(path);
        await rm(path, { force: true }).catch((e) => failures.push(e));
      }
      if (failures.length) throw failures[0];
    },
    trackTemp(path) {
      temps.add(path);
      return () => void temps.delete(path);
    },
    configDir: memo(async () => (await import('./config/paths.js')).configDir(init.env)),
    store: memo(async () => {
      const { openStore } = await import('./config/store.js');
      const store = await openStore(await f.configDir(), { onWait: warn });
      if (store.insecureMode !== undefined) {
        warn(
          `warning: ${store.path} holds API keys and is readable by other users (mode ${store.insecureMode.toString(8)}); run: chmod 600 '${store.path}'`,
        );
      }
      if (store.sharedDirMode !== undefined) {
        warn(
          `warning: ${terminalSafe(dirname(store.path))} is writable by other users (mode ${store.sharedDirMode.toString(8)}); profiles hold API keys: keep them in a private directory (VOICECTL_CONFIG_DIR)`,
        );
      }
      return store;
    }),
    config: memo(async () => {
      const g = init.globals();
      if (g.sandbox) {
        const { connectSandbox } = await import('./sandbox/connect.js');
        const cfg = await connectSandbox(f);
        addSecrets(cfg.apiKey);
        return cfg;
      }
      addSecrets(...urlSecrets(g.baseUrl));
      const { resolveConfig } = await import('./config/resolve.js');
      const cfg = await resolveConfig({
        flags: { baseUrl: g.baseUrl, profile: g.profile },
        env,
        openStore: f.store,
      });
      addSecrets(cfg.apiKey, ...urlSecrets(cfg.baseUrl));
      return cfg;
    }),
    client: memo(async () => {
      const cfg = await f.config();
      const g = init.globals();
      const { ApiClient } = await import('./api/client.js');
      const client = new ApiClient({
        baseUrl: cfg.baseUrl,
        apiKey: cfg.apiKey,
        // Whole milliseconds (timers take no fractions: --request-timeout 2.5001 is 2501 ms), at least 1.
        timeoutMs: Math.max(1, Math.ceil(g.requestTimeout.seconds * 1000)),
        timeoutText: g.requestTimeout.text,
        userAgent: `voicectl/${VERSION}`,
        sandbox: cfg.sandbox,
        sleep: f.sleep,
        now: f.now,
        monotonic: f.monotonic,
        retryBaseMs: init.env.VOICECTL_RETRY_BASE_MS ? Number(init.env.VOICECTL_RETRY_BASE_MS) : undefined,
        debug: g.debug ? (line) => warn(`[debug] ${line}`) : undefined,
        // A retry that waits is said on a terminal (or with --debug): a silent wait looks like a hang.
        notice: init.io.stderrIsTTY || g.debug ? warn : undefined,
        env: init.env,
        signal: init.signal,
        effects: init.effects,
        invocation: f.invocation(),
      });
      if (init.effects) init.effects.invocation = f.invocation();
      f.onCleanup(() => client.close());
      return client;
    }),
    prompter: memo(async () => (await import('./io/prompter.js')).makePrompter(init.io, init.signal)),
  };
  return f;
}
