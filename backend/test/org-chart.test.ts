import { Company } from '../src/modules/companies/company.entity';
import { Department } from '../src/modules/departments/department.entity';
import { Employee } from '../src/modules/employees/employee.entity';
import { Position } from '../src/modules/positions/position.entity';
import { inCompany } from '../src/common/tenancy/own-transactions';
import { orgChartStatement, searchWords, type OrgChartRequest } from '../src/modules/org-chart/org-chart.service';
import type { AuthContext } from '../src/common/auth/auth-context';
import { createTestApp, type TestApp } from './support/app';
import { bearer, createCompany, createUser, grant, login, unique, type CompanyFixture } from './support/fixtures';

const API = '/api/hr/org-chart';

/**
 * The org chart: Cleo leads two managers, Mara (Rita, Remy and Tess, who has left) and Milo
 * (Rosa). A company admin sees the whole company from its top; Mara, a line manager, sees
 * herself at the root of her team and no one else.
 */
describe('org chart: who reports to whom, within what the caller sees', () => {
  let t: TestApp;
  let c: CompanyFixture;
  let other: CompanyFixture;
  let admin: Record<string, string>;
  const people: Record<string, Employee> = {};
  const logins: Record<string, Record<string, string>> = {};

  const chart = (headers: Record<string, string>, query: Record<string, string | number> = {}) => t.http().get(API).set(headers).query(query);
  const names = (rows: Array<{ name: string }>) => rows.map((r) => r.name);

  async function person(first: string, manager: Employee | null, extra: Partial<Employee> = {}): Promise<Employee> {
    const em = t.em();
    const employee = em.create(Employee, {
      company: em.getReference(Company, c.company.id),
      employee_code: unique('E').slice(0, 10),
      first_name: first,
      last_name: 'Chart',
      email: `${unique(first.toLowerCase())}@test.example.com`,
      department: c.department,
      position: c.position,
      manager: manager ? em.getReference(Employee, manager.id) : null,
      ...extra,
    });
    await em.flush();
    people[first] = employee;
    return employee;
  }

  /** A sign-in for the employee, in this position or one that holds no rights of the matrix. */
  async function signIn(employee: Employee, given?: Position): Promise<Record<string, string>> {
    const em = t.em();
    const position =
      given ?? em.create(Position, { company: em.getReference(Company, c.company.id), position_code: unique('P').slice(0, 10), position_title: 'Team Lead' });
    await em.flush();
    await em.nativeUpdate(Employee, { id: employee.id }, { position });
    const user = await createUser(em, 'employee', { company: em.getReference(Company, c.company.id), employee: em.getReference(Employee, employee.id) });
    return bearer(await login(t, user.email));
  }

  beforeAll(async () => {
    t = await createTestApp();
    c = await createCompany(t, 'Chart');
    other = await createCompany(t, 'Elsewhere');
    admin = bearer(c.tokens.company_admin);
    const cleo = await person('Cleo', null);
    const mara = await person('Mara', cleo);
    const milo = await person('Milo', cleo);
    await person('Rita', mara);
    await person('Remy', mara);
    await person('Tess', mara, { employment_status: 'terminated', termination_date: '2026-01-31' });
    await person('Rosa', milo);
    logins.mara = await signIn(mara);
    logins.rita = await signIn(people.Rita);
  });
  afterAll(() => t.close());

  describe('a company admin', () => {
    it('sees the people nobody is above at the top, the CEO with her two managers', async () => {
      const res = await chart(admin);
      expect(res.status).toBe(200);
      // Erin, the company's first employee, has no manager either
      expect(names(res.body.data)).toEqual(['Cleo Chart', 'Erin Chart']);
      expect(res.body.data[0]).toEqual({
        id: people.Cleo.id,
        name: 'Cleo Chart',
        position_title: 'Analyst',
        department_name: 'Operations',
        manager_id: null,
        direct_reports: 2,
        employment_status: 'active',
      });
    });

    it('expands a manager: the direct reports by name, with their own counts, and nobody who has left', async () => {
      const top = await chart(admin, { manager_id: people.Cleo.id });
      expect(top.status).toBe(200);
      expect(top.body.data.map((r: any) => [r.name, r.direct_reports])).toEqual([
        ['Mara Chart', 2],
        ['Milo Chart', 1],
      ]);
      const mara = await chart(admin, { manager_id: people.Mara.id });
      expect(mara.body.data.map((r: any) => [r.name, r.manager_id, r.direct_reports])).toEqual([
        ['Remy Chart', people.Mara.id, 0],
        ['Rita Chart', people.Mara.id, 0],
      ]);
      const nobody = await chart(admin, { manager_id: people.Rita.id });
      expect(nobody.status).toBe(200);
      expect(nobody.body.data).toEqual([]);
    });

    it('finds a report by name with the chain from the top down to her', async () => {
      const res = await chart(admin, { q: 'rita' });
      expect(res.status).toBe(200);
      expect(res.body.data).toHaveLength(1);
      expect(res.body.data[0]).toMatchObject({ id: people.Rita.id, name: 'Rita Chart', direct_reports: 0 });
      expect(res.body.data[0].path).toEqual([
        { id: people.Cleo.id, name: 'Cleo Chart' },
        { id: people.Mara.id, name: 'Mara Chart' },
        { id: people.Rita.id, name: 'Rita Chart' },
      ]);
      // every word must be in the name; someone who has left is not found
      expect(names((await chart(admin, { q: 'rosa chart' })).body.data)).toEqual(['Rosa Chart']);
      expect((await chart(admin, { q: 'tess' })).body.data).toEqual([]);
    });

    it('refuses a short search, an id that is not one, and both at once, naming the field', async () => {
      const short = await chart(admin, { q: 'r' });
      expect(short.status).toBe(400);
      expect(short.body.errors).toEqual([{ field: 'q', message: 'Type at least 2 characters of a name to search' }]);
      const bad = await chart(admin, { manager_id: 'abc' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0].field).toBe('manager_id');
      const both = await chart(admin, { manager_id: people.Cleo.id, q: 'rita' });
      expect(both.status).toBe(400);
      expect(both.body.message).toBe('Expand an employee or search by name, not both at once');
    });

    it("answers 404 for another company's employee, someone who has left and an id past any employee", async () => {
      for (const id of [other.employee.id, people.Tess.id, 99999999999]) {
        const res = await chart(admin, { manager_id: id });
        expect(res.status).toBe(404);
        expect(res.body.message).toBe('Employee not found');
      }
    });
  });

  describe('a line manager', () => {
    it('sees herself as the root, her team below her, and no one else', async () => {
      const top = await chart(logins.mara);
      expect(top.status).toBe(200);
      expect(top.body.data).toEqual([expect.objectContaining({ id: people.Mara.id, name: 'Mara Chart', direct_reports: 2 })]);
      const team = await chart(logins.mara, { manager_id: people.Mara.id });
      expect(names(team.body.data)).toEqual(['Remy Chart', 'Rita Chart']);
    });

    it('finds her reports, with the chain starting at her, but not the rest of the company', async () => {
      const rita = await chart(logins.mara, { q: 'rita' });
      expect(rita.body.data.map((r: any) => r.path.map((s: any) => s.name))).toEqual([['Mara Chart', 'Rita Chart']]);
      expect((await chart(logins.mara, { q: 'rosa' })).body.data).toEqual([]);
      expect((await chart(logins.mara, { q: 'cleo' })).body.data).toEqual([]);
    });

    it("answers 404 for a manager outside her team: her own manager's reports are not hers to see", async () => {
      for (const id of [people.Cleo.id, people.Milo.id]) {
        const res = await chart(logins.mara, { manager_id: id });
        expect(res.status).toBe(404);
        expect(res.body.message).toBe('Employee not found');
      }
    });
  });

  describe('a viewer of their department', () => {
    let dan: Record<string, string>;

    beforeAll(async () => {
      const em = t.em();
      const company = em.getReference(Company, c.company.id);
      const sales = em.create(Department, { company, department_code: 'SAL', department_name: 'Sales' });
      const lead = em.create(Position, { company, position_code: 'SLEAD', position_title: 'Sales Lead', department: sales });
      await em.flush();
      await grant(t, { position: lead }, c.company, 'employees', { can_view: true, view_scope: 'department' });
      await person('Dan', people.Cleo, { department: sales, position: lead });
      await person('Dora', people.Dan, { department: sales });
      await person('Dex', null, { department: sales });
      dan = await signIn(people.Dan, lead);
    });

    it('sees the people of the department whose manager is outside it at the top, and only them below', async () => {
      const top = await chart(dan);
      expect(top.status).toBe(200);
      expect(top.body.data.map((r: any) => [r.name, r.department_name, r.direct_reports])).toEqual([
        ['Dan Chart', 'Sales', 1],
        ['Dex Chart', 'Sales', 0],
      ]);
      expect(names((await chart(dan, { manager_id: people.Dan.id })).body.data)).toEqual(['Dora Chart']);
      expect((await chart(dan, { manager_id: people.Cleo.id })).status).toBe(404);
      const dora = await chart(dan, { q: 'dora' });
      expect(dora.body.data[0].path.map((s: any) => s.name)).toEqual(['Dan Chart', 'Dora Chart']);
      expect((await chart(dan, { q: 'rita' })).body.data).toEqual([]);
    });
  });

  it('refuses an employee with no one reporting to them and no employees view', async () => {
    const res = await chart(logins.rita);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You do not have view access to the employees module');
  });

  /**
   * A company of 10,000, ten to a manager: every statement of the chart reads the employees it
   * answers by index (manager_id for the top and a level, the primary key up a chain), never the
   * whole company, and answers in milliseconds.
   */
  describe('at company size', () => {
    let big: CompanyFixture;
    const SIZE = 10_000;

    beforeAll(async () => {
      big = await createCompany(t, 'Large');
      await t.em().execute(
        `insert into employees (company_id, employee_code, first_name, last_name, email, employment_type, employment_status, created_at, updated_at)
         select ?, 'L' || g, 'Person' || g, 'Large', 'person' || g || '@' || ? || '.test.example.com', 'full_time', 'active', now(), now()
           from generate_series(1, ?) g`,
        [big.company.id, big.company.company_code.toLowerCase(), SIZE],
      );
      // Person1 at the top; Person2 to Person11 report to Person1, Person12 to Person21 to Person2,
      // and so on: one insert numbers them in order, so Person n's id is the first id + n - 1
      const [ids] = await t.em().execute<Array<{ first: number; last: number }>>(
        `select min(id) as first, max(id) as last from employees where company_id = ? and employee_code like 'L%'`,
        [big.company.id],
      );
      expect(ids.last - ids.first).toBe(SIZE - 1);
      await t.em().execute(
        `update employees set manager_id = ? + (id - ? + 1 + 8) / 10 - 1 where company_id = ? and employee_code like 'L%' and id > ?`,
        [ids.first, ids.first, big.company.id, ids.first],
      );
      await t.em().execute('analyze employees');
    });

    const plan = async (request: OrgChartRequest): Promise<string> => {
      const [root] = await t.em().execute<Array<{ id: number }>>(`select id from employees where company_id = ? and employee_code = 'L1'`, [big.company.id]);
      const ctx = { companyId: big.company.id, employeeId: null, role: 'company_admin' } as unknown as AuthContext;
      const statement = orgChartStatement(ctx, 'company', 'managerId' in request ? { managerId: root.id } : request);
      const rows = await inCompany(t.em(), big.company.id, (em) =>
        em.execute<Array<{ 'QUERY PLAN': string }>>(`explain ${statement.text}`, statement.params),
      );
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    };

    // the top is every employee without a manager, which the planner may rightly read by a scan of
    // the company when many have none; a level and a chain are a few rows found by index
    it('reads a level and a chain by index, not every employee', async () => {
      for (const request of [{ managerId: 0 }, { terms: searchWords('person2999') }] as OrgChartRequest[]) {
        const text = await plan(request);
        expect(text).not.toMatch(/Seq Scan on employees/);
      }
    });

    it('answers the admin in milliseconds: the top, a level of ten, a search with its chain', async () => {
      const headers = bearer(big.tokens.company_admin);
      const started = Date.now();
      const top = await chart(headers);
      const root = top.body.data.find((r: any) => r.name === 'Person1 Large');
      expect(root.direct_reports).toBe(10);
      const level = await chart(headers, { manager_id: root.id });
      expect(level.body.data).toHaveLength(10);
      const found = await chart(headers, { q: 'person2999 large' });
      expect(found.body.data[0].path.map((s: any) => s.name)).toEqual(['Person1 Large', 'Person3 Large', 'Person30 Large', 'Person300 Large', 'Person2999 Large']);
      expect(Date.now() - started).toBeLessThan(2000);
    });
  });
});
