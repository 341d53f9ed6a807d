// voices: the built-in voice catalog (reference 2.2), available offline.
import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { examples } from '../help.js';
import { makeListCommand } from './list.js';

export function make(f: Factory): Command {
  const voices = new Command('voices').description('The built-in voice catalog (reference 2.2), available offline.');
  voices.addCommand(makeListCommand(f));
  return examples(voices, ['voicectl voices list --gender male']);
}
