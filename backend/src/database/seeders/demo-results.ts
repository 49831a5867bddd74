import type { EntityManager } from '@mikro-orm/postgresql';
import { DateTime } from 'luxon';
import { bonusCalculationSql, COMPUTED_TARGET_PERIODS } from '../../modules/kpi/bonus-calculation.sql';
import { EMPLOYEE_VALUES_SQL, employeeValuesParams, teamValuesParams, teamValuesSql, type ValuePair } from '../../modules/kpi/kpi-values.sql';
import { monthPeriod } from '../../modules/payroll/payroll-period';
import { lockPeriod, sources } from '../../modules/payroll/payroll-run.service';
import { runSql } from '../../modules/payroll/payroll-run.sql';

/**
 * What Acme's work produced: tasks in every status, KPI targets and values for the last three
 * months with bonuses in every state, and payroll: the two months before this one paid, this one
 * processed. Values of computed KPIs, bonuses and payroll come from the modules' own statements.
 */

/** Sales revenue per representative and month (months before the current one): target, actual. */
const SALES = [
  { code: 'EMP004', month: 3, target: 40000, actual: 50000 },
  { code: 'EMP004', month: 2, target: 40000, actual: 41600 },
  { code: 'EMP005', month: 3, target: 40000, actual: 36800 },
  { code: 'EMP019', month: 3, target: 50000, actual: 49000 },
  { code: 'EMP019', month: 2, target: 50000, actual: 60500 },
  { code: 'EMP019', month: 1, target: 50000, actual: 54000 },
  { code: 'EMP020', month: 2, target: 45000, actual: 42750 },
  { code: 'EMP020', month: 1, target: 45000, actual: 46350 },
  { code: 'EMP021', month: 1, target: 45000, actual: 41850 },
];

/**
 * Last month's bonuses once calculated: one waits for approval (Li), one is approved (Emily),
 * one rejected, one cancelled. Earlier months' are paid: three months ago by hand, two months
 * ago with that month's payroll.
 */
const LAST_MONTH_BONUSES = [
  { code: 'EMP020', status: 'approved', note: null },
  { code: 'EMP019', status: 'rejected', note: 'Two deals were booked twice in the CRM; recalculate after the correction' },
  { code: 'EMP021', status: 'cancelled', note: 'Figures restated by the CRM export' },
];

/** Customer satisfaction of Operations (department values), months before the current one. */
const CSAT = [
  { month: 3, target: 90, actual: 87.5 },
  { month: 2, target: 90, actual: 91.2 },
  { month: 1, target: 90, actual: 93.4 },
];

/**
 * Tasks: due and completion in days from today; an open task is never past due. Few enough, as
 * the KPI targets above, that a new one still shows on the first page of a list.
 */
