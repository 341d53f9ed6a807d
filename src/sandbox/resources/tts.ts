// Sandbox: text-to-speech generations (reference 2.1, 3.1, 4.1-4.3, 8). A generation is queued for
// settings.ttsQueueMs, then processing for settings.ttsProcessMs; both moments are fixed at creation and
// replayed from timestamps by advance(), so state saved by --sandbox moves on between processes.
// Tokens are deducted when processing begins and refunded when it fails (8). Choices in ../README.md.
import type { TtsStatus } from '../../facts.js';
import { characterCount, tokenCost, TTS_DEFAULTS, TtsListQuery, TtsRequest } from '../../schemas/tts.js';
import { voiceAlias } from '../../schemas/voices.js';
import { renderWav } from '../audio.js';
import { ok, paginate, SandboxError, validationError, type ResourceModule, type RouteContext } from '../http.js';
import { newId, type Org, type SandboxState } from '../state.js';

interface SandboxGeneration {
  id: string;
  orgId: string;
  text: string;
  characterCount: number;
  voice: string;
  language: string;
  speed: number;
  stability: number;
  similarityBoost: number;
  style: number;
  source: 'api';
  status: TtsStatus;
  tokenCost: number;
  createdAt: string;
  completedAt: string | null;
  errorMessage: string | null;
  /** Internal: when processing begins and ends (epoch ms), and the failure planned by settings.ttsFailure. */
  startsAt: number;
  endsAt: number;
  plannedFailure: string | null;
}

export interface TtsSlice {
  generations: SandboxGeneration[];
}

/** settings.ttsFailure value that makes POST /v1/tts answer 500 internal_error (TTS worker unavailable, 4.1). */
const FAIL_AT_CREATE = 'internal_error';

function audioPath(id: string): string {
  return `/files/audio/${encodeURIComponent(id)}.wav`;
}

/** The record as the API returns it (2.1, in the reference's order): no orgId, no internal timing. */
function publicView(g: SandboxGeneration, origin: string): Record<string, unknown> {
  return {
    id: g.id,
    text: g.text,
    characterCount: g.characterCount,
    voice: g.voice,
    language: g.language,
    speed: g.speed,
    stability: g.stability,
    similarityBoost: g.similarityBoost,
    style: g.style,
    source: g.source,
    status: g.status,
    audioUrl: g.status === 'completed' ? `${origin}${audioPath(g.id)}` : null,
    tokenCost: g.tokenCost,
    createdAt: g.createdAt,
    completedAt: g.completedAt,
    errorMessage: g.errorMessage,
  };
}

function fail(g: SandboxGeneration, org: Org | undefined, code: string, at: number): void {
  if (org && g.tokenCost > 0) org.balance += g.tokenCost; // refunded automatically (3.1)
  g.tokenCost = 0;
  g.status = 'failed';
  g.errorMessage = code;
  g.completedAt = null;
  void at;
}

function begin(g: SandboxGeneration, org: Org | undefined): void {
  const known = voiceAlias(g.voice) === g.voice || (org?.voiceLibrary.includes(g.voice) ?? false);
  if (!known) return fail(g, org, 'voice_not_found', g.startsAt);
  const cost = tokenCost(g.characterCount);
  if (!org || org.balance < cost) return fail(g, org, 'insufficient_balance', g.startsAt);
  org.balance -= cost;
  g.tokenCost = cost;
  g.status = 'processing';
}

function finish(g: SandboxGeneration, org: Org | undefined): void {
  if (g.plannedFailure) return fail(g, org, g.plannedFailure, g.endsAt);
  g.status = 'completed';
  g.completedAt = new Date(g.endsAt).toISOString();
}

const isPending = (g: SandboxGeneration) => g.status === 'queued' || g.status === 'processing';

/**
 * Positions of the generations not final yet, per state: every request advances the clock, and a long-lived
 * sandbox holds thousands of finished generations that need no look. New ones (appended) are picked up.
 */
const pendingOf = new WeakMap<SandboxState, { seen: number; pending: Set<number> }>();

function pendingIndexes(state: SandboxState): Set<number> {
  let p = pendingOf.get(state);
  if (!p || p.seen > state.generations.length) pendingOf.set(state, (p = { seen: 0, pending: new Set() }));
  for (; p.seen < state.generations.length; p.seen++) if (isPending(state.generations[p.seen])) p.pending.add(p.seen);
  return p.pending;
}

