// messages list: GET /v1/messages (reference 4.8), with the channel filter checked before anything is sent.
import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { MESSAGE_CHANNELS, orList } from '../../facts.js';
import type { Column } from '../../io/output.js';
import { cell, localTime } from '../../io/format.js';
import { examples } from '../help.js';
import { addListOptions } from '../list-flags.js';
import type { ListOptions } from '../list.js';

interface MessagesListOptions {
  list: ListOptions;
  channel?: (typeof MESSAGE_CHANNELS)[number];
}

const SUBJECT_WIDTH = 30;
/** The body takes what the other columns leave; FROM, then TO go before it gets less than this. */
const BODY_MIN_WIDTH = 20;

/**
 * Table columns at their natural width; on a narrow terminal SUBJECT goes first, then FROM, then TO, and BODY gets
 * the rest. Local time to the minute, without the relative hint: a message list is scanned by date.
 */
const COLUMNS: Column[] = [
  { key: 'createdAt', header: 'CREATED', human: (r) => localTime(r.createdAt).slice(0, 16) },
  { key: 'channel', header: 'CHANNEL' },
  {
    key: 'direction',
    header: 'DIR',
    human: (r) => (r.direction === 'OUTBOUND' ? 'out' : r.direction === 'INBOUND' ? 'in' : cell(r.direction)),
  },
  { key: 'status', header: 'STATUS' },
  { key: 'fromAddress', header: 'FROM', drop: 2 },
  { key: 'toAddress', header: 'TO', drop: 1 },
  { key: 'subject', header: 'SUBJECT', width: SUBJECT_WIDTH, drop: 3 },
  { key: 'body', header: 'BODY', fill: BODY_MIN_WIDTH },
];

/** Columns of -o csv: every field of reference 2.4. */
const CSV_COLUMNS: Column[] = [
  'id',
  'createdAt',
  'channel',
  'direction',
  'status',
  'fromAddress',
  'toAddress',
  'subject',
  'body',
  'externalId',
  'errorMessage',
].map((key) => ({ key }));

async function listRun(f: Factory, opts: MessagesListOptions): Promise<void> {
  const [{ runList }, { Message }] = await Promise.all([import('../list.js'), import('../../schemas/messages.js')]);
  const table = f.output().format === 'table';
  await runList(f, opts.list, {
    path: '/v1/messages',
    query: { channel: opts.channel },
    item: Message,
    columns: table ? COLUMNS : CSV_COLUMNS,
    emptyMessage: opts.channel ? `No ${opts.channel} messages.` : 'No messages.',
  });
}

export function makeListCommand(f: Factory, run = listRun): Command {
  const cmd = new Command('list')
    .description(
      "List the organization's message history (SMS, email, WhatsApp), newest first.\n\nOn a terminal: a table with local times and the body cut to the terminal width. Piped: JSON of the API's records (-o ndjson, -o csv also work).",
    )
    .option('--channel <channel>', `only this channel: ${orList(MESSAGE_CHANNELS)}`);
  addListOptions(cmd).action(async (raw: Record<string, unknown>) => {
    const [{ parseOptions }, { ListOptions }, { MessageFilter }] = await Promise.all([
      import('../../options.js'),
      import('../list.js'),
      import('../../schemas/messages.js'),
    ]);
    const filter = parseOptions(MessageFilter, { channel: raw.channel });
    const list = parseOptions(ListOptions, raw);
    await run(f, { list, channel: filter.channel });
  });
  return examples(cmd, [
    'voicectl messages list',
    'voicectl messages list --channel whatsapp --limit 50',
    'voicectl messages list --all -o ndjson | jq -c \'select(.status == "failed")\'',
    'voicectl messages list --channel email --all -o csv > emails.csv',
  ]);
}
