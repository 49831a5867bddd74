/** The people screens format through the console's one formatter (schema/format.ts). */
import { companyFormat, formatMoney as money } from '../../schema/format';

/** A calendar date (YYYY-MM-DD) as it is, without a time-zone shift: Nov 27, 2026; '—' when empty. */
export const formatDate = (value: string | null | undefined): string => companyFormat().date(value);

/** USD in en-US format (hr.md 9), with its cents; null when there is none. */
export const formatMoney = (value: string | number | null | undefined): string | null => {
  if (value === null || value === undefined || value === '') return null;
  return Number.isFinite(Number(value)) ? money(value) : null;
};
