/**
 * Values of the computed KPIs from the product's own records, as set-based upserts. Each
 * statement takes the (kpi, data source, period) pairs as one JSON parameter and writes every
 * subject's value of every pair at once; values of those pairs whose subject no longer has data
 * are removed, so a re-run leaves exactly what the records say.
 *
 * Employees:
 * - attendance_rate: days with status present or late, in percent of the days of the period with
 *   an attendance record of status present, late or absent (approved leave is not counted
 *   against the rate). No record in the period: no value.
 * - task_completion_rate: tasks assigned to the employee and created in the period (whole days in
 *   the company's time zone) that are completed, in percent of those tasks. No task: no value.
 * - leave_days: days of approved leave in the period. A request inside the period counts its
 *   total_days; one crossing a bound counts its working days (Monday to Friday, company holidays
 *   excluded) inside the period, at most its total_days. Every employee employed during the period
 *   gets a value, 0 without leave.
 * Departments and positions (their current members): the average of the members' rates, the sum
 * of their leave days. Rates and averages are rounded half-up to 2 decimals.
 *
 * Parameters are bound in the order the `?` appear; see employeeValuesParams / teamValuesParams.
 */

const PAIRS = `pairs as materialized (
  select (p->>'kpi_id')::int as kpi_id, p->>'source' as source, (p->>'ps')::date as ps, (p->>'pe')::date as pe
    from json_array_elements(?::json) p
)`;

export interface ValuePair {
  kpi_id: number;
  source: string;
  ps: string;
  pe: string;
}

export const EMPLOYEE_VALUES_SQL = `
with ${PAIRS},
attendance as (
  select p.kpi_id, p.ps, p.pe, ar.employee_id,
         round(100.0 * count(*) filter (where ar.status in ('present', 'late')) / count(*), 2) as value
    from pairs p
    join attendance_records ar on ar.company_id = ? and ar.attendance_date between p.ps and p.pe
                              and ar.status in ('present', 'late', 'absent')
   where p.source = 'attendance_rate'
   group by p.kpi_id, p.ps, p.pe, ar.employee_id
),
task_rates as (
  select p.kpi_id, p.ps, p.pe, tk.assigned_to_id as employee_id,
         round(100.0 * count(*) filter (where tk.status = 'completed') / count(*), 2) as value
    from pairs p
    join tasks tk on tk.company_id = ? and tk.assigned_to_id is not null
                 and tk.created_at >= (p.ps::timestamp at time zone ?) and tk.created_at < ((p.pe + 1)::timestamp at time zone ?)
   where p.source = 'task_completion_rate'
   group by p.kpi_id, p.ps, p.pe, tk.assigned_to_id
),
leave_taken as (
  select p.kpi_id, p.ps, p.pe, e.id as employee_id,
         coalesce(sum(case
           when lr.id is null then 0
           when lr.start_date >= p.ps and lr.end_date <= p.pe then lr.total_days
           else least(lr.total_days, (
             select count(*) from generate_series(greatest(lr.start_date, p.ps), least(lr.end_date, p.pe), interval '1 day') d
              where extract(isodow from d) < 6
                and not exists (select 1 from holidays h where h.company_id = e.company_id and h.holiday_date = d::date)))
         end), 0) as value
    from pairs p
    join employees e on e.company_id = ?
                    and (e.hire_date is null or e.hire_date <= p.pe)
                    and (e.termination_date is null or e.termination_date >= p.ps)
                    and (e.employment_status <> 'terminated' or e.termination_date is not null)
    left join leave_requests lr on lr.company_id = e.company_id and lr.employee_id = e.id and lr.status = 'approved'
                               and lr.start_date <= p.pe and lr.end_date >= p.ps
   where p.source = 'leave_days'
   group by p.kpi_id, p.ps, p.pe, e.id
),
fresh as (
  select * from attendance union all select * from task_rates union all select * from leave_taken
),
stale as (
  delete from kpi_values v using pairs p
   where v.company_id = ? and v.kpi_id = p.kpi_id and v.period_start_date = p.ps and v.period_end_date = p.pe
     and v.entity_type = 'employee'
     and not exists (select 1 from fresh f where f.kpi_id = v.kpi_id and f.employee_id = v.employee_id
                                              and f.ps = v.period_start_date and f.pe = v.period_end_date)
  returning v.id
),
written as (
  insert into kpi_values (company_id, kpi_id, entity_type, employee_id, period_start_date, period_end_date, actual_value, source, recorded_by_id)
  select ?, kpi_id, 'employee', employee_id, ps, pe, value, 'computed', ? from fresh
  on conflict (company_id, kpi_id, employee_id, period_start_date, period_end_date)
  do update set actual_value = excluded.actual_value, source = 'computed', notes = null,
                recorded_by_id = excluded.recorded_by_id, updated_at = now()
  returning kpi_id
)
select kpi_id, count(*)::int as n from written group by kpi_id`;

export const employeeValuesParams = (pairs: ValuePair[], companyId: number, zone: string, userId: number | null) => [
  JSON.stringify(pairs),
  companyId,
  companyId,
  zone,
  zone,
  companyId,
  companyId,
  companyId,
  userId,
];

/** Department or position values from their members' employee values (written just before). */
export function teamValuesSql(type: 'department' | 'position'): string {
  const col = `${type}_id`;
  return `
with ${PAIRS},
fresh as (
  select v.kpi_id, v.period_start_date as ps, v.period_end_date as pe, e.${col} as subject_id,
         case when p.source = 'leave_days' then sum(v.actual_value) else round(avg(v.actual_value), 2) end as value
    from pairs p
    join kpi_values v on v.company_id = ? and v.kpi_id = p.kpi_id and v.period_start_date = p.ps
                     and v.period_end_date = p.pe and v.entity_type = 'employee'
    join employees e on e.id = v.employee_id and e.${col} is not null
   group by v.kpi_id, v.period_start_date, v.period_end_date, e.${col}, p.source
),
stale as (
  delete from kpi_values v using pairs p
   where v.company_id = ? and v.kpi_id = p.kpi_id and v.period_start_date = p.ps and v.period_end_date = p.pe
     and v.entity_type = '${type}'
     and not exists (select 1 from fresh f where f.kpi_id = v.kpi_id and f.subject_id = v.${col}
                                              and f.ps = v.period_start_date and f.pe = v.period_end_date)
  returning v.id
),
written as (
  insert into kpi_values (company_id, kpi_id, entity_type, ${col}, period_start_date, period_end_date, actual_value, source, recorded_by_id)
  select ?, kpi_id, '${type}', subject_id, ps, pe, value, 'computed', ? from fresh
  on conflict (company_id, kpi_id, ${col}, period_start_date, period_end_date)
  do update set actual_value = excluded.actual_value, source = 'computed', notes = null,
                recorded_by_id = excluded.recorded_by_id, updated_at = now()
  returning kpi_id
)
select kpi_id, count(*)::int as n from written group by kpi_id`;
}

export const teamValuesParams = (pairs: ValuePair[], companyId: number, userId: number | null) => [
  JSON.stringify(pairs),
  companyId,
  companyId,
  companyId,
  userId,
];
