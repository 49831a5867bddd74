import { BIWEEKLY_ANCHOR, type PayPeriod } from './payroll-period';

/** Tables of other modules the run reads; a module not installed contributes nothing. */
export interface RunSources {
  holidays: boolean;
  leave: boolean;
  attendance: boolean;
  bonuses: boolean;
}

const NONE = 'select null::int as employee_id, 0::numeric as days where false';

/**
 * The whole pay computation of one company and month as one INSERT ... SELECT (records, then
 * their lines through a data-modifying CTE), so 10,000 employees cost one statement.
 *
 * Rules (every amount is numeric, rounded half-up to the cent per line with round(numeric, 2),
 * which rounds halves away from zero: half-up for the positive amounts here):
 * - Working days: Monday to Friday of the month, company holidays excluded.
 * - Employed days: working days between max(hire_date, 1st) and min(termination_date, last day).
 * - salary is the gross annual salary. The month's full basic is salary × periods / per_year:
 *   monthly 1/12, semi_monthly 2/24, weekly (Fridays of the month)/52, biweekly (biweekly pay
 *   Fridays of the month)/26. One day's value is that full basic / working days.
 * - Basic = day value × employed days (joiners and leavers pro-rated by working days).
 * - Unpaid leave: approved requests of a leave type with is_paid = false, their working days
 *   inside the period and the employment (a half-day request counts its total_days), × day value.
 * - Absences: attendance records with status absent on working days of the employment not
 *   covered by an approved leave request, × day value. Unpaid and absent days never exceed the
 *   employed days.
 * - Components: fixed amounts are monthly and pro-rated by employed / working days; percentages
 *   apply to the basic. An employee's assignment overrides the component's amount or percentage.
 * - Bonuses: bonus payments with status approved whose payment_period_end is inside the period.
 * - Taxable income = taxable earnings − deductions taken before tax (unpaid leave, absences,
 *   deductions with is_taxable = false), at least 0; tax = Σ over the company's brackets of
 *   (min(income, upper) − lower) × rate %, rounded once.
 * - Net = basic + allowances + bonuses − (unpaid leave + absences + deductions + tax).
 *
 * Every interpolated value is produced by code from validated integers (ids, dates).
 */
