import { Company } from '../src/modules/companies/company.entity';
import { Department } from '../src/modules/departments/department.entity';
import { Employee } from '../src/modules/employees/employee.entity';
import { Position } from '../src/modules/positions/position.entity';
import { createTestApp, type TestApp } from './support/app';
import { bearer, createCompany, createUser, grant, login, unique, type CompanyFixture } from './support/fixtures';

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200, 0x20)]);
const OUT_OF_SCOPE = 'You can only decide the leave requests of the people in your scope';

interface Person {
  employee: Employee;
  headers: Record<string, string>;
}

/**
 * Line managers see and decide their team's leave and see their team's attendance: Mona manages
 * Abel, who manages Bea (her team through Abel); Otto works in the same company for nobody of
 * them; another company has a Mona with a team of its own. Mona's position holds no rights.
 */
describe('record scope: leave and attendance of the team, the department and one’s own', () => {
  let t: TestApp;
  let c: CompanyFixture;
  let other: CompanyFixture;
  let sales: Department;
  let mona: Person;
  let abel: Person;
  let bea: Person;
  let otto: Person;
  let dora: Person; // Sales coordinator: leave view and create over the department, manages Xavi
  let xavi: Person;
  let otherMona: Person;
  let otherAbel: Person;
  const requests: Record<string, number> = {};
  const records: Record<string, number> = {};

  const sql = <T = any>(query: string, params: unknown[] = []) => t.em().execute<T[]>(query, params);
  const get = (path: string, who: Person, query: object = {}) => t.http().get(`/api/hr/${path}`).set(who.headers).query(query);
  const put = (path: string, who: Person, body: object = {}) => t.http().put(`/api/hr/${path}`).set(who.headers).send(body);
  const employeeIds = (res: { body: { data: Array<{ employee_id: number }> } }) => [...new Set(res.body.data.map((r) => r.employee_id))].sort((x, y) => x - y);
  const ids = (...people: Person[]) => people.map((p) => p.employee.id).sort((x, y) => x - y);
  const total = (res: { headers: Record<string, string> }) => Number(res.headers['content-range'].split('/').pop());

  async function person(
    company: CompanyFixture,
    firstName: string,
    extra: { manager?: Person; department?: Department | null; position?: Position | null } = {},
  ): Promise<Person> {
    const em = t.em();
    const employee = em.create(Employee, {
      company: em.getReference(Company, company.company.id),
      employee_code: unique('E').slice(0, 10),
      first_name: firstName,
      last_name: 'Tester',
      email: `${unique('p')}@test.example.com`,
      department: extra.department === undefined ? em.getReference(Department, company.department.id) : extra.department,
      position: extra.position ?? null,
      manager: extra.manager ? em.getReference(Employee, extra.manager.employee.id) : null,
    });
    await em.flush();
    const user = await createUser(em, 'employee', { company: em.getReference(Company, company.company.id), employee });
    return { employee, headers: bearer(await login(t, user.email)) };
  }

  async function pending(company: CompanyFixture, typeId: number, who: Person, day: string): Promise<number> {
    const [row] = await sql<{ id: number }>(
      `insert into leave_requests (company_id, employee_id, leave_type_id, start_date, end_date, total_days, status)
       values (?, ?, ?, ?, ?, 1, 'pending') returning id`,
      [company.company.id, who.employee.id, typeId, day, day],
    );
    return row.id;
  }

  async function worked(company: CompanyFixture, who: Person, day: string): Promise<number> {
    const [row] = await sql<{ id: number }>(
      `insert into attendance_records (company_id, employee_id, attendance_date, status, work_hours) values (?, ?, ?, 'present', '8.00') returning id`,
      [company.company.id, who.employee.id, day],
    );
    return row.id;
  }

  const leaveType = async (company: CompanyFixture) =>
    (
      await sql<{ id: number }>(`insert into leave_types (company_id, type_name, type_code, max_days_per_year) values (?, 'Annual', 'AN', 20) returning id`, [
        company.company.id,
      ])
    )[0].id;

  const YEAR = { filter: JSON.stringify({ year: 2030 }) };
  const month = { start_date: '2030-04-01', end_date: '2030-04-30' };
  const lineManagers = (enabled: boolean) => sql('update companies set line_managers_enabled = ? where id = ?', [enabled, c.company.id]);

  beforeAll(async () => {
    t = await createTestApp();
    c = await createCompany(t, 'Scope');
    other = await createCompany(t, 'Elsewhere');
    const em = t.em();
    sales = em.create(Department, { company: em.getReference(Company, c.company.id), department_code: 'SAL', department_name: 'Sales' });
    const coordinators = em.create(Position, { company: em.getReference(Company, c.company.id), position_code: 'CRD', position_title: 'Coordinator' });
    await em.flush();
    await grant(t, { position: coordinators }, c.company, 'leave', { can_view: true, view_scope: 'department', can_create: true, create_scope: 'department' });

    mona = await person(c, 'Mona');
    abel = await person(c, 'Abel', { manager: mona, department: sales });
    bea = await person(c, 'Bea', { manager: abel, department: sales });
    otto = await person(c, 'Otto');
    dora = await person(c, 'Dora', { department: sales, position: coordinators });
    xavi = await person(c, 'Xavi', { manager: dora, department: sales });
    otherMona = await person(other, 'Mona');
    otherAbel = await person(other, 'Abel', { manager: otherMona });

    const type = await leaveType(c);
    const otherType = await leaveType(other);
    // 2030-03-04 is a Monday
    for (const [name, who, day] of [
      ['mona', mona, '2030-03-04'],
      ['abel', abel, '2030-03-05'],
      ['bea', bea, '2030-03-06'],
      ['otto', otto, '2030-03-07'],
      ['xavi', xavi, '2030-03-08'],
    ] as const) {
      requests[name] = await pending(c, type, who, day);
      records[name] = await worked(c, who, '2030-04-02');
    }
    requests.otherAbel = await pending(other, otherType, otherAbel, '2030-03-05');
    records.otherAbel = await worked(other, otherAbel, '2030-04-02');
    await worked(other, otherMona, '2030-04-02');
  });
  afterAll(() => t.close());

  describe('leave', () => {
    it("a line manager lists their team's requests, through the people who report to them, and their own", async () => {
      const res = await get('leave-requests', mona);
      expect(res.status).toBe(200);
      expect(employeeIds(res)).toEqual(ids(mona, abel, bea));
      // mine keeps meaning one's own; a search stays within the team
      expect(employeeIds(await get('leave-requests', mona, { filter: JSON.stringify({ mine: true }) }))).toEqual(ids(mona));
      expect(employeeIds(await get('leave-requests', mona, { filter: JSON.stringify({ q: 'Otto' }) }))).toEqual([]);
      expect(employeeIds(await get('leave-requests', mona, { filter: JSON.stringify({ q: 'Bea' }) }))).toEqual(ids(bea));
    });

    it("opens the team's requests one by one, and nobody else's", async () => {
      expect((await get(`leave-requests/${requests.bea}`, mona)).body.data).toMatchObject({ id: requests.bea, employee_id: bea.employee.id });
      const outsider = await get(`leave-requests/${requests.otto}`, mona);
      expect(outsider.status).toBe(404);
      expect(outsider.body.message).toBe('Leave request not found');
      expect((await get(`leave-requests/${requests.otherAbel}`, mona)).status).toBe(404);
    });

    it("shows the team's balances", async () => {
      const res = await get('leave-balances', mona, YEAR);
      expect(res.status).toBe(200);
      expect(employeeIds(res)).toEqual(ids(mona, abel, bea));
      expect(res.body.data.find((r: any) => r.employee_id === bea.employee.id)).toMatchObject({ pending: '1.0', remaining: '19.0' });
      // a filter by someone outside the team finds nothing
      expect((await get('leave-balances', mona, { filter: JSON.stringify({ year: 2030, employee_id: otto.employee.id }) })).body.data).toEqual([]);
    });

    it("approves a team member's request, not an outsider's, and not one's own", async () => {
      const approved = await put(`leave-requests/${requests.abel}/approve`, mona);
      expect(approved.status).toBe(200);
      expect(approved.body.data).toMatchObject({ status: 'approved', decided_by_name: expect.any(String) });
      const outsider = await put(`leave-requests/${requests.otto}/approve`, mona);
      expect(outsider.status).toBe(404);
      expect(outsider.body.message).toBe('Leave request not found');
      expect((await put(`leave-requests/${requests.otherAbel}/approve`, mona)).status).toBe(404);
      const own = await put(`leave-requests/${requests.mona}/approve`, mona);
      expect(own.status).toBe(403);
      expect(own.body.message).toBe('You cannot approve or reject your own leave request');
      // nothing of it changed the others
      const [row] = await sql<{ status: string }>('select status from leave_requests where id = ?', [requests.otto]);
      expect(row.status).toBe('pending');
    });

    it('someone who sees a request but whose edit does not reach its employee is told so', async () => {
      // Dora sees Sales (her view) and decides for Xavi (her team), not for Bea
      const seen = await get(`leave-requests/${requests.bea}`, dora);
      expect(seen.status).toBe(200);
      const refused = await put(`leave-requests/${requests.bea}/reject`, dora, { reason: 'No' });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(OUT_OF_SCOPE);
      const rejected = await put(`leave-requests/${requests.xavi}/reject`, dora, { reason: 'Busy week' });
      expect(rejected.status).toBe(200);
      expect(rejected.body.data).toMatchObject({ status: 'rejected', rejection_reason: 'Busy week' });
    });

    it("a department view sees the department's requests and requests leave within it", async () => {
      const res = await get('leave-requests', dora);
      expect(employeeIds(res)).toEqual(ids(abel, bea, xavi));
      expect(employeeIds(await get('leave-balances', dora, YEAR))).toEqual(ids(abel, bea, dora, xavi));
      // the dashboard's leave cards count and list the same requests: Bea's is the department's one pending
      const dashboard = await t.http().get('/api/dashboard/company').set(dora.headers);
      expect(dashboard.body.data.cards.pending_leaves).toBe(1);
      expect(employeeIds({ body: { data: dashboard.body.data.recent_leave_requests } })).toEqual(ids(abel, bea, xavi));
      const forBea = await t.http().post('/api/hr/leave-requests').set(dora.headers).send({
        leave_type_id: (await get(`leave-requests/${requests.bea}`, dora)).body.data.leave_type_id,
        start_date: '2030-03-11',
        end_date: '2030-03-11',
        employee_id: bea.employee.id,
      });
      expect(forBea.status).toBe(201);
      expect(forBea.body.data.employee_id).toBe(bea.employee.id);
      const forOtto = await t.http().post('/api/hr/leave-requests').set(dora.headers).send({
        leave_type_id: forBea.body.data.leave_type_id,
        start_date: '2030-03-12',
        end_date: '2030-03-12',
        employee_id: otto.employee.id,
      });
      expect(forOtto.status).toBe(403);
      expect(forOtto.body.message).toBe('You can only request leave for yourself and the people in your scope');
      await sql(`update leave_requests set status = 'cancelled' where id = ?`, [forBea.body.data.id]);
    });

    it("a line manager requests leave only for themselves (the policy gives no create on the team)", async () => {
      const res = await t.http().post('/api/hr/leave-requests').set(mona.headers).send({
        leave_type_id: (await get(`leave-requests/${requests.bea}`, mona)).body.data.leave_type_id,
        start_date: '2030-03-13',
        end_date: '2030-03-13',
        employee_id: bea.employee.id,
      });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('You can only request leave for yourself');
    });

    it("opens the attachment of a team member's request, not an outsider's", async () => {
      const upload = await t.http().post('/api/hr/leave-requests/attachments').set(bea.headers).attach('file', PDF, { filename: 'note.pdf', contentType: 'application/pdf' });
      expect(upload.status).toBe(201);
      const request = await t.http().post('/api/hr/leave-requests').set(bea.headers).send({
        leave_type_id: (await get(`leave-requests/${requests.bea}`, bea)).body.data.leave_type_id,
        start_date: '2030-03-14',
        end_date: '2030-03-14',
        attachment_id: upload.body.data.id,
      });
      expect(request.status).toBe(201);
      expect((await get(`leave-requests/attachments/${upload.body.data.id}`, mona)).status).toBe(200);
      expect((await get(`leave-requests/attachments/${upload.body.data.id}`, otto)).status).toBe(404);
      await sql(`update leave_requests set status = 'cancelled' where id = ?`, [request.body.data.id]);
    });

    it('an employee with nobody reporting to them sees only their own', async () => {
      expect(employeeIds(await get('leave-requests', bea))).toEqual(ids(bea));
      expect(employeeIds(await get('leave-balances', bea, YEAR))).toEqual(ids(bea));
      expect((await get(`leave-requests/${requests.abel}`, bea)).status).toBe(404);
      // deciding needs a right: Bea has none, the policy gives her none
      expect((await put(`leave-requests/${requests.otto}/approve`, bea)).status).toBe(403);
    });

    it("the line-manager policy opens no set-up: a line manager creates no leave type", async () => {
      const res = await t.http().post('/api/hr/leave-types').set(mona.headers).send({ type_name: 'Team day', type_code: 'TEAM' });
      expect(res.status).toBe(403);
    });
  });

  describe('attendance', () => {
    it("a line manager lists their team's records and their own, not an outsider's", async () => {
      const res = await get('attendance', mona, month);
      expect(res.status).toBe(200);
      expect(employeeIds(res)).toEqual(ids(mona, abel, bea));
      // a page shorter than the rows: the total counts the team's records only
      const first = await get('attendance', mona, { ...month, range: '[0,0]' });
      expect(first.body.data).toHaveLength(1);
      expect(total(first)).toBe(3);
      const partial = await get('attendance', mona, { start_date: '2030-04-02', end_date: '2030-04-29', range: '[0,0]' });
      expect(total(partial)).toBe(3);
      // a search reads the records another way, within the same people
      expect(employeeIds(await get('attendance', mona, { filter: JSON.stringify({ q: 'Tester' }) }))).toEqual(ids(mona, abel, bea));
      expect(employeeIds(await get('attendance', mona, { filter: JSON.stringify({ employee_id: otto.employee.id }) }))).toEqual([]);
    });

    it("opens a team member's record, not an outsider's", async () => {
      expect((await get(`attendance/${records.bea}`, mona)).body.data).toMatchObject({ id: records.bea, employee_id: bea.employee.id });
      expect((await get(`attendance/${records.otto}`, mona)).status).toBe(404);
      expect((await get(`attendance/${records.otherAbel}`, mona)).status).toBe(404);
    });

    it('an employee with nobody reporting to them sees only their own', async () => {
      expect(employeeIds(await get('attendance', bea, month))).toEqual(ids(bea));
      expect(employeeIds(await get('attendance', bea, { filter: JSON.stringify({ q: 'Tester' }) }))).toEqual(ids(bea));
      expect((await get(`attendance/${records.abel}`, bea)).status).toBe(404);
    });

    it('corrections stay with company admins', async () => {
      expect((await put(`attendance/${records.bea}`, mona, { notes: 'x' })).status).toBe(403);
    });
  });

  describe('with the line-manager policy off', () => {
    beforeAll(() => lineManagers(false));
    afterAll(() => lineManagers(true));

    it('a manager sees only their own leave and attendance, and decides nothing', async () => {
      expect(employeeIds(await get('leave-requests', mona))).toEqual(ids(mona));
      expect(employeeIds(await get('leave-balances', mona, YEAR))).toEqual(ids(mona));
      expect((await get(`leave-requests/${requests.bea}`, mona)).status).toBe(404);
      expect((await put(`leave-requests/${requests.bea}/approve`, mona)).status).toBe(403);
      expect(employeeIds(await get('attendance', mona, month))).toEqual(ids(mona));
    });
  });
});
