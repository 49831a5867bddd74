import type { EntityManager } from '@mikro-orm/postgresql';
import { DateTime } from 'luxon';
import type { Company } from '../companies/company.entity';
import type { Department } from '../departments/department.entity';
import type { Employee } from '../employees/employee.entity';
import { BonusRule } from './bonus-rule.entity';
import { BonusRuleTier } from './bonus-rule-tier.entity';
import { Kpi } from './kpi.entity';
import { KpiTarget } from './kpi-target.entity';
import { KpiValue } from './kpi-value.entity';

/**
 * The demo company's KPIs (a new company starts with none): sales revenue with a commission rule
 * and last month's targets and values for the two sales representatives, and two KPIs computed
 * from attendance and tasks with a team target each. Flushed by the caller.
 */
export function seedDemoKpis(
  em: EntityManager,
  company: Company,
  people: { sales: Employee[]; engineering: Department },
  now = new Date(),
): void {
  const month = DateTime.fromJSDate(now, { zone: 'utc' }).minus({ months: 1 });
  const period = { period_start_date: month.startOf('month').toISODate()!, period_end_date: month.endOf('month').toISODate()! };

  const revenue = em.create(Kpi, {
    company,
    name: 'Monthly sales revenue',
    code: 'SALES_REV',
    description: 'New revenue booked in the month',
    category: 'sales',
    kpi_type: 'currency',
    unit: 'USD',
  });
  const rule = em.create(BonusRule, {
    company,
    kpi: revenue,
    name: 'Sales commission',
    description: 'From 90 % of target a fixed bonus, from 100 % a share of the monthly salary',
    max_bonus_amount: '1500.00',
  });
  const tiers = [
    { min_achievement: '90.00', bonus_type: 'fixed', bonus_value: '250.00' },
    { min_achievement: '100.00', bonus_type: 'salary_percentage', bonus_value: '5.00' },
    { min_achievement: '120.00', bonus_type: 'salary_percentage', bonus_value: '10.00' },
  ] as const;
  for (const tier of tiers) em.create(BonusRuleTier, { company, bonus_rule: rule, ...tier });
  const [first, second] = people.sales;
  for (const [employee, target, actual] of [
    [first, '40000.00', '46000.00'],
    [second, '40000.00', '35000.00'],
  ] as const) {
    em.create(KpiTarget, { company, kpi: revenue, target_type: 'employee', employee, target_value: target, ...period });
    em.create(KpiValue, { company, kpi: revenue, entity_type: 'employee', employee, actual_value: actual, notes: 'From the CRM export', ...period });
  }

  const attendance = em.create(Kpi, {
    company,
    name: 'Attendance rate',
    code: 'ATTENDANCE',
    category: 'hr',
    kpi_type: 'percentage',
    data_source_type: 'attendance_rate',
    unit: '%',
  });
  em.create(KpiTarget, { company, kpi: attendance, target_type: 'department', department: people.engineering, target_value: '95.00', ...period });
  const tasks = em.create(Kpi, {
    company,
    name: 'Task completion rate',
    code: 'TASKS_DONE',
    category: 'productivity',
    kpi_type: 'percentage',
    data_source_type: 'task_completion_rate',
    period_type: 'quarterly',
    unit: '%',
  });
  em.create(KpiTarget, { company, kpi: tasks, target_type: 'department', department: people.engineering, target_value: '80.00', ...period });
}
