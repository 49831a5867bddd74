import { DateTime } from 'luxon';

/** Without an assigned shift a check-in is late when its hour (company time) is after 9 (hr.md 4, 9). */
export const LATE_AFTER_HOUR = 9;
/** A timestamp this close to the server's clock is the same moment (device clocks drift). */
export const CLOCK_SKEW_MS = 5 * 60 * 1000;

export const validZone = (zone: string | null | undefined) =>
  zone && DateTime.now().setZone(zone).isValid ? zone : 'UTC';

/** The calendar date (YYYY-MM-DD) of a moment in a time zone. */
export const localDate = (at: Date, zone: string) => DateTime.fromJSDate(at, { zone: validZone(zone) }).toISODate()!;

/** The calendar date (YYYY-MM-DD) before `date`. */
export const dayBefore = (date: string) => DateTime.fromISO(date).minus({ days: 1 }).toISODate()!;

export interface ShiftStart {
  /** HH:MM or HH:MM:SS */
  start_time: string;
  /** minutes */
  grace_period: number;
}

/**
 * Late: after the shift's start plus its grace period on the check-in's day, or, without a
 * shift, a check-in hour after 9 — both in the company's time zone.
 */
export function isLate(checkIn: Date, zone: string, shift?: ShiftStart | null): boolean {
  const local = DateTime.fromJSDate(checkIn, { zone: validZone(zone) });
  if (!shift) return local.hour > LATE_AFTER_HOUR;
  const [h, m, s] = shift.start_time.split(':').map(Number);
  const limit = local.startOf('day').set({ hour: h, minute: m, second: s || 0 }).plus({ minutes: shift.grace_period });
  return local > limit;
}

export type TimestampReading =
  | { kind: 'now'; at: Date }
  | { kind: 'offline'; at: Date }
  | { kind: 'future' }
  | { kind: 'too_old' };

/**
 * The moment a check-in or check-out happened: the server's clock, unless the client sent an
 * original time older than the clock skew (an offline entry, accepted up to `maxAgeHours` back:
 * the company's offline_checkin_max_age_hours).
 */
export function readTimestamp(sent: string | undefined, now: Date, maxAgeHours: number): TimestampReading {
  if (!sent) return { kind: 'now', at: now };
  const at = new Date(sent);
  const ahead = at.getTime() - now.getTime();
  if (ahead > CLOCK_SKEW_MS) return { kind: 'future' };
  if (ahead >= -CLOCK_SKEW_MS) return { kind: 'now', at: now };
  if (now.getTime() - at.getTime() > maxAgeHours * 3600 * 1000) return { kind: 'too_old' };
  return { kind: 'offline', at };
}

/** Hours between two moments less an unpaid break, 2 decimals, as a decimal string. */
export function workHours(checkIn: Date, checkOut: Date, breakMinutes = 0): string {
  const minutes = Math.max(0, Math.floor((checkOut.getTime() - checkIn.getTime()) / 60000) - breakMinutes);
  const hours = Math.min(minutes, 999 * 60) / 60;
  return (Math.round(hours * 100) / 100).toFixed(2);
}

const MOBILE_AGENT = /Mobi|Android|iPhone|iPad|iPod|Windows Phone|webOS|BlackBerry/i;

/** A device is mobile when its user agent says so, otherwise desktop. */
export const deviceTypeOf = (userAgent: string | undefined) => (userAgent && MOBILE_AGENT.test(userAgent) ? 'mobile' : 'desktop');
