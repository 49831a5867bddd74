import { wrap } from '@mikro-orm/core';
import type { EmployeeResponseDto } from './dto/employee.dto';
import type { Employee } from './employee.entity';
import type { InvitationState } from '../auth/invitation.entity';
import type { Position } from '../positions/position.entity';
import { formatAmount } from '../payroll/payslip.pdf';

export interface EmployeeLogin {
  user_id: number;
  username: string;
}

export interface EmployeeInvitationSummary {
  invitation_status: InvitationState;
  invitation_sent_at: Date;
  invitation_expires_at: Date;
  invited_by: string | null;
  invited_at: Date;
}

/**
 * The warning of an annual salary outside its position's salary range, in words; null within it,
 * without a salary, or without a range. A warning only: such a salary is saved as sent.
 */
export function salaryRangeWarning(
  salary: string | null | undefined,
  currency: string,
  position: Pick<Position, 'position_title' | 'min_salary' | 'max_salary'> | null | undefined,
): string | null {
  if (salary === null || salary === undefined || !position) return null;
  const min = position.min_salary ?? null;
  const max = position.max_salary ?? null;
  const amount = (value: string) => `${currency} ${formatAmount(value)}`;
  const below = min !== null && Number(salary) < Number(min);
  const above = max !== null && Number(salary) > Number(max);
  if (!below && !above) return null;
  const range =
    min !== null && max !== null
      ? `the salary range of the position ${position.position_title}: ${amount(min)} to ${amount(max)}`
      : min !== null
        ? `the minimum salary of the position ${position.position_title}: ${amount(min)}`
        : `the maximum salary of the position ${position.position_title}: ${amount(max!)}`;
  return `The annual salary ${amount(salary)} is ${below ? 'below' : 'above'} ${range}`;
}

const fullName = (e: Pick<Employee, 'first_name' | 'last_name'>) => `${e.first_name} ${e.last_name}`;

/** The employee as the API shows it: ids for relations plus the names the screens display. */
export function toEmployeeResponse(e: Employee, login?: EmployeeLogin | null, invitation?: EmployeeInvitationSummary | null): EmployeeResponseDto {
  return {
    id: e.id,
    company_id: e.company.id,
    employee_code: e.employee_code,
    first_name: e.first_name,
    last_name: e.last_name,
    middle_name: e.middle_name ?? null,
    email: e.email,
    phone: e.phone ?? null,
    date_of_birth: e.date_of_birth ?? null,
    gender: e.gender ?? null,
    address: e.address ?? null,
    city: e.city ?? null,
    state: e.state ?? null,
    country: e.country ?? null,
    postal_code: e.postal_code ?? null,
    department_id: e.department?.id ?? null,
    department_name: e.department && wrap(e.department).isInitialized() ? e.department.department_name : null,
    position_id: e.position?.id ?? null,
    position_title: e.position && wrap(e.position).isInitialized() ? e.position.position_title : null,
    manager_id: e.manager?.id ?? null,
    manager_name: e.manager && wrap(e.manager).isInitialized() ? fullName(e.manager) : null,
    employment_type: e.employment_type,
    employment_status: e.employment_status,
    hire_date: e.hire_date ?? null,
    termination_date: e.termination_date ?? null,
    salary: e.salary ?? null,
    salary_warning: salaryRangeWarning(e.salary, e.salary_currency, e.position && wrap(e.position).isInitialized() ? e.position : null),
    salary_currency: e.salary_currency,
    payment_frequency: e.payment_frequency,
    emergency_contact_name: e.emergency_contact_name ?? null,
    emergency_contact_phone: e.emergency_contact_phone ?? null,
    emergency_contact_relationship: e.emergency_contact_relationship ?? null,
    user_id: login?.user_id ?? null,
    username: login?.username ?? null,
    invitation_status: invitation?.invitation_status ?? null,
    invitation_sent_at: invitation?.invitation_sent_at ?? null,
    invitation_expires_at: invitation?.invitation_expires_at ?? null,
    invited_by: invitation?.invited_by ?? null,
    invited_at: invitation?.invited_at ?? null,
    created_at: e.created_at,
    updated_at: e.updated_at,
  };
}
