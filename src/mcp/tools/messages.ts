// Messages, calls and SMS (reference 2.4, 4.8-4.10).
import * as z from 'zod/mini';
import { smsUnavailable } from '../../commands/messages/sms-unavailable.js';
import { ApiError } from '../../errors.js';
import { MESSAGE_CHANNELS, orList } from '../../facts.js';
import { Call } from '../../schemas/calls.js';
import { Message, MessageChannel, SmsRequest } from '../../schemas/messages.js';
import { described, listPage, pageShape, tool, type Tool, UNTRUSTED } from '../tool.js';

export const MESSAGE_TOOLS: Tool[] = [
  tool({
    name: 'messages_list',
    title: 'List messages',
    description: `One page of the organization's message history (GET /v1/messages): SMS, email and WhatsApp, with channel, direction, status, addresses, subject, body and createdAt. ${UNTRUSTED}`,
    input: z.object({
      channel: described(z.optional(MessageChannel), `Only this channel: ${orList(MESSAGE_CHANNELS)}`),
      ...pageShape,
    }),
    async run(ctx, args) {
      return listPage(ctx, '/v1/messages', Message, args);
    },
  }),
  tool({
    name: 'calls_list',
    title: 'List calls',
    description: `One page of call records (GET /v1/calls). The reference does not document their fields: they are returned as the service sends them. ${UNTRUSTED}`,
    input: z.object({
      campaignId: described(
        z.optional(z.string().check(z.minLength(1, 'must not be empty'))),
        'Only calls of this campaign (a query parameter the reference does not document)',
      ),
      ...pageShape,
    }),
    async run(ctx, args) {
      return listPage(ctx, '/v1/calls', Call, args);
    },
  }),
  tool({
    name: 'messages_send_sms',
    title: 'Send an SMS (announced, not yet available)',
    description:
      'Send an SMS (POST /v1/messages/sms, reference 4.9). The API announces it but does not offer it yet: today the service answers 503 and nothing is sent; the error says so. The body sent is {to, body, from} (not documented by the reference).',
    input: z.object({
      to: described(SmsRequest.shape.to, 'Recipient, E.164 such as +393331234567'),
      body: described(SmsRequest.shape.body, 'Message text, not empty'),
      from: described(SmsRequest.shape.from, 'Sender number, E.164 (the service picks one when absent)'),
    }),
    write: true,
    async run(ctx, args) {
      const client = await ctx.f.client();
      try {
        const res = await client.json(
          { method: 'POST', path: '/v1/messages/sms', body: args, signal: ctx.f.signal },
          z.unknown(),
        );
        return { sent: true, response: res.body as unknown, requestId: res.requestId ?? null };
      } catch (err) {
        if (err instanceof ApiError && err.status === 503) throw smsUnavailable(err);
        throw err;
      }
    },
  }),
];
