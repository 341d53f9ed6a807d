// profiles add: a base URL and an API key, stored.
import * as z from 'zod/mini';
import { ProfileName } from '../../config/store.js';
import { type Args, defineCommand, type Flags, type Options } from '../define.js';

const args = { name: { name: '<name>', help: 'profile name', schema: ProfileName } } satisfies Args;

const off = z._default(z.boolean(), false);
const flags = {
  baseUrl: {
    flag: '--base-url <url>',
    help: 'the API base URL (https://, or http:// to loopback)',
    schema: z.string({ error: 'is required' }).check(z.minLength(1, 'is required')),
  },
  apiKeyStdin: { flag: '--api-key-stdin', help: 'read the key from stdin (for scripts)', schema: off },
  apiKey: {
    flag: '--api-key <key>',
    help: 'the key itself (lands in shell history: avoid)',
    schema: z.optional(z.string().check(z.minLength(1, 'must not be empty'))),
  },
  use: { flag: '--use', help: 'make it the default profile', schema: off },
  force: { flag: '--force', help: 'replace a profile of that name without asking', schema: off },
} satisfies Flags;

export type AddOptions = Options<typeof flags, typeof args>;

export const addCommand = defineCommand({
  name: 'add',
  summary:
    'Store a profile: a base URL and an API key. The key is read from a hidden prompt, or from stdin with --api-key-stdin.',
  examples: [
    'voicectl profiles add work --base-url https://api.example.com',
    'printf \'%s\' "$VOICE_KEY" | voicectl profiles add ci --base-url https://api.example.com --api-key-stdin',
  ],
  args,
  flags,
  json: false,
  load: () => import('./add-run.js'),
});
