// messages: history (SMS, email, WhatsApp) and SMS sending.
import type { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { defineGroup, makeGroup } from '../define.js';
import { GROUP_SUMMARY } from '../groups.js';
import { listCommand } from './list.js';
import { sendSmsCommand } from './send-sms.js';

export const group = defineGroup({
  name: 'messages',
  summary: GROUP_SUMMARY.messages,
  description: 'Messages are SMS, email and WhatsApp; SMS sending is announced by the API, not yet available.',
  examples: ['voicectl messages list --channel sms', 'voicectl messages send-sms --to +393331234567 --body "Hello"'],
  commands: [listCommand, sendSmsCommand],
});

export const make = (f: Factory, words?: ReadonlySet<string>): Command => makeGroup(f, group, words);
