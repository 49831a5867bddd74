// The data set, made with set-based SQL (generate_series), so 2.5 million attendance rows take
// seconds, not hours. Runs as the tables' owner on PostgreSQL and on the embedded database.
// Tables of modules that are not in the schema yet are skipped and reported.

export const BIG_COMPANY = 'BENCH001';
export const IMPORT_COMPANY = 'BENCHIMP';
export const ADMIN_PASSWORD = 'Bench#Admin2026';
export const adminEmail = (code) => `admin@${code.toLowerCase()}.example.com`;
/** A surname that matches about one employee in 40: a realistic search. */
export const SEARCH_TERM = 'garcia';

const FIRST = ['James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth',
  'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Charles', 'Karen', 'Daniel',
  'Lisa', 'Matthew', 'Nancy', 'Anthony', 'Betty', 'Mark', 'Sandra', 'Donald', 'Ashley', 'Steven', 'Kimberly', 'Paul',
  'Emily', 'Andrew', 'Donna', 'Joshua', 'Michelle', 'Kenneth', 'Carol'];
const LAST = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee',
  'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young',
  'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores'];
const DEPARTMENTS = ['Engineering', 'Sales', 'Marketing', 'Finance', 'Human Resources', 'Operations', 'Support',
  'Legal', 'Procurement', 'Logistics', 'Research', 'Quality', 'Security', 'Facilities', 'Training', 'Design',
  'Product', 'Data', 'Customer Success', 'Administration'];
const LEVELS = ['junior', 'mid', 'senior', 'executive'];

const BIG_DEPARTMENTS = 20;
const BIG_POSITIONS = 40;
const SMALL_DEPARTMENTS = 5;
const SMALL_POSITIONS = 8;

async function tableExists(db, table) {
  const { rows } = await db.query('select to_regclass($1) is not null as ok', [`public.${table}`]);
  return rows[0].ok;
}

/** The companies of the data set: the big one first, then the small ones, then the empty import target. */
function companyCodes(n) {
  return [...Array.from({ length: n }, (_, i) => `BENCH${String(i + 1).padStart(3, '0')}`), IMPORT_COMPANY];
}

/**
 * Seeds the data set. `size`: companies, bigEmployees, smallEmployees, attendanceDays,
 * tasksPerEmployee. Returns the row counts per table and the tables that were not there.
 */
