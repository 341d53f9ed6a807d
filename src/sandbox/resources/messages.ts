// Sandbox: message history, SMS sending and call records (reference 2.4, 3.3, 4.8-4.10).
// History is seeded per organization from settings.seed, so two sandboxes with the same seed and clock
// hold the same records; choices where the reference is silent are listed in src/sandbox/README.md.
import { CALL_OUTCOMES } from '../../facts.js';
import type { SandboxCall } from '../../schemas/calls.js';
import { MESSAGE_CHANNELS, MessageChannel, type SandboxMessage } from '../../schemas/messages.js';
import { SandboxError, paginate, validationError, type ResourceModule } from '../http.js';
import type { SandboxSettings } from '../settings.js';
import type { CoreState, Org } from '../state.js';

export interface MessagesSlice {
  messages: SandboxMessage[];
  /** Call records: seeded history plus those the campaign dialer (campaigns.ts) appends. */
  calls: SandboxCall[];
}

/** mulberry32: a tiny deterministic generator, enough for plausible seeded history. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
const HEX_DIGITS = '0123456789abcdef';
/** `n` hex digits, one draw each (a plain loop: the sandbox seeds some 1,500 of these ids at every start). */
function hex(r: () => number, n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += HEX_DIGITS[Math.floor(r() * 16)];
  return out;
}
const phone = (r: () => number, cc: string) => `+${cc}${String(Math.floor(r() * 1e9)).padStart(9, '0')}`;

/** Delivery statuses the sandbox uses; the reference does not list them (3.3). */
const OUTBOUND_STATUSES = ['delivered', 'delivered', 'delivered', 'sent', 'queued', 'failed'] as const;
const INBOUND_STATUSES = ['received'] as const;
const FAILURES: Record<string, string[]> = {
  sms: ['undeliverable: handset unreachable', 'carrier rejected the message'],
  email: ['mailbox does not exist', 'rejected as spam by the receiving server'],
  whatsapp: ['recipient is not on WhatsApp', 'template not approved'],
};
const BODIES = [
  'Hi {name}, your appointment is confirmed for tomorrow at 10:30. Reply STOP to opt out.',
  'Thanks for your call today. Here is the summary we discussed, including the next steps and the documents you will need to bring with you.',
  'Can we move the call to Friday?',
  'Your verification code is {code}.',
  'Yes, please call me back after 6pm.',
  'Reminder: your plan renews on the 1st. No action needed.',
  'Ciao {name}, ti ricontattiamo domani per completare la pratica.',
  'Not interested, thanks.',
  'Il pacco è stato consegnato. Grazie!',
];
const NAMES = ['Giulia', 'Marco', 'Anna', 'Luca', 'Sara', 'John', 'Maria', 'Paolo'];
const SUBJECTS = [
  'Your appointment',
  'Follow-up from our call',
  'Invoice available',
  'Re: callback request',
  'Welcome aboard',
];

/** Messages per organization: a few hundred, enough for several pages at the maximum limit. */
const MESSAGES_PER_ORG = [260, 140];
const CALLS_PER_ORG = [45, 12];

/** Prefix of the provider's message id, by channel. */
const EXTERNAL_ID_PREFIX: Record<MessageChannel, string> = { email: 'em', sms: 'SM', whatsapp: 'wamid.' };

/** Where an organization's seeded messages come from and go to. */
interface Sender {
  org: Org;
  /** Country code of the other party's phone numbers, the organization's own. */
  cc: string;
  /** Mail domain of the organization's support address. */
  domain: string;
}

function seedMessages(org: Org, orgIndex: number, now: number, seed: number): SandboxMessage[] {
  const r = rng(seed * 7919 + orgIndex * 104729 + 1);
  const count = MESSAGES_PER_ORG[orgIndex] ?? 100;
  const sender: Sender = {
    org,
    cc: org.numbers[0]?.startsWith('+1') ? '1' : '39',
    domain: `${org.name.toLowerCase().replace(/[^a-z]+/g, '')}.example`,
  };
  const out: SandboxMessage[] = [];
  let t = now - 60_000;
  for (let i = 0; i < count; i++) {
    // Newest first: each record a few minutes to a few hours older than the one before.
    t -= Math.floor(60_000 + r() * 3 * 3600_000);
    out.push(seedMessage(r, sender, t));
  }
  return out;
}

/** One seeded message at time `t`; the draws from `r` come in a fixed order, so a seed gives the same history. */
function seedMessage(r: () => number, { org, cc, domain }: Sender, t: number): SandboxMessage {
  const channel = pick(r, MESSAGE_CHANNELS);
  const direction = r() < 0.6 ? 'OUTBOUND' : 'INBOUND';
  const status = direction === 'OUTBOUND' ? pick(r, OUTBOUND_STATUSES) : pick(r, INBOUND_STATUSES);
  const email = channel === 'email';
  const ours = email ? `support@${domain}` : pick(r, org.numbers);
  const theirs = email ? `${pick(r, NAMES).toLowerCase()}.${hex(r, 3)}@mail.example` : phone(r, cc);
  const body = pick(r, BODIES)
    .replace('{name}', pick(r, NAMES))
    .replace('{code}', String(100000 + Math.floor(r() * 899999)));
  const outbound = direction === 'OUTBOUND';
  return {
    id: `msg_${hex(r, 16)}`,
    orgId: org.id,
    channel,
    direction,
    status,
    fromAddress: outbound ? ours : theirs,
    toAddress: outbound ? theirs : ours,
    subject: email ? pick(r, SUBJECTS) : null,
    body,
    externalId: status === 'queued' ? null : `${EXTERNAL_ID_PREFIX[channel]}${hex(r, 24)}`,
    errorMessage: status === 'failed' ? pick(r, FAILURES[channel]) : null,
    createdAt: new Date(t).toISOString(),
  };
}