const TASKS = [
  { title: 'Prepare the Q4 roadmap review', cat: 'general', prio: 'high', status: 'pending', who: 'EMP002', due: 10 },
  { title: 'Set up laptop and accounts for Isaac Newman', cat: 'onboarding', prio: 'high', status: 'pending', who: 'EMP016', about: 'EMP025', due: 3 },
  { title: 'Write the developer onboarding guide', cat: 'general', prio: 'medium', status: 'in_progress', who: 'EMP001', due: 6, progress: 30 },
  { title: 'Migrate CI to the new runners', cat: 'general', prio: 'high', status: 'in_progress', who: 'EMP007', due: 5, progress: 60 },
  { title: 'Onboarding plan for Noah Williams', cat: 'onboarding', prio: 'medium', status: 'in_progress', who: 'EMP003', about: 'EMP014', due: 2, progress: 70 },
  { title: 'Renew the New York office lease', cat: 'general', prio: 'urgent', status: 'in_progress', who: 'EMP026', due: 14, progress: 40 },
  { title: 'Close the books of two months ago', cat: 'general', prio: 'high', status: 'completed', who: 'EMP035', due: -48, done: -50 },
  { title: 'Process last month’s payroll', cat: 'payroll_processing', prio: 'critical', status: 'completed', who: 'EMP003', due: -26, done: -27 },
  { title: 'Offboard Olivia Chen', cat: 'offboarding', prio: 'medium', status: 'completed', who: 'EMP016', about: 'EMP015', due: -58, done: -59 },
  { title: 'Approve the holiday leave plan', cat: 'leave_approval', prio: 'medium', status: 'completed', who: 'EMP003', due: -6, done: -8 },
  { title: 'Book the trade show booth', cat: 'general', prio: 'low', status: 'cancelled', who: 'EMP020', due: -5 },
  { title: 'Renegotiate the payroll vendor contract', cat: 'general', prio: 'medium', status: 'on_hold', who: 'EMP036', due: 20, progress: 25 },
  { title: 'Upgrade the warehouse shelving', cat: 'general', prio: 'low', status: 'on_hold', who: 'EMP029', due: 40 },
  { title: 'Submit expense reports', cat: 'general', prio: 'medium', status: 'overdue', who: 'EMP039', due: -4, progress: 50 },
  { title: 'Collect customer references', cat: 'general', prio: 'high', status: 'overdue', who: 'EMP021', due: -9, progress: 10 },
];

interface Month {
  year: number;
  month: number;
  start: string;
  end: string;
}

export async function seedDemoResults(em: EntityManager, input: { companyId: number; zone: string; today: string; adminUserId: number }) {
  const { companyId, zone, today, adminUserId } = input;
  const current = DateTime.fromISO(today, { zone: 'utc' }).startOf('month');
  const month = (back: number): Month => {
    const m = current.minus({ months: back });
    return { year: m.year, month: m.month, start: m.toISODate()!, end: m.endOf('month').toISODate()! };
  };

  await seedTasks(em, companyId, zone, adminUserId);
  await seedKpis(em, companyId, month, adminUserId);

  // the computed KPIs' values up to this month, then the bonuses of the three closed months
  const [three, two, one] = [month(3), month(2), month(1)];
  await refreshComputedValues(em, companyId, zone, three.start, month(0).end);
  for (const m of [three, two, one]) await em.execute(bonusCalculationSql(companyId, m.start, m.end));
  await em.execute(
    `insert into bonus_calculation_runs (company_id, period_start, period_end, run_count, payments_count, total_amount, last_run_by_id)
     select ?, m.start, m."end", 1, count(b.id), coalesce(sum(b.bonus_amount), 0), ?
       from jsonb_to_recordset(?::jsonb) as m(start date, "end" date)
       left join bonus_payments b on b.company_id = ? and b.payment_period_start = m.start and b.payment_period_end = m."end"
      group by m.start, m."end"`,
    [companyId, adminUserId, JSON.stringify([three, two, one]), companyId],
  );
  // three months ago: approved and paid by hand early the next month; two months ago: approved
  // before that month's payroll, which pays them
  await em.execute(
    `update bonus_payments
        set status = case when payment_period_start = ? then 'paid' else 'approved' end,
            paid_date = case when payment_period_start = ? then ?::date end,
            approved_at = (payment_period_end + 2)::timestamp at time zone ?, approved_by_id = ?
      where company_id = ? and payment_period_start in (?, ?)`,
    [three.start, three.start, DateTime.fromISO(two.start).plus({ days: 4 }).toISODate(), zone, adminUserId, companyId, three.start, two.start],
  );

  // the payroll run's own statement for each month (PayrollRunService.run without its checks: the
  // periods are new), then the runs' figures as the service writes them
  const tables = await sources(em);
  await em.execute(`select set_config('jit', 'off', true)`);
  const months = [two, one, month(0)];
  for (const m of months) {
    const period = monthPeriod(m.year, m.month);
    await em.execute(runSql(companyId, await lockPeriod(em, companyId, period), period, tables));
  }
  await em.execute(
    `update payroll_runs r
        set employee_count = s.n, total_net = s.total, run_count = r.run_count + 1,
            last_run_at = clock_timestamp(), run_by_id = ?, updated_at = now()
       from (select pay_period_start, count(*)::int as n, coalesce(sum(net_salary), 0.00) as total
               from payroll_records where company_id = ? group by pay_period_start) s
      where r.company_id = ? and r.period_start = s.pay_period_start`,
    [adminUserId, companyId, companyId],
  );
  // paid on the last working day of the month; January of this year stays processed (the browser
  // test processes that month again)
  const paid = [two, one].filter((m) => !(m.month === 1 && m.year === current.year)).map((m) => m.start);
  if (paid.length) {
    await em.execute(
      `with paying as (
         update payroll_records r
            set payment_status = 'paid', updated_at = now(),
                payment_date = (select max(d)::date from generate_series(r.pay_period_start, r.pay_period_end, interval '1 day') d
                                 where extract(isodow from d) < 6)
          where r.company_id = ? and r.pay_period_start in (?)
          returning r.id, r.payment_date
       )
       update bonus_payments b set status = 'paid', paid_date = p.payment_date, updated_at = now()
         from payroll_lines l join paying p on p.id = l.record_id
        where l.bonus_payment_id = b.id and b.company_id = ? and b.status = 'approved'`,
      [companyId, paid, companyId],
    );
  }
  // last month's bonuses are decided after its payroll
  await em.execute(
    `update bonus_payments b
        set status = x.status, status_note = x.note,
            approved_at = case when x.status = 'approved' then now() - interval '2 days' end,
            approved_by_id = case when x.status = 'approved' then ?::int end, updated_at = now()
       from jsonb_to_recordset(?::jsonb) as x(code text, status text, note text)
       join employees e on e.company_id = ? and e.employee_code = x.code
      where b.employee_id = e.id and b.company_id = ? and b.payment_period_start = ?`,
    [adminUserId, JSON.stringify(LAST_MONTH_BONUSES), companyId, companyId, one.start],
  );
}

