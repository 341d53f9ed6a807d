// messages list: GET /v1/messages (reference 4.8), with the channel filter checked before anything is sent.
import * as z from 'zod/mini';
import { MESSAGE_CHANNELS, orList } from '../../facts.js';
import { choice } from '../../schemas/common.js';
import { MessageChannel } from '../../schemas/messages.js';
import { defineCommand, type Flags, type Options } from '../define.js';
import { LIST_FLAGS } from '../list-flags.js';

const flags = {
  channel: {
    flag: '--channel <channel>',
    help: `only this channel: ${orList(MESSAGE_CHANNELS)}`,
    schema: z.optional(choice(MESSAGE_CHANNELS)),
    complete: MESSAGE_CHANNELS,
    mcp: { schema: z.optional(MessageChannel), description: 'Only this channel' },
  },
  ...LIST_FLAGS,
} satisfies Flags;

export type MessagesListOptions = Options<typeof flags>;

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
  mcp: 'messages_list',
  flags,
  load: () => import('./list-run.js'),
});
