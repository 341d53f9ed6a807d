import { Command } from 'commander';
import { z } from 'zod';
import { decimal } from '../../schemas/common.js';
import type { Factory } from '../../factory.js';
import { parseOptions } from '../../options.js';
import { examples } from '../help.js';

const SandboxOptions = z.object({
  port: decimal(
    z
      .number({ error: 'must be a port number' })
      .int('must be a whole number')
      .min(0, 'must be 0 to 65535')
      .max(65535, 'must be 0 to 65535'),
  ).default(4010),
  host: z.string().default('127.0.0.1'),
  fast: z.boolean().default(false),
});

/**
 * The URL a client on this machine uses: a wildcard bind (0.0.0.0, ::) is reached through loopback, and loopback
 * is also the only plain-http address voicectl sends a key to, so `http://0.0.0.0:4010` would be refused.
 */
export function clientUrl(listening: string): string {
  const url = new URL(listening);
  if (url.hostname === '0.0.0.0') url.hostname = '127.0.0.1';
  else if (url.hostname === '[::]') url.hostname = '[::1]';
  return url.origin;
}

export function make(f: Factory): Command {
  const cmd = new Command('sandbox')
    .description(
      'Run the local sandbox API server in the foreground.\n\nIt follows the API reference: two demo organizations with their keys, scopes, token balances, async generations, campaigns with a simulated dialer, messages and calls. State lives in memory and is lost when it stops (--sandbox on other commands keeps its own state in the config dir).',
    )
    .option('--port <port>', 'port to listen on; 0 picks a free one (default 4010)')
    .option('--host <host>', 'address to bind (default 127.0.0.1)')
    .option('--fast', 'generations complete at once (as in tests)')
    .action(async (raw) => {
      const opts = parseOptions(SandboxOptions, raw);
      const { Sandbox } = await import('../../sandbox/server.js');
      const { DEMO } = await import('../../sandbox/state.js');
      const sandbox = new Sandbox({ settings: opts.fast ? { ttsQueueMs: 0, ttsProcessMs: 0 } : {} });
      const url = await sandbox.listen(opts.port, opts.host);
      const lines = [
        `voicectl sandbox listening on ${url}`,
        '',
        `  export VOICECTL_BASE_URL=${clientUrl(url)}`,
        `  export VOICECTL_API_KEY=${DEMO.acme.fullKey}   # ${DEMO.acme.org.name}, all scopes`,
        '',
        'Demo keys:',
        `  ${DEMO.acme.fullKey}    ${DEMO.acme.org.name}, all scopes`,
        `  ${DEMO.acme.readKey}    ${DEMO.acme.org.name}, read-only (tts:read campaigns:read messages:read)`,
        `  ${DEMO.globex.fullKey}  ${DEMO.globex.org.name}, all scopes`,
        '',
        'Organizations:',
        ...sandbox.state.orgs.map(
          (o) =>
            `  ${o.name} (${o.id}): ${o.balance} tokens; numbers ${o.numbers.join(', ')}; agents ${o.agents.join(', ')}; voice library ${o.voiceLibrary.join(', ')}`,
        ),
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
    });
  return examples(cmd, [
    'voicectl sandbox                      # http://127.0.0.1:4010',
    'voicectl sandbox --port 0 --fast      # a free port; generations finish at once',
  ]);
}
