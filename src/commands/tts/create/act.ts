// tts create for an agent (the MCP tool tts_create): the work of work.ts, within the session's spending cap.
import { ApiError } from '../../../errors.js';
import { tokenCost } from '../../../facts.js';
import { chargeableCharacters } from '../../../mcp/session.js';
import type { AgentContext } from '../../agent.js';
import { requestBody } from './body.js';
import type { CreateInput } from './command.js';
import { createGeneration } from './work.js';

/**
 * The generation's cost counted against the session's cap before it is sent; a refusal by the service (4xx:
 * nothing queued) gives it back, and the cap settles on what the service says it charged.
 */
export async function act(ctx: AgentContext, input: CreateInput) {
  const body = requestBody(input, (key) => key);
  const cost = tokenCost(chargeableCharacters(body.text));
  await ctx.budget.reserve(cost);
  let created;
  try {
    created = await createGeneration(ctx.f, body);
  } catch (err) {
    if (err instanceof ApiError && err.status >= 400 && err.status < 500) await ctx.budget.release(cost);
    throw err;
  }
  const { generation, requestId } = created;
  const counted = generation.characterCount;
  const charged = typeof counted === 'number' && counted >= 0 ? tokenCost(counted) : cost;
  const session = await ctx.budget.settle(cost, charged);
  return { ...generation, tokenCost: charged, session, requestId };
}
