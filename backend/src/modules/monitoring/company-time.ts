import { DateTime } from 'luxon';
import { badRequest } from '../../common/http/errors';
import { DATE_RANGE_WORDS, fieldLabel, inDateRange } from '../../common/http/fields';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function parse(value: string, zone: string, field: string): DateTime {
  const dt = DateTime.fromISO(value, { zone });
  if (!dt.isValid) throw badRequest(`${fieldLabel(field)} must be an ISO 8601 date`, field);
  // the product's days (a day is added to a range's end: 9999-12-31 would become year 10000)
  if (!inDateRange(value) || !inDateRange(dt.toISODate()!)) throw badRequest(`${fieldLabel(field)} must be ${DATE_RANGE_WORDS}`, field);
  return dt;
}

const validZone = (zone: string) => (DateTime.now().setZone(zone).isValid ? zone : 'UTC');

/**
 * A due date: a date-time as given (without an offset it is read in the company's time zone),
 * a date alone meaning the end of that day in the company's time zone.
 */
export function parseDueDate(value: string, zone: string, field = 'due_date'): Date {
  const dt = parse(value, validZone(zone), field);
  return (DATE_ONLY.test(value) ? dt.endOf('day') : dt).toJSDate();
}

/** The start of a range: a date alone is the start of that day in the company's time zone. */
export function rangeStart(value: string, zone: string, field: string): Date {
  return parse(value, validZone(zone), field).toJSDate();
}

/** The exclusive end of a range: a date alone includes that whole day in the company's time zone. */
export function rangeEnd(value: string, zone: string, field: string): Date {
  const dt = parse(value, validZone(zone), field);
  return (DATE_ONLY.test(value) ? dt.plus({ days: 1 }) : dt).toJSDate();
}

/** The end of the day `days` after today, in the company's time zone. */
export function endOfDayIn(days: number, zone: string, now = new Date()): Date {
  return DateTime.fromJSDate(now, { zone: validZone(zone) }).plus({ days }).endOf('day').toJSDate();
}