async function seedTasks(em: EntityManager, companyId: number, zone: string, adminUserId: number) {
  await em.execute(
    `with t as (
       select x.*, (date_trunc('day', now() at time zone ?) + x.due * interval '1 day' + interval '17 hours') at time zone ? as due_at
         from jsonb_to_recordset(?::jsonb) as x(title text, cat text, prio text, status text, who text, about text, due int, progress int, done int)
     )
     insert into tasks (company_id, title, category, priority, status, assigned_to_id, department_id, position_id, employee_id,
                        due_date, estimated_hours, progress_percentage, completed_at, created_by_id, created_at, updated_at)
     select ?, t.title, t.cat, t.prio, t.status, e.id, e.department_id, e.position_id, a.id, t.due_at,
            case when t.prio in ('high', 'urgent', 'critical') then 16 else 6 end,
            case when t.status = 'completed' then 100 else coalesce(t.progress, 0) end,
            case when t.status = 'completed' then t.due_at + (t.done - t.due) * interval '1 day' - interval '3 hours' end,
            ?, least(t.due_at - interval '20 days', now() - interval '5 days'),
            case when t.status = 'completed' then t.due_at + (t.done - t.due) * interval '1 day' - interval '3 hours'
                 else least(t.due_at - interval '3 days', now() - interval '1 day') end
       from t
       join employees e on e.company_id = ? and e.employee_code = t.who
       left join employees a on a.company_id = ? and a.employee_code = t.about`,
    [zone, zone, JSON.stringify(TASKS), companyId, adminUserId, companyId, companyId],
  );
}

