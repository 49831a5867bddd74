import type { EntityManager } from '@mikro-orm/postgresql';
import { DateTime } from 'luxon';
import { badRequest } from '../../common/http/errors';

/** The longest range the working days are counted over. */
export const MAX_RANGE_DAYS = 366;

export interface WorkingDays {
  dates: string[];
  holidays: string[];
}

/** Checks a start/end pair: end on or after start, at most MAX_RANGE_DAYS apart. */
export function assertRange(start: string, end: string): void {
  if (end < start) throw badRequest('End date must be on or after the start date', 'end_date');
  const days = DateTime.fromISO(end).diff(DateTime.fromISO(start), 'days').days + 1;
  if (days > MAX_RANGE_DAYS) throw badRequest(`The date range must be at most ${MAX_RANGE_DAYS} days`, 'end_date');
}

/** Days from start to end (inclusive) that are neither Saturday, Sunday nor a holiday of the company. */
export async function workingDays(em: EntityManager, companyId: number, start: string, end: string): Promise<WorkingDays> {
  const rows = await em.execute<{ day: string; holiday: boolean }[]>(
    `select to_char(d, 'YYYY-MM-DD') as day, h.id is not null as holiday
       from generate_series(?::date, ?::date, interval '1 day') d
       left join holidays h on h.company_id = ? and h.holiday_date = d::date
      where extract(isodow from d) < 6
      order by d`,
    [start, end, companyId],
  );
  return { dates: rows.filter((r) => !r.holiday).map((r) => r.day), holidays: rows.filter((r) => r.holiday).map((r) => r.day) };
}

/** Today in a time zone, as YYYY-MM-DD (an unknown zone counts as UTC). */
export function todayIn(zone: string, now = new Date()): string {
  const dt = DateTime.fromJSDate(now, { zone });
  return (dt.isValid ? dt : DateTime.fromJSDate(now, { zone: 'UTC' })).toISODate()!;
}
