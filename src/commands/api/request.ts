// voicectl api <METHOD> <path>: one request as given, with the profile's key and base URL. -F fields become a
// JSON body (POST, PUT, PATCH) or query parameters (GET, DELETE); --input sends a file or stdin as the body;
// --paginate walks the pages of a list and prints each record as one JSON line. Errors are the usual ones.
import * as z from 'zod/mini';
import { MAX_BODY_MIB } from '../../api/limits.js';
import { type Args, defineCommand, type Flags, type Options } from '../define.js';
import { API_METHODS } from './methods.js';

// The method is checked (in any case) and the path read when the command runs, with errors of their own.
const args = {
  method: {
    name: '<method>',
    help: `HTTP method: ${API_METHODS.join(', ')}`,
    schema: z.string(),
    complete: API_METHODS,
  },
  path: {
    name: '<path>',
    help: 'path starting with /, may carry a query string: /v1/tts?status=completed',
    schema: z.string(),
  },
} satisfies Args;

const list = z.optional(z.array(z.string()));
const flags = {
  field: {
    flag: '-F, --field <key=value>',
    help: 'typed field (number, true, false, null, @file, @- for stdin): JSON body of POST/PUT/PATCH, query parameter of GET; repeatable; key[] appends, key[sub] nests',
    schema: list,
    repeatable: true,
  },
  rawField: {
    flag: '-f, --raw-field <key=value>',
    help: 'like -F but the value stays a string; repeatable',
    schema: list,
    repeatable: true,
  },
  input: {
    flag: '--input <file>',
    help: 'request body from a JSON file, or - for stdin (-F fields then go to the query string)',
    schema: z.optional(z.string()),
  },
  paginate: {
    flag: '--paginate',
    help: 'GET every page of a list and print each record as one JSON line (ndjson)',
    schema: z.optional(z.boolean()),
  },
  maxBody: {
    flag: '--max-body <MiB>',
    help: `largest response body read, in MiB (default ${MAX_BODY_MIB}): a larger one stops with an error`,
    schema: z.optional(z.string()),
  },
} satisfies Flags;

export type ApiFlags = Options<typeof flags, typeof args>;

export const apiCommand = defineCommand({
  name: 'api',
  summary:
    'Make a raw API request with the configured key and base URL, for anything the other commands do not cover yet.',
  description:
    'The response body is printed as it comes (pretty JSON on a terminal). A non-2xx answer fails with the usual message and exit code. Only paths on the configured service are accepted (no absolute URLs): the key never goes elsewhere.',
  examples: [
    'voicectl api GET /v1/tts -F status=completed -F limit=5',
    'voicectl api POST /v1/tts -F text="Hello there" -F speed=1.2',
    'voicectl api POST /v1/campaigns --input campaign.json',
    'voicectl api GET /v1/calls --paginate | jq -r .id',
    'voicectl api GET /v1/tts/tts_123 | jq .data.status',
  ],
  args,
  flags,
  load: () => import('./request-run.js'),
});
