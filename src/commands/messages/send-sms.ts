// messages send-sms: POST /v1/messages/sms (reference 4.9). The service announces the endpoint and answers
// 503 for now; the command says so plainly (exit 7). Once it accepts messages, whatever it returns is printed.
import * as z from 'zod/mini';
import { Command } from 'commander';
import { redactData } from '../../api/redact.js';
import { ApiError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import type { SmsRequest } from '../../schemas/messages.js';
import { examples } from '../help.js';

type SendSmsOptions = SmsRequest;

/** The 503 of POST /v1/messages/sms explained: announced, not yet available (reference 4.9). */
export function smsUnavailable(err: ApiError, invocation = 'voicectl'): ApiError {
  return new ApiError(
    {
      status: err.status,
      code: err.apiCode,
      message: 'SMS sending is announced by the API but not yet available: the service answered 503 and sent nothing',
      requestId: err.requestId,
      method: err.method,
      path: err.path,
    },
    [
      ...(err.message && !/^HTTP 503$|not (yet )?(available|implemented)/i.test(err.message)
        ? [`The service said: ${err.message}`]
        : []),
      'No message was sent. Try again when the service announces SMS sending; this command needs no update for it.',
      `Message history is available now: ${invocation} messages list --channel sms`,
    ],
  );
}

async function sendSmsRun(f: Factory, opts: SendSmsOptions): Promise<void> {
  const [{ printRecord }, { write }, { jsonForTerminal }] = await Promise.all([
    import('../../io/output.js'),
    import('../../io/streams.js'),
    import('../../io/safe.js'),
  ]);
  const client = await f.client();
  let res;
  try {
    res = await client.json({ method: 'POST', path: '/v1/messages/sms', body: opts }, z.unknown());
  } catch (err) {
    if (err instanceof ApiError && err.status === 503) throw smsUnavailable(err, f.commandLine.invocation());
    throw err;
  }
  // The response body is not documented: print its data as a record when it is one, else the body itself.
  const body = res.body as { data?: unknown } | null;
  const data = body && typeof body === 'object' && 'data' in body ? body.data : body;
  if (data && typeof data === 'object' && !Array.isArray(data)) {
    await printRecord(f.io, f.output(), data as Record<string, unknown>);
  } else {
    const json = JSON.stringify(redactData(data ?? null, f.redact), null, f.io.stdoutIsTTY ? 2 : undefined);
    await write(f.io.out, `${f.io.stdoutIsTTY ? jsonForTerminal(json) : json}\n`);
  }
  if (f.io.stderrIsTTY) f.warn(`SMS to ${opts.to} accepted by the service (HTTP ${res.status}).`);
}

export function makeSendSmsCommand(f: Factory, run = sendSmsRun): Command {
  const cmd = new Command('send-sms')
    .description(
      'Send an SMS (POST /v1/messages/sms).\n\nThe API announces SMS sending but does not offer it yet: today the service answers 503 and this command exits 7 with that explanation. The request body is not documented; voicectl sends {"to", "body", "from"}.',
    )
    .requiredOption('--to <number>', 'recipient, E.164 (+ and country code, e.g. +393331234567)')
    .requiredOption('--body <text>', 'message text (not empty)')
    .option('--from <number>', 'sender number, E.164 (the service picks one when absent)')
    .action(async (raw: { to?: string; body?: string; from?: string }) => {
      const [{ parseOptions }, { SmsRequest }] = await Promise.all([
        import('../../options.js'),
        import('../../schemas/messages.js'),
      ]);
      await run(f, parseOptions(SmsRequest, { to: raw.to, body: raw.body, from: raw.from }));
    });
  return examples(cmd, [
    'voicectl messages send-sms --to +393331234567 --body "Your order has shipped"',
    'voicectl messages send-sms --to +12125550123 --from +12125550100 --body "See you at 10"',
  ]);
}
