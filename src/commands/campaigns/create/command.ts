// campaigns create: POST /v1/campaigns (reference 4.4). The flags that set body fields come from one table
// (src/campaigns/flags.ts); the others say where contacts come from and how the command behaves.
import * as z from 'zod/mini';
import { BODY_FLAGS, type BodyFlag, isSwitch, optionKey } from '../../../campaigns/flags.js';
import { SKELETON_FORMATS } from '../../../campaigns/placeholder.js';
import { CSV_FLAGS, rejectsFlags } from '../../../contacts/flags.js';
import { STRATEGIES } from '../../../facts.js';
import { TimeZoneFlag } from '../../../schemas/campaigns.js';
import { choice, decimal } from '../../../schemas/common.js';
import { defineCommand, type Flag, type Flags, type Options } from '../../define.js';
import { CREATE_TOOL_FIELDS } from './tool.js';

/** The rule of a body flag's value as commander hands it over; the body's schema checks what it becomes. */
function flagRule(entry: BodyFlag): z.ZodMiniType {
  if (entry.check === 'strategy') return z.optional(choice(STRATEGIES)); // any case, sent as the API spells it
  if (entry.check === 'timezone') return z.optional(TimeZoneFlag);
  if (isSwitch(entry)) return z.optional(z.boolean());
  return entry.repeatable ? z.optional(z.array(z.string())) : z.optional(z.string());
}

const bodyFlag = (e: BodyFlag): Flag => ({
  flag: e.flag,
  help: e.help,
  schema: flagRule(e),
  ...(e.repeatable ? { repeatable: true } : {}),
  ...(e.check === 'strategy' ? { complete: STRATEGIES } : {}),
});

/** The body flags, with --file (the other way to give the required fields) right after them. */
const BODY: Record<string, Flag> = Object.fromEntries(
  BODY_FLAGS.flatMap((e) => [
    [optionKey(e), bodyFlag(e)],
    ...(e.field === 'contacts'
      ? [
          [
            'file',
            {
              flag: '--file <campaign.yaml>',
              help: 'a whole create body in YAML or JSON; flags override its fields',
              schema: z.optional(z.string()),
            },
          ],
        ]
      : []),
  ]),
);

/** The body flags' values as the command reads them (also the property tests' way in: test/reliability/campaign-flags.ts). */
export const BodyFlagOptions = z.object(
  Object.fromEntries(BODY_FLAGS.map((e) => [optionKey(e), BODY[optionKey(e)].schema])),
);

const text = z.optional(z.string());
const off = z._default(z.boolean(), false);

const flags = {
  ...BODY,
  // Read by the command itself (contacts are loaded from a file; --window names its errors): typed here.
  contacts: { ...BODY.contacts, schema: text },
  window: { ...BODY.window, schema: text },
  file: { ...BODY.file, schema: text },
  ifAbsent: {
    flag: '--if-absent',
    help: 'create it only if no campaign has this name; else print that one (exit 0), or exit 9 if its contact count or caller ID differ. With --start, one never started is started',
    schema: off,
  },
  dryRun: {
    flag: '--dry-run',
    help: 'send nothing: print the body summary and the attempt plan ({body, plan} as JSON when piped)',
    schema: off,
  },
  planRows: {
    flag: '--plan-rows <n>',
    help: 'with --dry-run, plan only the first N contacts',
    schema: z.optional(decimal(z.int({ error: 'must be a whole number' }).check(z.minimum(1, 'must be 1 or more')))),
  },
  yes: { flag: '-y, --yes', help: 'do not ask for confirmation on a terminal', schema: off },
  skeleton: {
    flag: '--skeleton [format]',
    help: `print a template for --file, ${SKELETON_FORMATS.join(' or ')} (default ${SKELETON_FORMATS[0]}): every field of the body, its rule and default; send nothing`,
    // `--skeleton` alone: commander gives true.
    schema: z.optional(
      z.pipe(
        z.transform((v: unknown) => (v === true ? SKELETON_FORMATS[0] : v)),
        choice(SKELETON_FORMATS),
      ),
    ),
    complete: SKELETON_FORMATS,
  },
  ...rejectsFlags('--rejects', 'the campaign is created with the valid contacts'),
  ...CSV_FLAGS,
  // campaigns_create takes defaultCountry for a CSV of --dir; a CSV whose columns need naming goes through
  // contacts_convert first, which offers phoneColumn (the tool list is read in every conversation).
  phoneColumn: { ...CSV_FLAGS.phoneColumn, mcp: false },
} satisfies Flags;

export type CreateOptions = Options<typeof flags>;

export const createCommand = defineCommand({
  name: 'create',
  summary:
    'Create a call campaign (reference 4.4). Everything is checked before anything is sent; --dry-run prints the attempt plan: which number each attempt dials, with which caller ID.',
  description:
    'On a terminal, missing required values are asked for and a summary is confirmed (--yes skips the confirmation); without one, missing flags are an error (exit 2).',
  examples: [
    'voicectl campaigns create --name Nightly --agent agent_sales --from +390212345678 --contacts leads.csv --default-country IT --dry-run',
    'voicectl campaigns create --file campaign.json --max-retries 2 --from-attempts +390298765432,+393401234567 --from-strategy clamp --dry-run --plan-rows 5',
    'voicectl campaigns create --name Nightly --agent agent_sales --from +390212345678 --contacts leads.json --days mon-fri --window 09:00-18:00 --map customer=first_name --yes',
    'voicectl contacts convert leads.csv --default-country IT | voicectl campaigns create --name Night --agent agent_sales --from +390212345678 --contacts - --start',
    "voicectl campaigns create ... --dry-run --jq '.plan[0].attempts'",
    'voicectl campaigns create --skeleton > campaign.yaml   # fill it in, then: --file campaign.yaml --dry-run',
  ],
  mcp: {
    name: 'campaigns_create',
    description:
      'Create a call campaign. Without planId: its plan only; show it, then call again with the same arguments and planId.',
    write: true,
    fields: CREATE_TOOL_FIELDS,
    load: () => import('./act.js'),
  },
  flags,
  checks: [
    z.refine<CreateOptions>((o) => !o.rejects || o.skipInvalid, {
      path: ['rejects'],
      message: 'needs --skip-invalid (without it, a file with errors stops the command)',
    }),
    z.refine<CreateOptions>((o) => !o.skipInvalid || o.contacts !== undefined, {
      path: ['skipInvalid'],
      message: 'applies to CSV contacts: use it with --contacts file.csv',
    }),
  ],
  load: (o) => (o.skeleton !== undefined ? import('./skeleton.js') : import('./run.js')),
});
