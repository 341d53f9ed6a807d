// `campaigns create`'s flags to the body it would send, without the CLI: the steps its run takes (the options
// schema's conversions, applyFlags, validateBody with the caller-ID check), for the property tests. The one place
// these tests name those steps: if they move, this file follows.
import { expect } from 'vitest';
import * as z from 'zod/mini';
import { validateBody } from '../../src/campaigns/body.js';
import { applyFlags } from '../../src/campaigns/flags.js';
import { checkE164 } from '../../src/contacts/phone.js';
import { UsageError } from '../../src/errors.js';
import { parseOptions } from '../../src/options.js';
import { BodyFlagOptions } from '../../src/commands/campaigns/create/command.js';
import { ORG_NUMBER } from './arbitraries.js';

// Each case costs well under a millisecond here (no CLI run): more of them than the CLI could afford.
export const RUNS = { numRuns: 200 };
const CONTACTS = [{ phone_number: '+393331234567', first_name: 'Anna' }];

export interface Run {
  /** The body that would be sent. */
  body?: Record<string, unknown>;
  /** The usage error's message (the CLI prints it after "error: " and exits 2). */
  error?: string;
}

const camel = (flag: string) => flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** The body `campaigns create` would send for the required flags and `extra` (flag names as typed), or its usage error. */
export function create(extra: Record<string, string>, switches: { start?: boolean } = {}): Run {
  const raw: Record<string, unknown> = { name: 'Property', agent: 'agent_sales', ...switches };
  if (!('from' in extra)) raw.from = ORG_NUMBER;
  for (const [k, v] of Object.entries(extra)) raw[camel(k)] = v;
  try {
    const flags = parseOptions(z.looseObject(BodyFlagOptions.shape), raw);
    const { body, fromFlags } = applyFlags({}, flags);
    body.contacts = CONTACTS;
    fromFlags.add('contacts');
    const { request } = validateBody(body, {
      fromFlags,
      now: Date.now(),
      windowFlag: flags.window !== undefined,
      checkCallerId: (v) => checkE164(v, { anyType: true }),
    });
    return { body: JSON.parse(JSON.stringify(request)) }; // as it goes out: JSON (-0 is sent as 0)
  } catch (err) {
    if (err instanceof UsageError) return { error: err.message };
    throw err; // anything else would be a crash of the command
  }
}

export function expectRejected(run: Run, flag: string): void {
  expect(run.body, `expected a usage error naming ${flag}`).toBeUndefined();
  expect(run.error?.split('\n')[0], run.error).toContain(flag);
}

export function expectCreated(run: Run): Record<string, unknown> {
  expect(run.error).toBeUndefined();
  return run.body!;
}