async function seedKpis(em: EntityManager, companyId: number, month: (back: number) => Month, adminUserId: number) {
  const sales = SALES.map((s) => ({ ...s, ...month(s.month) }));
  await em.execute(
    `with x as (select * from jsonb_to_recordset(?::jsonb) as x(code text, start date, "end" date, target numeric, actual numeric)),
     targets as (
       insert into kpi_targets (company_id, kpi_id, target_type, employee_id, period_start_date, period_end_date, target_value)
       select k.company_id, k.id, 'employee', e.id, x.start, x."end", x.target
         from x join employees e on e.company_id = ? and e.employee_code = x.code
         join kpis k on k.company_id = e.company_id and k.code = 'SALES_REV'
       returning 1
     )
     insert into kpi_values (company_id, kpi_id, entity_type, employee_id, period_start_date, period_end_date, actual_value, notes, recorded_by_id)
     select k.company_id, k.id, 'employee', e.id, x.start, x."end", x.actual, 'From the CRM export', ?
       from x join employees e on e.company_id = ? and e.employee_code = x.code
       join kpis k on k.company_id = e.company_id and k.code = 'SALES_REV'`,
    [JSON.stringify(sales), companyId, adminUserId, companyId],
  );

  // attendance rate targets for the other departments, and Operations' customer satisfaction
  const csat = CSAT.map((c) => ({ ...c, ...month(c.month) }));
  await em.execute(
    `with kpi as (
       insert into kpis (company_id, name, code, description, category, kpi_type, unit)
       values (?, 'Customer satisfaction', 'CSAT', 'Share of satisfied answers in the monthly customer survey', 'operations', 'percentage', '%')
       returning id, company_id
     ),
     x as (select * from jsonb_to_recordset(?::jsonb) as x(start date, "end" date, target numeric, actual numeric)),
     ops as (select id from departments where company_id = ? and department_code = 'OPS'),
     targets as (
       insert into kpi_targets (company_id, kpi_id, target_type, department_id, period_start_date, period_end_date, target_value)
       select kpi.company_id, kpi.id, 'department', ops.id, x.start, x."end", x.target from kpi, ops, x
       returning 1
     )
     insert into kpi_values (company_id, kpi_id, entity_type, department_id, period_start_date, period_end_date, actual_value, notes, recorded_by_id)
     select kpi.company_id, kpi.id, 'department', ops.id, x.start, x."end", x.actual, 'Survey results', ? from kpi, ops, x`,
    [companyId, JSON.stringify(csat), companyId, adminUserId],
  );
  const last = month(1);
  await em.execute(
    `insert into kpi_targets (company_id, kpi_id, target_type, department_id, period_start_date, period_end_date, target_value)
     select k.company_id, k.id, 'department', d.id, ?, ?, 95
       from kpis k join departments d on d.company_id = k.company_id and d.department_code in ('SALES', 'OPS')
      where k.company_id = ? and k.code = 'ATTENDANCE'`,
    [last.start, last.end, companyId],
  );
  // Jane's own target this month, so the employee login's home shows KPI progress
  const current = month(0);
  await em.execute(
    `insert into kpi_targets (company_id, kpi_id, target_type, employee_id, period_start_date, period_end_date, target_value)
     select k.company_id, k.id, 'employee', e.id, ?, ?, 95
       from kpis k join employees e on e.company_id = k.company_id and e.employee_code = 'EMP001'
      where k.company_id = ? and k.code = 'ATTENDANCE'`,
    [current.start, current.end, companyId],
  );
}

/** The values of the computed KPIs (attendance, tasks) of the targets in [start, end], as the module computes them. */
async function refreshComputedValues(em: EntityManager, companyId: number, zone: string, start: string, end: string) {
  const pairs = await em.execute<ValuePair[]>(COMPUTED_TARGET_PERIODS, [companyId, start, end]);
  if (!pairs.length) return;
  await em.execute(EMPLOYEE_VALUES_SQL, employeeValuesParams(pairs, companyId, zone, null));
  await em.execute(teamValuesSql('department'), teamValuesParams(pairs, companyId, null));
  await em.execute(teamValuesSql('position'), teamValuesParams(pairs, companyId, null));
}
