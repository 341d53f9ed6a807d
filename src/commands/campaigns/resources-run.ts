// campaigns resources: what it runs (the declaration is resources.ts).
import type { Factory } from '../../factory.js';
import { printRecord } from '../../io/output.js';
import type { AgentContext } from '../agent.js';

export type Resources = {
  /** Whether the service said: false where no list is known (the reference has no endpoint for them). */
  known: boolean;
  organization: string | null;
  agents: string[] | null;
  callerNumbers: string[] | null;
  note: string;
};

/**
 * The work of resources, for the CLI and an agent alike (it sends nothing): the organization of the key, when it is
 * a sandbox key: its role (`vk_sandbox_acme_full_`) names its organization (`org_acme`), whatever the secret tail
 * each sandbox instance gives it. A type, not an interface: a tool's result is a record.
 */
export async function campaignResources(f: Factory): Promise<Resources> {
  const [config, { keyRole, organizations }] = await Promise.all([f.config(), import('../../sandbox/state.js')]);
  const slug = keyRole(config.apiKey)?.split('_')[2];
  const org = slug === undefined ? undefined : organizations().find((o) => o.id === `org_${slug}`);
  if (!org)
    return {
      known: false,
      organization: null,
      agents: null,
      callerNumbers: null,
      note: 'The Voice API has no endpoint that lists agents or caller numbers: ask the account owner; a campaign naming an unknown one is refused when it is created.',
    };
  return {
    known: true,
    organization: org.name,
    agents: org.agents,
    callerNumbers: org.numbers,
    note: "From the sandbox's demo organization of this key.",
  };
}

export async function run(f: Factory): Promise<void> {
  const r = await campaignResources(f);
  const out = f.output();
  if (out.format !== 'table') return printRecord(f.io, out, { ...r });
  await printRecord(f.io, out, {
    organization: r.organization ?? '-',
    agents: r.agents?.join(', ') ?? 'not known',
    callerNumbers: r.callerNumbers?.join(', ') ?? 'not known',
  });
  if (!out.quiet) f.log.warn(r.note);
}

export const act = (ctx: AgentContext) => campaignResources(ctx.f);
