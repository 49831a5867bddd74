import { Employee } from '../src/modules/employees/employee.entity';
import { Invoice } from '../src/modules/billing/invoice.entity';
import { Package } from '../src/modules/packages/package.entity';
import { Position } from '../src/modules/positions/position.entity';
import { Company } from '../src/modules/companies/company.entity';
import { REPORTS } from '../src/modules/reports/catalogue';
import { MAX_SUBSCRIPTIONS_PER_COMPANY } from '../src/modules/reports/schedule/report-subscriptions.service';
import { ScheduledReportsJob } from '../src/modules/reports/schedule/scheduled-reports.job';
import { createTestApp, type TestApp } from './support/app';
import { bearer, createCompany, createUser, grant, login, unique, type CompanyFixture } from './support/fixtures';

type Rights = { can_view?: boolean; can_create?: boolean; can_edit?: boolean };
type Group = 'headcount' | 'attendance' | 'leave' | 'payroll' | 'kpi';

/**
 * Who sees other employees' records. A view right alone means one's own records in payroll, leave
 * and attendance; every report, its export, the catalogue, a scheduled report's recipients and the
 * dashboard's cards follow what the module's own list shows the same user: a report adds up other
 * employees' records, so a user whose list shows only their own is refused it, and a report's
 * employees are among those the list shows.
 */
