// messages list: what it runs (the declaration is list.ts).
import type { Factory } from '../../factory.js';
import { type AgentContext, listPage } from '../agent.js';
import { cell, localTime } from '../../io/format.js';
import type { Column } from '../../io/output.js';
import { Message } from '../../schemas/messages.js';
import { runList } from '../list.js';
import type { MessagesListInput, MessagesListOptions } from './list.js';

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

const request = (channel: MessagesListOptions['channel']) => ({
  path: '/v1/messages',
  query: { channel },
  item: Message,
});

export async function run(f: Factory, { channel, ...list }: MessagesListOptions): Promise<void> {
  const table = f.output().format === 'table';
  await runList(f, list, {
    ...request(channel),
    columns: table ? COLUMNS : CSV_COLUMNS,
    emptyMessage: channel ? `No ${channel} messages.` : 'No messages.',
  });
}

export const act = (ctx: AgentContext, { channel, page }: MessagesListInput) =>
  listPage(ctx, request(channel), page, ['body', 'subject']);
