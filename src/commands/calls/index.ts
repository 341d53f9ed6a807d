import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { examples } from '../help.js';
import { makeListCommand } from './list.js';

export function make(f: Factory): Command {
  const cmd = new Command('calls').description(
    'Call records: campaign calls made by the AI agent, and other calls of the organization.',
  );
  cmd.addCommand(makeListCommand(f));
  return examples(cmd, ['voicectl calls list', 'voicectl calls list --campaign cmp_123 --json']);
}
