import { formatMoney } from '../../schema/format';

/** Pay periods in a year, by payment frequency: the annual salary is paid in this many parts. */
export const PERIODS_PER_YEAR: Record<string, number> = { monthly: 12, semi_monthly: 24, biweekly: 26, weekly: 52 };

export const amountOf = (value: unknown): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};

export const currencyOf = (value: unknown) => (typeof value === 'string' && /^[A-Za-z]{3}$/.test(value.trim()) ? value.trim().toUpperCase() : 'USD');

/** "≈ $350.00 per month": one pay period's share of the annual salary, as typed; '' without an amount. */
export function perPeriodText(
  translate: (key: string, options?: Record<string, unknown>) => string,
  salary: unknown,
  frequency: unknown,
  currency: unknown,
): string {
  const annual = amountOf(salary);
  const key = typeof frequency === 'string' && frequency in PERIODS_PER_YEAR ? frequency : 'monthly';
  if (annual === null) return '';
  return translate(`employees.salary_per_period.${key}`, { amount: formatMoney(annual / PERIODS_PER_YEAR[key], currencyOf(currency)) });
}

/** The warning of an annual salary outside the range of the chosen position; null within it or when unknown. */
export function rangeWarning(
  translate: (key: string, options?: Record<string, unknown>) => string,
  salary: unknown,
  currency: unknown,
  position: { position_title?: string; min_salary?: string | null; max_salary?: string | null } | undefined,
): string | null {
  const annual = amountOf(salary);
  if (annual === null || !position) return null;
  const min = amountOf(position.min_salary);
  const max = amountOf(position.max_salary);
  const below = min !== null && annual < min;
  const above = max !== null && annual > max;
  if (!below && !above) return null;
  const money = (n: number) => formatMoney(n, currencyOf(currency));
  const range =
    min !== null && max !== null ? `${money(min)} – ${money(max)}` : min !== null ? translate('employees.salary_at_least', { amount: money(min) }) : translate('employees.salary_at_most', { amount: money(max!) });
  return translate(below ? 'employees.salary_below_range' : 'employees.salary_above_range', { position: position.position_title ?? '', range });
}
