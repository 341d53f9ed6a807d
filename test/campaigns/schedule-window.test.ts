// A start scheduled outside the calling window is said, with when the first calls may start: a day not in --days
// (the last good day and the first bad one), and a time outside --window. No warning inside the window.
import { describe, expect, it } from 'vitest';
import { cli, ROOT, useSandbox, virtualClock } from '../helpers/cli.js';

const sandbox = useSandbox();
const clock = virtualClock(Date.parse('2026-11-28T09:00:00Z'));
const create = (scheduledAt: string) =>
  cli(
    [
      ...['campaigns', 'create', '--name', 'Week', '--agent', 'agent_sales', '--from', '+390212345678'],
      ...['--contacts', `${ROOT}fixtures/campaigns/contacts.json`, '--days', '1,2,3,4,5', '--window', '09:00-18:00'],
      ...['--timezone', 'Europe/Rome', '--scheduled-at', scheduledAt, '--dry-run'],
    ],
    { sandbox, clock },
  );

describe('a scheduled start outside the calling window', () => {
  it('Friday 17:59 (inside): no warning', async () => {
    const r = await create('2026-12-04T17:59');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toContain('--scheduled-at');
  });

  it('Saturday 10:00 (not a calling day): a warning with the first moment a call may start', async () => {
    const r = await create('2026-12-05T10:00');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(
      'warning: --scheduled-at 2026-12-05T10:00 falls on a Saturday, not one of --days (Mon,Tue,Wed,Thu,Fri): the first calls wait until Monday 7 Dec, 09:00 (Europe/Rome)',
    );
  });

  it('Friday 18:00 (after the hours): a warning naming the hours', async () => {
    const r = await create('2026-12-04T18:00');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('--scheduled-at 2026-12-04T18:00 is outside the calling hours (09:00-18:00)');
    expect(r.stderr).toContain('Monday 7 Dec, 09:00');
  });
});
