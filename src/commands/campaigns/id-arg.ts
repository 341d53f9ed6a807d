// The campaign ID argument, declared once for the commands that take one (show, start, results).
import * as z from 'zod/mini';
import type { Args } from '../define.js';

export const CAMPAIGN_ID_ARGS = {
  id: {
    name: '<id>',
    help: 'campaign ID',
    schema: z.string().check(z.trim(), z.minLength(1, 'must not be empty')),
    mcp: { description: 'Campaign ID' },
  },
} satisfies Args;
