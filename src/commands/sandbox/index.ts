import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { parseOptions } from '../../options.js';
import { examples } from '../help.js';
import { makeServeCommand, makeStatusCommand, makeStopCommand } from './service.js';

export function make(f: Factory): Command {
  const cmd = new Command('sandbox')
    .description(
      'Run the local sandbox API server in the foreground, or manage the background sandbox that --sandbox uses.\n\nIt follows the API reference: two demo organizations with their keys, scopes, token balances, async generations, campaigns with a simulated dialer, messages and calls. In the foreground its state lives in memory and is lost when it stops; the background sandbox of --sandbox keeps its own in the config dir.',
    )
    .option('--port <port>', 'port to listen on; 0 picks a free one (default 4010)')
    .option('--host <host>', 'address to bind (default 127.0.0.1)')
    .option('--fast', 'generations complete at once (as in tests)')
    .action(async (raw) => {
      const { ForegroundOptions, foregroundRun } = await import('./foreground.js');
      await foregroundRun(f, parseOptions(ForegroundOptions, raw));
    });
  cmd.addCommand(makeStatusCommand(f));
  cmd.addCommand(makeStopCommand(f));
  cmd.addCommand(makeServeCommand(f), { hidden: true }); // started by --sandbox, not typed
  return examples(cmd, [
    'voicectl sandbox                      # http://127.0.0.1:4010',
    'voicectl sandbox --port 0 --fast      # a free port; generations finish at once',
    'voicectl sandbox status               # the background sandbox of --sandbox',
    'voicectl sandbox stop',
  ]);
}
