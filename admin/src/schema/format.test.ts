import { describe, expect, it } from 'vitest';
import { formatDays, formatters } from './format';

// One date format and one time format everywhere, in the company's locale (en-US) and zone.
describe('the one formatter', () => {
  const tokyo = formatters('Asia/Tokyo');
  const newYork = formatters('America/New_York');

  it('writes every date one way: Nov 27, 2026', () => {
    expect(tokyo.date('2026-11-27')).toBe('Nov 27, 2026');
    expect(tokyo.date('2026-11-27T00:00:00.000Z')).toBe('Nov 27, 2026');
    expect(tokyo.dateRange('2026-11-27', '2026-11-29')).toBe('Nov 27, 2026 – Nov 29, 2026');
    expect(tokyo.dateRange('2026-11-27', '2026-11-27')).toBe('Nov 27, 2026');
    expect(tokyo.longDate('2026-11-27')).toBe('Friday, Nov 27, 2026');
    // never the other spellings a screen once used
    for (const text of [tokyo.date('2026-11-27'), tokyo.dateTime('2026-11-27T03:00:00Z'), tokyo.longDate('2026-11-27')]) {
      expect(text).not.toMatch(/27 Nov|November|2026-11-27|11\/27/);
    }
  });

  it('writes every time one way, 12-hour: a shift start and a check-in read alike', () => {
    // a shift's wall-clock start (HH:MM from the API) and a check-in moment on the same card
    expect(tokyo.clock('09:00')).toBe('09:00 AM');
    expect(tokyo.clock('17:30:00')).toBe('05:30 PM');
    expect(tokyo.time('2026-11-27T00:05:00.000Z')).toBe('09:05 AM');
    expect(tokyo.clockRange('09:00', '18:00')).toBe('09:00 AM – 06:00 PM');
    expect(tokyo.dateTime('2026-11-27T00:05:00.000Z')).toBe('Nov 27, 2026, 09:05 AM');
  });

  it('takes the moment to the company zone, not the device', () => {
    expect(newYork.time('2026-11-27T14:05:00.000Z')).toBe('09:05 AM');
    expect(tokyo.time('2026-11-27T14:05:00.000Z')).toBe('11:05 PM');
    expect(newYork.longDate('2026-11-28T03:00:00.000Z')).toBe('Friday, Nov 27, 2026');
    expect(tokyo.longDate('2026-11-28T03:00:00.000Z')).toBe('Saturday, Nov 28, 2026');
  });

  it('counts days in words, singular for one', () => {
    expect(formatDays(1)).toBe('1 day');
    expect(formatDays('1.00')).toBe('1 day');
    expect(formatDays(2)).toBe('2 days');
    expect(formatDays('0.5')).toBe('0.5 days');
    expect(tokyo.days(0)).toBe('0 days');
  });

  it('shows nothing as a dash', () => {
    expect(tokyo.date(null)).toBe('—');
    expect(tokyo.time(undefined)).toBe('—');
    expect(tokyo.longDate('')).toBe('—');
  });
});
