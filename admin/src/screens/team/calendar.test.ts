import { describe, expect, it } from 'vitest';
import { covers, daysBetween, isWeekend, shiftMonth, WEEKDAYS, weeksOf } from './calendar';

describe('the month calendar of My Team', () => {
  it('moves a month back and forth across the turn of the year', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-11', 0)).toBe('2026-11');
  });

  it('lays the month out in weeks from Monday, the other months’ days left blank', () => {
    // November 2026 begins on a Sunday and ends on a Monday
    const weeks = weeksOf('2026-11-01', '2026-11-30');
    expect(weeks).toHaveLength(6);
    expect(weeks[0]).toEqual([null, null, null, null, null, null, '2026-11-01']);
    expect(weeks[5]).toEqual(['2026-11-30', null, null, null, null, null, null]);
    expect(weeks.flat().filter(Boolean)).toEqual(daysBetween('2026-11-01', '2026-11-30'));
    expect(WEEKDAYS).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
  });

  it('knows the weekend and who is off on a day', () => {
    expect(isWeekend('2026-11-28')).toBe(true);
    expect(isWeekend('2026-11-30')).toBe(false);
    const leave = { start_date: '2026-10-30', end_date: '2026-11-02' };
    expect(covers(leave, '2026-11-01')).toBe(true);
    expect(covers(leave, '2026-11-03')).toBe(false);
  });
});
