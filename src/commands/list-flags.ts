// The flags every `<resource> list` shares, declared once (src/commands/define.ts). Light: no client, no output.
import * as z from 'zod/mini';
import { orList, PAGINATION } from '../facts.js';
import { choice, decimal, PageLimit, PageNumber } from '../schemas/common.js';
import type { Flag } from './define.js';

const max = PAGINATION.maxLimit;

export const LIST_FLAGS = {
  page: {
    flag: '--page <n>',
    help: 'page number, from 1, in pages of --limit (with --all: the page to start from, to resume a walk)',
    schema: z.optional(PageNumber),
    mcp: { description: `From ${PAGINATION.defaultPage}; ${PAGINATION.defaultLimit} records each` },
  },
  limit: {
    flag: '--limit <n>',
    help: `records per page, 1 to ${max} (the API defaults to ${PAGINATION.defaultLimit}; --all alone reads pages of ${max})`,
    schema: z.optional(PageLimit),
    // Left out of the tools: pages of the default size, one argument less in a list read in every conversation.
    mcp: false,
  },
  all: {
    flag: '--all',
    help: 'fetch every page (streams; ndjson prints as pages arrive)',
    schema: z._default(z.boolean(), false),
    mcp: false,
  },
  concurrency: {
    flag: '--concurrency <n>',
    help: `pages fetched at once with --all, 1 to ${PAGINATION.maxConcurrency} (default ${PAGINATION.concurrency})`,
    schema: z._default(
      decimal(
        z
          .int({ error: 'must be a whole number' })
          .check(
            z.minimum(1, `must be between 1 and ${PAGINATION.maxConcurrency}`),
            z.maximum(PAGINATION.maxConcurrency, `must be between 1 and ${PAGINATION.maxConcurrency}`),
          ),
      ),
      PAGINATION.concurrency,
    ),
    mcp: false,
  },
} satisfies Record<string, Flag>;

export const ListOptions = z.object({
  page: LIST_FLAGS.page.schema,
  limit: LIST_FLAGS.limit.schema,
  all: LIST_FLAGS.all.schema,
  concurrency: LIST_FLAGS.concurrency.schema,
});
export type ListOptions = z.infer<typeof ListOptions>;

/**
 * A list's filter on one field of enumerated values (`--status` of tts list, `--channel` of messages list): checked
 * before anything is sent, completed from the values, and the MCP tool's schema from the API's own enum.
 */
export function enumFilter<const V extends readonly [string, ...string[]], M extends z.ZodMiniType<V[number]>>(
  flag: string,
  what: string,
  values: V,
  mcpSchema: M,
) {
  return {
    flag,
    help: `only this ${what}: ${orList(values)}`,
    schema: z.optional(choice(values)),
    complete: values,
    mcp: { schema: z.optional(mcpSchema), description: `Only this ${what}` },
  } satisfies Flag;
}
