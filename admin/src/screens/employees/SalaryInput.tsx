import { Alert, Typography } from '@mui/material';
import { useGetOne, useTranslate, type RaRecord } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { FieldDescriptor } from '../../schema/derive';
import { formatMoney } from '../../schema/format';
import { SchemaInput } from '../../schema/inputs';

/** Pay periods in a year, by payment frequency: the annual salary is paid in this many parts. */
export const PERIODS_PER_YEAR: Record<string, number> = { monthly: 12, semi_monthly: 24, biweekly: 26, weekly: 52 };

const amountOf = (value: unknown): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};

const currencyOf = (value: unknown) => (typeof value === 'string' && /^[A-Za-z]{3}$/.test(value.trim()) ? value.trim().toUpperCase() : 'USD');

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

/**
 * The annual salary's input: its helper says what one payment of the chosen frequency comes to
 * (≈ $350.00 per month), so an amount meant monthly is seen for what it is; beneath it, a
 * warning (not blocking: the server saves it and says the same in salary_warning) when the amount
 * is outside the chosen position's salary range.
 */
export const SalaryInput = ({ field, resource, disabled, helperText }: { field: FieldDescriptor; resource: string; disabled?: boolean; helperText?: string }) => {
  const translate = useTranslate();
  const [salary, frequency, currency, positionValue] = useWatch({ name: ['salary', 'payment_frequency', 'salary_currency', 'position_id'] }) as unknown[];
  const positionId = amountOf(positionValue);
  const { data: position } = useGetOne('hr/positions', { id: positionId ?? 0 }, { enabled: positionId !== null && !disabled });
  const perPeriod = perPeriodText(translate, salary, frequency, currency);
  const warning = disabled || positionId === null ? null : rangeWarning(translate, salary, currency, position);
  return (
    <>
      <SchemaInput
        resource={resource}
        field={field}
        disabled={disabled}
        helperText={helperText ?? (perPeriod || translate(`resources.${resource}.help.salary`, { _: '' }) || undefined)}
      />
      {warning && (
        <Alert severity="warning" sx={{ mb: 1 }} data-testid="salary-range-warning">
          {warning}
        </Alert>
      )}
    </>
  );
};

/** The details' annual salary: the amount a year and what one payment comes to. */
export const SalaryCell = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  const annual = amountOf(record.salary);
  if (annual === null) return <Typography variant="body2">—</Typography>;
  const perPeriod = perPeriodText(translate, record.salary, record.payment_frequency, record.salary_currency);
  return (
    <Typography variant="body2">
      {translate('employees.salary_a_year', { amount: formatMoney(annual, currencyOf(record.salary_currency)) })}
      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
        {perPeriod}
      </Typography>
    </Typography>
  );
};

/** The server's warning of a salary outside the position's range, in its words; nothing within it. */
export const SalaryWarningCell = ({ record }: { record: RaRecord }) =>
  record.salary_warning ? (
    <Typography variant="body2" color="warning.dark" data-testid="salary-warning">
      {String(record.salary_warning)}
    </Typography>
  ) : (
    <Typography variant="body2">—</Typography>
  );
