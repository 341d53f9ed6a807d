// The gates of one `voicectl mcp` session, pure (no I/O): the spending cap and the plans an agent must have
// been shown before a campaign is created or started (issue 16, "Safe by default").
import { createHash } from 'node:crypto';
import { CliError } from '../errors.js';

/** Refused by a gate of the session: nothing was sent. */
class GateError extends CliError {
  override code = 'refused';
}

/**
 * Tokens this session may spend on generations, counted from each generation's cost (reference 8) before it is
 * sent: a generation that would pass the cap is refused, whatever the balance of the organization.
 */
export class Budget {
  spent = 0;
  constructor(readonly cap: number) {}

  get remaining(): number {
    return this.cap - this.spent;
  }

  /** Counts `cost` against the cap, or throws (and counts nothing) when it would pass it. */
  reserve(cost: number): void {
    if (this.spent + cost > this.cap) {
      throw new GateError(
        `spending cap: this generation costs ${cost} tokens and only ${this.remaining} of the session's ${this.cap} are left; nothing was sent`,
        {
          hints: [
            'The cap is set when the server starts (voicectl mcp --max-tokens N); a shorter text costs less (10 tokens per 100 characters).',
          ],
        },
      );
    }
    this.spent += cost;
  }

  /** Gives back a reservation whose request was refused by the service (nothing was charged). */
  release(cost: number): void {
    this.spent = Math.max(0, this.spent - cost);
  }
}

/** JSON with object keys sorted, so that the same body hashes the same whatever order its fields came in. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

export type PlanKind = 'campaigns_create' | 'campaigns_start';

/** The id of a plan: a hash of what the action would send (the exact body, or the campaign to start). */
export function planId(kind: PlanKind, subject: unknown): string {
  return `plan_${createHash('sha256')
    .update(`${kind}\n${canonicalJson(subject)}`)
    .digest('hex')
    .slice(0, 24)}`;
}

/**
 * Plans shown in this session. An action runs only with the id of a plan this session showed for exactly what
 * it would send, once: computing the hash without having been shown the plan does not pass, and a plan id
 * used once cannot create or start twice.
 */
export class Plans {
  private readonly shown = new Set<string>();

  show(kind: PlanKind, subject: unknown): string {
    const id = planId(kind, subject);
    this.shown.add(id);
    return id;
  }

  /** Consumes `given` if it is the id this session showed for `subject`; otherwise throws, and nothing is sent. */
  take(kind: PlanKind, subject: unknown, given: string): void {
    const id = planId(kind, subject);
    if (given !== id) {
      throw new GateError(
        `planId ${given} does not match ${kind === 'campaigns_create' ? 'this body' : 'this campaign'}: the arguments differ from the plan that was shown; nothing was sent`,
        { hints: ['Call again without planId to get the plan of these arguments, show it, then pass its planId.'] },
      );
    }
    if (!this.shown.delete(id)) {
      throw new GateError(`planId ${given} was not shown in this session, or was already used; nothing was sent`, {
        hints: ['Call again without planId to get the plan, show it, then pass its planId.'],
      });
    }
  }
}
