// completion: a group of one command, the completion script of a shell (script.ts).
import type { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { makeCompletionCommand } from './script.js';

export function make(f: Factory): Command {
  return makeCompletionCommand(f);
}
