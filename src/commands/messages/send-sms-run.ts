// messages send-sms: what it runs (the declaration is send-sms.ts).
import * as z from 'zod/mini';
import { ApiError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { printJson, printRecord } from '../../io/output.js';
import { SmsRequest } from '../../schemas/messages.js';
import type { SendSmsOptions } from './send-sms.js';
import { smsUnavailable } from './sms-unavailable.js';

/** POST /v1/messages/sms with the fields of the API's request schema, and nothing else `input` holds. */
async function send(f: Factory, input: Partial<SmsRequest>, history: string) {
  const body = z.parse(SmsRequest, { to: input.to, body: input.body, from: input.from });
  const client = await f.client();
  try {
    return await client.json({ method: 'POST', path: '/v1/messages/sms', body, signal: f.signal }, z.unknown());
  } catch (err) {
    if (err instanceof ApiError && err.status === 503) throw smsUnavailable(err, history);
    throw err;
  }
}

export async function run(f: Factory, opts: SendSmsOptions): Promise<void> {
  const res = await send(f, opts, `${f.commandLine.invocation()} messages list --channel sms`);
  // The response body is not documented: print its data as a record when it is one, else the body itself.
  const body = res.body as { data?: unknown } | null;
  const data = body && typeof body === 'object' && 'data' in body ? body.data : body;
  if (data && typeof data === 'object' && !Array.isArray(data)) {
    await printRecord(f.io, f.output(), data as Record<string, unknown>);
  } else {
    await printJson(f.io, f.output(), data ?? null);
  }
  if (f.io.stderrIsTTY) f.log.warn(`SMS to ${opts.to} accepted by the service (HTTP ${res.status}).`);
}
