import { inflateSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { Department } from '../src/modules/departments/department.entity';
import { Employee } from '../src/modules/employees/employee.entity';
import { Position } from '../src/modules/positions/position.entity';
import { Company } from '../src/modules/companies/company.entity';
import { NotificationSender } from '../src/modules/notifications/notification-sender.job';
import { ScheduledReportsJob } from '../src/modules/reports/schedule/scheduled-reports.job';
import { nextRun, periodCovered } from '../src/modules/reports/schedule/report-subscriptions.service';
import { createTestApp, type TestApp } from './support/app';
import { bearer, createCompany, grant, login, unique, type CompanyFixture } from './support/fixtures';
import { devMailbox } from './support/mailbox';
import { usePackage } from './support/packages';

/** The text a PDF shows: its content streams inflated, the hex strings of each TJ joined. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(m[1], 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const tj of content.matchAll(/\[(.*?)\]\s*TJ/g)) {
      lines.push([...tj[1].matchAll(/<([0-9a-fA-F]+)>/g)].map((h) => Buffer.from(h[1], 'hex').toString('latin1')).join('').replace(/\x96/g, '–'));
    }
  }
  return lines.join('\n');
}

const binary = (res: any, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

/**
 * Company reports on a small company whose every figure is worked out by hand below, compared
 * with the modules' own figures, exported and parsed back, with their access rules.
 *
 * Alpha: Operations/Analyst (Erin, no hire date; Dee hired 2019-01-01, terminated 2026-03-20) and
 * Sales/Rep (Ann hired 2024-03-10; Ben hired 2026-02-15, part time; Cal hired 2021-06-01, on leave).
 */
describe('Reports', () => {
  let t: TestApp;
  let a: CompanyFixture;
  let b: CompanyFixture;
  let admin: Record<string, string>;
  let sales: Department;
  let rep: Position;
  const ids: Record<string, number> = {};
  const mailbox = devMailbox('hr-reports-mail-');

  const sql = (query: string, params: unknown[] = []) => t.em().execute(query, params);
  const report = async (id: string, query: Record<string, unknown> = {}, headers = admin) => {
    const res = await t.http().get(`/api/reports/${id}`).query(query).set(headers);
    if (res.status !== 200) throw new Error(`${id}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data as { rows: Array<Record<string, any>>; totals: Record<string, any> | null; columns: Array<{ key: string; label: string }>; subtitle: string; chart: any; title: string; total_rows: number };
  };
  /** label column → the named columns of each row */
  const table = (rows: Array<Record<string, any>>, label: string, keys: string[]) =>
    Object.fromEntries(rows.map((r) => [r[label], keys.map((k) => r[k])]));

  beforeAll(async () => {
    t = await createTestApp({ env: { MAIL_DIR: mailbox.dir } });
    a = await createCompany(t, 'Alpha');
    b = await createCompany(t, 'Beta');
    admin = bearer(a.tokens.company_admin);
    const em = t.em();
    const company = em.getReference(Company, a.company.id);
    sales = em.create(Department, { company, department_code: 'SAL', department_name: 'Sales' });
    rep = em.create(Position, { company, position_code: 'REP', position_title: 'Rep', department: sales });
    const person = (code: string, extra: Partial<Employee>) =>
      em.create(Employee, {
        company,
        employee_code: code,
        first_name: code.charAt(0) + code.slice(1).toLowerCase(),
        last_name: 'Alpha',
        email: `${unique(code.toLowerCase())}@test.example.com`,
        department: sales,
        position: rep,
        ...extra,
      });
    const people = {
      ANN: person('ANN', { hire_date: '2024-03-10' }),
      BEN: person('BEN', { hire_date: '2026-02-15', employment_type: 'part_time' }),
      CAL: person('CAL', { hire_date: '2021-06-01', employment_status: 'on_leave' }),
      DEE: person('DEE', {
        hire_date: '2019-01-01',
        termination_date: '2026-03-20',
        employment_status: 'terminated',
        department: em.getReference(Department, a.department.id),
        position: em.getReference(Position, a.position.id),
      }),
    };
    await em.flush();
    for (const [code, e] of Object.entries(people)) ids[code] = e.id;
    ids.ERIN = a.employee.id;
    const c = a.company.id;

    // attendance: a 09:00–17:00 shift with an hour's break is 7 hours
    const [shift] = await sql(
      `insert into shifts (company_id, shift_name, shift_code, start_time, end_time, break_duration) values (?, 'Day', 'DAY', '09:00', '17:00', 60) returning id`,
      [c],
    );
    const att = (e: number, date: string, status: string, hours: string | null, withShift: boolean) =>
      sql(`insert into attendance_records (company_id, employee_id, attendance_date, status, work_hours, shift_id) values (?, ?, ?, ?, ?, ?)`, [
        c,
        e,
        date,
        status,
        hours,
        withShift ? shift.id : null,
      ]);
    await att(ids.ANN, '2026-01-05', 'present', '8.00', true);
    await att(ids.ANN, '2026-01-06', 'late', '7.50', true);
    await att(ids.ANN, '2026-01-07', 'absent', null, false);
    await att(ids.ANN, '2026-01-12', 'late', '7.00', true);
    await att(ids.ERIN, '2026-01-05', 'present', '8.50', false);
    await att(ids.ERIN, '2026-02-02', 'leave', null, false);
    await sql(`update attendance_records set corrected_at = '2026-01-08T10:00:00Z', corrected_by_id = ? where employee_id = ? and attendance_date = '2026-01-06'`, [
      a.admin.id,
      ids.ANN,
    ]);

    // leave: Annual 20 days, Sick 10 days a year
    const [annual] = await sql(`insert into leave_types (company_id, type_name, type_code, max_days_per_year) values (?, 'Annual', 'AN', 20) returning id`, [c]);
    const [sick] = await sql(`insert into leave_types (company_id, type_name, type_code, max_days_per_year) values (?, 'Sick', 'SI', 10) returning id`, [c]);
    ids.ANNUAL = annual.id;
    ids.SICK = sick.id;
    const leave = (e: number, type: number, from: string, to: string, days: string, status: string, requested: string) =>
      sql(
        `insert into leave_requests (company_id, employee_id, leave_type_id, start_date, end_date, total_days, status, requested_at) values (?, ?, ?, ?, ?, ?, ?, ?)`,
        [c, e, type, from, to, days, status, requested],
      );
    await leave(ids.ANN, annual.id, '2026-02-09', '2026-02-11', '3.0', 'approved', '2026-01-20T09:00:00Z');
    await leave(ids.ANN, sick.id, '2026-03-02', '2026-03-02', '1.0', 'approved', '2026-03-02T08:00:00Z');
    await leave(ids.BEN, annual.id, '2026-03-16', '2026-03-17', '2.0', 'pending', '2026-03-01T09:00:00Z');
    await leave(ids.CAL, annual.id, '2026-01-20', '2026-01-21', '2.0', 'rejected', '2026-01-10T09:00:00Z');

    // payroll: January (Ann, Cal, Dee) and February (Ann with a raise, Cal, Ben joined; Dee gone)
    const run = async (start: string, end: string) =>
      (await sql(`insert into payroll_runs (company_id, period_start, period_end) values (?, ?, ?) returning id`, [c, start, end]))[0].id;
    const jan = await run('2026-01-01', '2026-01-31');
    const feb = await run('2026-02-01', '2026-02-28');
    const pay = (runId: number, e: number, start: string, end: string, basic: string, allow: string, bonus: string, tax: string, deductions: string) => {
      const gross = (Number(basic) + Number(allow) + Number(bonus)).toFixed(2);
      const net = (Number(gross) - Number(deductions)).toFixed(2);
      return sql(
        `insert into payroll_records (company_id, employee_id, run_id, pay_period_start, pay_period_end, basic_salary, allowances, bonuses, gross_salary,
           taxable_income, tax, total_deductions, net_salary, salary_currency, payment_frequency, working_days, employed_days, unpaid_leave_days, absent_days)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'USD', 'monthly', 20, 20, 0, 0)`,
        [c, e, runId, start, end, basic, allow, bonus, gross, gross, tax, deductions, net],
      );
    };
    await pay(jan, ids.ANN, '2026-01-01', '2026-01-31', '5000.00', '200.00', '0.00', '500.00', '700.00'); // net 4500.00
    await pay(jan, ids.CAL, '2026-01-01', '2026-01-31', '4000.00', '0.00', '0.00', '400.00', '560.00'); // net 3440.00
    await pay(jan, ids.DEE, '2026-01-01', '2026-01-31', '6000.00', '100.00', '0.00', '600.00', '840.00'); // net 5260.00
    await pay(feb, ids.ANN, '2026-02-01', '2026-02-28', '5500.00', '200.00', '250.00', '550.00', '770.00'); // net 5180.00
    await pay(feb, ids.CAL, '2026-02-01', '2026-02-28', '4000.00', '0.00', '0.00', '400.00', '560.00'); // net 3440.00
    await pay(feb, ids.BEN, '2026-02-01', '2026-02-28', '1000.00', '0.00', '0.00', '0.00', '0.00'); // net 1000.00

    // KPI: Sales Volume (higher is better): Ann 120 of 100, Ben 80 of 100, Sales 1000 without a value
    const [kpi] = await sql(
      `insert into kpis (company_id, name, code, category, kpi_type, data_source_type, period_type, direction) values (?, 'Sales Volume', 'SV', 'sales', 'number', 'manual', 'monthly', 'higher_is_better') returning id`,
      [c],
    );
    const target = (type: string, col: string, id: number, value: string) =>
      sql(
        `insert into kpi_targets (company_id, kpi_id, target_type, ${col}, period_start_date, period_end_date, target_value) values (?, ?, ?, ?, '2026-01-01', '2026-01-31', ?)`,
        [c, kpi.id, type, id, value],
      );
    await target('employee', 'employee_id', ids.ANN, '100');
    await target('employee', 'employee_id', ids.BEN, '100');
    await target('department', 'department_id', sales.id, '1000');
    const value = (e: number, v: string) =>
      sql(
        `insert into kpi_values (company_id, kpi_id, entity_type, employee_id, period_start_date, period_end_date, actual_value) values (?, ?, 'employee', ?, '2026-01-01', '2026-01-31', ?)`,
        [c, kpi.id, e, v],
      );
    await value(ids.ANN, '120');
    await value(ids.BEN, '80');
    const bonus = (e: number, start: string, end: string, amount: string, status: string) =>
      sql(`insert into bonus_payments (company_id, employee_id, kpi_id, payment_period_start, payment_period_end, bonus_amount, status) values (?, ?, ?, ?, ?, ?, ?)`, [
        c,
        e,
        kpi.id,
        start,
        end,
        amount,
        status,
      ]);
    await bonus(ids.ANN, '2026-01-01', '2026-01-31', '500.00', 'paid');
    await bonus(ids.BEN, '2026-01-01', '2026-01-31', '200.00', 'calculated');
    await bonus(ids.ANN, '2026-02-01', '2026-02-28', '300.00', 'approved');
    await bonus(ids.CAL, '2026-02-01', '2026-02-28', '100.00', 'rejected');
  });

  afterAll(async () => {
    await t?.close();
    mailbox.remove();
  });

  describe('headcount', () => {
    it('counts the employees on the payroll at a date, by department, status and employment type', async () => {
      const byDept = await report('headcount-breakdown', { at: '2026-04-01' });
      expect(table(byDept.rows, 'label', ['employees', 'share'])).toEqual({ Sales: [3, 75], Operations: [1, 25] });
      expect(byDept.totals).toMatchObject({ label: 'Total', employees: 4, share: 100 });
      expect(byDept.subtitle).toBe('At 1 Apr 2026 · by Department · All employees');
      expect(byDept.chart).toEqual({ kind: 'bar', x: 'label', series: [{ key: 'employees', label: 'Employees' }] });
      // Dee's termination is still ahead on 1 March: active then
      const byStatus = await report('headcount-breakdown', { at: '2026-03-01', group_by: 'status' });
      expect(table(byStatus.rows, 'label', ['employees'])).toEqual({ Active: [4], 'On Leave': [1] });
      const byType = await report('headcount-breakdown', { at: '2026-04-01', group_by: 'employment_type' });
      expect(table(byType.rows, 'label', ['employees'])).toEqual({ 'Full Time': [3], 'Part Time': [1] });
      const salesOnly = await report('headcount-breakdown', { at: '2026-04-01', department_id: sales.id });
      expect(salesOnly.totals!.employees).toBe(3);
      expect(salesOnly.subtitle).toContain('Sales');
    });

    it("equals the employee list's count of people not terminated today", async () => {
      const today = await report('headcount-breakdown');
      const list = await t.http().get('/api/hr/employees').query({ filter: JSON.stringify({ employment_status: ['active', 'on_leave', 'suspended'] }) }).set(admin);
      expect(list.status).toBe(200);
      expect(today.totals!.employees).toBe(Number(list.headers['content-range'].split('/').pop()));
    });

    it('follows hires, leavers and turnover month by month', async () => {
      const r = await report('headcount-movement', { from: '2026-01-01', to: '2026-04-30' });
      expect(table(r.rows, 'month', ['headcount_start', 'hires', 'leavers', 'headcount_end', 'average_headcount', 'turnover_rate'])).toEqual({
        '2026-01': [4, 0, 0, 4, '4.00', 0],
        '2026-02': [4, 1, 0, 5, '4.50', 0],
        '2026-03': [5, 0, 1, 4, '4.50', 22.22],
        '2026-04': [4, 0, 0, 4, '4.00', 0],
      });
      // one leaver over an average headcount of 4.25
      expect(r.totals).toMatchObject({ hires: 1, leavers: 1, turnover_rate: 23.53 });
    });

    it('bands tenure from the hire date', async () => {
      const r = await report('headcount-tenure', { at: '2026-04-01' });
      expect(table(r.rows, 'band', ['employees'])).toEqual({
        'Under 1 year': [1],
        '1–2 years': [0],
        '2–5 years': [2],
        '5–10 years': [0],
        '10 years or more': [0],
        'No hire date': [1],
      });
      expect(r.totals!.employees).toBe(4);
    });
  });

  describe('attendance', () => {
    const period = { from: '2026-01-01', to: '2026-02-28' };

    it('gives present, late, absent and on-leave rates per month and per department', async () => {
      const r = await report('attendance-rates', period);
      expect(table(r.rows, 'label', ['records', 'present', 'late', 'absent', 'on_leave', 'present_rate', 'late_rate', 'absent_rate', 'leave_rate'])).toEqual({
        '2026-01': [5, 2, 2, 1, 0, 40, 40, 20, 0],
        '2026-02': [1, 0, 0, 0, 1, 0, 0, 0, 100],
      });
      expect(r.totals).toMatchObject({ records: 6, present_rate: 33.33, late_rate: 33.33, absent_rate: 16.67, leave_rate: 16.67 });
      const byDept = await report('attendance-rates', { ...period, group_by: 'department' });
      expect(table(byDept.rows, 'label', ['records', 'present', 'late', 'absent', 'on_leave'])).toEqual({
        Operations: [2, 1, 0, 0, 1],
        Sales: [4, 1, 2, 1, 0],
      });
    });

    it("equals the attendance list's count for the same month and department", async () => {
      const r = await report('attendance-rates', { from: '2026-01-01', to: '2026-01-31', department_id: sales.id });
      const list = await t.http().get('/api/hr/attendance').query({ filter: JSON.stringify({ start_date: '2026-01-01', end_date: '2026-01-31', department_id: sales.id }) }).set(admin);
      expect(list.status).toBe(200);
      expect(r.totals!.records).toBe(Number(list.headers['content-range'].split('/').pop()));
      expect(r.totals!.records).toBe(4);
    });

    it('shows late arrivals by weekday', async () => {
      const r = await report('attendance-late-weekday', period);
      expect(table(r.rows, 'weekday', ['records', 'late', 'late_rate'])).toEqual({
        Monday: [4, 1, 25],
        Tuesday: [1, 1, 100],
        Wednesday: [1, 0, 0],
        Thursday: [0, 0, 0],
        Friday: [0, 0, 0],
      });
    });

    it('sets hours worked against shift hours', async () => {
      const r = await report('attendance-hours', period);
      expect(table(r.rows, 'label', ['days_worked', 'worked_hours', 'shift_hours', 'difference', 'ratio'])).toEqual({
        Operations: [1, '8.50', '0.00', '8.50', 0],
        Sales: [3, '22.50', '21.00', '1.50', 107.14],
      });
      expect(r.totals).toMatchObject({ days_worked: 4, worked_hours: '31.00', shift_hours: '21.00', difference: '10.00', ratio: 147.62 });
      const perEmployee = await report('attendance-hours', { ...period, group_by: 'employee' });
      expect(perEmployee.chart).toBeNull();
      expect(perEmployee.rows.map((r2) => r2.label)).toEqual(['Ann Alpha (ANN)', `Erin Alpha (E001)`]);
    });

    it('reads a period that starts and ends inside months from the records themselves', async () => {
      const r = await report('attendance-rates', { from: '2026-01-05', to: '2026-01-06' });
      expect(r.rows).toEqual([expect.objectContaining({ label: '2026-01', records: 3, present: 2, late: 1 })]);
      const mixed = await report('attendance-rates', { from: '2026-01-06', to: '2026-02-28' });
      expect(table(mixed.rows, 'label', ['records'])).toEqual({ '2026-01': [3], '2026-02': [1] });
      // nothing recorded in February after the 15th: the month's counts answer for its first half
      const clean = await report('attendance-rates', { from: '2026-01-01', to: '2026-02-15' });
      expect(table(clean.rows, 'label', ['records', 'on_leave'])).toEqual({ '2026-01': [5, 0], '2026-02': [1, 1] });
      const before = await report('attendance-rates', { from: '2026-01-01', to: '2026-02-01' });
      expect(table(before.rows, 'label', ['records'])).toEqual({ '2026-01': [5] });
    });

    it('keeps the monthly counts in step with every insert, update and delete of a record', async () => {
      const c = a.company.id;
      const counts = () =>
        Promise.all([
          sql(`select month, sum(records)::int as records, sum(late)::int as late, sum(worked_hours)::numeric(12,2) as hours from attendance_month_stats where company_id = ? group by month order by month`, [c]),
          sql(`select date_trunc('month', attendance_date)::date as month, count(*)::int as records, (count(*) filter (where status = 'late'))::int as late,
                      coalesce(sum(work_hours) filter (where status in ('present', 'late')), 0)::numeric(12,2) as hours
                 from attendance_records where company_id = ? group by 1 order by 1`, [c]),
        ]);
      await sql(`insert into attendance_records (company_id, employee_id, attendance_date, status, work_hours) values (?, ?, '2026-03-03', 'late', '6.00')`, [c, ids.BEN]);
      await sql(`update attendance_records set status = 'present' where employee_id = ? and attendance_date = '2026-03-03'`, [ids.BEN]);
      await sql(`delete from attendance_records where employee_id = ? and attendance_date = '2026-03-03'`, [ids.BEN]);
      const [stats, records] = await counts();
      expect(stats).toEqual(records);
      expect(await sql(`select count(*)::int as n from attendance_month_stats where company_id = ? and month = '2026-03-01'`, [c])).toEqual([{ n: 0 }]);
    });

    it('lets a company with attendance be deleted, its counts with it', async () => {
      const c = await createCompany(t, 'Zeta');
      await sql(`insert into attendance_records (company_id, employee_id, attendance_date, status, work_hours) values (?, ?, '2026-01-05', 'present', '8.00')`, [
        c.company.id,
        c.employee.id,
      ]);
      expect(await sql(`select count(*)::int as n from attendance_month_stats where company_id = ?`, [c.company.id])).toEqual([{ n: 1 }]);
      await sql(`delete from employees where id = ?`, [c.employee.id]);
      expect(await sql(`select count(*)::int as n from attendance_month_stats where company_id = ?`, [c.company.id])).toEqual([{ n: 0 }]);
      const d = await createCompany(t, 'Eta');
      await sql(`insert into attendance_records (company_id, employee_id, attendance_date, status) values (?, ?, '2026-01-05', 'absent')`, [d.company.id, d.employee.id]);
      await sql(`delete from companies where id = ?`, [d.company.id]);
      expect(await sql(`select count(*)::int as n from attendance_month_stats where company_id = ?`, [d.company.id])).toEqual([{ n: 0 }]);
    });

    it('counts corrections by the month they were made', async () => {
      const r = await report('attendance-corrections', period);
      expect(r.rows).toEqual([{ month: '2026-01', corrections: 1, employees: 1, correctors: 1 }]);
    });

    it('narrows to a work location', async () => {
      const [loc] = await sql(`insert into work_locations (company_id, location_name, latitude, longitude) values (?, 'Depot', 1, 1) returning id`, [a.company.id]);
      await sql(`update attendance_records set work_location_id = ? where employee_id = ? and attendance_date = '2026-01-05'`, [loc.id, ids.ANN]);
      const r = await report('attendance-rates', { ...period, location_id: loc.id });
      expect(r.totals).toMatchObject({ records: 1, present: 1 });
      expect(r.subtitle).toContain('Depot');
    });
  });

  describe('leave', () => {
    it('adds up approved days per month and type', async () => {
      const r = await report('leave-taken', { from: '2026-01-01', to: '2026-03-31' });
      expect(r.columns.map((c) => c.label)).toEqual(['Month', 'Annual', 'Sick', 'Total days']);
      expect(r.rows.map((row) => [row.month, row[`type_${ids.ANNUAL}`], row[`type_${ids.SICK}`], row.total_days])).toEqual([
        ['2026-01', '0.00', '0.00', '0.00'],
        ['2026-02', '3.00', '0.00', '3.00'],
        ['2026-03', '0.00', '1.00', '1.00'],
      ]);
      expect(r.totals!.total_days).toBe('4.00');
    });

    it("gives the balances the leave module gives, by type and by employee", async () => {
      const r = await report('leave-balances', { at: '2026-06-01' });
      // five employees, 20 and 10 days each
      expect(table(r.rows, 'label', ['employees', 'entitlement', 'taken', 'pending', 'remaining'])).toEqual({
        Annual: [5, '100.00', '3.00', '2.00', '95.00'],
        Sick: [5, '50.00', '1.00', '0.00', '49.00'],
      });
      const module = await t.http().get('/api/hr/leave-balances').query({ filter: JSON.stringify({ year: 2026 }), range: '[0,99]' }).set(admin);
      expect(module.status).toBe(200);
      const taken = (module.body.data as Array<{ taken: string }>).reduce((s, x) => s + Number(x.taken), 0);
      expect(Number(r.totals!.taken)).toBe(taken);
      const perEmployee = await report('leave-balances', { at: '2026-06-01', group_by: 'employee', department_id: sales.id });
      expect(perEmployee.rows.filter((x) => x.label === 'Ann Alpha (ANN)').map((x) => [x.leave_type, x.taken, x.remaining])).toEqual([
        ['Annual', '3.00', '17.00'],
        ['Sick', '1.00', '9.00'],
      ]);
    });

    it('lists upcoming absences and requests waiting too long', async () => {
      const up = await report('leave-upcoming', { from: '2026-03-01', to: '2026-03-31' });
      expect(up.rows.map((x) => [x.employee, x.leave_type, x.start_date, x.days, x.status])).toEqual([
        ['Ann Alpha (ANN)', 'Sick', '2026-03-02', '1.00', 'Approved'],
        ['Ben Alpha (BEN)', 'Annual', '2026-03-16', '2.00', 'Pending'],
      ]);
      expect(up.totals!.days).toBe('3.00');
      const pending = await report('leave-pending', { older_than_days: 7 });
      const today = new Date().toISOString().slice(0, 10);
      const waited = Math.round((Date.parse(today) - Date.parse('2026-03-01')) / 86_400_000);
      expect(pending.rows).toEqual([expect.objectContaining({ employee: 'Ben Alpha (BEN)', requested_on: '2026-03-01', waiting_days: waited })]);
      const none = await report('leave-pending', { older_than_days: waited + 1 });
      expect(none.rows).toEqual([]);
    });
  });

  describe('payroll', () => {
    it('adds up the cost per month and per department', async () => {
      const r = await report('payroll-cost', { from: '2026-01-01', to: '2026-02-28' });
      expect(table(r.rows, 'label', ['employees', 'basic_salary', 'allowances', 'bonuses', 'gross_salary', 'total_deductions', 'tax', 'net_salary'])).toEqual({
        '2026-01': [3, '15000.00', '300.00', '0.00', '15300.00', '2100.00', '1500.00', '13200.00'],
        '2026-02': [3, '10500.00', '200.00', '250.00', '10950.00', '1330.00', '950.00', '9620.00'],
      });
      expect(r.totals).toMatchObject({ net_salary: '22820.00', gross_salary: '26250.00' });
      const byDept = await report('payroll-cost', { from: '2026-01-01', to: '2026-02-28', group_by: 'department' });
      expect(table(byDept.rows, 'label', ['net_salary'])).toEqual({ Operations: ['5260.00'], Sales: ['17560.00'] });
    });

    it("equals the payroll module's total of the month", async () => {
      for (const month of [1, 2]) {
        const summary = await t.http().get('/api/hr/payroll/summary').query({ year: 2026, month }).set(admin);
        expect(summary.status).toBe(200);
        const mm = String(month).padStart(2, '0');
        const r = await report('payroll-cost', { from: `2026-${mm}-01`, to: `2026-${mm}-28` });
        expect(r.totals!.net_salary).toBe(summary.body.data.total_payroll);
      }
    });

    it('names the employees behind the change against the month before', async () => {
      const r = await report('payroll-changes', { to: '2026-02-28' });
      expect(r.rows.map((x) => [x.employee, x.change_reason, x.previous_net, x.current_net, x.net_change, x.basic_change, x.bonuses_change])).toEqual([
        ['Dee Alpha (DEE)', 'Left', '5260.00', '0.00', '-5260.00', '-6000.00', '0.00'],
        ['Ben Alpha (BEN)', 'Joined', '0.00', '1000.00', '1000.00', '1000.00', '0.00'],
        ['Ann Alpha (ANN)', 'Pay changed', '4500.00', '5180.00', '680.00', '500.00', '250.00'],
      ]);
      // the change of the whole payroll: 9,620.00 − 13,200.00
      expect(r.totals!.net_change).toBe('-3580.00');
      expect(r.subtitle).toContain('February 2026 against the month before');
    });
  });

  describe('KPI and bonuses', () => {
    it('gives achievement by KPI and by department', async () => {
      const r = await report('kpi-achievement', { from: '2026-01-01', to: '2026-01-31' });
      expect(r.rows).toEqual([{ label: 'Sales Volume', targets: 3, measured: 2, achieved: 1, achievement_rate: 33.33, average_achievement: 100 }]);
      const byDept = await report('kpi-achievement', { from: '2026-01-01', to: '2026-01-31', group_by: 'department' });
      expect(table(byDept.rows, 'label', ['targets', 'achieved'])).toEqual({ Sales: [3, 1] });
      const dashboard = await t.http().get('/api/kpi/kpi-dashboard').set(admin);
      expect(dashboard.status).toBe(200);
      expect(dashboard.body.data.targets_summary).toMatchObject({ total_targets: r.totals!.targets, achieved_targets: r.totals!.achieved });
    });

    it('adds up bonuses calculated, approved and paid', async () => {
      const r = await report('kpi-bonuses', { from: '2026-01-01', to: '2026-02-28' });
      expect(table(r.rows, 'month', ['payments', 'calculated', 'approved', 'paid', 'rejected'])).toEqual({
        '2026-01': [2, '200.00', '0.00', '500.00', '0.00'],
        '2026-02': [2, '0.00', '300.00', '0.00', '100.00'],
      });
      const dashboard = await t.http().get('/api/kpi/kpi-dashboard').set(admin);
      expect(dashboard.body.data.bonus_summary).toMatchObject({ total_bonus_amount: r.totals!.paid, pending_bonus_amount: '500.00' });
      expect(r.totals).toMatchObject({ payments: 4, calculated: '200.00', approved: '300.00', paid: '500.00', rejected: '100.00' });
    });
  });

  describe('exports', () => {
    const query = { from: '2026-01-01', to: '2026-02-28' };

    it('sends CSV whose rows are the table and its totals', async () => {
      const screen = await report('payroll-cost', query);
      const res = await t.http().get('/api/reports/payroll-cost/export').query({ ...query, format: 'csv' }).set(admin);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      expect(res.headers['content-disposition']).toContain('payroll-cost_2026-01-01_2026-02-28.csv');
      const rows: string[][] = parse(res.text, { bom: true });
      expect(rows[0]).toEqual(screen.columns.map((c) => c.label));
      const cells = (r: Record<string, any>) => screen.columns.map((c) => (r[c.key] === null ? '' : String(r[c.key])));
      expect(rows.slice(1)).toEqual([...screen.rows.map(cells), cells(screen.totals!)]);
    });

    it('sends XLSX with the same rows, figures as numbers', async () => {
      const screen = await report('attendance-rates', query);
      const res = await t.http().get('/api/reports/attendance-rates/export').query({ ...query, format: 'xlsx' }).set(admin).buffer(true).parse(binary);
      expect(res.status).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.body);
      const sheet = book.worksheets[0];
      const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
      expect(values(1)).toEqual(screen.columns.map((c) => c.label));
      expect(values(2)).toEqual(['2026-01', 5, 2, 2, 1, 0, 0.4, 0.4, 0.2, 0]);
      expect(values(4)[0]).toBe('Total');
      expect(values(4)[1]).toBe(6);
      expect(sheet.rowCount).toBe(screen.rows.length + 2);
    });

    it('sends a PDF with the title, the period and the totals', async () => {
      const res = await t.http().get('/api/reports/payroll-cost/export').query({ ...query, format: 'pdf' }).set(admin).buffer(true).parse(binary);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('application/pdf');
      const text = pdfText(res.body);
      expect(text).toContain('Payroll cost');
      expect(text).toContain('1 Jan 2026 – 28 Feb 2026');
      expect(text).toContain('Total');
      expect(text).toContain('22,820.00');
    });

    it('refuses an unknown format, naming it', async () => {
      const res = await t.http().get('/api/reports/payroll-cost/export').query({ format: 'doc' }).set(admin);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'format', message: 'Format must be one of: CSV, XLSX, PDF' }]);
    });
  });

  describe('filters', () => {
    it('answers a bad filter with a 400 naming it', async () => {
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ from: '2026-02-30' }, 'from', 'From must be a date (YYYY-MM-DD)'],
        [{ from: '2026-03-01', to: '2026-01-01' }, 'to', 'The last day of the period must be on or after its first day'],
        [{ from: '2020-01-01', to: '2026-01-01' }, 'from', 'The period can be at most 3 years'],
        [{ group_by: 'planet' }, 'group_by', 'Group by must be one of: Month, Department'],
        [{ department_id: 'x' }, 'department_id', 'Department ID must be a valid ID'],
        [{ department_id: b.department.id }, 'department_id', 'Department not found'],
        [{ location_id: 2_000_000 }, 'location_id', 'Work location not found'],
      ];
      for (const [query, field, message] of cases) {
        const res = await t.http().get('/api/reports/attendance-rates').query(query).set(admin);
        expect([res.status, res.body.errors]).toEqual([400, [{ field, message }]]);
      }
      const older = await t.http().get('/api/reports/leave-pending').query({ older_than_days: 400 }).set(admin);
      expect(older.status).toBe(400);
      expect(older.body.errors[0].field).toBe('older_than_days');
      expect((await t.http().get('/api/reports/no-such-report').set(admin)).status).toBe(404);
    });
  });

  describe('access', () => {
    it('lists every report for a company admin, with defaults', async () => {
      const res = await t.http().get('/api/reports').set(admin);
      expect(res.status).toBe(200);
      expect(res.body.data).toHaveLength(15);
      expect(res.body.data[0]).toMatchObject({ id: 'headcount-breakdown', group: 'headcount', defaults: { group_by: 'department', older_than_days: 7 } });
    });

    it('refuses an employee without rights, and no token at all', async () => {
      const employee = bearer(a.tokens.employee);
      expect((await t.http().get('/api/reports').set(employee)).status).toBe(403);
      expect((await t.http().get('/api/reports/headcount-breakdown').set(employee)).status).toBe(403);
      expect((await t.http().get('/api/reports/payroll-cost/export').query({ format: 'csv' }).set(employee)).status).toBe(403);
      expect((await t.http().get('/api/reports')).status).toBe(401);
    });

    it('gives an employee with reports and employees rights the headcount reports only; attendance view alone (their own records) gives none', async () => {
      const c = await createCompany(t, 'Gamma');
      await grant(t, { position: c.position }, c.company, 'reports', { can_view: true });
      await grant(t, { position: c.position }, c.company, 'employees', { can_view: true });
      await grant(t, { position: c.position }, c.company, 'attendance', { can_view: true });
      const token = bearer(await login(t, c.employeeUser.email));
      const list = await t.http().get('/api/reports').set(token);
      expect(list.status).toBe(200);
      expect(new Set(list.body.data.map((r: { group: string }) => r.group))).toEqual(new Set(['headcount']));
      expect((await t.http().get('/api/reports/headcount-breakdown').set(token)).status).toBe(200);
      const attendance = await t.http().get('/api/reports/attendance-rates').set(token);
      expect(attendance.status).toBe(403);
      expect(attendance.body.message).toBe(
        "This report adds up other employees' attendance records: only company admins and holders of attendance view over their team, their department or the whole company can see it",
      );
      const payroll = await t.http().get('/api/reports/payroll-cost').set(token);
      expect(payroll.status).toBe(403);
      expect(payroll.body.message).toBe('You do not have view access to the payroll module needed for this report');
    });

    it("follows the plan: no reports feature, no reports; no KPI feature, no KPI reports", async () => {
      const c = await createCompany(t, 'Delta');
      const headers = bearer(c.tokens.company_admin);
      await usePackage(t, c.company, { features: ['employees', 'departments', 'positions', 'attendance', 'settings'] });
      expect((await t.http().get('/api/reports').set(headers)).status).toBe(403);
      await usePackage(t, c.company, { features: ['employees', 'departments', 'positions', 'attendance', 'leave', 'payroll', 'reports', 'settings'] });
      const list = await t.http().get('/api/reports').set(headers);
      expect(list.body.data.map((r: { group: string }) => r.group)).not.toContain('kpi');
      const kpi = await t.http().get('/api/reports/kpi-bonuses').set(headers);
      expect(kpi.status).toBe(403);
      expect(kpi.body.message).toBe("Your company's plan does not include KPI & Bonus");
    });

    it("never shows another company's figures", async () => {
      const beta = await t.http().get('/api/reports/payroll-cost').query({ from: '2026-01-01', to: '2026-02-28' }).set(bearer(b.tokens.company_admin));
      expect(beta.status).toBe(200);
      expect(beta.body.data.rows).toEqual([]);
      expect(beta.body.data.totals.net_salary).toBe('0.00');
    });
  });

  describe('scheduled reports', () => {
    it('refuses recipients who are not users of the company or may not see the report', async () => {
      const base = { report_id: 'payroll-cost', frequency: 'monthly', format: 'csv' };
      const outsider = await t.http().post('/api/reports/subscriptions').set(admin).send({ ...base, recipients: [b.admin.email] });
      expect(outsider.status).toBe(400);
      expect(outsider.body.errors).toEqual([{ field: 'recipients', message: `${b.admin.email} is not an active user of this company` }]);
      const employee = await t.http().post('/api/reports/subscriptions').set(admin).send({ ...base, recipients: [a.employeeUser.email] });
      expect(employee.status).toBe(400);
      expect(employee.body.errors[0].message).toBe(
        `${a.employeeUser.email} may not see the report “Payroll cost”: it is sent only to company admins and to holders of payroll view over their team, their department or the whole company who hold reports view`,
      );
      const bad = await t.http().post('/api/reports/subscriptions').set(admin).send({ ...base, frequency: 'daily', recipients: [] });
      expect(bad.status).toBe(400);
      expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['frequency', 'recipients']);
      const notAdmin = await t.http().get('/api/reports/subscriptions').set(bearer(a.tokens.employee));
      expect(notAdmin.status).toBe(403);
    });

    it('schedules a report and sends it by e-mail with the file attached', async () => {
      const created = await t.http().post('/api/reports/subscriptions').set(admin).send({
        report_id: 'payroll-cost',
        frequency: 'monthly',
        format: 'csv',
        recipients: [a.admin.email.toUpperCase()],
        group_by: 'department',
      });
      expect(created.status).toBe(201);
      const sub = created.body.data;
      expect(sub).toMatchObject({ report_title: 'Payroll cost', recipients: [a.admin.email.toLowerCase()], group_by: 'department', is_active: true });
      // the next 1st of a month, 07:00 in the company's time zone (UTC)
      expect(sub.next_run_at).toMatch(/^\d{4}-\d{2}-01T07:00:00\.000Z$/);
      const list = await t.http().get('/api/reports/subscriptions').set(admin);
      expect(list.body.data.map((s: { id: number }) => s.id)).toContain(sub.id);
      expect((await t.http().get(`/api/reports/subscriptions/${sub.id}`).set(bearer(b.tokens.company_admin))).status).toBe(404);

      // due on 1 March 2026: it covers February
      await sql(`update report_subscriptions set next_run_at = '2026-03-01T07:00:00Z' where id = ?`, [sub.id]);
      const job = t.app.get(ScheduledReportsJob);
      const result = await job.run(new Date('2026-03-01T07:10:00Z'));
      expect(result.sent).toBeGreaterThanOrEqual(1);
      const [row] = await sql(`select next_run_at, last_sent_at, last_error from report_subscriptions where id = ?`, [sub.id]);
      expect(new Date(row.next_run_at).toISOString()).toBe('2026-04-01T07:00:00.000Z');
      expect(row.last_error).toBeNull();
      const [notice] = await sql(`select subject, attachment_name, convert_from(attachment, 'UTF8') as file from notifications where topic = 'reports' and user_id = ?`, [a.admin.id]);
      expect(notice.subject).toBe('Monthly report: Payroll cost (1 Feb – 28 Feb 2026)');
      expect(notice.attachment_name).toBe('payroll-cost_2026-02-01_2026-02-28.csv');
      const rows: string[][] = parse(notice.file, { bom: true });
      expect(rows).toEqual([
        ['Department', 'Currency', 'Employees', 'Basic salary', 'Allowances', 'Bonuses', 'Gross pay', 'Deductions', 'Tax', 'Net pay'],
        ['Sales', 'USD', '3', '10500.00', '200.00', '250.00', '10950.00', '1330.00', '950.00', '9620.00'],
        ['Total', '', '', '10500.00', '200.00', '250.00', '10950.00', '1330.00', '950.00', '9620.00'],
      ]);
      await t.app.get(NotificationSender).run();
      const [mail] = await mailbox.mailsTo(a.admin.email.toLowerCase());
      expect(mail.subject).toBe('Monthly report: Payroll cost (1 Feb – 28 Feb 2026)');
      expect((mail as unknown as { attachments: unknown[] }).attachments).toEqual([
        { filename: 'payroll-cost_2026-02-01_2026-02-28.csv', contentType: 'text/csv', size: expect.any(Number) },
      ]);

      const removed = await t.http().delete(`/api/reports/subscriptions/${sub.id}`).set(admin);
      expect(removed.status).toBe(200);
      expect((await t.http().get(`/api/reports/subscriptions/${sub.id}`).set(admin)).status).toBe(404);
    });

    it('sends nothing, and says why, once no recipient may see the report', async () => {
      const c = await createCompany(t, 'Epsilon');
      await grant(t, { position: c.position }, c.company, 'reports', { can_view: true });
      await grant(t, { position: c.position }, c.company, 'employees', { can_view: true });
      const created = await t.http().post('/api/reports/subscriptions').set(bearer(c.tokens.company_admin)).send({
        report_id: 'headcount-movement',
        frequency: 'weekly',
        format: 'pdf',
        recipients: [c.employeeUser.email],
      });
      expect(created.status).toBe(201);
      await sql(`delete from permission_entries where company_id = ?`, [c.company.id]);
      await sql(`update report_subscriptions set next_run_at = '2026-03-02T07:00:00Z' where id = ?`, [created.body.data.id]);
      await t.app.get(ScheduledReportsJob).run(new Date('2026-03-02T08:00:00Z'));
      const [row] = await sql(`select last_error, last_sent_at from report_subscriptions where id = ?`, [created.body.data.id]);
      expect(row).toEqual({ last_error: 'None of the recipients may see this report any more', last_sent_at: null });
    });

    it('runs weekly on Monday and monthly on the 1st at 07:00 in the company time zone, covering the period before', () => {
      const now = new Date('2026-11-26T12:00:00Z'); // a Thursday
      expect(nextRun('weekly', 'Europe/Berlin', now).toISOString()).toBe('2026-11-30T06:00:00.000Z');
      expect(nextRun('monthly', 'America/New_York', now).toISOString()).toBe('2026-12-01T12:00:00.000Z');
      expect(periodCovered('weekly', 'UTC', new Date('2026-11-30T07:00:00Z'))).toEqual({ from: '2026-11-23', to: '2026-11-29' });
      expect(periodCovered('monthly', 'UTC', new Date('2026-12-01T07:00:00Z'))).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    });
  });
});
