// Messages (reference 2.4, 3.3, 4.8, 4.9). The Message record is read loosely: unknown fields pass through,
// and only id, channel and createdAt are required, since a delivery status or an address may be absent.
import * as z from 'zod/mini';
import { MESSAGE_CHANNELS } from '../facts.js';
export { MESSAGE_CHANNELS };
import { E164 } from './common.js';

export const MessageChannel = z.enum(MESSAGE_CHANNELS, { error: `must be one of ${MESSAGE_CHANNELS.join(', ')}` });
export type MessageChannel = z.infer<typeof MessageChannel>;

const MESSAGE_DIRECTIONS = ['INBOUND', 'OUTBOUND'] as const;

export const Message = z.looseObject({
  id: z.string(),
  channel: z.string(),
  direction: z.nullish(z.string()),
  /** Delivery status: its values are "not shown" (3.3), so any string. */
  status: z.nullish(z.string()),
  fromAddress: z.nullish(z.string()),
  toAddress: z.nullish(z.string()),
  subject: z.nullish(z.string()),
  body: z.nullish(z.string()),
  externalId: z.nullish(z.string()),
  errorMessage: z.nullish(z.string()),
  createdAt: z.string(),
});
export type Message = z.infer<typeof Message>;

/** Filters of GET /v1/messages the CLI validates before sending (4.8): typed in any case, sent as the API spells them. */

/**
 * Body of POST /v1/messages/sms. The reference announces the endpoint but does not show its body (4.9);
 * we chose {to, body, from?}, the field names of the Message record without "Address", E.164 numbers as
 * everywhere else in the reference. When the real body is published, this is the one place to change.
 */
export const SmsRequest = z.object({
  to: E164,
  body: z.string().check(z.refine((s) => s.trim() !== '', 'must not be empty')),
  from: z.optional(E164),
});
export type SmsRequest = z.infer<typeof SmsRequest>;

/** What the sandbox stores (the fields of 2.4, plus the organization). */
export interface SandboxMessage {
  id: string;
  orgId: string;
  channel: MessageChannel;
  direction: (typeof MESSAGE_DIRECTIONS)[number];
  status: string;
  fromAddress: string;
  toAddress: string;
  subject: string | null;
  body: string;
  externalId: string | null;
  errorMessage: string | null;
  createdAt: string;
}
