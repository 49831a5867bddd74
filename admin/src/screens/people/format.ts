const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const moneyCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** A calendar date (YYYY-MM-DD) as it is, without a time-zone shift; '—' when empty. */
export const formatDate = (value: string | null | undefined): string => {
  if (!value) return '—';
  const date = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? value : dateFormat.format(date);
};

/** USD in en-US format (hr.md 9); whole dollars unless `cents`. */
export const formatMoney = (value: string | number | null | undefined, cents = false): string | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  if (!Number.isFinite(n)) return null;
  return (cents ? moneyCents : money).format(n);
};
