// profiles use: the default profile.
import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { terminalSafe } from '../../io/safe.js';
import { examples } from '../help.js';
import { knownProfile } from './shared.js';

export function makeUseCommand(f: Factory, run = useRun): Command {
  const cmd = new Command('use')
    .description('Make a profile the default.')
    .argument('<name>', 'profile name')
    .action((name: string) => run(f, name));
  return examples(cmd, ['voicectl profiles use work']);
}

async function useRun(f: Factory, name: string): Promise<void> {
  await (await knownProfile(f, name)).store.setCurrent(name);
  f.warn(`Default profile: ${terminalSafe(name)}`);
}
