// The calling window (pure): weekdays and HH:MM in the campaign's time zone, overnight windows, and the
// next opening across a weekend and a daylight-saving change.
import { describe, expect, it } from 'vitest';
import { inWindow, nextWindowStart } from '../../src/campaigns/window.js';

const rome = {
  timezone: 'Europe/Rome',
  callingDays: [1, 2, 3, 4, 5],
  callingStartTime: '09:00',
  callingEndTime: '18:00',
};

describe('calling window', () => {
  it('opens at the start minute and closes at the end minute, in the campaign time zone', () => {
    expect(inWindow(Date.parse('2026-03-02T07:59:59Z'), rome)).toBe(false); // Mon 08:59:59 Rome
    expect(inWindow(Date.parse('2026-03-02T08:00:00Z'), rome)).toBe(true);
    expect(inWindow(Date.parse('2026-03-02T16:59:59Z'), rome)).toBe(true);
    expect(inWindow(Date.parse('2026-03-02T17:00:00Z'), rome)).toBe(false);
    expect(inWindow(Date.parse('2026-03-07T10:00:00Z'), rome)).toBe(false); // Saturday
  });

  it('next opening: Friday evening to Monday 09:00, and across the spring DST change', () => {
    expect(new Date(nextWindowStart(Date.parse('2026-03-06T17:30:00Z'), rome)!).toISOString()).toBe(
      '2026-03-09T08:00:00.000Z',
    );
    // Europe/Rome moves to CEST on Sunday 29 March 2026: Monday 09:00 is 07:00Z.
    expect(new Date(nextWindowStart(Date.parse('2026-03-27T17:30:00Z'), rome)!).toISOString()).toBe(
      '2026-03-30T07:00:00.000Z',
    );
  });

  it('overnight window and no rule at all', () => {
    const night = { timezone: 'UTC', callingStartTime: '22:00', callingEndTime: '06:00' };
    expect(inWindow(Date.parse('2026-03-02T23:00:00Z'), night)).toBe(true);
    expect(inWindow(Date.parse('2026-03-02T05:59:00Z'), night)).toBe(true);
    expect(inWindow(Date.parse('2026-03-02T12:00:00Z'), night)).toBe(false);
    expect(new Date(nextWindowStart(Date.parse('2026-03-02T12:00:00Z'), night)!).toISOString()).toBe(
      '2026-03-02T22:00:00.000Z',
    );
    expect(inWindow(Date.parse('2026-03-07T03:00:00Z'), { timezone: 'Europe/Rome' })).toBe(true);
  });
});
