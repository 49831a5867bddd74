import { todayIn } from '../src/modules/leave/leave-days';
import { Employee } from '../src/modules/employees/employee.entity';
import { createTestApp, type TestApp } from './support/app';
import { bearer, createCompany, createUser, login, unique, type CompanyFixture } from './support/fixtures';

/**
 * A manager's home: who of the team is in, late, absent or on leave today, and the month's leave
 * calendar with the holidays and overlapping requests; the team is everyone who reports to the
 * manager, directly or through others, and nothing of anyone else.
 */
describe('team today and the team calendar', () => {
  let t: TestApp;
  let c: CompanyFixture;
  let other: CompanyFixture;
  const sql = <T = any>(query: string, params: unknown[] = []) => t.em().execute<T[]>(query, params);
  const people: Record<'manager' | 'ann' | 'bob' | 'olga', Employee> = {} as never;
  let managerToken: string;
  let today: string;
  let managerUserId: number;
  let typeId: number;
  let month: string;

  const person = async (fixture: CompanyFixture, first: string, manager?: Employee) => {
    const em = t.em();
    const e = em.create(Employee, {
      company: fixture.company,
      employee_code: unique('T').slice(0, 10),
      first_name: first,
      last_name: 'Team',
      email: `${unique(first.toLowerCase())}@test.example.com`,
      department: fixture.department,
      manager: manager ?? null,
    });
    await em.flush();
    return e;
  };
  const leave = async (companyId: number, employeeId: number, typeId: number, start: string, end: string, status: string) =>
    sql(
      `insert into leave_requests (company_id, employee_id, leave_type_id, start_date, end_date, total_days, status) values (?, ?, ?, ?, ?, 1, ?)`,
      [companyId, employeeId, typeId, start, end, status],
    );
  const leaveType = async (companyId: number) =>
    (await sql<{ id: number }>(`insert into leave_types (company_id, type_name, type_code) values (?, 'Annual Leave', ?) returning id`, [companyId, unique('AL').slice(0, 10)]))[0].id;

  beforeAll(async () => {
    t = await createTestApp();
    c = await createCompany(t, 'Teamco');
    other = await createCompany(t, 'Teamco');
    people.manager = await person(c, 'Maria');
    people.ann = await person(c, 'Ann', people.manager);
    people.bob = await person(c, 'Bob', people.ann);
    people.olga = await person(c, 'Olga');
    const otherManager = await person(other, 'Maria');
    const otherAnn = await person(other, 'Ann', otherManager);
    const user = await createUser(t.em(), 'employee', { company: c.company, employee: people.manager });
    managerUserId = user.id;
    managerToken = await login(t, user.email);

    today = todayIn(c.company.time_zone);
    month = today.slice(0, 7);
    typeId = await leaveType(c.company.id);
    const otherType = await leaveType(other.company.id);
    await sql(`insert into attendance_records (company_id, employee_id, attendance_date, status, check_in_time) values (?, ?, ?, 'late', now())`, [
      c.company.id,
      people.ann.id,
      today,
    ]);
    await sql(`insert into attendance_records (company_id, employee_id, attendance_date, status, check_in_time) values (?, ?, ?, 'present', now())`, [
      c.company.id,
      people.olga.id,
      today,
    ]);
    await leave(c.company.id, people.bob.id, typeId, today, today, 'approved');
    await leave(c.company.id, people.ann.id, typeId, today, today, 'pending');
    // Olga is in today; her leave is another day of the month
    const otherDay = `${month}-${today.endsWith('-01') ? '02' : '01'}`;
    await leave(c.company.id, people.olga.id, typeId, otherDay, otherDay, 'approved');
    await leave(other.company.id, otherAnn.id, otherType, today, today, 'approved');
    await sql(`insert into holidays (company_id, holiday_date, name) values (?, ?, 'Founders Day')`, [c.company.id, `${month}-15`]);
  });
  afterAll(() => t.close());

  it("shows a line manager their team's day, through others too, and nobody else's", async () => {
    const res = await t.http().get('/api/hr/team/today').set(bearer(managerToken));
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.date).toBe(today);
    expect(d.members.map((m: any) => [m.name, m.status, m.leave_type])).toEqual([
      ['Ann Team', 'late', null],
      ['Bob Team', 'on_leave', 'Annual Leave'],
    ]);
    expect(d.counts).toEqual({ in: 0, late: 1, absent: 0, on_leave: 1, not_in: 0 });
    expect(d.total).toBe(2);
  });

  it('shows a company admin everyone of the company, and not the admin themselves', async () => {
    const res = await t.http().get('/api/hr/team/today').set(bearer(c.tokens.company_admin));
    expect(res.status).toBe(200);
    const names = res.body.data.members.map((m: any) => m.name);
    expect(names).toEqual(expect.arrayContaining(['Ann Team', 'Bob Team', 'Olga Team', 'Maria Team']));
    expect(res.body.data.counts.in).toBe(1);
    expect(res.body.data.total).toBe(5);
  });

  it("lists the team's leave of the month with the holidays, and flags requests that overlap", async () => {
    const res = await t.http().get('/api/hr/team/calendar').query({ year: Number(month.slice(0, 4)), month: Number(month.slice(5, 7)) }).set(bearer(managerToken));
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.month).toBe(month);
    expect(d.leave.map((l: any) => [l.employee_name, l.status, l.overlaps])).toEqual([
      ['Ann Team', 'pending', true],
      ['Bob Team', 'approved', true],
    ]);
    expect(d.holidays).toEqual([{ date: `${month}-15`, name: 'Founders Day' }]);
  });

  it("pages through the team's attendance, counting every record of the team once a page is full", async () => {
    // 30 past days of Ann's and Olga's: more than a page, so the list counts its total apart
    await sql(
      `insert into attendance_records (company_id, employee_id, attendance_date, status)
       select ?, e.id, d::date, 'present' from unnest(?::int[]) e(id)
         cross join generate_series(?::date - 30, ?::date - 1, interval '1 day') d`,
      [c.company.id, `{${people.ann.id},${people.olga.id}}`, today, today],
    );
    // the month's figures answer the plain list; a department filter reads the records themselves
    for (const filter of [{}, { department_id: c.department.id }]) {
      const res = await t.http()
        .get('/api/hr/attendance')
        .query({ range: JSON.stringify([0, 24]), filter: JSON.stringify(filter) })
        .set(bearer(managerToken));
      expect(res.status).toBe(200);
      expect(res.body.data).toHaveLength(25);
      expect(res.headers['content-range']).toMatch(/\/31$/);
      expect(new Set(res.body.data.map((r: any) => r.employee_id))).toEqual(new Set([people.ann.id]));
    }
  });

  it("tells the employee's manager, beside the admins, that a request waits for them; not while line managers are off", async () => {
    const annUser = await createUser(t.em(), 'employee', { company: c.company, employee: people.ann });
    const annToken = await login(t, annUser.email);
    const notices = () =>
      sql<{ user_id: number; subject: string }>(`select user_id, subject from notifications where company_id = ? and subject = 'Leave request from Ann Team' order by id`, [
        c.company.id,
      ]);
    const made = await t.http().post('/api/hr/leave-requests').set(bearer(annToken)).send({ leave_type_id: typeId, start_date: '2030-01-07', end_date: '2030-01-07' });
    expect(made.status).toBe(201);
    expect((await notices()).map((n) => n.user_id).sort()).toEqual([c.admin.id, managerUserId].sort());
    await sql('update companies set line_managers_enabled = false where id = ?', [c.company.id]);
    try {
      const again = await t.http().post('/api/hr/leave-requests').set(bearer(annToken)).send({ leave_type_id: typeId, start_date: '2030-01-08', end_date: '2030-01-08' });
      expect(again.status).toBe(201);
      expect((await notices()).map((n) => n.user_id)).toEqual(expect.arrayContaining([c.admin.id]));
      expect((await notices()).filter((n) => n.user_id === managerUserId)).toHaveLength(1);
    } finally {
      await sql('update companies set line_managers_enabled = true where id = ?', [c.company.id]);
    }
  });

  it('refuses a month that is not one, in words', async () => {
    const res = await t.http().get('/api/hr/team/calendar').query({ year: 2026, month: 13 }).set(bearer(managerToken));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'month', message: 'Month must be a whole number from 1 to 12' }]);
    const alone = await t.http().get('/api/hr/team/calendar').query({ month: 3 }).set(bearer(managerToken));
    expect(alone.status).toBe(400);
    expect(alone.body.errors.map((e: { field: string }) => e.field)).toEqual(['year']);
  });

  it('refuses an employee nobody reports to, and the manager once the company turns line managers off', async () => {
    const bobUser = await createUser(t.em(), 'employee', { company: c.company, employee: people.bob });
    const bobToken = await login(t, bobUser.email);
    expect((await t.http().get('/api/hr/team/today').set(bearer(bobToken))).status).toBe(403);
    await sql('update companies set line_managers_enabled = false where id = ?', [c.company.id]);
    try {
      expect((await t.http().get('/api/hr/team/today').set(bearer(managerToken))).status).toBe(403);
      expect((await t.http().get('/api/hr/team/calendar').set(bearer(managerToken))).status).toBe(403);
    } finally {
      await sql('update companies set line_managers_enabled = true where id = ?', [c.company.id]);
    }
  });
});
