import { achievementSql, VALUE_OF_TARGET } from '../../kpi/achievement';
import { subjectJoins } from '../../kpi/kpi-subject';
import { employeeScope, groupColumn, monthKey, percentSql, type ReportDefinition, type ReportParams, type ReportQuery } from '../report-definition';

const KPI_FILTERS = ['from', 'to', 'department_id', 'position_id'] as const;

/**
 * The subject's department and position filters on a target (alias t, subject joins se/sd/sp):
 * an employee's own, a department target's department, a position target's position. A reader
 * who covers a team or a department sees the targets about one employee within it only, as the
 * KPI module shows them: a department's or a position's results are about people outside it too.
 */
function subjectScope(p: ReportParams): ReportQuery {
  const parts: string[] = [];
  const params: unknown[] = [];
  const within = p.scope?.on('t.employee_id');
  if (within) {
    parts.push(`t.target_type = 'employee' and ${within.sql}`);
    params.push(...within.params);
  }
  if (p.departmentId !== null) {
    parts.push(`(se.department_id = ? or t.department_id = ?)`);
    params.push(p.departmentId, p.departmentId);
  }
  if (p.positionId !== null) {
    parts.push(`(se.position_id = ? or t.position_id = ?)`);
    params.push(p.positionId, p.positionId);
  }
  return { sql: parts.length ? `and ${parts.join(' and ')}` : '', params };
}

/** Targets whose period overlaps the report's, with their value of the same period when recorded. */
export const kpiAchievement: ReportDefinition = {
  id: 'kpi-achievement',
  group: 'kpi',
  title: 'KPI achievement',
  description: 'Targets of the period, how many have a value, how many were achieved and the average achievement, by KPI or by department',
  module: 'kpi',
  feature: 'kpi',
  filters: [...KPI_FILTERS, 'group_by'],
  groupBy: [
    { id: 'kpi', name: 'KPI' },
    { id: 'department', name: 'Department' },
  ],
  columns(p) {
    return [
      groupColumn(this, p),
      { key: 'targets', label: 'Targets', type: 'integer', total: 'sum' },
      { key: 'measured', label: 'With a value', type: 'integer', total: 'sum' },
      { key: 'achieved', label: 'Achieved', type: 'integer', total: 'sum' },
      { key: 'achievement_rate', label: 'Targets achieved', type: 'percent', total: { percent: ['achieved', 'targets'] } },
      { key: 'average_achievement', label: 'Average achievement', type: 'percent' },
    ];
  },
  chart: () => ({ kind: 'bar', x: 'label', series: [{ key: 'average_achievement', label: 'Average achievement' }] }),
  query(p) {
    const scope = subjectScope(p);
    const label =
      p.groupBy === 'department'
        ? `coalesce(sd.department_name, sed.department_name, case when t.target_type = 'position' then 'By position' else 'No department' end)`
        : `k.name`;
    return {
      sql: `select x.label, x.targets, x.measured, x.achieved, ${percentSql('x.achieved', 'x.targets')} as achievement_rate,
                   round(x.average, 2)::float8 as average_achievement
              from (select ${label} as label, count(*)::int as targets, count(a.achievement)::int as measured,
                           (count(*) filter (where a.achievement >= 100))::int as achieved, avg(a.achievement) as average
                      from kpi_targets t
                      join kpis k on k.id = t.kpi_id
                      ${subjectJoins('t')}
                      left join departments sed on sed.id = se.department_id
                      cross join lateral (select ${achievementSql('k.direction', 'v.actual_value', 't.target_value')} as achievement
                                            from (select 1) one left join kpi_values v on ${VALUE_OF_TARGET}) a
                     where t.company_id = ? and t.period_end_date >= ?::date and t.period_start_date <= ?::date ${scope.sql}
                     group by 1) x
             order by x.label`,
      params: [p.companyId, p.from, p.to, ...scope.params],
    };
  },
};

/** Bonus payments by the month their period ends, by status. */
export const kpiBonuses: ReportDefinition = {
  id: 'kpi-bonuses',
  group: 'kpi',
  title: 'Bonuses',
  description: 'Bonus amounts calculated, approved and paid, by the month their period ends',
  module: 'kpi',
  feature: 'kpi',
  filters: [...KPI_FILTERS, 'location_id'],
  columns: () => [
    { key: 'month', label: 'Month', type: 'text' },
    { key: 'payments', label: 'Payments', type: 'integer', total: 'sum' },
    { key: 'calculated', label: 'Calculated', type: 'money', total: 'sum' },
    { key: 'approved', label: 'Approved', type: 'money', total: 'sum' },
    { key: 'paid', label: 'Paid', type: 'money', total: 'sum' },
    { key: 'rejected', label: 'Rejected or cancelled', type: 'money', total: 'sum' },
  ],
  chart: () => ({
    kind: 'stacked-bar',
    x: 'month',
    series: [
      { key: 'calculated', label: 'Calculated' },
      { key: 'approved', label: 'Approved' },
      { key: 'paid', label: 'Paid' },
    ],
  }),
  query(p) {
    const scope = employeeScope(p);
    const amount = (where: string) => `coalesce(sum(b.bonus_amount) filter (where ${where}), 0)`;
    return {
      sql: `select ${monthKey(`date_trunc('month', b.payment_period_end)`)} as month, count(*)::int as payments,
                   ${amount(`b.status = 'calculated'`)} as calculated, ${amount(`b.status = 'approved'`)} as approved,
                   ${amount(`b.status = 'paid'`)} as paid, ${amount(`b.status in ('rejected', 'cancelled')`)} as rejected
              from bonus_payments b
              join employees e on e.id = b.employee_id
             where b.company_id = ? and b.payment_period_end between ?::date and ?::date and ${scope.sql}
             group by 1 order by 1`,
      params: [p.companyId, p.from, p.to, ...scope.params],
    };
  },
};
