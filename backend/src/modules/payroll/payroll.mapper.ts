import { wrap } from '@mikro-orm/core';
import type { PayrollLineResponseDto, PayrollRecordResponseDto } from './dto/payroll.dto';
import type {
  AssignmentResponseDto,
  SalaryComponentResponseDto,
  TaxBracketResponseDto,
} from './dto/payroll-settings.dto';
import type { EmployeeSalaryComponent } from './employee-salary-component.entity';
import type { PayrollLine } from './payroll-line.entity';
import type { PayrollRecord } from './payroll-record.entity';
import type { SalaryComponent } from './salary-component.entity';
import type { TaxBracket } from './tax-bracket.entity';

const loaded = <T extends object>(e: T | null | undefined): e is T => !!e && wrap(e).isInitialized();

export function toRecordResponse(r: PayrollRecord): PayrollRecordResponseDto {
  const e = r.employee;
  return {
    id: r.id,
    employee_id: e.id,
    employee_code: e.employee_code,
    employee_name: `${e.first_name} ${e.last_name}`,
    department_name: loaded(e.department) ? e.department.department_name : null,
    position_title: loaded(e.position) ? e.position.position_title : null,
    pay_period_start: r.pay_period_start,
    pay_period_end: r.pay_period_end,
    annual_salary: r.annual_salary ?? null,
    basic_salary: r.basic_salary,
    allowances: r.allowances,
    bonuses: r.bonuses,
    gross_salary: r.gross_salary,
    taxable_income: r.taxable_income,
    tax: r.tax,
    total_deductions: r.total_deductions,
    net_salary: r.net_salary,
    salary_currency: r.salary_currency,
    payment_frequency: r.payment_frequency,
    working_days: r.working_days,
    employed_days: r.employed_days,
    unpaid_leave_days: r.unpaid_leave_days,
    absent_days: r.absent_days,
    payment_status: r.payment_status,
    payment_date: r.payment_date ?? null,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

export function toLineResponse(l: PayrollLine): PayrollLineResponseDto {
  return {
    id: l.id,
    line_type: l.line_type,
    category: l.category,
    code: l.code,
    name: l.name,
    quantity: l.quantity ?? null,
    rate: l.rate ?? null,
    amount: l.amount,
    is_taxable: l.is_taxable,
    component_id: l.component_id ?? null,
    bonus_payment_id: l.bonus_payment_id ?? null,
  };
}

export function toComponentResponse(c: SalaryComponent, assignedCount = 0): SalaryComponentResponseDto {
  return {
    id: c.id,
    component_name: c.component_name,
    component_code: c.component_code,
    component_type: c.component_type,
    calculation_type: c.calculation_type,
    amount: c.amount ?? null,
    percentage: c.percentage ?? null,
    is_taxable: c.is_taxable,
    applies_to_all: c.applies_to_all,
    is_active: c.is_active,
    description: c.description ?? null,
    assigned_count: assignedCount,
  };
}

export function toAssignmentResponse(a: EmployeeSalaryComponent): AssignmentResponseDto {
  return {
    id: a.id,
    employee_id: a.employee.id,
    employee_name: `${a.employee.first_name} ${a.employee.last_name}`,
    employee_code: a.employee.employee_code,
    component_id: a.component.id,
    component_name: a.component.component_name,
    amount: a.amount ?? null,
    percentage: a.percentage ?? null,
  };
}

export function toBracketResponse(b: TaxBracket): TaxBracketResponseDto {
  return { id: b.id, lower_bound: b.lower_bound, upper_bound: b.upper_bound ?? null, rate: b.rate };
}
