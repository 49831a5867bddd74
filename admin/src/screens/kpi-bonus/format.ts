import { formatDate, formatMoney } from '../people/format';
import type { PeriodType } from './api';

export { formatDate };

/** hr.md 9: percentages are whole numbers. null when there is none. */
export const percent = (value: number | string | null | undefined): string | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? `${Math.round(n)}%` : null;
};

/** hr.md 9: currency is USD in en-US format (with cents). */
export const money = (value: string | number | null | undefined): string | null => formatMoney(value, true);

/**
 * hr.md 9: actual and target values show 2 decimals. Works on the decimal string itself (grouped
 * en-US), so a large amount is shown exactly as stored.
 */
export const decimal = (value: string | number | null | undefined): string | null => {
  if (value === null || value === undefined || value === '') return null;
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(String(value).trim());
  if (!match) return String(value);
  const cents = (match[3] ?? '').padEnd(2, '0');
  // a third decimal never comes from the server (2-decimal columns); round it away if one does
  if (cents.length > 2) return Number(value).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${match[1]}${match[2].replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
};

/** hr.md 9: green at 100 or more, yellow at 75 or more, red below. */
export const achievementColor = (value: number): 'success' | 'warning' | 'error' =>
  value >= 100 ? 'success' : value >= 75 ? 'warning' : 'error';

const iso = (year: number, month: number, day: number) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The current period of a KPI's period type (the current month, quarter or year), as dates. */
export const currentPeriod = (type: PeriodType, today = new Date()): { start: string; end: string } => {
  const year = today.getFullYear();
  const month = today.getMonth() + 1;
  if (type === 'yearly') return { start: iso(year, 1, 1), end: iso(year, 12, 31) };
  if (type === 'quarterly') {
    const first = Math.floor((month - 1) / 3) * 3 + 1;
    return { start: iso(year, first, 1), end: iso(year, first + 2, lastDay(year, first + 2)) };
  }
  return { start: iso(year, month, 1), end: iso(year, month, lastDay(year, month)) };
};

/** Today as YYYY-MM-DD in the browser's zone (the server defaults to the company's). */
export const today = (now = new Date()) => iso(now.getFullYear(), now.getMonth() + 1, now.getDate());

export const periodRange = (start: string, end: string) => `${formatDate(start)} – ${formatDate(end)}`;
