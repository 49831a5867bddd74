import { deviceTypeOf, isLate, localDate, readTimestamp, workHours } from './attendance-time';

describe('isLate', () => {
  it('without a shift: late when the local check-in hour is after 9', () => {
    // 09:59 in New York is not late; 10:00 is
    expect(isLate(new Date('2026-03-02T14:59:00Z'), 'America/New_York')).toBe(false);
    expect(isLate(new Date('2026-03-02T15:00:00Z'), 'America/New_York')).toBe(true);
  });

  it('reads the hour in the company time zone, not UTC', () => {
    const at = new Date('2026-03-02T08:30:00Z');
    expect(isLate(at, 'UTC')).toBe(false);
    expect(isLate(at, 'Asia/Tokyo')).toBe(true); // 17:30 in Tokyo
  });

  it('with a shift: late after start plus grace', () => {
    const shift = { start_time: '08:00:00', grace_period: 15 };
    expect(isLate(new Date('2026-03-02T08:15:00Z'), 'UTC', shift)).toBe(false);
    expect(isLate(new Date('2026-03-02T08:15:01Z'), 'UTC', shift)).toBe(true);
    // a 14:00 shift: 10:30 is early, not late, although after 9
    expect(isLate(new Date('2026-03-02T10:30:00Z'), 'UTC', { start_time: '14:00', grace_period: 0 })).toBe(false);
  });
});

describe('localDate', () => {
  it('is the calendar date in the zone', () => {
    expect(localDate(new Date('2026-03-02T02:00:00Z'), 'America/Los_Angeles')).toBe('2026-03-01');
    expect(localDate(new Date('2026-03-02T02:00:00Z'), 'Not/AZone')).toBe('2026-03-02');
  });
});

describe('readTimestamp', () => {
  const now = new Date('2026-03-02T12:00:00Z');

  it('takes the server clock when nothing or a near time is sent', () => {
    expect(readTimestamp(undefined, now, 24)).toEqual({ kind: 'now', at: now });
    expect(readTimestamp('2026-03-02T11:58:00Z', now, 24)).toEqual({ kind: 'now', at: now });
  });

  it("reads an older time as offline, within the company's limit of hours", () => {
    expect(readTimestamp('2026-03-01T08:00:00Z', now, 72)).toEqual({ kind: 'offline', at: new Date('2026-03-01T08:00:00Z') });
    expect(readTimestamp('2026-03-01T08:00:00Z', now, 24)).toEqual({ kind: 'too_old' });
    expect(readTimestamp('2026-03-01T12:00:00Z', now, 24)).toEqual({ kind: 'offline', at: new Date('2026-03-01T12:00:00Z') });
    expect(readTimestamp('2026-02-27T11:00:00Z', now, 72)).toEqual({ kind: 'too_old' });
  });

  it('refuses a time in the future', () => {
    expect(readTimestamp('2026-03-02T12:10:00Z', now, 24)).toEqual({ kind: 'future' });
  });
});

describe('workHours', () => {
  it('counts whole minutes less the break, 2 decimals', () => {
    expect(workHours(new Date('2026-03-02T09:00:00Z'), new Date('2026-03-02T17:30:00Z'))).toBe('8.50');
    expect(workHours(new Date('2026-03-02T09:00:00Z'), new Date('2026-03-02T17:30:00Z'), 60)).toBe('7.50');
    expect(workHours(new Date('2026-03-02T09:00:00Z'), new Date('2026-03-02T09:20:00Z'), 60)).toBe('0.00');
  });
});

describe('deviceTypeOf', () => {
  it('tells phones from desktops by the user agent', () => {
    expect(deviceTypeOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148')).toBe('mobile');
    expect(deviceTypeOf('Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36')).toBe('mobile');
    expect(deviceTypeOf('Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36')).toBe('desktop');
    expect(deviceTypeOf(undefined)).toBe('desktop');
  });
});
