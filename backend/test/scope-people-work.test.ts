import { KPI_DASHBOARD_COMPANY } from '../src/modules/kpi/kpi.controller';
import { Company } from '../src/modules/companies/company.entity';
import { Department } from '../src/modules/departments/department.entity';
import { Employee } from '../src/modules/employees/employee.entity';
import { Position } from '../src/modules/positions/position.entity';
import { Task } from '../src/modules/monitoring/task.entity';
import { Kpi } from '../src/modules/kpi/kpi.entity';
import { KpiTarget } from '../src/modules/kpi/kpi-target.entity';
import { KpiValue } from '../src/modules/kpi/kpi-value.entity';
import { BonusPayment } from '../src/modules/kpi/bonus-payment.entity';
import { createTestApp, type TestApp } from './support/app';
import { bearer, createCompany, createUser, grant, login, unique, type CompanyFixture } from './support/fixtures';

/**
 * Whose people and work a line manager and a scoped grant see: a manager M, A who reports to M
 * and B who reports to A (M's team: A and B), an outsider O, and another company with a team of
 * the same names. The employee list, one employee (with their manager and direct reports), the
 * tasks, the KPI results and the payroll records follow the caller's scope; pay stays with
 * payroll staff.
 */
describe('record scope: employees, tasks, KPI and payroll of the team', () => {
  let t: TestApp;
  let c: CompanyFixture;
  let other: CompanyFixture;
  let m: Employee;
  let a: Employee;
  let b: Employee;
  let o: Employee;
  let otherTeam: Employee[];
  let sales: Department;
  let lead: Position;
  let mToken: string;
  let mEmail: string;
  let adminToken: string;
  const sql = (query: string, params: unknown[] = []) => t.em().execute(query, params);
  const names = (rows: Array<{ first_name?: string; employee_name?: string; target_name?: string; entity_name?: string }>) =>
    rows.map((r) => r.first_name ?? r.employee_name ?? r.target_name ?? r.entity_name);

  /** The company's manager, reports and outsider in a department and positions of their own. */
  const team = async (fixture: CompanyFixture, tag: string) => {
    const em = t.em();
    const company = em.getReference(Company, fixture.company.id);
    const department = em.create(Department, { company, department_code: unique('D').slice(0, 9), department_name: `Sales ${tag}` });
    const position = em.create(Position, { company, position_code: unique('P').slice(0, 9), position_title: 'Team lead' });
    const person = (first: string, manager: Employee | null, dept: Department | null = department) =>
      em.create(Employee, {
        company,
        employee_code: unique('E').slice(0, 9),
        first_name: first,
        last_name: tag,
        email: `${unique(first.toLowerCase())}@test.example.com`,
        department: dept,
        position,
        manager,
        salary: '70000.00',
        hire_date: '2020-01-06',
      });
    const mgr = person('Maya', null);
    const ann = person('Ann', mgr);
    const ben = person('Ben', ann);
    const oli = person('Oli', null, null);
    await em.flush();
    return { mgr, ann, ben, oli, position, department };
  };

  beforeAll(async () => {
    t = await createTestApp();
    c = await createCompany(t, 'Scope');
    other = await createCompany(t, 'Elsewhere');
    const mine = await team(c, unique('T'));
    ({ mgr: m, ann: a, ben: b, oli: o, department: sales, position: lead } = mine);
    const theirs = await team(other, mine.mgr.last_name);
    otherTeam = [theirs.mgr, theirs.ann, theirs.ben, theirs.oli];
    mEmail = (await createUser(t.em(), 'employee', { company: c.company, employee: m })).email;
    mToken = await login(t, mEmail);
    adminToken = c.tokens.company_admin;

    // a task assigned to each, and a KPI target, value and bonus payment about each
    const em = t.em();
    for (const [fixture, people] of [
      [c, [m, a, b, o]],
      [other, otherTeam],
    ] as const) {
      const company = em.getReference(Company, fixture.company.id);
      const kpi = em.create(Kpi, { company, name: unique('Sales '), code: unique('K').toUpperCase(), category: 'sales' });
      for (const p of people) {
        const employee = em.getReference(Employee, p.id);
        em.create(Task, { company, title: `Call for ${p.first_name}`, assigned_to: employee });
        em.create(KpiTarget, { company, kpi, target_type: 'employee', employee, period_start_date: '2026-10-01', period_end_date: '2026-10-31', target_value: '10.00' });
        em.create(KpiValue, { company, kpi, entity_type: 'employee', employee, period_start_date: '2026-10-01', period_end_date: '2026-10-31', actual_value: '12.00' });
        em.create(BonusPayment, { company, kpi, employee, payment_period_start: '2026-10-01', payment_period_end: '2026-10-31', bonus_amount: '100.00' });
      }
    }
    await em.flush();
    for (const fixture of [c, other]) {
      const run = await t.http().post('/api/hr/payroll').set(bearer(fixture.tokens.company_admin)).send({ year: 2026, month: 10 });
      expect(run.status).toBe(201);
    }
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  const get = (token: string, path: string, query: Record<string, string> = {}) => t.http().get(path).query(query).set(bearer(token));
  const all = { range: JSON.stringify([0, 999]) };

  describe('employees', () => {
    it("lists the manager's team (everyone who reports to them, directly or through others), without pay", async () => {
      const res = await get(mToken, '/api/hr/employees', all);
      expect(res.status).toBe(200);
      expect(names(res.body.data).sort()).toEqual(['Ann', 'Ben']);
      expect(res.body.data.map((r: { company_id: number }) => r.company_id)).toEqual([c.company.id, c.company.id]);
      for (const row of res.body.data) {
        expect(row.salary).toBeUndefined();
        expect(row.salary_currency).toBeUndefined();
        expect(row.payment_frequency).toBeUndefined();
      }
      expect(res.headers['content-range']).toMatch(/\/2$/);
    });

    it("counts the team's total, and the company admin still counts the company's", async () => {
      // the company-wide total first, so a team's page after it could only be wrong by taking it
      const company = await get(adminToken, '/api/hr/employees', { range: JSON.stringify([0, 0]) });
      const mine = await get(mToken, '/api/hr/employees', { range: JSON.stringify([0, 0]) });
      const again = await get(adminToken, '/api/hr/employees', { range: JSON.stringify([0, 0]) });
      expect(mine.headers['content-range']).toMatch(/\/2$/);
      expect(company.headers['content-range']).toMatch(/\/5$/);
      expect(again.headers['content-range']).toMatch(/\/5$/);
    });

    it("searches, filters and exports within the team only", async () => {
      const search = await get(mToken, '/api/hr/employees', { filter: JSON.stringify({ q: 'Oli' }) });
      expect(search.status).toBe(200);
      expect(search.body.data).toEqual([]);
      const byManager = await get(mToken, '/api/hr/employees', { filter: JSON.stringify({ manager_id: a.id }) });
      expect(names(byManager.body.data)).toEqual(['Ben']);
      const csv = await get(mToken, '/api/hr/employees/export');
      expect(csv.status).toBe(200);
      expect(csv.text).toContain(a.employee_code);
      expect(csv.text).toContain(b.employee_code);
      expect(csv.text).not.toContain(o.employee_code);
      expect(csv.text).not.toContain('70000');
      expect(csv.text.split('\n')[0]).not.toContain('salary');
    });

    it("shows one of the team with their manager and direct reports; an outsider is not found", async () => {
      const ann = await get(mToken, `/api/hr/employees/${a.id}`);
      expect(ann.status).toBe(200);
      expect(ann.body.data.manager).toEqual({ id: m.id, name: `Maya ${m.last_name}` });
      expect(ann.body.data.direct_reports).toEqual([{ id: b.id, name: `Ben ${b.last_name}`, position_title: 'Team lead' }]);
      expect(ann.body.data.salary).toBeUndefined();
      expect((await get(mToken, `/api/hr/employees/${o.id}`)).status).toBe(404);
      expect((await get(mToken, `/api/hr/employees/${otherTeam[1].id}`)).status).toBe(404);
    });

    it("gives the company admin every direct report and the pay", async () => {
      const maya = await get(adminToken, `/api/hr/employees/${m.id}`);
      expect(maya.status).toBe(200);
      expect(maya.body.data.manager).toBeNull();
      expect(maya.body.data.direct_reports.map((r: { id: number }) => r.id)).toEqual([a.id]);
      expect(maya.body.data.salary).toBe('70000.00');
    });

    it('lets the line manager neither change nor add employees', async () => {
      const put = await t.http().put(`/api/hr/employees/${a.id}`).set(bearer(mToken)).send({ phone: '555' });
      expect(put.status).toBe(403);
      expect(put.body.message).toBe('You do not have edit access to the employees module');
      const post = await t.http().post('/api/hr/employees').set(bearer(mToken)).send({});
      expect(post.status).toBe(403);
    });

    it('refuses the list when the line-manager policy is off', async () => {
      await sql('update companies set line_managers_enabled = false where id = ?', [c.company.id]);
      try {
        const res = await get(mToken, '/api/hr/employees');
        expect(res.status).toBe(403);
        expect(res.body.message).toBe('You do not have view access to the employees module');
      } finally {
        await sql('update companies set line_managers_enabled = true where id = ?', [c.company.id]);
      }
    });

    it("lists a department to a position with employees view over the department", async () => {
      const em = t.em();
      const department = em.getReference(Department, sales.id);
      const position = em.create(Position, {
        company: em.getReference(Company, c.company.id),
        position_code: unique('P').slice(0, 9),
        position_title: 'Coordinator',
      });
      const dan = em.create(Employee, {
        company: em.getReference(Company, c.company.id),
        employee_code: unique('E').slice(0, 9),
        first_name: 'Dan',
        last_name: m.last_name,
        email: `${unique('dan')}@test.example.com`,
        department,
        position,
        hire_date: '2020-01-06',
      });
      await em.flush();
      await grant(t, { position }, c.company, 'employees', { can_view: true, can_edit: true, view_scope: 'department', edit_scope: 'team' });
      const token = await login(t, (await createUser(em, 'employee', { company: c.company, employee: dan })).email);
      const res = await get(token, '/api/hr/employees', all);
      expect(res.status).toBe(200);
      expect(names(res.body.data).sort()).toEqual(['Ann', 'Ben', 'Dan', 'Maya']);
      expect((await get(token, `/api/hr/employees/${o.id}`)).status).toBe(404);
      // sees Ann, but edits only a team it does not have
      const put = await t.http().put(`/api/hr/employees/${a.id}`).set(bearer(token)).send({ phone: '555' });
      expect(put.status).toBe(403);
      expect(put.body.message).toBe('You can change only the employees of your team');
      const outsider = await t.http().put(`/api/hr/employees/${o.id}`).set(bearer(token)).send({ phone: '555' });
      expect(outsider.status).toBe(404);
    });
  });

  describe('tasks and KPI results', () => {
    it("lists the tasks assigned to the team, and one of them; not an outsider's", async () => {
      const res = await get(mToken, '/api/monitoring/tasks', { range: JSON.stringify([0, 99]) });
      expect(res.status).toBe(200);
      expect(res.body.data.map((r: { title: string }) => r.title).sort()).toEqual(['Call for Ann', 'Call for Ben']);
      const [ann] = await sql('select id from tasks where assigned_to_id = ?', [a.id]);
      const [oli] = await sql('select id from tasks where assigned_to_id = ?', [o.id]);
      expect((await get(mToken, `/api/monitoring/tasks/${ann.id}`)).status).toBe(200);
      expect((await get(mToken, `/api/monitoring/tasks/${oli.id}`)).status).toBe(404);
      // the task screen's set-up stays with the admins
      expect((await get(mToken, '/api/monitoring/tasks/templates')).status).toBe(403);
    });

    it("lists the team's KPI targets, values and bonus payments, and their totals", async () => {
      const mine = { filter: JSON.stringify({ company_id: c.company.id }), range: JSON.stringify([0, 999]) };
      const targets = await get(mToken, '/api/kpi/kpi-targets', mine);
      expect(targets.status).toBe(200);
      expect(targets.body.data.map((r: { target_id: number }) => r.target_id).sort()).toEqual([a.id, b.id].sort());
      const values = await get(mToken, '/api/kpi/kpi-values', mine);
      expect(values.status).toBe(200);
      expect(values.body.data.map((r: { entity_id: number }) => r.entity_id).sort()).toEqual([a.id, b.id].sort());
      const payments = await get(mToken, '/api/kpi/bonus-payments', mine);
      expect(payments.status).toBe(200);
      expect(payments.body.data.map((r: { employee_id: number }) => r.employee_id).sort()).toEqual([a.id, b.id].sort());
      const totals = await get(mToken, '/api/kpi/bonus-payments/totals');
      expect(totals.body.data).toMatchObject({ total_count: 2, total_amount: '200.00' });
      const [oli] = await sql('select id from kpi_targets where employee_id = ?', [o.id]);
      expect((await get(mToken, `/api/kpi/kpi-targets/${oli.id}`)).status).toBe(404);
      const [ben] = await sql('select id from bonus_payments where employee_id = ?', [b.id]);
      expect((await get(mToken, `/api/kpi/bonus-payments/${ben.id}`)).status).toBe(200);
      // setting KPIs up is not the team's
      expect((await get(mToken, '/api/kpi/bonus-rules')).status).toBe(403);
    });

    it("refuses the KPI dashboard, whose figures and top performers are the company's, to a view over less than the company", async () => {
      const position = await t.em().execute<{ id: number }[]>(
        `insert into positions (company_id, position_code, position_title) values (?, ?, 'KPI lead') returning id`,
        [c.company.id, unique('K').slice(0, 10)],
      );
      await grant(t, { position: t.em().getReference(Position, position[0].id) }, c.company, 'kpi', { can_view: true, view_scope: 'team' });
      const [before] = await sql('select position_id from employees where id = ?', [m.id]);
      await sql('update employees set position_id = ? where id = ?', [position[0].id, m.id]);
      try {
        const res = await get(mToken, '/api/kpi/kpi-dashboard');
        expect([res.status, res.body.message]).toEqual([403, KPI_DASHBOARD_COMPANY]);
        expect((await get(adminToken, '/api/kpi/kpi-dashboard')).status).toBe(200);
      } finally {
        await sql('update employees set position_id = ? where id = ?', [before.position_id, m.id]);
      }
    });
  });

  describe('payroll', () => {
    it('gives the line manager no payroll but their own', async () => {
      const res = await get(mToken, '/api/hr/payroll', all);
      expect(res.status).toBe(200);
      expect(res.body.data.map((r: { employee_id: number }) => r.employee_id)).toEqual([m.id]);
    });

    it("shows a grant of payroll view over the team the team's records only, and does not let it process payroll", async () => {
      await grant(t, { position: lead }, c.company, 'payroll', {
        can_view: true,
        view_scope: 'team',
      });
      const token = await login(t, mEmail);
      const res = await get(token, '/api/hr/payroll', { ...all, filter: JSON.stringify({ year: 2026, month: 10 }) });
      expect(res.status).toBe(200);
      expect(res.body.data.map((r: { employee_id: number }) => r.employee_id).sort()).toEqual([a.id, b.id].sort());
      const [ben] = await sql('select id from payroll_records where employee_id = ?', [b.id]);
      const [oli] = await sql('select id from payroll_records where employee_id = ?', [o.id]);
      expect((await get(token, `/api/hr/payroll/${ben.id}`)).status).toBe(200);
      expect((await get(token, `/api/hr/payroll/${ben.id}/payslip`)).status).toBe(200);
      expect((await get(token, `/api/hr/payroll/${oli.id}`)).status).toBe(404);
      const summary = await get(token, '/api/hr/payroll/summary', { year: '2026', month: '10' });
      expect(summary.body.data.total_records).toBe(2);
      const run = await t.http().post('/api/hr/payroll').set(bearer(token)).send({ year: 2026, month: 10 });
      expect(run.status).toBe(403);
      expect((await get(token, '/api/hr/payroll/runs')).status).toBe(403);
    });
  });
});
