import { Command } from 'commander';
import { z } from 'zod';
import { path } from '../../api/client.js';
import type { Factory } from '../../factory.js';
import { printRecord } from '../../io/output.js';
import { parseOptions } from '../../options.js';
import { Campaign } from '../../schemas/campaigns.js';
import { envelope } from '../../schemas/common.js';
import { examples } from '../help.js';
import { CAMPAIGN_FIELDS } from './shared.js';

export const StartOptions = z.object({ id: z.string().trim().min(1, 'must not be empty') });
export type StartOptions = z.infer<typeof StartOptions>;

export async function startRun(f: Factory, opts: StartOptions): Promise<void> {
  const client = await f.client();
  // The reference shows no request body for start (4.5): none is sent.
  const res = await client.json(
    { method: 'POST', path: path`/v1/campaigns/${opts.id}/start` },
    envelope(Campaign.or(z.looseObject({}))),
  );
  const out = f.output();
  const data = res.body.data as Record<string, unknown>;
  if (typeof data.id !== 'string') data.id = opts.id;
  await printRecord(f.io, out, data, CAMPAIGN_FIELDS);
  if (out.format === 'table' && !out.quiet) f.warn(`Follow it with: voicectl campaigns show ${opts.id} --watch`);
}

export function makeStartCommand(f: Factory, run = startRun): Command {
  const cmd = new Command('start')
    .description(
      'Start (or resume) a campaign that is DRAFT, SCHEDULED or PAUSED (reference 4.5). Any other state is refused by the API (exit 1).',
    )
    .argument('<id>', 'campaign ID')
    .action(async (id: string) => {
      await run(f, parseOptions(StartOptions, { id }, { id: '<id>' }));
    });
  return examples(cmd, [
    'voicectl campaigns start cmp_0123456789abcdef',
    'id=$(voicectl campaigns create -q --file campaign.json --yes) && voicectl campaigns start "$id"',
  ]);
}