function advance(state: SandboxState, now: number): void {
  const pending = pendingIndexes(state);
  if (pending.size === 0) return;
  const events: { t: number; i: number; g: SandboxGeneration; kind: 'start' | 'end' }[] = [];
  for (const i of pending) {
    const g = state.generations[i];
    if (g.status === 'queued' && g.startsAt <= now) events.push({ t: g.startsAt, i, g, kind: 'start' });
    if (isPending(g) && g.endsAt <= now) events.push({ t: g.endsAt, i, g, kind: 'end' });
  }
  events.sort((a, b) => a.t - b.t || a.i - b.i || (a.kind === 'start' ? -1 : 1));
  for (const e of events) {
    const org = state.orgs.find((o) => o.id === e.g.orgId);
    if (e.kind === 'start' && e.g.status === 'queued') begin(e.g, org);
    else if (e.kind === 'end' && e.g.status === 'processing') finish(e.g, org);
    if (!isPending(e.g)) pending.delete(e.i);
  }
}

function find(ctx: RouteContext): SandboxGeneration {
  const g = ctx.state.generations.find((x) => x.id === ctx.params.id && x.orgId === ctx.org.id);
  if (!g) throw new SandboxError(404, 'not_found', `generation ${ctx.params.id} not found`);
  return g;
}

export const tts: ResourceModule<TtsSlice> = {
  init: () => ({ generations: [] }),
  advance: (state, now) => advance(state, now),
  routes: [
    {
      method: 'POST',
      pattern: '/v1/tts',
      handle(ctx) {
        const parsed = TtsRequest.safeParse(ctx.body ?? {});
        if (!parsed.success) throw validationError(parsed.error.issues);
        if (ctx.settings.ttsFailure === FAIL_AT_CREATE)
          throw new SandboxError(500, 'internal_error', 'the TTS worker is unavailable');
        const b = parsed.data;
        const startsAt = ctx.now + ctx.settings.ttsQueueMs;
        const g: SandboxGeneration = {
          id: newId('tts'),
          orgId: ctx.org.id,
          text: b.text,
          characterCount: characterCount(b.text),
          voice: b.voice ?? TTS_DEFAULTS.voice,
          language: b.language ?? TTS_DEFAULTS.language,
          speed: b.speed ?? TTS_DEFAULTS.speed,
          stability: b.stability ?? TTS_DEFAULTS.stability,
          similarityBoost: b.similarityBoost ?? TTS_DEFAULTS.similarityBoost,
          style: b.style ?? TTS_DEFAULTS.style,
          source: 'api',
          status: 'queued',
          tokenCost: 0,
          createdAt: new Date(ctx.now).toISOString(),
          completedAt: null,
          errorMessage: null,
          startsAt,
          endsAt: startsAt + ctx.settings.ttsProcessMs,
          plannedFailure: ctx.settings.ttsFailure ?? null,
        };
        ctx.state.generations.push(g);
        // An instant sandbox (tests) has it done by the next request; the create answer is always "queued" (4.1).
        return ok({ id: g.id, status: 'queued', characterCount: g.characterCount }, 201);
      },
    },
    {
      method: 'GET',
      pattern: '/v1/tts/:id',
      handle: (ctx) => ok(publicView(find(ctx), ctx.settings.audioBaseUrl ?? ctx.origin)),
    },
    {
      method: 'GET',
      pattern: '/v1/tts',
      handle(ctx) {
        const parsed = TtsListQuery.safeParse({
          status: ctx.query.get('status') ?? undefined,
          page: ctx.query.get('page') ?? undefined,
          limit: ctx.query.get('limit') ?? undefined,
        });
        if (!parsed.success) throw validationError(parsed.error.issues);
        const status = parsed.data.status;
        const mine: SandboxGeneration[] = [];
        for (let i = ctx.state.generations.length - 1; i >= 0; i--) {
          const g = ctx.state.generations[i];
          if (g.orgId === ctx.org.id && (!status || g.status === status)) mine.push(g);
        }
        return paginate(mine, ctx.query, (g) => publicView(g, ctx.settings.audioBaseUrl ?? ctx.origin));
      },
    },
    {
      // The audio file behind audioUrl: like a storage link, it needs no key; it exists once the generation completed.
      method: 'GET',
      pattern: '/files/audio/:file',
      auth: false,
      handle(ctx) {
        const id = ctx.params.file.replace(/\.wav$/, '');
        const g = ctx.state.generations.find((x) => x.id === id && x.status === 'completed');
        if (!g) throw new SandboxError(404, 'not_found', `no audio ${ctx.params.file}`);
        return {
          status: 200,
          raw: { contentType: 'audio/wav', data: renderWav(g.text, g.speed) },
          headers: { 'content-disposition': `attachment; filename="${g.id}.wav"` },
        };
      },
    },
  ],
};
