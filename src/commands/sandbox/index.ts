// sandbox: the local API server in the foreground (the group's own command), and the verbs of the background one.
import type { Command } from 'commander';
import * as z from 'zod/mini';
import type { Factory } from '../../factory.js';
import { decimal } from '../../schemas/common.js';
import { defineCommand, defineGroup, type Flags, makeGroup, type Options } from '../define.js';
import { GROUP_SUMMARY } from '../groups.js';

const DEFAULT_PORT = 4010;
const DEFAULT_HOST = '127.0.0.1';

const flags = {
  port: {
    flag: '--port <port>',
    help: `port to listen on; 0 picks a free one (default ${DEFAULT_PORT})`,
    schema: z._default(
      decimal(
        z
          .number({ error: 'must be a port number' })
          .check(
            z.int('must be a whole number'),
            z.minimum(0, 'must be 0 to 65535'),
            z.maximum(65535, 'must be 0 to 65535'),
          ),
      ),
      DEFAULT_PORT,
    ),
  },
  // An empty --host ("$UNSET_VAR") would bind every interface: refused, never read as "all".
  host: {
    flag: '--host <host>',
    help: `address to bind (default ${DEFAULT_HOST})`,
    schema: z._default(z.string().check(z.refine((h) => h.trim() !== '', 'must not be empty')), DEFAULT_HOST),
  },
  fast: { flag: '--fast', help: 'generations complete at once (as in tests)', schema: z._default(z.boolean(), false) },
  scenario: {
    flag: '--scenario <file|json>',
    help: 'how campaigns come out: a JSON file or inline JSON (seed, outcomes, failureRate, numbers, callingWindow, speed); default: VOICECTL_SANDBOX_SCENARIO',
    complete: 'files',
    schema: z.optional(z.string()),
  },
} satisfies Flags;

export type ForegroundOptions = Options<typeof flags>;

const statusCommand = defineCommand({
  name: 'status',
  summary:
    'Show whether the background sandbox of --sandbox runs (URL, pid, version, idle stop, scenario), and its organizations: agents, caller numbers and keys.',
  description:
    'The keys are made when the sandbox starts and shown only to you (they come from its 0600 sandbox.json); they open nothing else.',
  examples: [
    'voicectl sandbox status',
    "voicectl sandbox status --json | jq -r '.url'",
    "voicectl sandbox status --json | jq -r '.organizations[0].agents[0]'",
  ],
  load: () => import('./status-run.js'),
});

const stopCommand = defineCommand({
  name: 'stop',
  summary: 'Stop the background sandbox of --sandbox (its state is kept; the next --sandbox starts it again).',
  examples: ['voicectl sandbox stop'],
  json: false,
  load: () => import('./stop-run.js'),
});

const serveCommand = defineCommand({
  name: 'serve',
  hidden: true, // started by --sandbox, not typed
  summary: 'Run the background sandbox (started by --sandbox; not for direct use).',
  examples: ['voicectl --sandbox tts list   # starts it when none runs'],
  json: false,
  load: () => import('./serve-run.js'),
});

export const group = defineGroup({
  name: 'sandbox',
  summary: GROUP_SUMMARY.sandbox,
  description:
    'voicectl sandbox runs it in the foreground; status and stop manage the background sandbox that --sandbox uses. It follows the API reference: two demo organizations with their keys, scopes, token balances, async generations, campaigns with a simulated dialer, messages and calls. In the foreground its state lives in memory and is lost when it stops; the background sandbox of --sandbox keeps its own in the config dir.',
  examples: [
    'voicectl sandbox                      # http://127.0.0.1:4010',
    'voicectl sandbox --port 0 --fast      # a free port; generations finish at once',
    `voicectl sandbox --scenario '{"seed": 7, "failureRate": 0.5, "callingWindow": "ignore", "speed": 600}'`,
    'VOICECTL_SANDBOX_SCENARIO=ci-failures.json voicectl --sandbox campaigns wait cmp_0123456789abcdef',
    'voicectl sandbox status               # the background sandbox of --sandbox',
    'voicectl sandbox stop',
  ],
  own: { flags, load: () => import('./foreground-run.js'), json: false },
  commands: [statusCommand, stopCommand, serveCommand],
});

export const make = (f: Factory, words?: ReadonlySet<string>): Command => makeGroup(f, group, words);
