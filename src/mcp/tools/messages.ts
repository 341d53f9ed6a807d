// Messages, calls and SMS (reference 2.4, 4.8-4.10).
import * as z from 'zod/mini';
import { smsUnavailable } from '../../commands/messages/sms-unavailable.js';
import { listCommand as callsListCommand } from '../../commands/calls/list.js';
import { toolShape } from '../../commands/define.js';
import { listCommand as messagesListCommand } from '../../commands/messages/list.js';
import { sendSmsCommand } from '../../commands/messages/send-sms.js';
import { ApiError } from '../../errors.js';
import { Call } from '../../schemas/calls.js';
import { Message } from '../../schemas/messages.js';
import { listPage, tool, type Tool, UNTRUSTED } from '../tool.js';

export const MESSAGE_TOOLS: Tool[] = [
  tool({
    name: 'messages_list',
    title: 'List messages',
    description: `One page of the organization's message history (GET /v1/messages): SMS, email and WhatsApp, with channel, direction, status, addresses, subject, body and createdAt. ${UNTRUSTED}`,
    input: z.object(toolShape(messagesListCommand)),
    async run(ctx, args) {
      return listPage(ctx, '/v1/messages', Message, args);
    },
  }),
  tool({
    name: 'calls_list',
    title: 'List calls',
    description: `One page of call records (GET /v1/calls). The reference does not document their fields: they are returned as the service sends them. ${UNTRUSTED}`,
    input: z.object(toolShape(callsListCommand)),
    async run(ctx, args) {
      return listPage(ctx, '/v1/calls', Call, args);
    },
  }),
  tool({
    name: 'messages_send_sms',
    title: 'Send an SMS (announced, not yet available)',
    description:
      'Send an SMS (POST /v1/messages/sms, reference 4.9). The API announces it but does not offer it yet: today the service answers 503 and nothing is sent; the error says so. The body sent is {to, body, from} (not documented by the reference).',
    input: z.object(toolShape(sendSmsCommand)),
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
