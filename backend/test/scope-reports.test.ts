import { parse } from 'csv-parse/sync';
import { DateTime } from 'luxon';
import { Company } from '../src/modules/companies/company.entity';
import { Department } from '../src/modules/departments/department.entity';
import { Employee } from '../src/modules/employees/employee.entity';
import { Position } from '../src/modules/positions/position.entity';
import { NotificationSender } from '../src/modules/notifications/notification-sender.job';
import { REPORTS } from '../src/modules/reports/catalogue';
import { ScheduledReportsJob } from '../src/modules/reports/schedule/scheduled-reports.job';
import { createTestApp, type TestApp } from './support/app';
import { bearer, createCompany, createUser, grant, login, unique, type CompanyFixture } from './support/fixtures';
import { devMailbox } from './support/mailbox';

type Row = Record<string, any>;
interface Result {
  rows: Row[];
  totals: Row | null;
  columns: Array<{ key: string; type: string }>;
  subtitle: string;
}
interface Person {
  employee: Employee;
  email: string;
  headers: Record<string, string>;
  name: string;
  /** the size of the person's records: days worked, days of leave, pay, bonus all grow with it */
  weight: number;
  /** has a leave request waiting */
  waiting: boolean;
}

/**
 * Reports and the dashboard's cards follow whose records the reader sees in each module. Lena
 * leads a team: Abe reports to her and Bo to Abe; Otto works in her department (Sales) for none
 * of them, Bo in Operations. Lena's position holds reports view and view over the team in every
 * module; Dana, a Sales coordinator, holds the same over the department. Every one of Lena, Abe,
 * Bo and Otto has records in every module, of a size of their own (1, 2, 4 and 8), so that a
 * figure tells whose records it adds up.
 */
