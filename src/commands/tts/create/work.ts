// tts create: its work, for both front ends (the CLI's run.ts, the agent's act.ts): the checked body sent.
import type * as z from 'zod/mini';
import type { Factory } from '../../../factory.js';
import { envelope } from '../../../schemas/common.js';
import { TtsCreated, type TtsCreateInput } from '../../../schemas/tts.js';

export interface Created {
  generation: TtsCreated;
  requestId: string | null;
}

/**
 * POST /v1/tts with a body checked by `requestBody` (body.ts): the fields of the API's request schema and nothing
 * else. The CLI reads the text first (--file, stdin); an agent's cost is counted against the session's cap first.
 */
export async function createGeneration(f: Factory, body: z.infer<typeof TtsCreateInput>): Promise<Created> {
  const client = await f.client();
  const res = await client.json({ method: 'POST', path: '/v1/tts', body, signal: f.signal }, envelope(TtsCreated));
  return { generation: res.body.data, requestId: res.requestId ?? null };
}
