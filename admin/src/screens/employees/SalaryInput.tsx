import { Alert, Typography } from '@mui/material';
import { useGetOne, useTranslate, type RaRecord } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { FieldDescriptor } from '../../schema/derive';
import { formatMoney } from '../../schema/format';
import { SchemaInput } from '../../schema/inputs';
import { amountOf, currencyOf, perPeriodText, rangeWarning } from './salary';

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
