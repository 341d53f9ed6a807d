// campaigns start: what it runs (the declaration is start.ts), and the start that --if-absent reuses.
import type { ApiClient } from '../../api/client.js';
import { path } from '../../api/client.js';
import { AlreadyStartedError, ApiError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { shellWord } from '../../io/shell.js';
import { printRecord } from '../../io/output.js';
import { terminalSafe } from '../../io/safe.js';
import { type Campaign, STARTABLE_STATUSES } from '../../schemas/campaigns.js';
import { excerpt } from '../../api/errors.js';
import { CAMPAIGN_FIELDS, followHint } from './shared.js';
import { fetchCampaign, readCampaignOf } from './waiting.js';
import * as z from 'zod/mini';
import { campaignDigest } from '../../campaigns/outcome.js';
import { planCampaign } from '../../campaigns/plan.js';
import { cell } from '../../io/format.js';
import { Contact } from '../../schemas/contacts.js';
import type { AgentContext } from '../agent.js';
import { PLAN_ROWS, planJson } from './summary.js';
import type { StartOptions } from './start.js';

type Rec = Record<string, unknown>;

export type StartOutcome =
  /** `reported`: the service answered with the campaign (`data`); otherwise `record` is `{id, started, response?}`. */
  | { started: true; record: Rec; reported: boolean; requestId: string | null }
  | { started: false; record: Rec; status: string; refusal: ApiError };

/** The campaign's status as the record reports it (the reference does not name the field, 2.3). */
export function statusOf(r: Rec): string | undefined {
  return typeof r.status === 'string' ? r.status : undefined;
}

export async function getCampaign(client: ApiClient, id: string, signal?: AbortSignal): Promise<Rec> {
  return (await readCampaignOf(client, id, { signal })).campaign;
}

/**
 * POST start, once. The API refuses to start a campaign that is not DRAFT, SCHEDULED or PAUSED (4.5) with 409;
 * the campaign is then read to tell "already started" (running or finished: `started: false` and its status)
 * from any other conflict, which stays the API's error.
 */
export async function startOnce(client: ApiClient, id: string, signal?: AbortSignal): Promise<StartOutcome> {
  try {
    // The reference shows no request body for start (4.5): none is sent. Nor does it show the response body: any 2xx
    // is a start, whatever it holds (the campaign in `data`, another object, nothing at all).
    const res = await client.raw({ method: 'POST', path: path`/v1/campaigns/${id}/start`, signal, read: true });
    const text = (res.text ?? '').trim();
    const requestId = res.requestId ?? null;
    let body: unknown;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      body = excerpt(text, 200); // not JSON (a plain "OK"): shown as text
    }
    const data = isRec(body) ? body.data : undefined;
    if (isRec(data) && Object.keys(data).length > 0) {
      const record = data;
      if (typeof record.id !== 'string') record.id = id;
      return { started: true, record, reported: true, requestId };
    }
    const shown = isRec(body) ? Object.keys(body).length > 0 : body !== undefined && body !== null;
    return {
      started: true,
      record: { id, started: true, ...(shown ? { response: body } : {}) },
      reported: false,
      requestId,
    };
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 409) throw err;
    const record = await getCampaign(client, id, signal);
    const status = statusOf(record);
    if (status === undefined || (STARTABLE_STATUSES as readonly string[]).includes(status)) throw err;
    return { started: false, record, status, refusal: err };
  }
}

const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

function refusalText(e: ApiError): string {
  return [`status ${e.status}`, e.apiCode && `code ${e.apiCode}`, e.requestId && `requestId ${e.requestId}`]
    .filter(Boolean)
    .join(' · ');
}

/** Before a start, for an agent: the campaign, its attempt plan (of its first PLAN_ROWS contacts) and its size. */
export interface StartPlan {
  campaign: Campaign;
  contactsCount: number | null;
  plan: ReturnType<typeof planJson> | null;
}

/**
 * The start plan's checks, with only a GET: a plan is shown only for what can be done, and the API starts DRAFT,
 * SCHEDULED and PAUSED campaigns (4.5).
 */
export async function planStart(f: Factory, { id }: Pick<StartOptions, 'id'>): Promise<StartPlan> {
  const c = await fetchCampaign(f, id);
  if (!(STARTABLE_STATUSES as readonly string[]).includes(String(c.status)))
    throw new AlreadyStartedError(
      `campaign ${id} is ${cell(c.status)}: the API starts only DRAFT, SCHEDULED or PAUSED campaigns; no plan, nothing was sent`,
      { hints: ['Its progress: campaigns_wait; who was reached: campaigns_results.'] },
    );
  const contacts = z.array(Contact).safeParse(c.contacts);
  const plan =
    contacts.success && typeof c.fromNumber === 'string'
      ? planJson(planCampaign({ ...(c as object), fromNumber: c.fromNumber, contacts: contacts.data }, PLAN_ROWS))
      : null;
  return { campaign: c, contactsCount: contacts.success ? contacts.data.length : null, plan };
}

/** The start, for the CLI and an agent alike: POST once, a campaign already started told apart (startOnce). */
export async function startCampaign(f: Factory, { id }: Pick<StartOptions, 'id'>): Promise<StartOutcome> {
  return startOnce(await f.client(), id, f.signal);
}

export async function run(f: Factory, opts: StartOptions): Promise<void> {
  const outcome = await startCampaign(f, opts);
  const out = f.output();
  if (!outcome.started) {
    const said = `campaign ${terminalSafe(opts.id)} was already started (it is ${terminalSafe(outcome.status)}): not started again`;
    if (!opts.ifNotRunning) {
      throw new AlreadyStartedError(said, {
        cause: outcome.refusal,
        hints: [
          `The API answered ${refusalText(outcome.refusal)}: it starts only DRAFT, SCHEDULED or PAUSED campaigns. Nothing changed.`,
          'Exit code 8 tells this apart from a failure; with --if-not-running it exits 0.',
        ],
      });
    }
    f.log.warn(said);
  }
  if (outcome.started && !outcome.reported) {
    // A 2xx without the campaign: started all the same (reference 4.5 shows no response body).
    await printRecord(f.io, out, outcome.record);
    if (out.format === 'table' && !out.quiet) f.log.warn(`Campaign ${terminalSafe(opts.id)} started.`);
  } else await printRecord(f.io, out, outcome.record, CAMPAIGN_FIELDS);
  if (out.format === 'table' && !out.quiet) f.log.warn(followHint(f.commandLine.invocation(), shellWord(opts.id)));
}

/**
 * For an agent: without planId, the campaign and its attempt plan (only GETs) and a plan id; with it, the start.
 */
export async function act(ctx: AgentContext, { planId }: { planId?: string }, _sent: unknown, opts: StartOptions) {
  const { id } = opts;
  if (planId === undefined) {
    const { campaign, contactsCount, plan } = await planStart(ctx.f, opts);
    return {
      sent: false,
      planId: await ctx.plans.show('campaigns_start', { id }),
      next: 'Show this to the user. To start calling, call campaigns_start again with this planId.',
      campaign: campaignDigest(campaign),
      contactsCount,
      plan,
    };
  }
  await ctx.plans.take('campaigns_start', { id }, planId);
  const outcome = await startCampaign(ctx.f, opts);
  // Started in between (the plan saw it startable): the API's refusal, as the service gave it.
  if (!outcome.started) throw outcome.refusal;
  return {
    sent: true,
    campaign: campaignDigest(outcome.record),
    requestId: outcome.requestId,
    next: 'Wait for it to finish: campaigns_wait; then who was reached: campaigns_results.',
  };
}
