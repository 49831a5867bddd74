import { employeeScope, fullName, groupColumn, monthKey, percentSql, type ReportColumn, type ReportDefinition } from '../report-definition';

const PEOPLE_FILTERS = ['department_id', 'position_id', 'location_id'] as const;

const money = (key: string, label: string): ReportColumn => ({ key, label, type: 'money', total: 'sum' });

/** Payroll records of pay periods starting in the period: the figures the payroll module shows. */
export const payrollCost: ReportDefinition = {
  id: 'payroll-cost',
  group: 'payroll',
  title: 'Payroll cost',
  description: 'Basic salary, allowances, bonuses, gross, deductions, tax and net pay of the pay periods starting in the period, per month or department',
  module: 'payroll',
  filters: ['from', 'to', 'group_by', ...PEOPLE_FILTERS],
  groupBy: [
    { id: 'month', name: 'Month' },
    { id: 'department', name: 'Department' },
  ],
  columns(p) {
    return [
      groupColumn(this, p),
      { key: 'currency', label: 'Currency', type: 'text' },
      { key: 'employees', label: 'Employees', type: 'integer' },
      money('basic_salary', 'Basic salary'),
      money('allowances', 'Allowances'),
      money('bonuses', 'Bonuses'),
      money('gross_salary', 'Gross pay'),
      money('total_deductions', 'Deductions'),
      money('tax', 'Tax'),
      money('net_salary', 'Net pay'),
    ];
  },
  chart: () => ({
    kind: 'stacked-bar',
    x: 'label',
    series: [
      { key: 'basic_salary', label: 'Basic salary' },
      { key: 'allowances', label: 'Allowances' },
      { key: 'bonuses', label: 'Bonuses' },
    ],
  }),
  query(p) {
    const scope = employeeScope(p);
    const label = p.groupBy === 'department' ? `coalesce(d.department_name, 'No department')` : monthKey(`date_trunc('month', pr.pay_period_start)`);
    return {
      sql: `select ${label} as label, pr.salary_currency as currency, count(distinct pr.employee_id)::int as employees,
                   sum(pr.basic_salary) as basic_salary, sum(pr.allowances) as allowances, sum(pr.bonuses) as bonuses,
                   sum(pr.gross_salary) as gross_salary, sum(pr.total_deductions) as total_deductions, sum(pr.tax) as tax,
                   sum(pr.net_salary) as net_salary
              from payroll_records pr
              join employees e on e.id = pr.employee_id
              left join departments d on d.id = e.department_id
             where pr.company_id = ? and pr.pay_period_start between ?::date and ?::date and ${scope.sql}
             group by 1, 2 order by 1, 2`,
      params: [p.companyId, p.from, p.to, ...scope.params],
    };
  },
};

const COMPONENTS = ['basic_salary', 'allowances', 'bonuses', 'total_deductions', 'tax', 'net_salary'] as const;

/**
 * The month of the period's end against the month before, employee by employee: who joined,
 * who left, whose pay changed and in which component. Unchanged employees are left out.
 */
export const payrollChanges: ReportDefinition = {
  id: 'payroll-changes',
  group: 'payroll',
  title: 'Payroll changes',
  description: "Net pay of the period's last month against the month before, with the employees behind each change",
  module: 'payroll',
  filters: ['to', ...PEOPLE_FILTERS],
  columns: () => [
    { key: 'employee', label: 'Employee', type: 'text' },
    { key: 'department', label: 'Department', type: 'text' },
    { key: 'change_reason', label: 'Change', type: 'text' },
    { key: 'currency', label: 'Currency', type: 'text' },
    money('previous_net', 'Net, previous month'),
    money('current_net', 'Net, this month'),
    money('net_change', 'Net change'),
    { key: 'net_change_rate', label: 'Change %', type: 'percent' },
    money('basic_change', 'Basic salary change'),
    money('allowances_change', 'Allowances change'),
    money('bonuses_change', 'Bonuses change'),
    money('deductions_change', 'Deductions change'),
    money('tax_change', 'Tax change'),
  ],
  chart: () => null,
  query(p) {
    const scope = employeeScope(p);
    const sums = COMPONENTS.map(
      (c) => `sum(pr.${c}) filter (where pr.m = 1) as cur_${c}, sum(pr.${c}) filter (where pr.m = 0) as prev_${c}`,
    ).join(', ');
    const diff = (c: string) => `coalesce(x.cur_${c}, 0) - coalesce(x.prev_${c}, 0)`;
    return {
      sql: `with b as (select date_trunc('month', ?::date)::date as cur),
                 pr as (select pr.*, case when pr.pay_period_start >= b.cur then 1 else 0 end as m
                          from payroll_records pr cross join b
                         where pr.company_id = ? and pr.pay_period_start >= (b.cur - interval '1 month')::date
                           and pr.pay_period_start < (b.cur + interval '1 month')::date),
                 x as (select pr.employee_id, pr.salary_currency, ${sums}, bool_or(pr.m = 1) as has_cur, bool_or(pr.m = 0) as has_prev
                         from pr group by pr.employee_id, pr.salary_currency)
            select ${fullName('e')} || ' (' || e.employee_code || ')' as employee, coalesce(d.department_name, 'No department') as department,
                   case when not x.has_prev then 'Joined' when not x.has_cur then 'Left' else 'Pay changed' end as change_reason,
                   x.salary_currency as currency,
                   coalesce(x.prev_net_salary, 0) as previous_net, coalesce(x.cur_net_salary, 0) as current_net,
                   ${diff('net_salary')} as net_change,
                   case when coalesce(x.prev_net_salary, 0) = 0 then null else ${percentSql(diff('net_salary'), 'x.prev_net_salary')} end as net_change_rate,
                   ${diff('basic_salary')} as basic_change, ${diff('allowances')} as allowances_change, ${diff('bonuses')} as bonuses_change,
                   ${diff('total_deductions')} as deductions_change, ${diff('tax')} as tax_change
              from x
              join employees e on e.id = x.employee_id
              left join departments d on d.id = e.department_id
             where ${scope.sql}
               and (not x.has_prev or not x.has_cur or ${COMPONENTS.map((c) => `${diff(c)} <> 0`).join(' or ')})
             order by abs(${diff('net_salary')}) desc, employee`,
      params: [p.to, p.companyId, ...scope.params],
    };
  },
};
