// The flags every `<resource> list` shares, without zod or the client, so that a group's --help loads neither.
// Their rules are in list.ts (ListOptions).
import type { Command } from 'commander';
import { PAGINATION } from '../facts.js';

const max = PAGINATION.maxLimit;

export function addListOptions(cmd: Command): Command {
  return cmd
    .option(
      '--page <n>',
      'page number, from 1, in pages of --limit (with --all: the page to start from, to resume a walk)',
    )
    .option(
      '--limit <n>',
      `records per page, 1 to ${max} (the API defaults to ${PAGINATION.defaultLimit}; --all alone reads pages of ${max})`,
    )
    .option('--all', 'fetch every page (streams; ndjson prints as pages arrive)')
    .option(
      '--concurrency <n>',
      `pages fetched at once with --all, 1 to ${PAGINATION.maxConcurrency} (default ${PAGINATION.concurrency})`,
    );
}
