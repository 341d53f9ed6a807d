// auth: what the configured API key can do.
import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { examples } from '../help.js';
import { makeStatusCommand } from './status.js';

export function make(f: Factory): Command {
  const auth = new Command('auth').description('Check the configured API key.');
  auth.addCommand(makeStatusCommand(f));
  return examples(auth, ['voicectl auth status']);
}
