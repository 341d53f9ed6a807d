// The flags every `<resource> list` shares, without zod or the client, so that a group's --help loads neither.
// Their rules are in list.ts (ListOptions).
import type { Command } from 'commander';

/** Pages in flight at once with --all, after the first (README "Performance"). */
export const DEFAULT_CONCURRENCY = 6;
export const MAX_CONCURRENCY = 16;

export function addListOptions(cmd: Command): Command {
  return cmd
    .option(
      '--page <n>',
      'page number, from 1, in pages of --limit (with --all: the page to start from, to resume a walk)',
    )
    .option('--limit <n>', 'records per page, 1 to 100 (the API defaults to 20; --all alone reads pages of 100)')
    .option('--all', 'fetch every page (streams; ndjson prints as pages arrive)')
    .option(
      '--concurrency <n>',
      `pages fetched at once with --all, 1 to ${MAX_CONCURRENCY} (default ${DEFAULT_CONCURRENCY})`,
    );
}
