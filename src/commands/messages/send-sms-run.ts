// messages send-sms: what it runs (the declaration is send-sms.ts).
import * as z from 'zod/mini';
import { ApiError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { printJson, printRecord } from '../../io/output.js';
import type { SendSmsOptions } from './send-sms.js';
import { smsUnavailable } from './sms-unavailable.js';

export async function run(f: Factory, opts: SendSmsOptions): Promise<void> {
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
    await printJson(f.io, f.output(), data ?? null);
  }
  if (f.io.stderrIsTTY) f.log.warn(`SMS to ${opts.to} accepted by the service (HTTP ${res.status}).`);
}