function seedCalls(org: Org, orgIndex: number, now: number, seed: number): SandboxCall[] {
  const r = rng(seed * 15485863 + orgIndex * 32452843 + 7);
  const count = CALLS_PER_ORG[orgIndex] ?? 10;
  const cc = org.numbers[0]?.startsWith('+1') ? '1' : '39';
  const out: SandboxCall[] = [];
  let t = now - 2 * 86400_000;
  for (let i = 0; i < count; i++) {
    t -= Math.floor(600_000 + r() * 8 * 3600_000);
    const direction = r() < 0.7 ? 'OUTBOUND' : 'INBOUND';
    const status = direction === 'INBOUND' ? 'answered' : pick(r, CALL_OUTCOMES);
    const duration = status === 'answered' ? 20 + Math.floor(r() * 400) : status === 'voicemail' ? 25 : 0;
    const ours = pick(r, org.numbers);
    const theirs = phone(r, cc);
    const ring = 5 + Math.floor(r() * 20);
    out.push({
      id: `call_${hex(r, 16)}`,
      orgId: org.id,
      // Seeded history predates any campaign of this sandbox: manual and inbound calls.
      campaignId: null,
      contactIndex: null,
      attempt: 1,
      direction,
      toNumber: direction === 'OUTBOUND' ? theirs : ours,
      fromNumber: direction === 'OUTBOUND' ? ours : theirs,
      status,
      durationSeconds: duration,
      startedAt: new Date(t).toISOString(),
      endedAt: new Date(t + (ring + duration) * 1000).toISOString(),
      createdAt: new Date(t).toISOString(),
    });
  }
  return out.reverse(); // stored oldest first, as the dialer appends
}

function init(state: CoreState, now: number, settings: SandboxSettings): MessagesSlice {
  return {
    messages: state.orgs.flatMap((o, i) => seedMessages(o, i, now, settings.seed)),
    calls: state.orgs.flatMap((o, i) => seedCalls(o, i, now, settings.seed)),
  };
}

const sorted = new WeakMap<object, { length: number; order: unknown[] }>();

/**
 * All of `items` newest first (stable on ties: of two records with the same time, the one stored later is newer).
 * Records are only ever appended, so the order is kept until the list grows: a walk over many pages sorts once.
 */
function newestFirst<T extends { createdAt: string }>(items: T[]): T[] {
  const hit = sorted.get(items);
  if (hit && hit.length === items.length) return hit.order as T[];
  const order = items
    .map((x, i) => [x, i] as const)
    .sort((a, b) => (a[0].createdAt < b[0].createdAt ? 1 : a[0].createdAt > b[0].createdAt ? -1 : b[1] - a[1]))
    .map(([x]) => x);
  sorted.set(items, { length: items.length, order });
  return order;
}

function withoutOrg<T extends { orgId: string }>(x: T): Omit<T, 'orgId'> {
  const { orgId: _o, ...rest } = x;
  return rest;
}

export const messages: ResourceModule<MessagesSlice> = {
  init,
  routes: [
    {
      method: 'GET',
      pattern: '/v1/messages',
      handle: ({ state, org, query }) => {
        const channel = query.get('channel');
        let items = newestFirst(state.messages).filter((m) => m.orgId === org.id);
        if (channel !== null) {
          const parsed = MessageChannel.safeParse(channel);
          if (!parsed.success) throw validationError(parsed.error.issues.map((i) => ({ ...i, path: ['channel'] })));
          items = items.filter((m) => m.channel === parsed.data);
        }
        return paginate(items, query, withoutOrg);
      },
    },
    {
      method: 'POST',
      pattern: '/v1/messages/sms',
      // Reference 4.9: "currently answers with HTTP status 503 (not implemented). Request body: not shown." So
      // 503 whatever the body is, once the key and its scope passed.
      body: 'ignored',
      handle: () => {
        throw new SandboxError(503, 'not_implemented', 'SMS sending is announced but not yet available');
      },
    },
    {
      method: 'GET',
      pattern: '/v1/calls',
      handle: ({ state, org, query }) => {
        const campaignId = query.get('campaignId');
        let items = newestFirst(state.calls).filter((c) => c.orgId === org.id);
        if (campaignId !== null) items = items.filter((c) => c.campaignId === campaignId);
        return paginate(items, query, withoutOrg);
      },
    },
  ],
};
