// sandbox stop: stops the background sandbox of --sandbox; its state stays for the next one.
import { Command } from 'commander';
import { configDir } from '../../config/paths.js';
import type { Factory } from '../../factory.js';
import { terminalSafe } from '../../io/safe.js';
import { examples } from '../help.js';

export function makeStopCommand(f: Factory, run = stopRun): Command {
  const cmd = new Command('stop')
    .description('Stop the background sandbox of --sandbox (its state is kept; the next --sandbox starts it again).')
    .action(() => run(f));
  return examples(cmd, ['voicectl sandbox stop']);
}

async function stopRun(f: Factory): Promise<void> {
  const { stopService } = await import('../../sandbox/service.js');
  const stopped = await stopService(configDir(f.env));
  f.warn(
    stopped
      ? `sandbox stopped (pid ${stopped.pid}, ${terminalSafe(String(stopped.url))})`
      : 'no background sandbox was running',
  );
}
