import { companyFormat } from '../schema/format';

/**
 * A moment (a queued write's time, the last update) as every screen says it: the console's one
 * formatter, on the company's clock, e.g. 'Mar 4, 2026, 09:05 AM'.
 */
export const formatMoment = (iso: string | null | undefined): string => {
  if (!iso) return '—';
  return Number.isNaN(new Date(iso).getTime()) ? iso : companyFormat().dateTime(iso);
};
