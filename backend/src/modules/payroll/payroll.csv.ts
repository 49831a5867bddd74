import { toCsv, type CsvColumnKind } from '../../common/csv/csv-writer';
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

const FIGURES = new Set<string>(['basic_salary', 'allowances', 'bonuses', 'gross_salary', 'taxable_income', 'tax', 'total_deductions', 'net_salary', 'unpaid_leave_days', 'absent_days']);
/** Amounts and day counts are figures (a negative adjustment stays a number); every other cell is guarded text. */
const KINDS = PAYROLL_CSV_COLUMNS.map((c): CsvColumnKind => (FIGURES.has(c) ? 'number' : 'text'));

export function payrollToCsv(records: PayrollRecord[]): string {
  const rows = records.map((r) => {
    const e = r.employee;
    return [
      e.employee_code,
      `${e.first_name} ${e.last_name}`,
      e.department?.department_name ?? '',
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
  return toCsv(PAYROLL_CSV_COLUMNS, rows, { kinds: KINDS });
}