describe('record scope: reports, pay and dashboard cards show only what the module shows', () => {
  let t: TestApp;
  let c: CompanyFixture;
  let admin: Record<string, string>;
  let ann: Employee;
  const sql = (query: string, params: unknown[] = []) => t.em().execute(query, params);

  /** The module of each report group, its own list and how that list names an employee. */
  const MODULES: Record<Group, { module: string; list: string; who: (row: any) => { id: number; name: string } }> = {
    headcount: { module: 'employees', list: '/api/hr/employees', who: (r) => ({ id: r.id, name: `${r.first_name} ${r.last_name}` }) },
    attendance: { module: 'attendance', list: '/api/hr/attendance', who: (r) => ({ id: r.employee_id, name: r.employee_name }) },
    leave: { module: 'leave', list: '/api/hr/leave-balances', who: (r) => ({ id: r.employee_id, name: r.employee_name }) },
    payroll: { module: 'payroll', list: '/api/hr/payroll', who: (r) => ({ id: r.employee_id, name: r.employee_name }) },
    kpi: { module: 'kpi', list: '/api/kpi/bonus-payments', who: (r) => ({ id: r.employee_id, name: r.employee_name }) },
  };
  const refused = (module: string) =>
    `This report adds up other employees' ${module} records: only company admins and holders of ${module} view over their team, their department or the whole company can see it`;
  const REFUSED: Record<Group, string> = {
    headcount: refused('employees'),
    attendance: refused('attendance'),
    leave: refused('leave'),
    payroll: refused('payroll'),
    kpi: refused('KPI & Bonus'),
  };
  const COMBOS: Record<string, Rights | 'admin'> = {
    'view only': { can_view: true },
    'view + create': { can_view: true, can_create: true },
    'view + edit': { can_view: true, can_edit: true },
    admin: 'admin',
  };
  /** Whom a person expects to see everyone's records of each module. */
  const STAFF: Record<Group, string[]> = {
    headcount: ['view only', 'view + create', 'view + edit', 'admin'],
    attendance: ['admin'],
    leave: ['view + edit', 'admin'],
    payroll: ['view + create', 'view + edit', 'admin'],
    kpi: ['view only', 'view + create', 'view + edit', 'admin'],
  };
  /** Filters under which the seeded records fall, and the employee grouping where a report has one. */
  const QUERY: Record<string, Record<string, string>> = {
    'payroll-changes': { to: '2026-10-31' },
    'attendance-hours': { from: '2026-10-01', to: '2026-10-31', group_by: 'employee' },
    'leave-balances': { at: '2026-10-31', group_by: 'employee' },
  };

  /** A user of company c with an employee record whose position holds reports view and these rights. */
  const userWith = async (rights: Record<string, Rights>): Promise<{ headers: Record<string, string>; employeeId: number; email: string }> => {
    const em = t.em();
    const company = em.getReference(Company, c.company.id);
    const position = em.create(Position, { company, position_code: unique('P').slice(0, 10), position_title: unique('Role ') });
    const employee = em.create(Employee, {
      company,
      employee_code: unique('S').slice(0, 10),
      first_name: 'Sam',
      last_name: unique('Staff'),
      email: `${unique('sam')}@test.example.com`,
      position,
    });
    await em.flush();
    for (const [module, r] of Object.entries(rights)) await grant(t, { position }, c.company, module, r);
    const user = await createUser(em, 'employee', { company: c.company, employee });
    return { headers: bearer(await login(t, user.email)), employeeId: employee.id, email: user.email };
  };

  beforeAll(async () => {
    t = await createTestApp();
    c = await createCompany(t, 'Scope');
    admin = bearer(c.tokens.company_admin);
    const em = t.em();
    ann = em.create(Employee, {
      company: em.getReference(Company, c.company.id),
      employee_code: 'ANN',
      first_name: 'Ann',
      last_name: 'Other',
      email: `${unique('ann')}@test.example.com`,
      hire_date: '2024-01-01',
      salary: '96000.00',
    });
    await em.flush();
    const id = c.company.id;
    // Ann's records in every module: a day worked, a leave type (balances), two months of pay, a bonus
    const [shift] = await sql(
      `insert into shifts (company_id, shift_name, shift_code, start_time, end_time, break_duration) values (?, 'Day', 'DAY', '09:00', '17:00', 60) returning id`,
      [id],
    );
    await sql(`insert into attendance_records (company_id, employee_id, attendance_date, status, work_hours, shift_id) values (?, ?, '2026-10-05', 'present', '8.00', ?)`, [
      id,
      ann.id,
      shift.id,
    ]);
    await sql(`insert into leave_types (company_id, type_name, type_code, max_days_per_year) values (?, 'Annual', 'AN', 20)`, [id]);
    for (const [start, end, net] of [
      ['2026-09-01', '2026-09-30', '7000.00'],
      ['2026-10-01', '2026-10-31', '7400.00'],
    ]) {
      const [run] = await sql(`insert into payroll_runs (company_id, period_start, period_end) values (?, ?, ?) returning id`, [id, start, end]);
      await sql(
        `insert into payroll_records (company_id, employee_id, run_id, pay_period_start, pay_period_end, basic_salary, allowances, bonuses, gross_salary,
           taxable_income, tax, total_deductions, net_salary, salary_currency, payment_frequency, working_days, employed_days, unpaid_leave_days, absent_days)
         values (?, ?, ?, ?, ?, ?, 0, 0, ?, ?, 0, 0, ?, 'USD', 'monthly', 22, 22, 0, 0)`,
        [id, ann.id, run.id, start, end, net, net, net, net],
      );
    }
    const [kpi] = await sql(
      `insert into kpis (company_id, name, code, category, kpi_type, data_source_type, period_type, direction) values (?, 'Sales', 'SV', 'sales', 'number', 'manual', 'monthly', 'higher_is_better') returning id`,
      [id],
    );
    await sql(
      `insert into bonus_payments (company_id, employee_id, kpi_id, payment_period_start, payment_period_end, bonus_amount, status) values (?, ?, ?, '2026-10-01', '2026-10-31', '500.00', 'paid')`,
      [id, ann.id, kpi.id],
    );
  });

  afterAll(async () => {
    await t?.close();
  });

  describe.each(Object.keys(MODULES) as Group[])('%s reports', (group) => {
    const { module, list, who } = MODULES[group];
    const reports = REPORTS.filter((r) => r.group === group);

    it.each(Object.keys(COMBOS))(`with reports view and ${group} %s: a report's rows are among what the module's own list shows`, async (combo) => {
      const rights = COMBOS[combo];
      const me = rights === 'admin' ? { headers: admin, employeeId: -1 } : await userWith({ reports: { can_view: true }, [module]: rights });

      const page = await t.http().get(list).query({ range: '[0,999]' }).set(me.headers);
      expect(page.status).toBe(200);
      const listed = (page.body.data as unknown[]).map(who);
      const seesOthers = listed.some((p) => p.id !== me.employeeId);
      expect(seesOthers).toBe(STAFF[group].includes(combo));
      const names = new Set(listed.map((p) => p.name));

      const catalogue = await t.http().get('/api/reports').set(me.headers);
      expect(catalogue.status).toBe(200);
      const offered = new Set(catalogue.body.data.map((r: { id: string }) => r.id));

      for (const def of reports) {
        const query = QUERY[def.id] ?? {};
        const run = await t.http().get(`/api/reports/${def.id}`).query(query).set(me.headers);
        const file = await t.http().get(`/api/reports/${def.id}/export`).query({ ...query, format: 'csv' }).set(me.headers);
        if (!seesOthers) {
          expect([def.id, run.status, run.body.message]).toEqual([def.id, 403, REFUSED[group]]);
          expect([def.id, file.status]).toEqual([def.id, 403]);
          expect([def.id, offered.has(def.id)]).toEqual([def.id, false]);
          continue;
        }
        expect([def.id, run.status, file.status, offered.has(def.id)]).toEqual([def.id, 200, 200, true]);
        if (query.group_by === 'employee') {
          // one row per employee: "First Last (CODE)", each one the module's list shows this user
          const people = run.body.data.rows.map((r: { label: string }) => r.label.replace(/ \([^)]*\)$/, ''));
          expect(people).toContain('Ann Other');
          for (const person of people) expect([def.id, person, names.has(person)]).toEqual([def.id, person, true]);
        }
      }
    });
  });

  describe('the figures a holder of payroll view alone reads elsewhere', () => {
    it("refuses them the payroll reports that name every employee's previous and new net pay", async () => {
      const me = await userWith({ reports: { can_view: true }, payroll: { can_view: true }, employees: { can_view: true } });
      const own = await t.http().get('/api/hr/payroll').set(me.headers);
      expect(own.status).toBe(200);
      expect(own.body.data).toEqual([]);
      const changes = await t.http().get('/api/reports/payroll-changes').query({ to: '2026-10-31' }).set(me.headers);
      expect(changes.status).toBe(403);
      expect(changes.body.message).toBe(REFUSED.payroll);
      expect(JSON.stringify(changes.body)).not.toContain('7400');
      // a company admin reads Ann's change, so the refusal is not for want of figures
      const byAdmin = await t.http().get('/api/reports/payroll-changes').query({ to: '2026-10-31' }).set(admin);
      expect(byAdmin.body.data.rows.map((r: Record<string, unknown>) => r.current_net)).toContain('7400.00');
    });

    it('hides every salary in Employees: list, sorting by salary, export', async () => {
      const me = await userWith({ employees: { can_view: true }, payroll: { can_view: true } });
      const page = await t.http().get('/api/hr/employees').query({ filter: JSON.stringify({ id: [ann.id] }) }).set(me.headers);
      expect(page.status).toBe(200);
      expect(page.body.data).toHaveLength(1);
      expect(page.body.data[0]).not.toHaveProperty('salary');
      const sorted = await t.http().get('/api/hr/employees').query({ sort: '["salary","DESC"]' }).set(me.headers);
      expect(sorted.status).toBe(400);
      expect(sorted.body.message).toBe('You cannot sort by salary');
      const csv = await t.http().get('/api/hr/employees/export').set(me.headers);
      expect(csv.status).toBe(200);
      expect(csv.text).not.toContain('96000');

      const staff = await userWith({ employees: { can_view: true }, payroll: { can_view: true, can_edit: true } });
      const staffPage = await t.http().get('/api/hr/employees').query({ filter: JSON.stringify({ id: [ann.id] }) }).set(staff.headers);
      expect(staffPage.body.data[0].salary).toBe('96000.00');
    });

    it('shows them no dashboard card of other employees’ payroll or attendance', async () => {
      const me = await userWith({ payroll: { can_view: true }, attendance: { can_view: true }, employees: { can_view: true } });
      const res = await t.http().get('/api/dashboard/company').set(me.headers);
      expect(res.status).toBe(200);
      expect(res.body.data.cards.monthly_payroll).toBeNull();
      expect(res.body.data.cards.present_today).toBeNull();
      expect(res.body.data.cards.total_employees).toEqual(expect.any(Number));
      const staff = await userWith({ payroll: { can_view: true, can_create: true } });
      expect((await t.http().get('/api/dashboard/company').set(staff.headers)).body.data.cards.monthly_payroll).toEqual(expect.any(String));
    });
  });

  describe('scheduled reports', () => {
    const base = { report_id: 'payroll-changes', frequency: 'monthly', format: 'csv' };
    const schedule = (body: Record<string, unknown>) => t.http().post('/api/reports/subscriptions').set(admin).send(body);

    it('refuses as recipient of a payroll report a user who sees only their own payslips, and never sends it to one', async () => {
      const viewer = await userWith({ reports: { can_view: true }, payroll: { can_view: true } });
      const refused = await schedule({ ...base, recipients: [viewer.email] });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual([
        {
          field: 'recipients',
          message: `${viewer.email} may not see the report “Payroll changes”: it is sent only to company admins and to holders of payroll view over their team, their department or the whole company who hold reports view`,
        },
      ]);
      expect((await sql('select count(*)::int as n from report_subscriptions where company_id = ?', [c.company.id]))[0].n).toBe(0);

      // a payroll officer is a recipient; once their right is cut to their own payslips, the report is not sent
      const officer = await userWith({ reports: { can_view: true }, payroll: { can_view: true, can_edit: true } });
      const created = await schedule({ ...base, recipients: [officer.email] });
      expect(created.status).toBe(201);
      await sql(
        `update permission_entries set can_edit = false, view_scope = 'own' where company_id = ? and position_id = (select position_id from employees where id = ?)`,
        [c.company.id, officer.employeeId],
      );
      await sql(`update report_subscriptions set next_run_at = '2026-03-01T07:00:00Z' where id = ?`, [created.body.data.id]);
      await t.app.get(ScheduledReportsJob).run(new Date('2026-03-01T08:00:00Z'));
      const [row] = await sql('select last_error, last_sent_at from report_subscriptions where id = ?', [created.body.data.id]);
      expect(row).toEqual({ last_error: 'None of the recipients may see this report any more', last_sent_at: null });
      await sql('delete from report_subscriptions where company_id = ?', [c.company.id]);
    });

    it('refuses a second identical scheduled report, whatever the order or case of its recipients', async () => {
      const first = await schedule({ ...base, report_id: 'payroll-cost', group_by: 'department', recipients: [c.admin.email] });
      expect(first.status).toBe(201);
      const again = await schedule({ ...base, report_id: 'payroll-cost', group_by: 'department', recipients: [c.admin.email.toUpperCase()] });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(
        'This report is already scheduled with the same filters, frequency, format and recipients: change that scheduled report instead',
      );
      // another format is another scheduled report; changing it into the first is refused too
      const pdf = await schedule({ ...base, report_id: 'payroll-cost', group_by: 'department', format: 'pdf', recipients: [c.admin.email] });
      expect(pdf.status).toBe(201);
      const same = await t.http().put(`/api/reports/subscriptions/${pdf.body.data.id}`).set(admin).send({ format: 'csv' });
      expect(same.status).toBe(409);
      const [stored] = await sql('select format from report_subscriptions where id = ?', [pdf.body.data.id]);
      expect(stored.format).toBe('pdf');
      await sql('delete from report_subscriptions where company_id = ?', [c.company.id]);
    });

    it(`keeps at most ${MAX_SUBSCRIPTIONS_PER_COMPANY} scheduled reports per company`, async () => {
      await sql(
        `insert into report_subscriptions (company_id, report_id, frequency, format, recipients, department_id, is_active, next_run_at)
         select ?, 'headcount-breakdown', 'weekly', 'csv', ?::json, null, true, now() + interval '1 day' from generate_series(1, ?)`,
        [c.company.id, JSON.stringify([c.admin.email]), MAX_SUBSCRIPTIONS_PER_COMPANY - 1],
      );
      const last = await schedule({ ...base, recipients: [c.admin.email] });
      expect(last.status).toBe(201);
      const over = await schedule({ ...base, format: 'xlsx', recipients: [c.admin.email] });
      expect(over.status).toBe(409);
      expect(over.body.message).toBe(`A company can keep at most ${MAX_SUBSCRIPTIONS_PER_COMPANY} scheduled reports: delete one you no longer need first`);
      const [{ n }] = await sql('select count(*)::int as n from report_subscriptions where company_id = ?', [c.company.id]);
      expect(n).toBe(MAX_SUBSCRIPTIONS_PER_COMPANY);
      // another company is not held back by this one's
      const other = await createCompany(t, 'Other');
      const theirs = await t.http().post('/api/reports/subscriptions').set(bearer(other.tokens.company_admin)).send({ ...base, recipients: [other.admin.email] });
      expect(theirs.status).toBe(201);
      await sql('delete from report_subscriptions where company_id = ?', [c.company.id]);
    });
  });

  describe('a filter a list does not have', () => {
    it("is applied or refused on every list that names company_id, never ignored: another company's id gives no rows", async () => {
      // an invoice of the company, so that its list has a row an ignored filter would show
      const em = t.em();
      em.create(Invoice, {
        company: em.getReference(Company, c.company.id),
        invoice_number: unique('INV-S-'),
        reason: 'renewal',
        package: await em.findOneOrFail(Package, { package_code: 'basic' }),
        billing_cycle: 'monthly',
        period_start: '2026-10-01',
        period_end: '2026-10-31',
        currency: 'USD',
        subtotal: '29.00',
        tax_rate: '0.00',
        tax: '0.00',
        total: '29.00',
        issue_date: '2026-10-01',
        due_date: '2026-10-15',
      });
      await em.flush();
      const document = (await t.http().get('/api/docs/openapi.json')).body;
      const lists = Object.entries(document.paths as Record<string, any>)
        .filter(([path, item]) => !path.includes('{') && item.get && !path.endsWith('/export') && !(item.get['x-roles'] ?? ['company_admin']).every((r: string) => r === 'superadmin'))
        .filter(([, item]) => (item.get.parameters ?? []).some((p: any) => p.name === 'filter' && p.content?.['application/json']?.schema?.properties?.company_id))
        .map(([path]) => path);
      expect(lists).toEqual(expect.arrayContaining(['/api/hr/employees', '/api/hr/payroll', '/api/billing/invoices']));
      for (const path of lists) {
        const own = await t.http().get(path).set(admin);
        expect([path, own.status]).toEqual([path, 200]);
        if (path === '/api/billing/invoices') expect(own.body.data.length).toBeGreaterThan(0);
        const other = await t.http().get(path).query({ filter: JSON.stringify({ company_id: c.company.id + 100000 }) }).set(admin);
        if (other.status === 400) expect([path, other.body.errors[0].field]).toEqual([path, 'filter']);
        // the bonus totals read the list's filter: nothing of another company is counted
        else if (path.endsWith('/totals')) expect([path, other.status, other.body.data.total_count]).toEqual([path, 200, 0]);
        else expect([path, other.status, other.body.data]).toEqual([path, 200, []]);
      }
    });


    it.each([
      ['/api/reports/subscriptions', 'There is no company ID filter; the filters are report ID or is active'],
      ['/api/hr/leave-balances', 'There is no company ID filter; the filters are year, employee ID, leave type ID or mine'],
    ])('is refused on %s, as on every list', async (path, message) => {
      const res = await t.http().get(path).query({ filter: JSON.stringify({ company_id: c.company.id + 1 }) }).set(admin);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.errors).toEqual([{ field: 'filter', message }]);
    });
  });
});
