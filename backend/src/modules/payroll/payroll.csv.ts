import { stringify } from 'csv-stringify/sync';
import type { PayrollRecord } from './payroll-record.entity';

export const PAYROLL_CSV_COLUMNS = [
  'employee_code',
  'employee_name',
  'department',
  'pay_period_start',
  'pay_period_end',
  'basic_salary',
  'allowances',
  'bonuses',
  'gross_salary',
  'taxable_income',
  'tax',
  'total_deductions',
  'net_salary',
  'salary_currency',
  'unpaid_leave_days',
  'absent_days',
  'payment_status',
  'payment_date',
] as const;

/** A text cell a spreadsheet would run as a formula gets a leading apostrophe. */
const guard = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

export function payrollToCsv(records: PayrollRecord[]): string {
  const rows = records.map((r) => {
    const e = r.employee;
    return [
      guard(e.employee_code),
      guard(`${e.first_name} ${e.last_name}`),
      guard(e.department?.department_name ?? ''),
      r.pay_period_start,
      r.pay_period_end,
      r.basic_salary,
      r.allowances,
      r.bonuses,
      r.gross_salary,
      r.taxable_income,
      r.tax,
      r.total_deductions,
      r.net_salary,
      r.salary_currency,
      r.unpaid_leave_days,
      r.absent_days,
      r.payment_status,
      r.payment_date ?? '',
    ];
  });
  return stringify([[...PAYROLL_CSV_COLUMNS], ...rows]);
}
