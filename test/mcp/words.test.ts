// Errors in the caller's language: an MCP tool's errors name its arguments (from the same declaration the command's
// flags come from), a hint names a tool rather than a command line, every rule is said in our words (never zod's
// "expected boolean, received string"), and a number or a boolean sent as a string is read as what it spells.
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server.js';
import { ROOT, startSandbox, tempDir } from '../helpers/cli.js';
import { type McpSession, startMcp } from './helpers.js';

let sandbox: Sandbox;
let session: McpSession | undefined;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
});
afterEach(async () => {
  await session?.close();
  session = undefined;
});

const CAMPAIGN = {
  name: 'Words',
  agentId: 'agent_sales',
  fromNumber: '+390212345678',
  contacts: [{ phone_number: '+393331234567', contact_attempts: ['+390612345678'] }],
};

async function open(dir?: string): Promise<McpSession> {
  session = await startMcp(sandbox, ['--allow-write', ...(dir ? ['--dir', dir] : [])]);
  return session;
}

describe('errors name the tool arguments', () => {
  it('a CSV of national numbers without a country: defaultCountry, never --default-country', async () => {
    const dir = tempDir('voicectl-words-');
    copyFileSync(join(ROOT, 'fixtures/contacts/italian-national.csv'), join(dir, 'leads.csv'));
    const s = await open(dir);
    const r = await s.call('contacts_convert', { file: 'leads.csv' });
    expect(r.isError).toBe(true);
    expect(r.text).toContain('defaultCountry');
    expect(r.text).not.toContain('--default-country');
  });

  it('a CSV with invalid rows given to campaigns_create points to contacts_convert with skipInvalid', async () => {
    const dir = tempDir('voicectl-words-');
    writeFileSync(join(dir, 'leads.csv'), 'phone_number,name\n+393331234567,Anna\n12,Bruno\n');
    const s = await open(dir);
    const before = sandbox.requests('POST', '/v1/campaigns').length;
    const r = await s.call('campaigns_create', { ...CAMPAIGN, contacts: undefined, contactsFile: 'leads.csv' });
    expect(r.isError).toBe(true);
    expect(r.text).toContain('1 error in 1 row');
    expect(r.text).toContain('contacts_convert with skipInvalid true, then its output as contactsFile');
    expect(sandbox.requests('POST', '/v1/campaigns')).toHaveLength(before);
  });

  it('a campaign never started: the hint names campaigns_start, not the command line', async () => {
    const s = await open();
    const plan = await s.call('campaigns_create', CAMPAIGN);
    const created = await s.call('campaigns_create', { ...CAMPAIGN, planId: plan.data.planId });
    const id = (created.data.campaign as { id: string }).id;
    const r = await s.call('campaigns_wait', { ids: [id], timeoutSeconds: 1 });
    expect(r.isError).toBe(true);
    expect(r.text).toContain('is DRAFT: it will not finish by itself');
    expect(r.text).toContain('campaigns_start');
    expect(r.text).not.toContain('voicectl');
  });
});

describe('one coercion rule, and our own words', () => {
  it('numbers and booleans sent as strings are read as what they spell, for every field', async () => {
    const s = await open();
    const plan = await s.call('campaigns_create', { ...CAMPAIGN, maxRetries: '1', retryDelayMinutes: '10' });
    expect(plan.isError, plan.text).toBe(false);
    expect(plan.data.body).toMatchObject({ maxRetries: 1, retryDelayMinutes: 10 });
    expect(plan.data.attemptsPerContact).toBe(2);
    const page = await s.call('campaigns_list', { page: '1' });
    expect(page.isError, page.text).toBe(false);
    const days = await s.call('campaigns_create', { ...CAMPAIGN, callingDays: ['1', '2'] });
    expect(days.isError, days.text).toBe(false);
    expect(days.data.body).toMatchObject({ callingDays: [1, 2] });
  });

  it('a value of the wrong kind is refused in our words, naming the argument and the value', async () => {
    const s = await open(tempDir('voicectl-words-'));
    const cases: [string, Record<string, unknown>, string][] = [
      ['campaigns_create', { ...CAMPAIGN, maxRetries: 'one' }, 'maxRetries: must be a whole number (got "one")'],
      ['campaigns_create', { ...CAMPAIGN, maxRetries: '6' }, 'maxRetries: must be'],
      ['contacts_convert', { file: 'x.csv', skipInvalid: 3 }, 'skipInvalid: must be true or false'],
      ['campaigns_results', { id: 'cmp_1', followUp: 'yes' }, 'followUp: must be true or false (got "yes")'],
      ['tts_wait', { ids: 'tts_1' }, 'ids: must be a list of generation IDs'],
    ];
    for (const [tool, args, said] of cases) {
      const r = await s.call(tool, args);
      expect(r.isError, `${tool} ${JSON.stringify(args)}`).toBe(true);
      expect(r.text).toContain(said);
      expect(r.text).not.toMatch(/expected \w+, received|Invalid input/);
    }
  });
});
