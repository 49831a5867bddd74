import type { EntityManager } from '@mikro-orm/postgresql';
import type { Company } from '../companies/company.entity';
import { LeavePolicy } from './leave-policy.entity';
import { LeaveType } from './leave-type.entity';

/** The three sample policies of hr.md 3 with the values of hr.md 9. */
const POLICIES = [
  {
    key: 'annual',
    name: 'Annual',
    description: 'Paid annual leave: unused days carry over (at most 10, expiring after 6 months); joiners get a pro-rated share',
    carry_over_enabled: true,
    max_carry_over_days: '10.0',
    expiry_months: 6,
    pro_ration_enabled: true,
    paid_leave_enabled: true,
  },
  {
    key: 'sick',
    name: 'Sick',
    description: "10 days a year, at most 3 days per request, with a doctor's note",
    requires_doctor_note: true,
    max_days_per_year: 10,
    consecutive_days_limit: 3,
    paid_leave_enabled: true,
  },
  {
    key: 'maternity',
    name: 'Maternity',
    description: 'Maternity leave of 12 weeks, paternity leave of 2 weeks',
    maternity_weeks: 12,
    paternity_weeks: 2,
    paid_leave_enabled: true,
  },
] as const;

/** A new company's leave types: max days per year in working days (12 weeks = 60, 2 weeks = 10). */
const TYPES = [
  { code: 'AL', name: 'Annual Leave', days: 20, paid: true, policy: 'annual', description: 'Paid time off for rest and holidays' },
  { code: 'SL', name: 'Sick Leave', days: 10, paid: true, policy: 'sick', description: 'Time off when ill' },
  { code: 'ML', name: 'Maternity Leave', days: 60, paid: true, policy: 'maternity', description: 'Leave before and after giving birth' },
  { code: 'PL', name: 'Paternity Leave', days: 10, paid: true, policy: 'maternity', description: 'Leave for a new father' },
  { code: 'UL', name: 'Unpaid Leave', days: 0, paid: false, policy: null, description: 'Time off without pay; no yearly limit' },
] as const;

/** Seeds the default leave policies and types of a company (in the caller's transaction). */
export function seedLeaveDefaults(em: EntityManager, company: Company): void {
  const policies = new Map<string, LeavePolicy>();
  for (const { key, ...fields } of POLICIES) policies.set(key, em.create(LeavePolicy, { company, ...fields }));
  for (const t of TYPES) {
    em.create(LeaveType, {
      company,
      type_name: t.name,
      type_code: t.code,
      description: t.description,
      max_days_per_year: t.days,
      is_paid: t.paid,
      policy: t.policy ? policies.get(t.policy) : null,
    });
  }
}