describe('record scope: reports, their files, scheduled sendings and the dashboard cover the reader’s team or department', () => {
  let t: TestApp;
  let c: CompanyFixture;
  let admin: Record<string, string>;
  let sales: Department;
  let lena: Person;
  let abe: Person;
  let bo: Person;
  let otto: Person;
  let dana: Person;
  const mailbox = devMailbox('hr-scope-reports-mail-');
  const sql = (query: string, params: unknown[] = []) => t.em().execute(query, params);

  const MODULES = ['employees', 'attendance', 'leave', 'payroll', 'kpi'];
  const REFUSED_ATTENDANCE =
    "This report adds up other employees' attendance records: only company admins and holders of attendance view over their team, their department or the whole company can see it";

  async function person(name: string, weight: number, extra: { manager?: Person; department?: Department; position?: Position; hireDate?: string; waiting?: boolean }): Promise<Person> {
    const em = t.em();
    const employee = em.create(Employee, {
      company: em.getReference(Company, c.company.id),
      employee_code: unique('R').slice(0, 10),
      first_name: name,
      last_name: 'Scope',
      email: `${unique(name.toLowerCase())}@test.example.com`,
      hire_date: extra.hireDate ?? '2024-01-15',
      department: em.getReference(Department, (extra.department ?? sales).id),
      position: extra.position ? em.getReference(Position, extra.position.id) : null,
      manager: extra.manager ? em.getReference(Employee, extra.manager.employee.id) : null,
    });
    await em.flush();
    const user = await createUser(em, 'employee', { company: em.getReference(Company, c.company.id), employee });
    return { employee, email: user.email, headers: bearer(await login(t, user.email)), name: `${name} Scope`, weight, waiting: extra.waiting ?? true };
  }

  /** A position whose holders see reports and, in every module, the records of `scope`. */
  async function positionOver(scope: 'team' | 'department', title: string): Promise<Position> {
    const em = t.em();
    const position = em.create(Position, { company: em.getReference(Company, c.company.id), position_code: unique('P').slice(0, 10), position_title: title });
    await em.flush();
    await grant(t, { position }, c.company, 'reports', { can_view: true });
    for (const module of MODULES) await grant(t, { position }, c.company, module, { can_view: true, view_scope: scope });
    return position;
  }

  /** Records of one person in every module, all in September and October 2030, sized by their weight. */
  async function records(p: Person, ids: { shift: number; leaveType: number; kpi: number; runs: [number, number, number] }) {
    const id = c.company.id;
    const e = p.employee.id;
    const w = p.weight;
    // attendance: w days present (8 h) and one late (7.5 h), one absent in October; one present day in September;
    // the w present days were corrected by the admin
    for (let d = 1; d <= w; d++) {
      await sql(
        `insert into attendance_records (company_id, employee_id, attendance_date, status, work_hours, shift_id, corrected_at, corrected_by_id)
         values (?, ?, ?, 'present', '8.00', ?, '2030-10-20T12:00:00Z', ?)`,
        [id, e, `2030-10-${String(d).padStart(2, '0')}`, ids.shift, c.admin.id],
      );
    }
    await sql(`insert into attendance_records (company_id, employee_id, attendance_date, status, work_hours, shift_id) values (?, ?, '2030-10-21', 'late', '7.50', ?)`, [id, e, ids.shift]);
    await sql(`insert into attendance_records (company_id, employee_id, attendance_date, status) values (?, ?, '2030-10-22', 'absent')`, [id, e]);
    await sql(`insert into attendance_records (company_id, employee_id, attendance_date, status, work_hours, shift_id) values (?, ?, '2030-09-20', 'present', '8.00', ?)`, [id, e, ids.shift]);
    // leave: w days approved in October; one day waiting for a decision for a month
    await sql(
      `insert into leave_requests (company_id, employee_id, leave_type_id, start_date, end_date, total_days, status) values (?, ?, ?, '2030-10-14', ?, ?, 'approved')`,
      [id, e, ids.leaveType, `2030-10-${13 + w}`, w],
    );
    if (p.waiting) {
      await sql(
        `insert into leave_requests (company_id, employee_id, leave_type_id, start_date, end_date, total_days, status, requested_at)
         values (?, ?, ?, '2030-12-02', '2030-12-02', 1, 'pending', now() - interval '30 days')`,
        [id, e, ids.leaveType],
      );
    }
    // pay: 900 × w net in September, 1000 × w in October; 10 × w this month
    const pay = (run: number, start: string, end: string, net: number) =>
      sql(
        `insert into payroll_records (company_id, employee_id, run_id, pay_period_start, pay_period_end, basic_salary, allowances, bonuses, gross_salary,
           taxable_income, tax, total_deductions, net_salary, salary_currency, payment_frequency, working_days, employed_days, unpaid_leave_days, absent_days)
         values (?, ?, ?, ?, ?, ?, 0, 0, ?, ?, 0, 0, ?, 'USD', 'monthly', 22, 22, 0, 0)`,
        [id, e, run, start, end, net, net, net, net],
      );
    await pay(ids.runs[0], '2030-09-01', '2030-09-30', 900 * w);
    await pay(ids.runs[1], '2030-10-01', '2030-10-31', 1000 * w);
    const month = DateTime.utc().startOf('month');
    await pay(ids.runs[2], month.toISODate()!, month.endOf('month').toISODate()!, 10 * w);
    // KPI: an October target of 100 with a value of 10 × w, and a bonus of 100 × w
    await sql(
      `insert into kpi_targets (company_id, kpi_id, target_type, employee_id, period_start_date, period_end_date, target_value) values (?, ?, 'employee', ?, '2030-10-01', '2030-10-31', 100)`,
      [id, ids.kpi, e],
    );
    await sql(
      `insert into kpi_values (company_id, kpi_id, entity_type, employee_id, period_start_date, period_end_date, actual_value) values (?, ?, 'employee', ?, '2030-10-01', '2030-10-31', ?)`,
      [id, ids.kpi, e, 10 * w],
    );
    await sql(
      `insert into bonus_payments (company_id, employee_id, kpi_id, payment_period_start, payment_period_end, bonus_amount, status) values (?, ?, ?, '2030-10-01', '2030-10-31', ?, 'paid')`,
      [id, e, ids.kpi, 100 * w],
    );
    // today's attendance (the dashboard)
    await sql(`insert into attendance_records (company_id, employee_id, attendance_date, status) values (?, ?, ?, 'present')`, [id, e, DateTime.utc().toISODate()]);
  }

  /**
   * Each report with the filters its seeded records fall under, and what it shows of a set of
   * people with records (`people`) among the `employees` it covers: the figure that tells whose
   * records it added up, and the people it names (reports with a row per employee).
   */
  interface Who {
    people: Person[];
    employees: number;
  }
  const sum = (people: Person[], f: (p: Person) => number) => people.reduce((s, p) => s + f(p), 0);
  const weight = (w: Who) => sum(w.people, (p) => p.weight);
  const EXPECTED: Record<string, { query: Record<string, string | number>; figures: (r: Result) => unknown; expected: (w: Who) => unknown; names?: (r: Result) => string[] }> = {
    'headcount-breakdown': { query: { at: '2030-10-31' }, figures: (r) => r.totals!.employees, expected: (w) => w.employees },
    'headcount-movement': { query: { from: '2030-01-01', to: '2030-10-31' }, figures: (r) => r.rows.at(-1)!.headcount_end, expected: (w) => w.employees },
    'headcount-tenure': { query: { at: '2030-10-31' }, figures: (r) => r.totals!.employees, expected: (w) => w.employees },
    'attendance-rates': {
      query: { from: '2030-09-15', to: '2030-10-31' },
      figures: (r) => [r.totals!.records, r.totals!.present, r.totals!.late, r.totals!.absent],
      expected: (w) => [weight(w) + 3 * w.people.length, weight(w) + w.people.length, w.people.length, w.people.length],
    },
    'attendance-late-weekday': {
      query: { from: '2030-10-01', to: '2030-10-31' },
      figures: (r) => [r.totals!.records, r.totals!.late],
      expected: (w) => [weight(w) + 2 * w.people.length, w.people.length],
    },
    'attendance-hours': {
      query: { from: '2030-10-01', to: '2030-10-31', group_by: 'employee' },
      figures: (r) => [r.totals!.days_worked, r.totals!.worked_hours],
      expected: (w) => [weight(w) + w.people.length, (8 * weight(w) + 7.5 * w.people.length).toFixed(2)],
      names: (r) => r.rows.map((row) => row.label),
    },
    'attendance-corrections': {
      query: { from: '2030-10-01', to: '2030-10-31' },
      figures: (r) => [r.totals!.corrections, r.rows.map((row) => row.employees)],
      expected: (w) => [weight(w), [w.people.length]],
    },
    'leave-balances': {
      query: { at: '2030-10-31', group_by: 'employee' },
      figures: (r) => [r.totals!.taken, r.totals!.pending],
      expected: (w) => [weight(w).toFixed(2), sum(w.people, (p) => (p.waiting ? 1 : 0)).toFixed(2)],
      names: (r) => r.rows.map((row) => row.label),
    },
    'leave-taken': { query: { from: '2030-10-01', to: '2030-10-31' }, figures: (r) => r.totals!.total_days, expected: (w) => weight(w).toFixed(2) },
    'leave-upcoming': {
      query: { from: '2030-10-01', to: '2030-12-31' },
      figures: (r) => r.totals!.days,
      expected: (w) => (weight(w) + sum(w.people, (p) => (p.waiting ? 1 : 0))).toFixed(2),
      names: (r) => r.rows.map((row) => row.employee),
    },
    'leave-pending': {
      query: { older_than_days: 7 },
      figures: (r) => r.totals!.days,
      expected: (w) => sum(w.people, (p) => (p.waiting ? 1 : 0)).toFixed(2),
      names: (r) => r.rows.map((row) => row.employee),
    },
    'payroll-cost': { query: { from: '2030-09-01', to: '2030-10-31' }, figures: (r) => r.totals!.net_salary, expected: (w) => (1900 * weight(w)).toFixed(2) },
    'payroll-changes': {
      // the report reads the month of `to`; `from` only keeps the period within three years of it
      query: { from: '2030-10-01', to: '2030-10-31' },
      figures: (r) => r.totals!.net_change,
      expected: (w) => (100 * weight(w)).toFixed(2),
      names: (r) => r.rows.map((row) => row.employee),
    },
    'kpi-achievement': {
      query: { from: '2030-10-01', to: '2030-10-31' },
      figures: (r) => [r.totals!.targets, r.totals!.measured],
      expected: (w) => [w.people.length, w.people.length],
    },
    'kpi-bonuses': { query: { from: '2030-10-01', to: '2030-10-31' }, figures: (r) => r.totals!.paid, expected: (w) => (100 * weight(w)).toFixed(2) },
  };

  const run = async (id: string, headers: Record<string, string>): Promise<Result> => {
    const res = await t.http().get(`/api/reports/${id}`).query(EXPECTED[id].query).set(headers);
    if (res.status !== 200) throw new Error(`${id}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  const label = (p: Person) => `${p.name} (${p.employee.employee_code})`;
  const sorted = (names: string[]) => [...new Set(names.map((n) => n.replace(/ \([^)]*\)$/, '')))].sort();

  /** Every total that adds up a column equals the sum of the column in the rows shown. */
  function expectTotalsOfRows(id: string, r: Result) {
    if (!r.totals) return;
    for (const col of r.columns) {
      if (!['integer', 'number', 'money'].includes(col.type) || r.totals[col.key] === null) continue;
      const shown = r.rows.reduce((s, row) => s + Math.round(Number(row[col.key] ?? 0) * 100), 0);
      expect([id, col.key, Math.round(Number(r.totals[col.key]) * 100)]).toEqual([id, col.key, shown]);
    }
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { MAIL_DIR: mailbox.dir } });
    c = await createCompany(t, 'Scoped reports');
    admin = bearer(c.tokens.company_admin);
    const em = t.em();
    sales = em.create(Department, { company: em.getReference(Company, c.company.id), department_code: 'SAL', department_name: 'Sales' });
    await em.flush();
    const leads = await positionOver('team', 'Team lead');
    const coordinators = await positionOver('department', 'Coordinator');
    const operations = em.getReference(Department, c.department.id);

    lena = await person('Lena', 1, { position: leads, waiting: false });
    abe = await person('Abe', 2, { manager: lena });
    bo = await person('Bo', 4, { manager: abe, department: operations, hireDate: '2030-03-10' });
    otto = await person('Otto', 8, {});
    dana = await person('Dana', 0, { position: coordinators });

    const id = c.company.id;
    const [shift] = await sql(
      `insert into shifts (company_id, shift_name, shift_code, start_time, end_time, break_duration) values (?, 'Day', 'DAY', '09:00', '17:00', 60) returning id`,
      [id],
    );
    const [leaveType] = await sql(`insert into leave_types (company_id, type_name, type_code, max_days_per_year) values (?, 'Annual', 'AN', 20) returning id`, [id]);
    const [kpi] = await sql(
      `insert into kpis (company_id, name, code, category, kpi_type, data_source_type, period_type, direction) values (?, 'Sales', 'SV', 'sales', 'number', 'manual', 'monthly', 'higher_is_better') returning id`,
      [id],
    );
    const runs: number[] = [];
    const month = DateTime.utc().startOf('month');
    for (const [start, end] of [
      ['2030-09-01', '2030-09-30'],
      ['2030-10-01', '2030-10-31'],
      [month.toISODate(), month.endOf('month').toISODate()],
    ]) {
      runs.push((await sql(`insert into payroll_runs (company_id, period_start, period_end) values (?, ?, ?) returning id`, [id, start, end]))[0].id);
    }
    for (const p of [lena, abe, bo, otto]) await records(p, { shift: shift.id, leaveType: leaveType.id, kpi: kpi.id, runs: [runs[0], runs[1], runs[2]] });
    // a target of the Sales department: about people outside any one team
    await sql(
      `insert into kpi_targets (company_id, kpi_id, target_type, department_id, period_start_date, period_end_date, target_value) values (?, ?, 'department', ?, '2030-10-01', '2030-10-31', 100)`,
      [id, kpi.id, sales.id],
    );
  });

  afterAll(async () => {
    await t?.close();
    mailbox.remove();
  });

  it('lists every report for the team lead and the coordinator, each with whose records it covers', async () => {
    for (const [headers, scope] of [
      [lena.headers, 'team'],
      [dana.headers, 'department'],
      [admin, 'company'],
    ] as const) {
      const res = await t.http().get('/api/reports').set(headers);
      expect(res.status).toBe(200);
      expect(res.body.data.map((r: { id: string }) => r.id)).toEqual(REPORTS.map((r) => r.id));
      expect(new Set(res.body.data.map((r: { scope: string }) => r.scope))).toEqual(new Set([scope]));
    }
  });

  describe.each(REPORTS.map((r) => r.id))('%s', (id) => {
    const { figures, expected, names } = EXPECTED[id];

    it("shows the team lead her team's records only, and totals of the rows shown", async () => {
      const r = await run(id, lena.headers);
      expect(r.subtitle).toContain('Your team');
      expect(r.subtitle).not.toContain('All employees');
      expect(figures(r)).toEqual(expected({ people: [abe, bo], employees: 2 }));
      if (names) expect(sorted(names(r))).toEqual(sorted([label(abe), label(bo)]));
      expectTotalsOfRows(id, r);
    });

    it('shows the coordinator her department, and the admin every employee', async () => {
      const department = await run(id, dana.headers);
      expect(department.subtitle).toContain('Your department');
      // Sales: Lena, Abe, Otto and Dana (no records); Bo works in Operations
      expect(figures(department)).toEqual(expected({ people: [lena, abe, otto], employees: 4 }));
      if (names) expect(sorted(names(department))).not.toContain(bo.name);
      expectTotalsOfRows(id, department);

      const company = await run(id, admin);
      expect(company.subtitle).toContain('All employees');
      // the company adds Erin and the Sales department's own KPI target
      const all = expected({ people: [lena, abe, bo, otto], employees: 6 });
      expect(figures(company)).toEqual(id === 'kpi-achievement' ? [5, 4] : all);
      // everyone with a row: Lena has no request waiting
      const named = [lena, abe, bo, otto].filter((p) => id !== 'leave-pending' || p.waiting);
      if (names) expect(sorted(names(company))).toEqual(expect.arrayContaining(sorted(named.map(label))));
      expectTotalsOfRows(id, company);
    });

    it("exports the team lead's rows and totals only", async () => {
      const res = await t.http().get(`/api/reports/${id}/export`).query({ ...EXPECTED[id].query, format: 'csv' }).set(lena.headers);
      expect(res.status).toBe(200);
      const shown = await run(id, lena.headers);
      const lines: string[][] = parse(res.text, { bom: true, relax_column_count: true });
      const text = lines.flat().join('\n');
      expect(text).not.toContain('Otto');
      if (names) for (const p of [abe, bo]) expect(text).toContain(p.name);
      const totalRow = lines.find((l) => l[0] === 'Total');
      if (shown.totals) {
        for (const [i, col] of shown.columns.entries()) {
          const v = shown.totals[col.key];
          if (v !== null && ['integer', 'number', 'money'].includes(col.type)) expect([col.key, Number(totalRow![i])]).toEqual([col.key, Number(v)]);
        }
      }
    });
  });

  it('refuses a report to one who sees only their own records of its module', async () => {
    const em = t.em();
    const position = em.create(Position, { company: em.getReference(Company, c.company.id), position_code: unique('P').slice(0, 10), position_title: 'Clerk' });
    await em.flush();
    await grant(t, { position }, c.company, 'reports', { can_view: true });
    await grant(t, { position }, c.company, 'attendance', { can_view: true });
    const clerk = await person('Cleo', 0, { position });
    const res = await t.http().get('/api/reports/attendance-rates').set(clerk.headers);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(REFUSED_ATTENDANCE);
    const catalogue = await t.http().get('/api/reports').set(clerk.headers);
    expect(catalogue.body.data.map((r: { group: string }) => r.group)).not.toContain('attendance');
  });

  it("gives a line manager the team's reports through the company's policy, never payroll's", async () => {
    const em = t.em();
    const position = em.create(Position, { company: em.getReference(Company, c.company.id), position_code: unique('P').slice(0, 10), position_title: 'Supervisor' });
    await em.flush();
    await grant(t, { position }, c.company, 'reports', { can_view: true });
    const sam = await person('Sam', 0, { position, department: sales });
    const ivy = await person('Ivy', 0, { manager: sam });
    await sql(`insert into attendance_records (company_id, employee_id, attendance_date, status, work_hours) values (?, ?, '2030-10-23', 'present', '8.00')`, [
      c.company.id,
      ivy.employee.id,
    ]);
    const catalogue = await t.http().get('/api/reports').set(sam.headers);
    expect(catalogue.status).toBe(200);
    const groups = new Set(catalogue.body.data.map((r: { group: string }) => r.group));
    expect(groups).toEqual(new Set(['headcount', 'attendance', 'leave', 'kpi']));
    expect(new Set(catalogue.body.data.map((r: { scope: string }) => r.scope))).toEqual(new Set(['team']));
    const rates = await run('attendance-rates', sam.headers);
    expect(rates.totals!.records).toBe(1);
    expect((await t.http().get('/api/reports/payroll-cost').set(sam.headers)).status).toBe(403);
  });

  it('sends each recipient of a scheduled report the figures of their own scope', async () => {
    const created = await t.http().post('/api/reports/subscriptions').set(admin).send({
      report_id: 'payroll-changes',
      frequency: 'monthly',
      format: 'csv',
      recipients: [lena.email, c.admin.email],
    });
    expect(created.status).toBe(201);
    // due on 1 November 2030: it covers October
    await sql(`update report_subscriptions set next_run_at = '2030-11-01T07:00:00Z' where id = ?`, [created.body.data.id]);
    await t.app.get(ScheduledReportsJob).run(new Date('2030-11-01T07:10:00Z'));
    const [row] = await sql('select last_error, last_sent_at from report_subscriptions where id = ?', [created.body.data.id]);
    expect(row.last_error).toBeNull();
    expect(row.last_sent_at).not.toBeNull();

    const file = async (userId: number) => {
      const [notice] = await sql(`select body, convert_from(attachment, 'UTF8') as file from notifications where topic = 'reports' and user_id = ?`, [userId]);
      const rows: string[][] = parse(notice.file, { bom: true, relax_column_count: true });
      return { body: notice.body as string, people: rows.map((r) => r[0]).filter((n) => n.endsWith(')')), total: rows.find((r) => r[0] === 'Total') };
    };
    const [lenaUser] = await sql('select id from users where lower(email) = lower(?)', [lena.email]);
    const toLena = await file(lenaUser.id);
    expect(sorted(toLena.people)).toEqual(sorted([label(abe), label(bo)]));
    expect(toLena.body).toContain('Your team');
    expect(toLena.total).toContain('600.00');
    const toAdmin = await file(c.admin.id);
    expect(sorted(toAdmin.people)).toEqual(sorted([label(lena), label(abe), label(bo), label(otto)]));
    expect(toAdmin.body).toContain('All employees');
    expect(toAdmin.total).toContain('1500.00');

    await t.app.get(NotificationSender).run();
    const [mailToLena] = await mailbox.mailsTo(lena.email.toLowerCase());
    const [mailToAdmin] = await mailbox.mailsTo(c.admin.email.toLowerCase());
    expect(mailToLena.subject).toBe('Monthly report: Payroll changes (1 Oct – 31 Oct 2030)');
    expect(mailToLena.text).toContain('Your team');
    expect(mailToAdmin.text).toContain('All employees');
  });

  it("counts the team lead's dashboard cards over her team, and the admin's over the company", async () => {
    const cards = async (headers: Record<string, string>) => {
      const res = await t.http().get('/api/dashboard/company').set(headers);
      expect(res.status).toBe(200);
      return res.body.data;
    };
    const mine = await cards(lena.headers);
    // Abe and Bo: both employed, present today, one waiting request each, 20 + 40 this month
    expect(mine.cards).toEqual({ total_employees: 2, present_today: 2, pending_leaves: 2, monthly_payroll: '60.00' });
    expect(mine.recent_employees.map((e: { id: number }) => e.id).sort()).toEqual([abe.employee.id, bo.employee.id].sort());
    expect(mine.recent_leave_requests.map((r: { employee_id: number }) => r.employee_id)).not.toContain(otto.employee.id);

    const department = await cards(dana.headers);
    // Sales: Lena, Abe, Otto, Dana and those added since (Cleo, Sam, Ivy); present today: Lena, Abe, Otto
    expect(department.cards.present_today).toBe(3);
    expect(department.cards.monthly_payroll).toBe('110.00');

    const company = await cards(admin);
    expect(company.cards.present_today).toBe(4);
    expect(company.cards.monthly_payroll).toBe('150.00');
    expect(company.cards.pending_leaves).toBe(3);
  });
});
