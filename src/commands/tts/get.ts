// tts get: GET /v1/tts/{id} (reference 4.2).
import type { Factory } from '../../factory.js';
import { printRecord } from '../../io/output.js';
import { parseOptions } from '../../options.js';
import * as z from 'zod';
import { fetchGeneration } from '../../tts/wait.js';
import { GENERATION_FIELDS } from './shared.js';

export async function getRun(f: Factory, rawId: string): Promise<void> {
  const id = parseOptions(z.string().trim().min(1, 'must not be empty'), rawId, { '': '<id>' });
  const client = await f.client();
  const g = await fetchGeneration(client, id, f.signal);
  await printRecord(f.io, f.output(), g, GENERATION_FIELDS);
}
