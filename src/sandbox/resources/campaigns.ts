// Sandbox: campaigns and the dialer (reference 2.3, 3.2, 4.4-4.7). Creation validates with the CLI's own
// schema (schemas/campaigns.ts) plus what only the server knows (the organization's numbers and agents);
// the dialer (../dialer.ts) appends call records to state.calls, owned by messages.ts.
import { CampaignCreate, STARTABLE_STATUSES } from '../../schemas/campaigns.js';
import { advanceCampaign, countersOf, startDialer, type SandboxCampaign } from '../dialer.js';
import { ok, paginate, SandboxError, validationError, type ResourceModule, type RouteContext } from '../http.js';
import { newId } from '../state.js';

export interface CampaignSlice {
  campaigns: SandboxCampaign[];
}

/**
 * The record as the API returns it: no internal dialer state, no orgId. A started campaign's detail adds
 * `sandboxClock` (not in the reference): the dialer's simulated time and speed, so that a client can say when the
 * calling window opens in the time the sandbox goes by.
 */
function publicView(
  c: SandboxCampaign,
  detail: boolean,
  ctx?: Pick<RouteContext, 'now' | 'settings'>,
): Record<string, unknown> {
  const { dialer, orgId: _o, contacts, ...rest } = c;
  if (!detail) return rest;
  const speed = dialer ? (dialer.scale ?? ctx?.settings.timeScale ?? 1) : undefined;
  const clock =
    dialer && ctx && speed !== undefined
      ? {
          sandboxClock: {
            now: new Date(dialer.originSim + (ctx.now - dialer.originReal) * speed).toISOString(),
            speed,
          },
        }
      : {};
  const contactProgress = contacts.map((_, i) => {
    const p = dialer?.contacts[i];
    return {
      contactIndex: i,
      status: p?.status ?? 'pending',
      attempts: p?.attempts ?? 0,
      lastOutcome: p?.lastOutcome ?? null,
    };
  });
  return { ...rest, contacts, contactProgress, ...clock };
}

function find(ctx: RouteContext): SandboxCampaign {
  const c = ctx.state.campaigns.find((x) => x.id === ctx.params.id && x.orgId === ctx.org.id);
  if (!c) throw new SandboxError(404, 'not_found', `campaign ${ctx.params.id} not found`);
  return c;
}

export const campaigns: ResourceModule<CampaignSlice> = {
  init: () => ({ campaigns: [] }),
  advance(state, now, settings) {
    for (const c of state.campaigns) {
      if (c.status === 'RUNNING' || c.status === 'SCHEDULED') advanceCampaign(c, state.calls, now, settings);
    }
  },
  routes: [
    {
      method: 'POST',
      pattern: '/v1/campaigns',
      handle(ctx) {
        const parsed = CampaignCreate.safeParse(ctx.body);
        if (!parsed.success) throw validationError(parsed.error.issues);
        const b = parsed.data;
        const details: { field: string; message: string }[] = [];
        if (!ctx.org.numbers.includes(b.fromNumber))
          details.push({
            field: 'fromNumber',
            message: `${b.fromNumber} does not belong to the organization (its numbers: ${ctx.org.numbers.join(', ')})`,
          });
        if (!ctx.org.agents.includes(b.agentId))
          details.push({
            field: 'agentId',
            message: `agent ${b.agentId} does not exist in the organization (its agents: ${ctx.org.agents.join(', ')})`,
          });
        if (details.length)
          throw new SandboxError(
            400,
            'validation_error',
            details.map((d) => `${d.field}: ${d.message}`).join('; '),
            details,
          );
        const iso = new Date(ctx.now).toISOString();
        const { startImmediately, ...fields } = b;
        const c: SandboxCampaign = {
          id: newId('cmp'),
          orgId: ctx.org.id,
          ...fields,
          status: b.scheduledAt ? 'SCHEDULED' : 'DRAFT',
          counters: countersOf({ contacts: b.contacts, dialer: null }),
          createdAt: iso,
          updatedAt: iso,
          startedAt: null,
          completedAt: null,
          dialer: null,
        };
        if (startImmediately) startDialer(c, ctx.now, ctx.settings);
        ctx.state.campaigns.push(c);
        return ok(publicView(c, true, ctx), 201);
      },
    },
    {
      method: 'POST',
      pattern: '/v1/campaigns/:id/start',
      body: 'ignored', // 4.5: "Request body: none shown as required"
      handle(ctx) {
        const c = find(ctx);
        if (!(STARTABLE_STATUSES as readonly string[]).includes(c.status)) {
          throw new SandboxError(
            409,
            'conflict',
            `campaign ${c.id} is ${c.status}; only ${STARTABLE_STATUSES.join(', ')} campaigns can be started`,
          );
        }
        startDialer(c, ctx.now, ctx.settings);
        advanceCampaign(c, ctx.state.calls, ctx.now, ctx.settings);
        return ok(publicView(c, true, ctx));
      },
    },
    {
      method: 'GET',
      pattern: '/v1/campaigns',
      handle(ctx) {
        const mine = ctx.state.campaigns.filter((c) => c.orgId === ctx.org.id);
        // Newest first; creation order breaks ties between campaigns created in the same millisecond.
        const ordered = mine
          .map((c, i) => [c, i] as const)
          .sort((a, b) => b[0].createdAt.localeCompare(a[0].createdAt) || b[1] - a[1])
          .map(([c]) => c);
        return paginate(ordered, ctx.query, (c) => publicView(c, false));
      },
    },
    {
      method: 'GET',
      pattern: '/v1/campaigns/:id',
      handle: (ctx) => ok(publicView(find(ctx), true, ctx)),
    },
  ],
};
