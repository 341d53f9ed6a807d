import { describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server.js';
import { startSandbox, tempDir, virtualClock } from '../helpers/cli.js';
import { CAMPAIGN, checked, folderWith, startMcp } from './helpers.js';

const CSV = [
  'name,Mobile,contact_attempts.1.phone_number',
  'Anna,333 123 4567,06 1234 5678',
  'Bruno,347 765 4321,',
  '',
].join('\n');

type Call = (name: string, args: Record<string, unknown>) => Promise<Record<string, unknown>>;

/** The job, step by step, through `call`; each result checked for its size. */
async function journey(call: Call): Promise<void> {
  const converted = await call('contacts_convert', { file: 'leads.csv', defaultCountry: 'IT' });
  expect(converted).toMatchObject({ contacts: 2, output: expect.stringMatching(/leads\.contacts\.json$/) });
  // The note on which column was read as the number reaches the agent, not only the server's stderr.
  expect(String(converted.notes)).toContain('Mobile');

  const args = { ...CAMPAIGN, contactsFile: 'leads.contacts.json' };
  const plan = await call('campaigns_create', args);
  expect(plan.sent).toBe(false);
  // The default maxRetries 0 calls each contact once: Anna's alternative is never dialled, and the plan says so.
  expect(String(plan.warnings)).toContain('1 alternative number (contact_attempts) will never be dialled');
  const created = await call('campaigns_create', { ...args, planId: plan.planId });
  const id = (created.campaign as { id: string }).id;
  expect(created.sent).toBe(true);

  const startPlan = await call('campaigns_start', { id });
  const started = await call('campaigns_start', { id, planId: startPlan.planId });
  expect(started.sent).toBe(true);

  const waited = await call('campaigns_wait', { ids: [id] });
  expect(waited).toMatchObject({ done: true, pending: [], campaigns: [{ id, status: 'COMPLETED' }] });
  // A finished campaign gets no plan: its start would be refused.
  await expect(call('campaigns_start', { id })).rejects.toThrow(/is COMPLETED: the API starts only/);

  const results = await call('campaigns_results', { id });
  expect(results.rows).toHaveLength(2);
  expect(results).toMatchObject({ pagination: { page: 1, totalPages: 1, rows: 2 } });
  expect((results.reached as number) + (results.notReached as number)).toBe(2);
}

describe('the whole job through MCP: CSV, convert, plan, create, start, wait, results', () => {
  it('with the TypeScript SDK client, one server for the session', async () => {
    const clock = virtualClock(Date.parse('2026-03-02T09:00:00Z'));
    const sandbox = await startSandbox({ callingWindow: 'ignore' }, clock);
    const dir = folderWith({ 'leads.csv': CSV });
    const s = await startMcp(sandbox, ['--allow-write', '--dir', dir], { clock });
    try {
      await journey(async (name, args) => checked(name, await s.call(name, args)));
    } finally {
      await s.close();
      await sandbox.close();
    }
  });

  it('with a client that starts a new server for every call', async () => {
    const sandbox: Sandbox = await startSandbox({ callingWindow: 'ignore', timeScale: 1_000_000 });
    const dir = folderWith({ 'leads.csv': CSV });
    const config = tempDir('voicectl-journey-config-');
    try {
      await journey(async (name, args) => {
        const s = await startMcp(sandbox, ['--allow-write', '--dir', dir], { process: true, configDir: config });
        try {
          return checked(name, await s.call(name, args));
        } finally {
          await s.close();
        }
      });
    } finally {
      await sandbox.close();
    }
  }, 60_000);
});