export function runSql(companyId: number, runId: number, period: PayPeriod, sources: RunSources): string {
  const c = int(companyId);
  const r = int(runId);
  const s = date(period.start);
  const e = date(period.end);
  const series = `generate_series(${s}, ${e}, interval '1 day') d`;

  const holidays = sources.holidays
    ? `and not exists (select 1 from holidays h where h.company_id = ${c} and h.holiday_date = d::date)`
    : '';
  const unpaid = sources.leave
    ? `select lr.employee_id,
              sum(least(lr.total_days, (select count(*) from days
                                         where day between greatest(lr.start_date, st.from_day) and least(lr.end_date, st.to_day)))) as days
         from leave_requests lr
         join leave_types lt on lt.id = lr.leave_type_id and not lt.is_paid
         join staff st on st.employee_id = lr.employee_id
        where lr.company_id = ${c} and lr.status = 'approved' and lr.start_date <= ${e} and lr.end_date >= ${s}
        group by lr.employee_id`
    : NONE;
  const onLeave = sources.leave
    ? `and not exists (select 1 from leave_requests lr
                        where lr.employee_id = ar.employee_id and lr.status = 'approved'
                          and ar.attendance_date between lr.start_date and lr.end_date)`
    : '';
  const absent = sources.attendance
    ? `select ar.employee_id, count(*)::numeric as days
         from attendance_records ar
         join staff st on st.employee_id = ar.employee_id
         join days on days.day = ar.attendance_date
        where ar.company_id = ${c} and ar.status = 'absent'
          and ar.attendance_date between st.from_day and st.to_day
          ${onLeave}
        group by ar.employee_id`
    : NONE;
  const bonuses = sources.bonuses
    ? `union all
       select b.employee_id, 'earning', 'bonus', 'BONUS',
              'Bonus ' || to_char(b.payment_period_start, 'YYYY-MM-DD') || ' to ' || to_char(b.payment_period_end, 'YYYY-MM-DD'),
              null, null, b.bonus_amount, true, null, b.id, 20
         from bonus_payments b
         join pay p on p.employee_id = b.employee_id
        where b.company_id = ${c} and b.status = 'approved' and b.payment_period_end between ${s} and ${e}`
    : '';

  return `
with days as materialized (
  select d::date as day from ${series}
   where extract(isodow from d) < 6 ${holidays}
),
cal as (
  select (select count(*) from days)::int as working_days,
         (select count(*) from ${series} where extract(isodow from d) = 5)::int as fridays,
         (select count(*) from ${series}
           where extract(isodow from d) = 5 and (d::date - date '${BIWEEKLY_ANCHOR}') % 14 = 0)::int as biweekly_days
),
emp as (
  select e.id as employee_id, e.salary, e.salary_currency, e.payment_frequency::text as payment_frequency,
         greatest(${s}, coalesce(e.hire_date, ${s})) as from_day,
         least(${e}, coalesce(e.termination_date, ${e})) as to_day,
         case e.payment_frequency when 'weekly' then cal.fridays when 'biweekly' then cal.biweekly_days
                                  when 'semi_monthly' then 2 else 1 end as periods,
         case e.payment_frequency when 'weekly' then 52 when 'biweekly' then 26
                                  when 'semi_monthly' then 24 else 12 end as per_year,
         cal.working_days
    from employees e cross join cal
   where e.company_id = ${c} and e.salary is not null
     and (e.hire_date is null or e.hire_date <= ${e})
     and (e.termination_date is null or e.termination_date >= ${s})
     and (e.employment_status <> 'terminated' or e.termination_date is not null)
),
staff as materialized (
  select emp.*,
         (select count(*) from days where day between emp.from_day and emp.to_day)::int as employed_days,
         emp.salary * emp.periods as day_num,
         (emp.per_year * greatest(emp.working_days, 1))::numeric as day_den
    from emp
),
unpaid as (${unpaid}),
absent as (${absent}),
pay as materialized (
  select st.*,
         round(st.day_num * st.employed_days / st.day_den, 2) as basic,
         least(coalesce(u.days, 0), st.employed_days) as unpaid_days,
         least(coalesce(a.days, 0), st.employed_days - least(coalesce(u.days, 0), st.employed_days)) as absent_days
    from staff st
    left join unpaid u on u.employee_id = st.employee_id
    left join absent a on a.employee_id = st.employee_id
),
comp as (
  select p.employee_id, sc.id as component_id, sc.component_type::text as component_type,
         sc.calculation_type::text as calculation_type, sc.component_name, sc.component_code, sc.is_taxable,
         case when sc.calculation_type = 'fixed' then coalesce(a.amount, sc.amount)
              else coalesce(a.percentage, sc.percentage) end as value
    from pay p
    join salary_components sc on sc.company_id = ${c} and sc.is_active
    left join employee_salary_components a
           on a.company_id = ${c} and a.component_id = sc.id and a.employee_id = p.employee_id
   where sc.applies_to_all or a.id is not null
),
lines as (
  select employee_id, 'earning'::text as line_type, 'basic'::text as category, 'BASIC'::text as code,
         'Basic salary'::text as name, employed_days::numeric as quantity, round(day_num / day_den, 4) as rate,
         basic as amount, true as is_taxable, null::int as component_id, null::int as bonus_payment_id, 1 as sort_order
    from pay
  union all
  select employee_id, 'deduction', 'unpaid_leave', 'UNPAID_LEAVE', 'Unpaid leave', unpaid_days, round(day_num / day_den, 4),
         round(day_num * unpaid_days / day_den, 2), false, null, null, 30
    from pay where unpaid_days > 0
  union all
  select employee_id, 'deduction', 'absence', 'ABSENCE', 'Absences', absent_days, round(day_num / day_den, 4),
         round(day_num * absent_days / day_den, 2), false, null, null, 31
    from pay where absent_days > 0
  union all
  select cp.employee_id, case cp.component_type when 'allowance' then 'earning' else 'deduction' end,
         cp.component_type, cp.component_code,
         case cp.calculation_type when 'percentage' then cp.component_name || ' (' || trim_scale(cp.value)::text || '%)'
              else cp.component_name end,
         null, cp.value,
         case cp.calculation_type
              when 'fixed' then round(cp.value * p.employed_days / greatest(p.working_days, 1), 2)
              else round(p.basic * cp.value / 100, 2) end,
         cp.is_taxable, cp.component_id, null, case cp.component_type when 'allowance' then 10 else 40 end
    from comp cp join pay p on p.employee_id = cp.employee_id
  ${bonuses}
),
kept as (
  select * from lines where category = 'basic' or amount <> 0
),
taxable as (
  select p.employee_id,
         greatest(0, coalesce(sum(case when l.line_type = 'earning' and l.is_taxable then l.amount
                                       when l.line_type = 'deduction' and not l.is_taxable then -l.amount
                                       else 0 end), 0)) as income
    from pay p left join kept l on l.employee_id = p.employee_id
   group by p.employee_id
),
tax as (
  select t.employee_id, t.income,
         round(coalesce((select sum((least(t.income, coalesce(b.upper_bound, t.income)) - b.lower_bound) * b.rate / 100)
                           from tax_brackets b
                          where b.company_id = ${c} and t.income > b.lower_bound), 0), 2) as amount
    from taxable t
),
all_lines as (
  select * from kept
  union all
  select employee_id, 'deduction', 'tax', 'TAX', 'Income tax', null, null, amount, true, null, null, 50
    from tax where amount > 0
),
totals as (
  select employee_id,
         coalesce(sum(amount) filter (where category = 'basic'), 0) as basic_salary,
         coalesce(sum(amount) filter (where category = 'allowance'), 0) as allowances,
         coalesce(sum(amount) filter (where category = 'bonus'), 0) as bonuses,
         coalesce(sum(amount) filter (where line_type = 'earning'), 0) as gross,
         coalesce(sum(amount) filter (where line_type = 'deduction'), 0) as deductions
    from all_lines group by employee_id
),
records as (
  insert into payroll_records (company_id, employee_id, run_id, pay_period_start, pay_period_end, annual_salary, basic_salary, allowances,
                               bonuses, gross_salary, taxable_income, tax, total_deductions, net_salary, salary_currency,
                               payment_frequency, working_days, employed_days, unpaid_leave_days, absent_days, payment_status)
  select ${c}, p.employee_id, ${r}, ${s}, ${e}, p.salary, t.basic_salary, t.allowances, t.bonuses, t.gross, x.income, x.amount,
         t.deductions, t.gross - t.deductions, p.salary_currency, p.payment_frequency, p.working_days, p.employed_days,
         p.unpaid_days, p.absent_days, 'pending'
    from pay p
    join totals t on t.employee_id = p.employee_id
    join tax x on x.employee_id = p.employee_id
  returning id, employee_id
)
insert into payroll_lines (company_id, record_id, line_type, category, code, name, quantity, rate, amount, is_taxable,
                           component_id, bonus_payment_id, sort_order)
select ${c}, rec.id, l.line_type, l.category, l.code, l.name, l.quantity, l.rate, l.amount, l.is_taxable,
       l.component_id, l.bonus_payment_id, l.sort_order
  from all_lines l join records rec on rec.employee_id = l.employee_id`;
}

function int(value: number): string {
  if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`);
  return String(value);
}

function date(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) throw new Error(`not a date: ${value}`);
  return `date '${value}'`;
}
