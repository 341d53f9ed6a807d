// The argument of the profiles verbs that name a stored profile.
import * as z from 'zod/mini';
import type { Arg } from '../define.js';

export const profileArg = {
  name: '<name>',
  help: 'profile name',
  schema: z.string(),
  complete: 'profiles',
} satisfies Arg;
