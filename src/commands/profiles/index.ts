// profiles: stored credentials, one verb per file.
import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { examples } from '../help.js';
import { makeAddCommand } from './add.js';
import { makeListCommand } from './list.js';
import { makeRemoveCommand } from './remove.js';
import { makeShowCommand } from './show.js';
import { makeUseCommand } from './use.js';

export function make(f: Factory): Command {
  const cmd = new Command('profiles').description(
    'Stored credentials (base URL and API key), kept 0600 in the config dir.',
  );
  cmd.addCommand(makeAddCommand(f));
  cmd.addCommand(makeListCommand(f));
  cmd.addCommand(makeUseCommand(f));
  cmd.addCommand(makeRemoveCommand(f));
  cmd.addCommand(makeShowCommand(f));
  return examples(cmd, [
    'voicectl profiles add work --base-url https://api.example.com',
    'voicectl profiles list',
    'voicectl profiles use work',
  ]);
}
