// messages list: its work, and its two front ends (the declaration is list.ts).
import type { Factory } from '../../factory.js';
import { type AgentContext, listPage } from '../agent.js';
import { cell, localTime } from '../../io/format.js';
import type { Column } from '../../io/output.js';
import { Message } from '../../schemas/messages.js';
import { recordFilter } from '../list-filters.js';
import { runList } from '../list.js';
import type { MessagesListInput, MessagesListOptions } from './list.js';

const SUBJECT_WIDTH = 30;
/** The body takes what the other columns leave; SUBJECT, FROM, CHANNEL, then DIR go before it gets less than this. */
const BODY_MIN_WIDTH = 12;

/**
 * Table columns at their natural width. What a person needs of a message is when, its status and its recipient: on a
 * narrow terminal SUBJECT goes first, then FROM, CHANNEL (the address says it: a number or an e-mail) and DIR, and
 * BODY gets the rest; TO is never dropped. Local time to the minute, without the relative hint: a list is scanned by date.
 */
const COLUMNS: Column[] = [
  { key: 'createdAt', header: 'CREATED', human: (r) => localTime(r.createdAt).slice(0, 16) },
  { key: 'channel', header: 'CHANNEL', drop: 2 },
  {
    key: 'direction',
    header: 'DIR',
    drop: 1,
    human: (r) => (r.direction === 'OUTBOUND' ? 'out' : r.direction === 'INBOUND' ? 'in' : cell(r.direction)),
  },
  { key: 'status', header: 'STATUS' },
  { key: 'fromAddress', header: 'FROM', drop: 2 },
  { key: 'toAddress', header: 'TO' },
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

/**
 * The work of messages list, for both front ends: what it asks for. --channel goes to the API (reference 4.8);
 * --status, --to, --since and --until are applied while paging, newest first. The pages are read by the walker
 * every list shares: the CLI's (one page, or every page with --all) and an agent's (one page).
 */
export function messages(
  f: Factory,
  { channel, status, to, since, until }: Pick<MessagesListOptions, 'channel' | 'status' | 'to' | 'since' | 'until'>,
) {
  return {
    path: '/v1/messages',
    query: { channel },
    item: Message,
    filter: recordFilter<Message>({ status, to, since, until }, f.clock.now(), { to: ['toAddress'] }, true),
  };
}

/** The CLI: a table on a terminal, JSON, CSV or NDJSON otherwise; --all walks every page. */
export async function run(
  f: Factory,
  { channel, status, to, since, until, ...list }: MessagesListOptions,
): Promise<void> {
  const table = f.output().format === 'table';
  await runList(f, list, {
    ...messages(f, { channel, status, to, since, until }),
    columns: table ? COLUMNS : CSV_COLUMNS,
    emptyMessage: channel ? `No ${channel} messages.` : 'No messages.',
  });
}

/** MCP: one page, bodies and subjects cut, and the next page's number. */
export const act = (ctx: AgentContext, _input: MessagesListInput, _sent: unknown, opts: MessagesListOptions) =>
  listPage(ctx, messages(ctx.f, opts), opts.page, ['body', 'subject']);
