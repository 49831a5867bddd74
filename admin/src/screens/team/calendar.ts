import { LOCALE } from '../../schema/format';

const DAY_MS = 86_400_000;
const utc = (day: string) => Date.parse(`${day}T00:00:00Z`);
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The month (YYYY-MM) `delta` months after `month` (before, when negative). */
export const shiftMonth = (month: string, delta: number): string => {
  const [year, m] = month.split('-').map(Number);
  const at = new Date(Date.UTC(year, m - 1 + delta, 1));
  return `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
};

/** Every calendar date from start to end (YYYY-MM-DD, both included). */
export const daysBetween = (start: string, end: string): string[] => {
  const days: string[] = [];
  for (let at = utc(start); at <= utc(end); at += DAY_MS) days.push(iso(at));
  return days;
};

/** Saturday or Sunday. */
export const isWeekend = (day: string): boolean => [0, 6].includes(new Date(utc(day)).getUTCDay());

/**
 * The month's dates as weeks from Monday to Sunday, for a grid; the days of the weeks' ends that
 * fall in the months before and after are null.
 */
export const weeksOf = (start: string, end: string): Array<Array<string | null>> => {
  const days = daysBetween(start, end);
  const lead = (new Date(utc(start)).getUTCDay() + 6) % 7;
  const cells: Array<string | null> = [...Array<null>(lead).fill(null), ...days];
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
};

/** The short weekday names from Monday to Sunday, in the company's locale. */
export const WEEKDAYS: readonly string[] = Array.from({ length: 7 }, (_, i) =>
  new Intl.DateTimeFormat(LOCALE, { weekday: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 1 + i))),
);

/** Whether a span of dates (YYYY-MM-DD, both included) covers `day`. */
export const covers = (span: { start_date: string; end_date: string }, day: string): boolean =>
  span.start_date.slice(0, 10) <= day && span.end_date.slice(0, 10) >= day;
