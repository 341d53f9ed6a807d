// messages send-sms: POST /v1/messages/sms (reference 4.9). The service announces the endpoint and answers
// 503 for now; the command says so plainly (exit 7). Once it accepts messages, whatever it returns is printed.
import { SmsRequest } from '../../schemas/messages.js';
import { defineCommand, type Flags, type Options } from '../define.js';

const flags = {
  to: {
    flag: '--to <number>',
    help: 'recipient, E.164 (+ and country code, e.g. +393331234567)',
    schema: SmsRequest.shape.to,
    mandatory: true,
  },
  body: {
    flag: '--body <text>',
    help: 'message text (not empty)',
    schema: SmsRequest.shape.body,
    mandatory: true,
  },
  from: {
    flag: '--from <number>',
    help: 'sender number, E.164 (the service picks one when absent)',
    schema: SmsRequest.shape.from,
  },
} satisfies Flags;

export type SendSmsOptions = Options<typeof flags>;

// Not an MCP tool: the service answers 503 to every SMS today (reference 4.9), and the tool list is read in every
// conversation.
export const sendSmsCommand = defineCommand({
  name: 'send-sms',
  summary: 'Send an SMS (POST /v1/messages/sms).',
  description:
    'The API announces SMS sending but does not offer it yet: today the service answers 503 and this command exits 7 with that explanation. The request body is not documented; voicectl sends {"to", "body", "from"}.',
  examples: [
    'voicectl messages send-sms --to +393331234567 --body "Your order has shipped"',
    'voicectl messages send-sms --to +12125550123 --from +12125550100 --body "See you at 10"',
  ],

  flags,
  load: () => import('./send-sms-run.js'),
});
