// Call records (reference 4.10: GET /v1/calls is shown only as a pagination example; its fields are
// not). The CLI reads them loosely and renders what comes back; the sandbox writes the fields below.
import * as z from 'zod/mini';
import type { CallOutcome } from '../facts.js';

export const Call = z.looseObject({
  id: z.string(),
});
export type Call = z.infer<typeof Call>;

/** What the sandbox stores and returns for a call (the dialer writes these; history is seeded). */
export interface SandboxCall {
  id: string;
  orgId: string;
  campaignId: string | null;
  /** Index of the contact in the campaign's contacts. */
  contactIndex: number | null;
  attempt: number;
  direction: 'OUTBOUND' | 'INBOUND';
  toNumber: string;
  fromNumber: string;
  status: CallOutcome;
  durationSeconds: number;
  startedAt: string;
  endedAt: string;
  createdAt: string;
}