export async function seed(db, size, passwordHash, log = () => undefined) {
  const codes = companyCodes(size.companies);
  const counts = {};
  const skipped = [];
  const step = async (name, tables, fn) => {
    for (const t of tables) {
      if (!(await tableExists(db, t))) {
        skipped.push(t);
        log(`seed: ${name} skipped (no table ${t})`);
        return;
      }
    }
    const started = Date.now();
    await db.query('begin');
    try {
      const n = await fn();
      await db.query('commit');
      // later steps join these rows: the planner needs to know how many there are
      await db.query(`analyze ${tables.join(', ')}`);
      if (n !== undefined) counts[name] = n;
      log(`seed: ${name} ${n ?? ''} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    } catch (e) {
      await db.query('rollback');
      throw new Error(`seeding ${name} failed: ${e.message}`);
    }
  };
  const run = async (sql, params = []) => (await db.query(sql, params)).rowCount;

  await db.query(`set time zone 'UTC'`);

  await step('companies', ['companies'], () =>
    run(
      `insert into companies (company_name, company_code, industry, email, subscription_plan, package_id, time_zone, created_at)
       select case when c.code = $2 then 'Bench Corporation'
                   when c.code = $3 then 'Bench Import Target'
                   else 'Bench Company ' || substr(c.code, 6) end,
              c.code, 'Technology', lower(c.code) || '@bench.example.com', p.package_code, p.id, 'UTC', timestamptz '2015-01-01'
         from unnest($1::text[]) as c(code)
         cross join (select id, package_code from packages where package_code = 'enterprise') p`,
      [codes, BIG_COMPANY, IMPORT_COMPANY],
    ),
  );

  // sizes per company: the big one, the small ones, and the empty import target (which keeps
  // the big company's departments and positions, so an import can refer to them)
  const sizesSql = `
    select c.id, c.company_code,
           case when c.company_code in ($1, $2) then ${BIG_DEPARTMENTS} else ${SMALL_DEPARTMENTS} end as departments,
           case when c.company_code in ($1, $2) then ${BIG_POSITIONS} else ${SMALL_POSITIONS} end as positions,
           case when c.company_code = $1 then $3::int when c.company_code = $2 then 0 else $4::int end as employees
      from companies c where c.company_code like 'BENCH%'`;
  const sizeParams = [BIG_COMPANY, IMPORT_COMPANY, size.bigEmployees, size.smallEmployees];

  await step('departments', ['departments'], () =>
    run(
      `insert into departments (company_id, department_code, department_name, description)
       select s.id, 'D' || lpad(d::text, 2, '0'), ($5::text[])[d], 'The ' || ($5::text[])[d] || ' department'
         from (${sizesSql}) s cross join lateral generate_series(1, s.departments) d`,
      [...sizeParams, DEPARTMENTS],
    ),
  );

  await step('positions', ['positions'], () =>
    run(
      `insert into positions (company_id, position_code, position_title, department_id, level, min_salary, max_salary)
       select s.id, 'P' || lpad(p::text, 2, '0'),
              dep.department_name || ' ' || initcap(($5::text[])[1 + p % 4]), dep.id,
              ($5::text[])[1 + p % 4], 2000 + 1000 * (p % 4), 6000 + 3000 * (p % 4)
         from (${sizesSql}) s
         cross join lateral generate_series(1, s.positions) p
         join departments dep on dep.company_id = s.id and dep.department_code = 'D' || lpad((1 + (p - 1) % s.departments)::text, 2, '0')`,
      [...sizeParams, LEVELS],
    ),
  );

  await step('employees', ['employees'], async () => {
    const n = await run(
      `insert into employees (company_id, employee_code, first_name, last_name, email, phone, gender, city, country,
                              department_id, position_id, employment_type, employment_status, hire_date, salary)
       select s.id, 'E' || lpad(i::text, 5, '0'), f.name, l.name,
              lower(f.name || '.' || l.name || '.' || i || '@' || s.company_code || '.example.com'),
              '+1 555 ' || lpad((i % 10000)::text, 4, '0'),
              case when i % 2 = 0 then 'female' else 'male' end, 'Springfield', 'United States',
              pos.department_id, pos.id,
              case when i % 20 = 0 then 'part_time' when i % 33 = 0 then 'contract' else 'full_time' end,
              case when i % 97 = 0 then 'terminated' when i % 53 = 0 then 'on_leave' else 'active' end,
              date '2015-01-05' + (i * 37 % 3600), 30000 + (i * 1307 % 90000)
         from (${sizesSql}) s
         cross join lateral generate_series(1, s.employees) i
         cross join lateral (select ($5::text[])[1 + (i * 7) % 40] as name) f
         cross join lateral (select ($6::text[])[1 + (i * 13 + i / 40) % 40] as name) l
         join positions pos on pos.company_id = s.id and pos.position_code = 'P' || lpad((1 + i % s.positions)::text, 2, '0')`,
      [...sizeParams, FIRST, LAST],
    );
    // fresh statistics, or the planner takes the new rows for a handful and joins them in a nested loop
    await db.query('analyze employees');
    // a manager for every 25 employees: the first of each group
    await run(
      `update employees e set manager_id = m.id
         from employees m
        where m.company_id = e.company_id and e.company_id in (select id from companies where company_code like 'BENCH%')
          and m.employee_code = case when e.employee_code ~ '^E[0-9]{5}$'
                                     then 'E' || lpad(((substr(e.employee_code, 2)::int - 1) / 25 * 25 + 1)::text, 5, '0') end
          and m.id <> e.id`,
    );
    // a manager of about 200 people over three levels in the big company: E00001 leads its group,
    // whose E00002 and E00003 lead seven other groups' leaders
    await run(
      `update employees e set manager_id = m.id
         from employees m
        where m.company_id = e.company_id and e.company_id = (select id from companies where company_code = $1)
          and m.employee_code = case when e.employee_code in ('E00026', 'E00051', 'E00076') then 'E00002'
                                     when e.employee_code in ('E00101', 'E00126', 'E00151', 'E00176') then 'E00003' end`,
      [BIG_COMPANY],
    );
    return n;
  });

  await step('users', ['users'], async () => {
    const admins = await run(
      `insert into users (username, email, password_hash, role, first_name, last_name, company_id)
       select 'admin-' || lower(c.company_code), 'admin@' || lower(c.company_code) || '.example.com', $1, 'company_admin',
              'Admin', c.company_name, c.id
         from companies c where c.company_code like 'BENCH%'`,
      [passwordHash],
    );
    // sign-ins for the first 200 employees of the big company
    const employees = await run(
      `insert into users (username, email, password_hash, role, first_name, last_name, company_id, employee_id)
       select 'bench-' || lower(e.employee_code), e.email, $1, 'employee', e.first_name, e.last_name, e.company_id, e.id
         from employees e join companies c on c.id = e.company_id
        where c.company_code = $2 and e.employee_code <= 'E00200'`,
      [passwordHash, BIG_COMPANY],
    );
    return admins + employees;
  });

  await step('tasks', ['tasks'], () =>
    run(
      `insert into tasks (company_id, title, category, priority, status, assigned_to_id, employee_id, department_id,
                          position_id, due_date, estimated_hours, progress_percentage, completed_at, created_at)
       select e.company_id, 'Task ' || t || ' for ' || e.employee_code,
              (array['general','onboarding','offboarding','leave_approval','payroll_processing','performance_review'])[1 + (e.id + t) % 6],
              (array['low','medium','high','urgent','critical'])[1 + (e.id * 3 + t) % 5],
              st.status, e.id, e.id, e.department_id, e.position_id,
              now() - interval '300 days' + make_interval(days => (e.id * 11 + t * 97) % 330),
              1 + (e.id + t) % 16,
              case when st.status = 'completed' then 100 when st.status = 'in_progress' then 50 else 0 end,
              case when st.status = 'completed' then now() - interval '290 days' + make_interval(days => (e.id * 11 + t * 97) % 330) end,
              now() - interval '310 days' + make_interval(days => (e.id * 11 + t * 97) % 330)
         from employees e
         join companies c on c.id = e.company_id and c.company_code like 'BENCH%'
         cross join generate_series(1, $1::int) t
         cross join lateral (select (array['completed','completed','completed','in_progress','pending','overdue','on_hold','cancelled'])[1 + (e.id * 5 + t) % 8] as status) st`,
      [size.tasksPerEmployee],
    ),
  );

  // a working year of attendance for the big company, a month for the others, up to the day before
  // yesterday: yesterday is left for the absent job to mark. The past months get their partitions
  // first (the migrations add this month's and the next ones), as a deployment's history would.
  // About one record in a hundred worked was corrected by the company's admin that evening (the
  // attendance-corrections report reads them)
  await step('attendance', ['attendance_records', 'users'], async () => {
    await run(
      `select attendance_records_ensure_partition(m::date)
         from generate_series(date_trunc('month', current_date - $1::int), current_date, interval '1 month') m`,
      [Math.max(size.attendanceDays, 30)],
    );
    return run(
      `with admins as (select distinct on (company_id) company_id, id from users where role = 'company_admin' order by company_id, id)
       insert into attendance_records (company_id, employee_id, attendance_date, check_in_time, check_out_time, work_hours, status,
                                       corrected_at, corrected_by_id)
       select e.company_id, e.id, d.day, tin, tout,
              case when tin is not null then round(extract(epoch from tout - tin)::numeric / 3600, 2) end, r.status,
              case when k.corrected then d.day + time '18:30' end, case when k.corrected then adm.id end
         from employees e
         join companies c on c.id = e.company_id and c.company_code like 'BENCH%'
         join admins adm on adm.company_id = e.company_id
         cross join lateral generate_series(current_date - case when c.company_code = $1 then $2::int else 30 end, current_date - 2, interval '1 day') g
         cross join lateral (select g::date as day) d
         cross join lateral (select (e.id * 7919 + (d.day - date '2000-01-01') * 104729) % 100 as n) h
         cross join lateral (select case when h.n < 3 then 'absent' when h.n < 5 then 'leave' when h.n < 15 then 'late' else 'present' end as status) r
         cross join lateral (select case when r.status = 'present' then d.day + time '08:00' + make_interval(mins => h.n % 55)
                                         when r.status = 'late' then d.day + time '09:05' + make_interval(mins => h.n * 3) end as tin) i
         cross join lateral (select i.tin + interval '8 hours 45 minutes' + make_interval(mins => h.n % 40) as tout) o
         cross join lateral (select i.tin is not null and (e.id + (d.day - date '2000-01-01')) % 97 = 0 as corrected) k
        where extract(isodow from d.day) < 6 and e.hire_date <= d.day and e.employment_status <> 'terminated'`,
      [BIG_COMPANY, size.attendanceDays],
    );
  });

  // the bench's pay month is the last full month; the eleven before it are paid history
  const benchCompanies = `select id, company_code from companies where company_code like 'BENCH%'`;

  await step('payroll settings', ['tax_brackets', 'salary_components'], async () => {
    const brackets = await run(
      `insert into tax_brackets (company_id, lower_bound, upper_bound, rate)
       select c.id, b.lower_bound, b.upper_bound, b.rate
         from (${benchCompanies}) c
         cross join (values (0.00, 1000.00, 0.00), (1000.00, 4000.00, 10.00), (4000.00, 8000.00, 20.00),
                            (8000.00, null, 30.00)) b(lower_bound, upper_bound, rate)`,
    );
    const components = await run(
      `insert into salary_components (company_id, component_name, component_code, component_type, calculation_type,
                                      amount, percentage, is_taxable, applies_to_all)
       select c.id, v.name, v.code, v.type, v.calc, v.amount, v.percentage, true, true
         from (${benchCompanies}) c
         cross join (values ('Transport allowance', 'TRANSPORT', 'allowance', 'fixed', 150.00, null::numeric),
                            ('Pension contribution', 'PENSION', 'deduction', 'percentage', null::numeric, 5.0000))
                    v(name, code, type, calc, amount, percentage)`,
    );
    return brackets + components;
  });

  await step('leave', ['leave_types', 'leave_requests'], async () => {
    await run(
      `insert into leave_types (company_id, type_name, type_code, max_days_per_year, is_paid)
       select c.id, v.name, v.code, v.days, v.paid
         from (${benchCompanies}) c
         cross join (values ('Annual Leave', 'ANNUAL', 20, true), ('Sick Leave', 'SICK', 10, true),
                            ('Unpaid Leave', 'UNPAID', 30, false)) v(name, code, days, paid)`,
    );
    // three requests per employee over the year: annual (approved), unpaid (approved), sick (pending or rejected)
    return run(
      `insert into leave_requests (company_id, employee_id, leave_type_id, start_date, end_date, total_days, reason,
                                   status, requested_at, decided_at)
       select e.company_id, e.id, lt.id, r.start_date, r.start_date + (r.days - 1), r.days, 'Planned ' || lower(lt.type_name),
              r.status, r.start_date - 14, case when r.status <> 'pending' then r.start_date - 10 end
         from employees e
         join companies c on c.id = e.company_id and c.company_code like 'BENCH%'
         cross join (values ('ANNUAL', 0, 3), ('UNPAID', 1, 1), ('SICK', 2, 2)) v(code, k, days)
         join leave_types lt on lt.company_id = e.company_id and lt.type_code = v.code
         cross join lateral (select current_date - 330 + ((e.id * 37 + v.k * 113) % 360) as start_date, v.days,
                                    case when v.code <> 'SICK' then 'approved' when e.id % 3 = 0 then 'rejected' else 'pending' end as status) r
        where e.employment_status <> 'terminated'`,
    );
  });

  // eleven paid months before the pay month, and this month's run prepared ahead of its pay day
  // (pending): the payroll-changes report compares this month with the one before; the pay month
  // itself is left to the payroll run the bench measures
  await step('payroll history', ['payroll_runs', 'payroll_records'], async () => {
    await run(
      `insert into payroll_runs (company_id, period_start, period_end, run_count, last_run_at)
       select c.id, m.start, (m.start + interval '1 month - 1 day')::date, 1,
              case when m.start < date_trunc('month', current_date) then m.start + interval '1 month 1 day' else now() - interval '1 hour' end
         from (${benchCompanies}) c
         cross join lateral (select (date_trunc('month', current_date) - make_interval(months => k))::date as start
                               from generate_series(0, 12) k where k <> 1) m`,
    );
    const n = await run(
      `insert into payroll_records (company_id, employee_id, run_id, pay_period_start, pay_period_end, basic_salary,
                                    allowances, bonuses, gross_salary, taxable_income, tax, total_deductions, net_salary,
                                    salary_currency, payment_frequency, working_days, employed_days, unpaid_leave_days,
                                    absent_days, payment_status, payment_date)
       select e.company_id, e.id, r.id, r.period_start, r.period_end, p.basic, 150.00, 0.00, p.basic + 150.00,
              p.basic + 150.00, p.tax, p.tax + p.pension, p.basic + 150.00 - p.tax - p.pension,
              e.salary_currency, e.payment_frequency, 21, 21, 0, 0,
              case when r.period_start < date_trunc('month', current_date) then 'paid' else 'pending' end,
              case when r.period_start < date_trunc('month', current_date) then r.period_end end
         from employees e
         join companies c on c.id = e.company_id and c.company_code like 'BENCH%'
         join payroll_runs r on r.company_id = e.company_id
         cross join lateral (select round(coalesce(e.salary, 0) / 12, 2) as basic) b
         cross join lateral (select b.basic, round(b.basic * 0.05, 2) as pension, round(greatest(b.basic + 150.00 - 1000, 0) * 0.18, 2) as tax) p
        where e.hire_date <= r.period_end and e.employment_status <> 'terminated'`,
    );
    await run(
      `update payroll_runs r set employee_count = s.n, total_net = s.total
         from (select run_id, count(*)::int as n, sum(net_salary) as total from payroll_records group by run_id) s
        where s.run_id = r.id and r.company_id in (select id from (${benchCompanies}) c)`,
    );
    return n;
  });

  // KPI: three monthly KPIs with a tiered bonus rule each; for the pay month, a sales target and
  // its value for every active employee (10,000 targets in the big company)
  // and the bonuses of the eleven months before the pay month: paid to one employee in three
  await step('kpi', ['kpis', 'bonus_rules', 'bonus_rule_tiers', 'kpi_targets', 'kpi_values', 'bonus_payments'], async () => {
    await run(
      `insert into kpis (company_id, name, code, category, kpi_type, period_type, unit)
       select c.id, v.name, v.code, v.category, v.kind, 'monthly', v.unit
         from (${benchCompanies}) c
         cross join (values ('Monthly sales', 'SALES', 'sales', 'currency', 'USD'),
                            ('Tickets closed', 'TICKETS', 'operations', 'number', 'tickets'),
                            ('Training hours', 'TRAINING', 'hr', 'number', 'hours')) v(name, code, category, kind, unit)`,
    );
    await run(
      `insert into bonus_rules (company_id, kpi_id, name, max_bonus_amount)
       select k.company_id, k.id, k.name || ' bonus', 2000.00 from kpis k
         join companies c on c.id = k.company_id and c.company_code like 'BENCH%'`,
    );
    await run(
      `insert into bonus_rule_tiers (company_id, bonus_rule_id, min_achievement, bonus_type, bonus_value)
       select r.company_id, r.id, t.min, t.kind, t.value from bonus_rules r
         join companies c on c.id = r.company_id and c.company_code like 'BENCH%'
         cross join (values (80.00, 'fixed', 100.00), (100.00, 'salary_percentage', 2.00),
                            (120.00, 'salary_percentage', 5.00)) t(min, kind, value)`,
    );
    const month = `(date_trunc('month', current_date) - interval '1 month')::date`;
    const targets = await run(
      `insert into kpi_targets (company_id, kpi_id, target_type, employee_id, period_start_date, period_end_date, target_value)
       select e.company_id, k.id, 'employee', e.id, ${month}, (${month} + interval '1 month - 1 day')::date,
              10000 + (e.id % 10) * 1000
         from employees e
         join companies c on c.id = e.company_id and c.company_code like 'BENCH%'
         join kpis k on k.company_id = e.company_id and k.code = 'SALES'
        where e.employment_status = 'active'`,
    );
    await run(
      `insert into kpi_values (company_id, kpi_id, entity_type, employee_id, period_start_date, period_end_date, actual_value)
       select t.company_id, t.kpi_id, 'employee', t.employee_id, t.period_start_date, t.period_end_date,
              round(t.target_value * (60 + (t.employee_id * 7919) % 80) / 100, 2)
         from kpi_targets t
         join companies c on c.id = t.company_id and c.company_code like 'BENCH%'`,
    );
    await run(
      `insert into bonus_payments (company_id, employee_id, kpi_id, bonus_rule_id, payment_period_start, payment_period_end,
                                   bonus_amount, status, paid_date, achievement_percentage, bonus_type)
       select e.company_id, e.id, k.id, r.id, m.start, (m.start + interval '1 month - 1 day')::date,
              100.00 + (e.id % 5) * 50, 'paid', (m.start + interval '1 month 5 days')::date, 100 + e.id % 30, 'fixed'
         from employees e
         join companies c on c.id = e.company_id and c.company_code like 'BENCH%'
         join kpis k on k.company_id = e.company_id and k.code = 'SALES'
         join bonus_rules r on r.kpi_id = k.id
         cross join lateral (select (date_trunc('month', current_date) - make_interval(months => n))::date as start
                               from generate_series(2, 12) n) m
        where e.employment_status = 'active' and e.id % 3 = 0 and e.hire_date <= m.start`,
    );
    return targets;
  });

  return { counts, skipped };
}

/** What the bench needs to find again: the big company, its admin, and the import target. */
export async function seededIds(db) {
  const { rows } = await db.query(
    `select company_code, id from companies where company_code in ($1, $2)`,
    [BIG_COMPANY, IMPORT_COMPANY],
  );
  const byCode = Object.fromEntries(rows.map((r) => [r.company_code, r.id]));
  return { bigCompanyId: byCode[BIG_COMPANY], importCompanyId: byCode[IMPORT_COMPANY] };
}
