import { Command } from 'commander';
import type { Factory } from '../../factory.js';

export function make(_f: Factory): Command {
  return new Command('tts').description('(not built yet)');
}
