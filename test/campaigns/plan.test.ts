// The attempt plan (src/campaigns/plan.ts) is pure: every strategy, for contacts with 0, 1 and 3
// alternatives and caller-ID lists of 0, 1 and 2 numbers, checked against the rules stated in README.
import { describe, expect, it } from 'vitest';
import {
  callerIdIndex,
  contactEntryIndex,
  planCampaign,
  planContact,
  type PlanInput,
} from '../../src/campaigns/plan.js';
import { STRATEGIES, type Strategy } from '../../src/schemas/campaigns.js';
import type { Contact } from '../../src/schemas/contacts.js';

const MAIN = '+390200000000';
const FROM = ['+390211111111', '+390222222222'];
const contact = (alts: number, extra: Record<string, unknown> = {}): Contact => ({
  phone_number: '+393330000000',
  name: 'Main',
  ...extra,
  ...(alts
    ? { contact_attempts: Array.from({ length: alts }, (_, i) => ({ phone_number: `+39333000000${i + 1}` })) }
    : {}),
});
const alt = (i: number) => `+39333000000${i + 1}`;

const base = (over: Partial<PlanInput> = {}): PlanInput => ({
  fromNumber: MAIN,
  contacts: [contact(0)],
  maxRetries: 5,
  ...over,
});
const dialled = (p: PlanInput, c: Contact) => planContact(p, c, 0).attempts.map((a) => a.toNumber);
const callerIds = (p: PlanInput) => planContact(p, p.contacts[0], 0).attempts.map((a) => a.fromNumber);

describe('number dialled', () => {
  const expected: Record<Strategy, Record<number, string[]>> = {
    rolling: {
      0: Array(6).fill('+393330000000'),
      1: ['+393330000000', alt(0), alt(0), alt(0), alt(0), alt(0)],
      3: ['+393330000000', alt(0), alt(1), alt(2), alt(0), alt(1)],
    },
    clamp: {
      0: Array(6).fill('+393330000000'),
      1: ['+393330000000', alt(0), alt(0), alt(0), alt(0), alt(0)],
      3: ['+393330000000', alt(0), alt(1), alt(2), alt(2), alt(2)],
    },
    custom: {
      0: Array(6).fill('+393330000000'),
      1: ['+393330000000', alt(0), '+393330000000', '+393330000000', '+393330000000', '+393330000000'],
      3: ['+393330000000', alt(0), alt(1), alt(2), '+393330000000', '+393330000000'],
    },
  };
  for (const s of STRATEGIES) {
    for (const n of [0, 1, 3]) {
      it(`${s}, ${n} alternatives, 6 attempts`, () => {
        expect(dialled(base({ contactAttemptStrategy: s }), contact(n))).toEqual(expected[s][n]);
      });
    }
  }

  it('attempt 1 always dials phone_number, attempt k >= 2 contact_attempts[k-2] while it exists', () => {
    for (const s of STRATEGIES) {
      for (let n = 0; n <= 5; n++) {
        for (let k = 1; k <= 6; k++) {
          const i = contactEntryIndex(n, k, s);
          if (k === 1) expect(i).toBe(-1);
          else if (k - 2 < n) expect(i).toBe(k - 2);
          else if (n === 0) expect(i).toBe(-1);
          else expect(i).toBe(s === 'rolling' ? (k - 2) % n : s === 'clamp' ? n - 1 : -1);
        }
      }
    }
  });

  it("an entry overrides the contact's fields for its attempt only", () => {
    const c: Contact = {
      phone_number: '+393330000000',
      name: 'Anna',
      city: 'Roma',
      contact_attempts: [{ phone_number: alt(0), name: 'Anna (office)' }],
    };
    const [a1, a2, a3] = planContact(base({ maxRetries: 2, contactAttemptStrategy: 'custom' }), c, 0).attempts;
    expect(a1.fields).toEqual({ name: 'Anna', city: 'Roma' });
    expect(a2.fields).toEqual({ name: 'Anna (office)', city: 'Roma' });
    expect(a2.toSource).toBe('contact_attempts[0]');
    expect(a3.fields).toEqual({ name: 'Anna', city: 'Roma' });
    expect(a3.toSource).toBe('phone_number');
  });
});

