// sandbox serve (hidden): the background sandbox itself, started by --sandbox (src/sandbox/service.ts).
import { Command } from 'commander';
import { configDir } from '../../config/paths.js';
import type { Factory } from '../../factory.js';
import { examples } from '../help.js';

export function makeServeCommand(f: Factory, run = serveRun): Command {
  const cmd = new Command('serve')
    .description('Run the background sandbox (started by --sandbox; not for direct use).')
    .action(() => run(f));
  return examples(cmd, ['voicectl --sandbox tts list   # starts it when none runs']);
}

async function serveRun(f: Factory): Promise<void> {
  const { serve } = await import('../../sandbox/service.js');
  const { appendFileSync } = await import('node:fs');
  const { logFile } = await import('../../sandbox/service.js');
  const dir = configDir(f.env);
  await serve({ dir, env: f.env, signal: f.signal, log: (line) => appendFileSync(logFile(dir), `${line}\n`) });
}
