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
import { listPage, tool, type Tool } from '../tool.js';

export const MESSAGE_TOOLS: Tool[] = [
  tool({
    name: 'messages_list',
    description: 'One page of messages (SMS, email, WhatsApp).',
    input: z.object(toolShape(messagesListCommand)),
    untrusted: ['records'],
    async run(ctx, args) {
      return listPage(ctx, '/v1/messages', Message, args);
    },
  }),
  tool({
    name: 'calls_list',
    description: 'One page of call records.',
    input: z.object(toolShape(callsListCommand)),
    untrusted: ['records'],
    async run(ctx, args) {
      return listPage(ctx, '/v1/calls', Call, args);
    },
  }),
  tool({
    name: 'messages_send_sms',
    description: 'Send an SMS (announced, not offered yet: it answers 503).',
    input: z.object(toolShape(sendSmsCommand)),
    write: true,
    untrusted: ['response'],
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
