// messages list: GET /v1/messages (reference 4.8), with the channel filter checked before anything is sent.
import { MESSAGE_CHANNELS } from '../../facts.js';
import { MessageChannel } from '../../schemas/messages.js';
import { defineCommand, type Flags, type Options, type ToolInput } from '../define.js';
import { enumFilter, LIST_FLAGS } from '../list-flags.js';

const flags = {
  channel: enumFilter('--channel <channel>', 'channel', MESSAGE_CHANNELS, MessageChannel),
  ...LIST_FLAGS,
} satisfies Flags;

export type MessagesListOptions = Options<typeof flags>;
export type MessagesListInput = ToolInput<typeof flags>;

export const listCommand = defineCommand({
  name: 'list',
  summary: "List the organization's message history (SMS, email, WhatsApp), newest first.",
  description:
    "On a terminal: a table with local times and the body cut to the terminal width. Piped: JSON of the API's records (-o ndjson, -o csv also work).",
  examples: [
    'voicectl messages list',
    'voicectl messages list --channel whatsapp --limit 50',
    'voicectl messages list --all -o ndjson | jq -c \'select(.status == "failed")\'',
    'voicectl messages list --channel email --all -o csv > emails.csv',
  ],
  mcp: {
    name: 'messages_list',
    description: 'One page of messages (SMS, email, WhatsApp).',
    load: () => import('./list-run.js'),
  },
  flags,
  load: () => import('./list-run.js'),
});
