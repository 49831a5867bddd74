import { DateTime } from 'luxon';
import { badRequest } from '../../common/http/errors';

export const MIN_YEAR = 2000;
export const MAX_YEAR = 2100;

/**
 * Biweekly employees are paid every other Friday counted from this Friday; a month pays as
 * many biweekly periods as it has such pay days (2 or 3).
 */
export const BIWEEKLY_ANCHOR = '2021-01-01';

export interface PayPeriod {
  year: number;
  month: number;
  /** first day of the month, YYYY-MM-DD */
  start: string;
  /** last day of the month, YYYY-MM-DD */
  end: string;
  /** e.g. "November 2026" */
  label: string;
}

/** The pay period of a month: payroll runs per calendar month. */
export function monthPeriod(year: number, month: number): PayPeriod {
  if (!Number.isInteger(year) || year < MIN_YEAR || year > MAX_YEAR) {
    throw badRequest(`year must be a whole number from ${MIN_YEAR} to ${MAX_YEAR}`, 'year');
  }
  if (!Number.isInteger(month) || month < 1 || month > 12) throw badRequest('month must be a whole number from 1 to 12', 'month');
  const first = DateTime.utc(year, month, 1);
  return {
    year,
    month,
    start: first.toISODate()!,
    end: first.endOf('month').toISODate()!,
    label: first.setLocale('en-US').toFormat('LLLL yyyy'),
  };
}

/** The period a stored pay_period_start belongs to. */
export function periodOf(payPeriodStart: string): PayPeriod {
  const d = DateTime.fromISO(payPeriodStart, { zone: 'utc' });
  return monthPeriod(d.year, d.month);
}
