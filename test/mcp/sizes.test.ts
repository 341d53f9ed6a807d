import { describe, expect, it } from 'vitest';
import { startSandbox, virtualClock } from '../helpers/cli.js';
import { CAMPAIGN, checked, folderWith, MAX_RESULT, startMcp } from './helpers.js';

describe('a campaign of 1,000 contacts', () => {
  it('every tool result is at most 25,000 characters, and paging the results reaches every contact', async () => {
    const clock = virtualClock(Date.parse('2026-03-02T09:00:00Z'));
    const sandbox = await startSandbox({ callingWindow: 'ignore', dialerLines: 50 }, clock);
    const contacts = Array.from({ length: 1000 }, (_, i) => ({
      phone_number: `+3933300${String(i).padStart(5, '0')}`,
      first_name: `Contact ${i}`,
      contact_attempts: [{ phone_number: `+3934700${String(i).padStart(5, '0')}` }],
    }));
    const dir = folderWith({ 'big.json': JSON.stringify(contacts) });
    const s = await startMcp(sandbox, ['--allow-write', '--dir', dir], { clock });
    const call = async (name: string, args: Record<string, unknown>) => checked(name, await s.call(name, args));
    try {
      const args = { ...CAMPAIGN, contactsFile: 'big.json', maxRetries: 1, retryDelayMinutes: 10 };
      const plan = await call('campaigns_create', args);
      const created = await call('campaigns_create', { ...args, planId: plan.planId });
      const id = (created.campaign as { id: string }).id;
      await call('campaigns_show', { id });
      const startPlan = await call('campaigns_start', { id });
      await call('campaigns_start', { id, planId: startPlan.planId });
      let waited = await call('campaigns_wait', { ids: [id], timeoutSeconds: 50 });
      for (let i = 0; i < 20 && !waited.done; i++)
        waited = await call('campaigns_wait', { ids: [id], timeoutSeconds: 50 });
      expect(waited.done).toBe(true);
      await call('campaigns_list', {});
      const seen = new Set<string>();
      let page: number | undefined = 1;
      while (page !== undefined) {
        const r = await call('campaigns_results', { id, page });
        for (const row of r.rows as { phone_number: string }[]) seen.add(row.phone_number);
        page = r.nextPage as number | undefined;
      }
      expect(seen.size).toBe(1000);
      const followUp = await call('campaigns_results', { id, status: 'not_reached', followUp: true });
      expect(followUp.contacts).toBeDefined();
    } finally {
      await s.close();
      await sandbox.close();
    }
  }, 60_000);
});

describe('long texts in lists', () => {
  it('tts_list cuts each text to 300 characters and gives its length; tts_get has it whole', async () => {
    const sandbox = await startSandbox();
    const s = await startMcp(sandbox, ['--allow-write', '--max-tokens', '20000']);
    try {
      const long = 'a'.repeat(10_000);
      for (let i = 0; i < 20; i++) expect((await s.call('tts_create', { text: long })).isError).toBe(false);
      const page = await s.call('tts_list', {});
      expect(page.text.length).toBeLessThanOrEqual(MAX_RESULT);
      const [first] = page.data.records as { id: string; text: string; textLength: number }[];
      expect(first.text).toBe(`${'a'.repeat(300)}…`);
      expect(first.textLength).toBe(10_000);
      expect(((await s.call('tts_get', { id: first.id })).data as { text: string }).text).toBe(long);
    } finally {
      await s.close();
      await sandbox.close();
    }
  });
});
