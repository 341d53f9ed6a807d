// `voicectl sandbox`: what it runs (the declaration is in index.ts), the sandbox server in the foreground.
import { CliError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { READ_SCOPES } from '../../facts.js';
import { terminalSafe } from '../../io/safe.js';
import { describeScenario, readScenario, scenarioFromEnv, scenarioSettings } from '../../sandbox/scenario.js';
import { Sandbox } from '../../sandbox/server.js';
import { DEMO, instanceKeys } from '../../sandbox/state.js';
import type { ForegroundOptions } from './index.js';
import { thisHost } from '../../platform/host.js';
import { setEnvLine, shellOf } from '../../platform/shell.js';

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

export async function run(f: Factory, opts: ForegroundOptions): Promise<void> {
  const scenario = opts.scenario !== undefined ? readScenario(opts.scenario, '--scenario') : scenarioFromEnv(f.env);
  const sandbox = new Sandbox({
    settings: {
      ...(scenario ? scenarioSettings(scenario) : {}),
      ...(opts.fast ? { ttsQueueMs: 0, ttsProcessMs: 0 } : {}),
    },
  });
  // Keys of this instance, printed below to its owner: the demo keys of README open no sandbox another user runs.
  sandbox.state.keys = instanceKeys(sandbox.state.keys);
  const key = (id: string) => sandbox.state.keys.find((k) => k.id === id)!.key;
  let url: string;
  try {
    url = await sandbox.listen(opts.port, opts.host);
  } catch (err) {
    throw listenError(err as NodeJS.ErrnoException, opts);
  }
  f.cleanup.add(() => sandbox.close());
  const shell = shellOf(thisHost(f.env));
  const lines = [
    `voicectl sandbox listening on ${url}`,
    '',
    `  ${setEnvLine(shell, 'VOICECTL_BASE_URL', clientUrl(url))}`,
    `  ${setEnvLine(shell, 'VOICECTL_API_KEY', key('key_acme_full'))}   ${shell === 'cmd' ? '& REM' : '#'} ${DEMO.acme.org.name}, all scopes`,
    '',
    'Keys of this sandbox (new at every start):',
    `  ${key('key_acme_full')}    ${DEMO.acme.org.name}, all scopes`,
    `  ${key('key_acme_read')}    ${DEMO.acme.org.name}, read-only (${READ_SCOPES.join(' ')})`,
    `  ${key('key_globex_full')}  ${DEMO.globex.org.name}, all scopes`,
    '',
    'Organizations:',
    ...sandbox.state.orgs.map(
      (o) =>
        `  ${o.name} (${o.id}): ${o.balance} tokens; numbers ${o.numbers.join(', ')}; agents ${o.agents.join(', ')}; voice library ${o.voiceLibrary.join(', ')}`,
    ),
    '',
    `Scenario: ${describeScenario(scenario)}`,
    '',
    'Press Ctrl-C to stop.',
  ];
  // output: voicectl's own lines; the host given is made safe above.
  f.io.out.write(`${lines.join('\n')}\n`);
  await new Promise<void>((resolve) => {
    if (f.signal.aborted) return resolve();
    f.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await sandbox.close();
  // output: voicectl's own line.
  f.io.err.write('sandbox stopped\n');
}
