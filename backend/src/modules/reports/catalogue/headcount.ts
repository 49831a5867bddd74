import {
  employeeScope,
  groupColumn,
  monthKey,
  MONTHS_SQL,
  percentSql,
  type ReportDefinition,
  type ReportParams,
} from '../report-definition';

/**
 * Whether employee `e` is on the payroll on day `d` (a SQL expression): hired on or before it
 * (or no hire date), and not gone: no termination date on or before it, and not terminated
 * without a date.
 */
export const employedOn = (e: string, d: string) =>
  `((${e}.hire_date is null or ${e}.hire_date <= ${d})
    and (${e}.termination_date is null or ${e}.termination_date > ${d})
    and not (${e}.employment_status = 'terminated' and ${e}.termination_date is null))`;

/** The employment status on day d: someone whose termination is still ahead counts as active. */
const statusOn = (e: string, d: string) =>
  `(case when ${e}.employment_status = 'terminated' and ${e}.termination_date > ${d} then 'active' else ${e}.employment_status end)`;

const words = (sql: string) => `initcap(replace(${sql}, '_', ' '))`;

const BREAKDOWN_GROUPS = [
  { id: 'department', name: 'Department' },
  { id: 'position', name: 'Position' },
  { id: 'status', name: 'Status' },
  { id: 'employment_type', name: 'Employment type' },
] as const;

function breakdownLabel(p: ReportParams): string {
  switch (p.groupBy) {
    case 'position':
      return `coalesce(po.position_title, 'No position')`;
    case 'status':
      return words(statusOn('e', '?::date'));
    case 'employment_type':
      return words('e.employment_type');
    default:
      return `coalesce(d.department_name, 'No department')`;
  }
}

export const headcountBreakdown: ReportDefinition = {
  id: 'headcount-breakdown',
  group: 'headcount',
  title: 'Headcount',
  description: 'Employees on the payroll at a date, by department, position, status or employment type',
  module: 'employees',
  filters: ['at', 'group_by', 'department_id', 'position_id', 'location_id'],
  groupBy: BREAKDOWN_GROUPS,
  columns(p) {
    return [
      groupColumn(this, p),
      { key: 'employees', label: 'Employees', type: 'integer', total: 'sum' },
      { key: 'share', label: 'Share', type: 'percent', total: { percent: ['employees', 'employees'] } },
    ];
  },
  chart: () => ({ kind: 'bar', x: 'label', series: [{ key: 'employees', label: 'Employees' }] }),
  query(p) {
    const scope = employeeScope(p, 'e', { from: p.at, to: p.at });
    const label = breakdownLabel(p);
    const labelParams = p.groupBy === 'status' ? [p.at] : [];
    return {
      sql: `select ${label} as label, count(*)::int as employees,
                   ${percentSql('count(*)', 'sum(count(*)) over ()')} as share
              from employees e
              left join departments d on d.id = e.department_id
              left join positions po on po.id = e.position_id
             where ${scope.sql} and ${employedOn('e', '?::date')}
             group by 1
             order by employees desc, label`,
      params: [...labelParams, ...scope.params, p.at, p.at],
    };
  },
};

export const headcountMovement: ReportDefinition = {
  id: 'headcount-movement',
  group: 'headcount',
  title: 'Hires, leavers and turnover',
  description: 'Per month: headcount at its start and end, hires, leavers and the turnover rate (leavers over the average headcount)',
  module: 'employees',
  filters: ['from', 'to', 'department_id', 'position_id', 'location_id'],
  columns: () => [
    { key: 'month', label: 'Month', type: 'text' },
    { key: 'headcount_start', label: 'Headcount at start', type: 'integer' },
    { key: 'hires', label: 'Hires', type: 'integer', total: 'sum' },
    { key: 'leavers', label: 'Leavers', type: 'integer', total: 'sum' },
    { key: 'headcount_end', label: 'Headcount at end', type: 'integer' },
    { key: 'average_headcount', label: 'Average headcount', type: 'number' },
    { key: 'turnover_rate', label: 'Turnover rate', type: 'percent', total: { percent: ['leavers', 'average_headcount'], denominator: 'mean' } },
  ],
  chart: () => ({
    kind: 'bar',
    x: 'month',
    series: [
      { key: 'hires', label: 'Hires' },
      { key: 'leavers', label: 'Leavers' },
    ],
  }),
  query(p) {
    const scope = employeeScope(p);
    // one pass over the employees for all the months; a month's end is its last day, or the
    // period's end when that comes first
    return {
      sql: `with b as (select m.month, greatest(m.month, ?::date) as first_day,
                              least((m.month + interval '1 month' - interval '1 day')::date, ?::date) as last_day
                         from (${MONTHS_SQL}) m),
                 x as (select b.month,
                              (count(*) filter (where e.id is not null and ${employedOn('e', 'b.first_day - 1')}))::int as headcount_start,
                              (count(*) filter (where e.hire_date between b.first_day and b.last_day))::int as hires,
                              (count(*) filter (where e.termination_date between b.first_day and b.last_day))::int as leavers,
                              (count(*) filter (where e.id is not null and ${employedOn('e', 'b.last_day')}))::int as headcount_end
                         from b left join (select e.id, e.hire_date, e.termination_date, e.employment_status from employees e where ${scope.sql}) e on true
                        group by b.month)
            select ${monthKey('x.month')} as month, x.headcount_start, x.hires, x.leavers, x.headcount_end,
                   round((x.headcount_start + x.headcount_end) / 2.0, 2) as average_headcount,
                   ${percentSql('x.leavers', '(x.headcount_start + x.headcount_end) / 2.0')} as turnover_rate
              from x order by x.month`,
      params: [p.from, p.to, p.from, p.to, ...scope.params],
    };
  },
};

const TENURE_BANDS = `(values (1, 'Under 1 year', 0, 1), (2, '1–2 years', 1, 2), (3, '2–5 years', 2, 5), (4, '5–10 years', 5, 10), (5, '10 years or more', 10, 1000))`;

export const headcountTenure: ReportDefinition = {
  id: 'headcount-tenure',
  group: 'headcount',
  title: 'Tenure',
  description: 'Employees on the payroll at a date by years of service since their hire date',
  module: 'employees',
  filters: ['at', 'department_id', 'position_id', 'location_id'],
  columns: () => [
    { key: 'band', label: 'Tenure', type: 'text' },
    { key: 'employees', label: 'Employees', type: 'integer', total: 'sum' },
    { key: 'share', label: 'Share', type: 'percent', total: { percent: ['employees', 'employees'] } },
  ],
  chart: () => ({ kind: 'bar', x: 'band', series: [{ key: 'employees', label: 'Employees' }] }),
  query(p) {
    const scope = employeeScope(p, 'e', { from: p.at, to: p.at });
    return {
      sql: `with e as (select e.hire_date, extract(year from age(?::date, e.hire_date)) as years
                         from employees e where ${scope.sql} and ${employedOn('e', '?::date')}),
                 banded as (select coalesce((select b.n from ${TENURE_BANDS} b(n, name, lo, hi) where e.years >= b.lo and e.years < b.hi), 6) as n
                              from e)
            select b.name as band, count(x.n)::int as employees, ${percentSql('count(x.n)', 'sum(count(x.n)) over ()')} as share
              from (select * from ${TENURE_BANDS} v(n, name, lo, hi) union all select 6, 'No hire date', 0, 0) b
              left join banded x on x.n = b.n
             group by b.n, b.name
            having b.n < 6 or count(x.n) > 0
             order by b.n`,
      params: [p.at, ...scope.params, p.at],
    };
  },
};