describe('caller ID', () => {
  it('no list: fromNumber at every attempt, whatever the strategy', () => {
    for (const s of STRATEGIES) expect(callerIds(base({ fromNumberStrategy: s }))).toEqual(Array(6).fill(MAIN));
    expect(callerIds(base({ fromNumberAttempts: [] }))).toEqual(Array(6).fill(MAIN));
  });

  it('rolling cycles through fromNumberAttempts', () => {
    expect(callerIds(base({ fromNumberAttempts: FROM, fromNumberStrategy: 'rolling' }))).toEqual([
      FROM[0],
      FROM[1],
      FROM[0],
      FROM[1],
      FROM[0],
      FROM[1],
    ]);
  });

  it('clamp repeats the last entry', () => {
    expect(callerIds(base({ fromNumberAttempts: FROM, fromNumberStrategy: 'clamp' }))).toEqual([
      FROM[0],
      FROM[1],
      FROM[1],
      FROM[1],
      FROM[1],
      FROM[1],
    ]);
  });

  it('custom falls back to fromNumber past the end', () => {
    expect(callerIds(base({ fromNumberAttempts: FROM, fromNumberStrategy: 'custom' }))).toEqual([
      FROM[0],
      FROM[1],
      MAIN,
      MAIN,
      MAIN,
      MAIN,
    ]);
  });

  it('a list at least as long as the attempts is used in order by every strategy', () => {
    const six = Array.from({ length: 6 }, (_, i) => `+39021000000${i}`);
    for (const s of STRATEGIES)
      expect(callerIds(base({ fromNumberAttempts: six, fromNumberStrategy: s }))).toEqual(six);
  });

  it('index rule: fromNumberAttempts[k-1] while it exists', () => {
    for (const s of STRATEGIES) {
      for (let n = 0; n <= 4; n++) {
        for (let k = 1; k <= 6; k++) {
          const i = callerIdIndex(n, k, s);
          if (n === 0) expect(i).toBe(-1);
          else if (k - 1 < n) expect(i).toBe(k - 1);
          else expect(i).toBe(s === 'rolling' ? (k - 1) % n : s === 'clamp' ? n - 1 : -1);
        }
      }
    }
  });

  it('fromNumberAttempts is used only when maxRetries > 0 (reference 4.4): maxRetries 0 calls from fromNumber', () => {
    expect(callerIds(base({ fromNumberAttempts: FROM, maxRetries: 0 }))).toEqual([MAIN]);
    expect(callerIds(base({ fromNumberAttempts: FROM, maxRetries: 1 }))).toEqual([FROM[0], FROM[1]]);
  });

  it('without a strategy the plan reads rolling (CAMPAIGN_DEFAULTS.strategy)', () => {
    expect(callerIds(base({ fromNumberAttempts: FROM }))).toEqual(
      callerIds(base({ fromNumberAttempts: FROM, fromNumberStrategy: 'rolling' })),
    );
    expect(dialled(base(), contact(3))).toEqual(dialled(base({ contactAttemptStrategy: 'rolling' }), contact(3)));
  });
});

describe('attempts', () => {
  it('1 + maxRetries attempts per contact, numbered from 1', () => {
    for (let r = 0; r <= 5; r++) {
      const p = planContact(base({ maxRetries: r }), contact(1), 0);
      expect(p.attempts.map((a) => a.attempt)).toEqual(Array.from({ length: r + 1 }, (_, i) => i + 1));
    }
    expect(planContact({ fromNumber: MAIN, contacts: [] }, contact(1), 0).attempts).toHaveLength(1);
  });

  it('planCampaign plans every contact, or the first N', () => {
    const p = base({ contacts: [contact(0), contact(1), contact(3)] });
    expect(planCampaign(p).map((c) => c.contactIndex)).toEqual([0, 1, 2]);
    expect(planCampaign(p, 2).map((c) => c.contactIndex)).toEqual([0, 1]);
    expect(planCampaign(p, 10)).toHaveLength(3);
  });

  it('strategies for caller IDs and contacts are independent', () => {
    const p = base({
      maxRetries: 3,
      fromNumberAttempts: FROM,
      fromNumberStrategy: 'custom',
      contactAttemptStrategy: 'clamp',
      contacts: [contact(1)],
    });
    expect(planContact(p, p.contacts[0], 0).attempts.map((a) => [a.toNumber, a.fromNumber])).toEqual([
      ['+393330000000', FROM[0]],
      [alt(0), FROM[1]],
      [alt(0), MAIN],
      [alt(0), MAIN],
    ]);
  });
});
