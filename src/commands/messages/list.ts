// messages list: GET /v1/messages (reference 4.8), with the channel filter checked before anything is sent.
import { MESSAGE_CHANNELS } from '../../facts.js';
import { MessageChannel } from '../../schemas/messages.js';
import { defineCommand, type Flags, type Options, type ToolInput } from '../define.js';
import { fieldFilter, statusFilter, timeFilters } from '../list-filters.js';
import { enumFilter, LIST_FLAGS } from '../list-flags.js';

const flags = {
  channel: enumFilter('--channel <channel>', 'channel', MESSAGE_CHANNELS, MessageChannel),
  status: statusFilter('messages', ['queued', 'sent', 'delivered', 'failed']),
  to: fieldFilter('--to <address>', 'only messages to this number or e-mail address'),
  ...timeFilters('messages', true),
  ...LIST_FLAGS,
} satisfies Flags;

export type MessagesListOptions = Options<typeof flags>;
export type MessagesListInput = ToolInput<typeof flags>;

export const listCommand = defineCommand({
  name: 'list',
  summary: "List the organization's message history (SMS, email, WhatsApp), newest first.",
  description:
    "On a terminal: a table with local times and the body cut to the terminal width. Piped: JSON of the API's records (-o ndjson, -o csv, --excel also work). --channel is sent to the API; --status, --to, --since and --until are applied while walking the pages (every page, as --all), and since messages come newest first the walk stops at the first message older than --since.",
  examples: [
    'voicectl messages list',
    'voicectl messages list --channel whatsapp --limit 50',
    'voicectl messages list --all -o ndjson | jq -c \'select(.status == "failed")\'',
    'voicectl messages list --channel email --all -o csv > emails.csv',
    'voicectl messages list --status failed --since 24h --excel > failed.csv',
  ],
  mcp: {
    name: 'messages_list',
    description: 'One page of messages (SMS, email, WhatsApp).',
    load: () => import('./list-run.js'),
  },
  flags,
  load: () => import('./list-run.js'),
});
