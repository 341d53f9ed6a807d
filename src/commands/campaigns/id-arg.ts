// The campaign ID argument, declared once for the commands that take one (show, start, results).
import * as z from 'zod/mini';
import { type Args, described } from '../define.js';

/** The field of a tool that acts only after its plan was shown: absent, the plan; given, the action. */
export const PLAN_ID = described(z.optional(z.string()), 'From the plan; omit first');

export const CAMPAIGN_ID_ARGS = {
  id: {
    name: '<id>',
    help: 'campaign ID',
    schema: z.string().check(z.trim(), z.minLength(1, 'must not be empty')),
    mcp: { description: 'Campaign ID' },
  },
} satisfies Args;
