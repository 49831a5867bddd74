import type { components } from '../../../../openapi/schema';

export type Invoice = components['schemas']['InvoiceResponseDto'];
export type InvoiceDetail = components['schemas']['InvoiceDetailDto'];

const formats = new Map<string, Intl.NumberFormat>();

/** An amount as the API answers it (`79.00`) in its currency: $79.00, €79.00. */
export function money(value: string | number | null | undefined, currency = 'USD'): string {
  if (value === null || value === undefined || value === '') return '—';
  const n = Number(value);
  if (!Number.isFinite(n)) return String(value);
  let format = formats.get(currency);
  if (!format) {
    try {
      format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    } catch {
      format = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    }
    formats.set(currency, format);
  }
  return format.format(n);
}

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
