import type { components } from '../../../../openapi/schema';

export type Invoice = components['schemas']['InvoiceResponseDto'];
export type InvoiceDetail = components['schemas']['InvoiceDetailDto'];


/** The last day a period covers: the API's period_end is the day after it. */
export function lastDay(periodEnd: string): string {
  const day = new Date(`${periodEnd.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return periodEnd;
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

const RANGE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
const day = (value: string) => new Date(`${value.slice(0, 10)}T00:00:00Z`);

/** A period in words, its last day included: Nov 26 – Dec 25, 2026. */
export function periodText(start: string, end: string): string {
  try {
    return RANGE.formatRange(day(start), day(lastDay(end)));
  } catch {
    return `${start} – ${lastDay(end)}`;
  }
}
