import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { examples } from '../help.js';
import { makeListCommand } from './list.js';
import { makeSendSmsCommand } from './send-sms.js';

export function make(f: Factory): Command {
  const cmd = new Command('messages').description(
    'Message history (SMS, email, WhatsApp) and SMS sending (announced, not yet available).',
  );
  cmd.addCommand(makeListCommand(f));
  cmd.addCommand(makeSendSmsCommand(f));
  return examples(cmd, [
    'voicectl messages list --channel sms',
    'voicectl messages send-sms --to +393331234567 --body "Hello"',
  ]);
}
