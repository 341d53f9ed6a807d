// `voicectl sandbox`: the sandbox server in the foreground on a port, its state in memory. The group's own
// command: its verbs (status, stop, serve) manage the background sandbox of --sandbox.
import * as z from 'zod/mini';
import { Command } from 'commander';
import { CliError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { READ_SCOPES } from '../../facts.js';
import { terminalSafe } from '../../io/safe.js';
import { parseOptions } from '../../options.js';

const DEFAULT_PORT = 4010;
const DEFAULT_HOST = '127.0.0.1';

/**
 * The URL a client on this machine uses: a wildcard bind (0.0.0.0, ::) is reached through loopback, and loopback
 * is also the only plain-http address voicectl sends a key to, so `http://0.0.0.0:4010` would be refused.
 */
function clientUrl(listening: string): string {
  const url = new URL(listening);
  if (url.hostname === '0.0.0.0') url.hostname = '127.0.0.1';
  else if (url.hostname === '[::]') url.hostname = '[::1]';
  return url.origin;
}

/** The options' rules, built when the command runs (never for --help). */
async function optionsSchema() {
  const [{ decimal }] = await Promise.all([import('../../schemas/common.js')]);
  return z.object({
    port: z._default(
      decimal(
        z
          .number({ error: 'must be a port number' })
          .check(
            z.int('must be a whole number'),
            z.minimum(0, 'must be 0 to 65535'),
            z.maximum(65535, 'must be 0 to 65535'),
          ),
      ),
      DEFAULT_PORT,
    ),
    // An empty --host ("$UNSET_VAR") would bind every interface: refused, never read as "all".
    host: z._default(z.string().check(z.refine((h) => h.trim() !== '', 'must not be empty')), DEFAULT_HOST),
    fast: z._default(z.boolean(), false),
    scenario: z.optional(z.string()),
  });
}
type ForegroundOptions = z.infer<Awaited<ReturnType<typeof optionsSchema>>>;

export function makeSandboxCommand(f: Factory, run = foregroundRun): Command {
  return new Command('sandbox')
    .description(
      'Run the local sandbox API server in the foreground, or manage the background sandbox that --sandbox uses.\n\nIt follows the API reference: two demo organizations with their keys, scopes, token balances, async generations, campaigns with a simulated dialer, messages and calls. In the foreground its state lives in memory and is lost when it stops; the background sandbox of --sandbox keeps its own in the config dir.',
    )
    .option('--port <port>', `port to listen on; 0 picks a free one (default ${DEFAULT_PORT})`)
    .option('--host <host>', `address to bind (default ${DEFAULT_HOST})`)
    .option('--fast', 'generations complete at once (as in tests)')
    .option(
      '--scenario <file|json>',
      'how campaigns come out: a JSON file or inline JSON (seed, outcomes, failureRate, numbers, callingWindow, speed); default: VOICECTL_SANDBOX_SCENARIO',
    )
    .action(async (raw: Record<string, unknown>) => run(f, parseOptions(await optionsSchema(), raw)));
}

/** Why the server could not listen, in one line that says what to do. */
function listenError(err: NodeJS.ErrnoException, opts: ForegroundOptions): CliError {
  const where = `${terminalSafe(opts.host)}:${opts.port}`;
  switch (err.code) {
    case 'EADDRINUSE':
      return new CliError(`cannot listen on ${where}: the port is in use (another voicectl sandbox?)`, {
        hints: [`Pick another with --port <n>, or --port 0 for a free one.`],
      });
    case 'EACCES':
      return new CliError(`cannot listen on ${where}: permission denied (ports below 1024 need privileges)`, {
        hints: ['Pick a port of 1024 or more with --port <n>, or --port 0 for a free one.'],
      });
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
    case 'EADDRNOTAVAIL':
      return new CliError(`cannot listen on ${where}: ${terminalSafe(opts.host)} is not an address of this machine`, {
        hints: ['Use --host 127.0.0.1 (the default), or an address this machine has (0.0.0.0 for all).'],
      });
    default:
      return new CliError(`cannot listen on ${where}: ${terminalSafe(err.message)}`);
  }
}

async function foregroundRun(f: Factory, opts: ForegroundOptions): Promise<void> {
  const { Sandbox } = await import('../../sandbox/server.js');
  const { DEMO } = await import('../../sandbox/state.js');
  const { describeScenario, readScenario, scenarioFromEnv, scenarioSettings } = await import(
    '../../sandbox/scenario.js'
  );
  const scenario = opts.scenario !== undefined ? readScenario(opts.scenario, '--scenario') : scenarioFromEnv(f.env);
  const sandbox = new Sandbox({
    settings: {
      ...(opts.fast ? { ttsQueueMs: 0, ttsProcessMs: 0 } : {}),
      ...(scenario ? scenarioSettings(scenario) : {}),
    },
  });
  let url: string;
  try {
    url = await sandbox.listen(opts.port, opts.host);
  } catch (err) {
    throw listenError(err as NodeJS.ErrnoException, opts);
  }
  f.cleanup.add(() => sandbox.close());
  const lines = [
    `voicectl sandbox listening on ${url}`,
    '',
    `  export VOICECTL_BASE_URL=${clientUrl(url)}`,
    `  export VOICECTL_API_KEY=${DEMO.acme.fullKey}   # ${DEMO.acme.org.name}, all scopes`,
    '',
    'Demo keys:',
    `  ${DEMO.acme.fullKey}    ${DEMO.acme.org.name}, all scopes`,
    `  ${DEMO.acme.readKey}    ${DEMO.acme.org.name}, read-only (${READ_SCOPES.join(' ')})`,
    `  ${DEMO.globex.fullKey}  ${DEMO.globex.org.name}, all scopes`,
    '',
    'Organizations:',
    ...sandbox.state.orgs.map(
      (o) =>
        `  ${o.name} (${o.id}): ${o.balance} tokens\n    agents ${o.agents.join(', ')}\n    caller numbers ${o.numbers.join(', ')}\n    voice library ${o.voiceLibrary.join(', ')}`,
    ),
    '',
    `Scenario: ${describeScenario(scenario)}`,
    '',
    'Press Ctrl-C to stop.',
  ];
  f.io.out.write(`${lines.join('\n')}\n`);
  await new Promise<void>((resolve) => {
    if (f.signal.aborted) return resolve();
    f.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await sandbox.close();
  f.io.err.write('sandbox stopped\n');
}
