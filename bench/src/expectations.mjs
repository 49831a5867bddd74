// What each batch figure must have done, read from the data set the bench built, and what it did,
// read back from the database: a batch that processed nothing (or part of its work) would be fast,
// so a figure is judged only when its work matches the data set.
import { BIG_COMPANY, IMPORT_COMPANY } from './seed.mjs';

const one = async (db, sql, params = []) => (await db.query(sql, params)).rows[0];

/**
 * The absent job's due work (AttendanceJobsService.markAbsent with no date: each company's last
 * CATCH_UP_DAYS days before today, UTC in the data set): every working day (Monday to Friday, no
 * holidays seeded) of each company of the data set from its creation on, and on each, every active employee hired
 * by then without a record of that day.
 */
export async function absentDue(db, catchUpDays = 7) {
  await db.query(`set time zone 'UTC'`);
  const days = `generate_series(current_date - ${catchUpDays}, current_date - 1, interval '1 day') g(day)`;
  const claimed = await one(
    db,
    `select count(*)::int as n from companies co cross join ${days}
      where co.company_code like 'BENCH%' and extract(isodow from g.day) < 6 and g.day::date >= co.created_at::date`,
  );
  const records = await one(
    db,
    `select count(*)::int as n from employees e join companies co on co.id = e.company_id and co.company_code like 'BENCH%'
       cross join ${days}
      where e.employment_status = 'active' and extract(isodow from g.day) < 6 and g.day::date >= co.created_at::date
        and coalesce(e.hire_date, e.created_at::date) <= g.day::date
        and not exists (select 1 from attendance_records a where a.employee_id = e.id and a.attendance_date = g.day::date)`,
  );
  return { claimed: claimed.n, records: records.n };
}

/** The attendance records of those days (the job's work is what it adds to them). */
export async function attendanceOfLastDays(db, catchUpDays = 7) {
  await db.query(`set time zone 'UTC'`);
  const r = await one(
    db,
    `select count(*)::int as n from attendance_records where attendance_date between current_date - ${catchUpDays} and current_date - 1`,
  );
  return r.n;
}

/** The employees a payroll run of `month` pays in the big company: employed for some of the month. */
export async function payrollDue(db, month) {
  const r = await one(
    db,
    `select count(*)::int as n from employees e join companies c on c.id = e.company_id and c.company_code = $1
      where (e.hire_date is null or e.hire_date <= $3::date) and (e.termination_date is null or e.termination_date >= $2::date)
        and (e.employment_status <> 'terminated' or e.termination_date is not null)`,
    [BIG_COMPANY, month.start, month.end],
  );
  return r.n;
}

/** The payroll records stored for `month` in the big company. */
export async function payrollStored(db, month) {
  const r = await one(
    db,
    `select count(*)::int as n from payroll_records p join companies c on c.id = p.company_id and c.company_code = $1
      where p.pay_period_start = $2::date`,
    [BIG_COMPANY, month.start],
  );
  return r.n;
}

/**
 * The bonus payments a calculation of `month` makes in the big company: each employee target of the
 * month whose value reaches its rule's lowest tier (the seeded targets are the SALES KPI's).
 */
export async function bonusDue(db, month) {
  const r = await one(
    db,
    `select count(*)::int as n
       from kpi_targets t
       join companies c on c.id = t.company_id and c.company_code = $1
       join employees e on e.id = t.employee_id and e.employment_status <> 'terminated'
       join kpi_values v on v.kpi_id = t.kpi_id and v.employee_id = t.employee_id
                        and v.period_start_date = t.period_start_date and v.period_end_date = t.period_end_date
       join bonus_rules r on r.kpi_id = t.kpi_id
       cross join lateral (select min(min_achievement) as low from bonus_rule_tiers where bonus_rule_id = r.id) tier
      where t.period_start_date = $2::date and t.period_end_date = $3::date and v.actual_value * 100 >= tier.low * t.target_value`,
    [BIG_COMPANY, month.start, month.end],
  );
  return r.n;
}

/** The bonus payments stored for `month` in the big company. */
export async function bonusStored(db, month) {
  const r = await one(
    db,
    `select count(*)::int as n from bonus_payments b join companies c on c.id = b.company_id and c.company_code = $1
      where b.payment_period_start = $2::date and b.payment_period_end = $3::date`,
    [BIG_COMPANY, month.start, month.end],
  );
  return r.n;
}

/** The employees of the import company (none before the import). */
export async function importedStored(db) {
  const r = await one(
    db,
    `select count(*)::int as n from employees e join companies c on c.id = e.company_id and c.company_code = $1`,
    [IMPORT_COMPANY],
  );
  return r.n;
}

/** null when `done` matches `due`, else what differs, for the figure's note (and its failure). */
export function mismatch(what, done, due) {
  return done === due ? null : `${what}: ${done?.toLocaleString('en-US') ?? 'none'} of the data set's ${due.toLocaleString('en-US')}`;
}
