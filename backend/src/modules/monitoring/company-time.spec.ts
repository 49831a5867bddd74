import { endOfDayIn, parseDueDate, rangeEnd, rangeStart } from './company-time';

describe('company time', () => {
  it('reads a date alone as the end of that day in the zone', () => {
    expect(parseDueDate('2026-01-15', 'America/New_York').toISOString()).toBe('2026-01-16T04:59:59.999Z');
    expect(parseDueDate('2026-07-15', 'Europe/Berlin').toISOString()).toBe('2026-07-15T21:59:59.999Z');
  });

  it('keeps a date-time with an offset, and reads one without an offset in the zone', () => {
    expect(parseDueDate('2026-01-15T10:00:00Z', 'Asia/Tokyo').toISOString()).toBe('2026-01-15T10:00:00.000Z');
    expect(parseDueDate('2026-01-15T10:00', 'Asia/Tokyo').toISOString()).toBe('2026-01-15T01:00:00.000Z');
  });

  it('falls back to UTC for an unknown zone and refuses what is not a date', () => {
    expect(parseDueDate('2026-01-15', 'Mars/Olympus').toISOString()).toBe('2026-01-15T23:59:59.999Z');
    expect(() => parseDueDate('2026-02-30', 'UTC')).toThrow('Due date must be an ISO 8601 date');
  });

  it('makes ranges of whole days', () => {
    expect(rangeStart('2026-03-01', 'UTC', 'start_date').toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(rangeEnd('2026-03-31', 'UTC', 'end_date').toISOString()).toBe('2026-04-01T00:00:00.000Z');
  });

  it('finds the end of the day some days ahead', () => {
    const now = new Date('2026-03-10T23:30:00Z');
    // already March 11 in Tokyo
    expect(endOfDayIn(2, 'Asia/Tokyo', now).toISOString()).toBe('2026-03-13T14:59:59.999Z');
    expect(endOfDayIn(0, 'UTC', now).toISOString()).toBe('2026-03-10T23:59:59.999Z');
  });
});
