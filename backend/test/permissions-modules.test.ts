/**
 * Each HR module's real endpoints check the action they perform against the employee's effective
 * permissions (position ∪ department, within the plan), from the very next request: view reads,
 * create adds, edit changes, delete removes. Role rules stay on top: an employee given every
 * leave right still cannot change a leave type (admins only, hr.md 6).
 */
import { createTestApp, type TestApp } from './support/app';
import { bearer, createCompany, setSelfService, type CompanyFixture } from './support/fixtures';

const SELF_SERVICE_OFF = 'Self-service is turned off for your company: ask your administrator for access';

type Flags = Partial<Record<'can_view' | 'can_create' | 'can_edit' | 'can_delete', boolean> & { view_scope: 'own' | 'team' | 'department' | 'company' }>;

describe('permissions enforced on the attendance, leave, payroll, settings and hr endpoints', () => {
  let t: TestApp;
  let a: CompanyFixture;
  let admin: Record<string, string>;
  let employee: Record<string, string>;
  let moduleIds: Record<string, number>;

  /** Replaces the matrix of the employee's position with these modules' flags. */
  const allow = async (entries: Record<string, Flags>) => {
    const permissions = Object.entries(entries).map(([key, flags]) => ({
      module_id: moduleIds[key],
      can_view: false,
      can_create: false,
      can_edit: false,
      can_delete: false,
      ...flags,
    }));
    const res = await t.http().post(`/api/permissions/positions/${a.position.id}/permissions`).set(admin).send({ permissions });
    expect(res.status).toBe(200);
  };
  const as = (headers: Record<string, string>) => ({
    get: (url: string) => t.http().get(url).set(headers),
    post: (url: string, body: object = {}) => t.http().post(url).set(headers).send(body),
    put: (url: string, body: object = {}) => t.http().put(url).set(headers).send(body),
    delete: (url: string) => t.http().delete(url).set(headers),
  });

  beforeAll(async () => {
    t = await createTestApp();
    a = await createCompany(t, 'Alpha');
    // the matrix alone: self-service (test/self-service.test.ts) would open the own records
    await setSelfService(t, a.company, false);
    admin = bearer(a.tokens.company_admin);
    employee = bearer(a.tokens.employee);
    const modules = await t.http().get('/api/permissions/modules').set(admin);
    moduleIds = Object.fromEntries(modules.body.data.map((m: { id: number; module_key: string }) => [m.module_key, m.id]));
    // the company's own departments grant nothing here: only the position's matrix counts
    await t.http().post(`/api/permissions/departments/${a.department.id}/permissions`).set(admin).send({ permissions: [] });
  });
  afterAll(() => t.close());

  it('attendance: the history needs view, checking in needs create', async () => {
    const me = as(employee);
    await allow({});
    expect((await me.get('/api/hr/attendance')).status).toBe(403);
    expect((await me.post('/api/hr/attendance/check-in', { location: 'Office' })).status).toBe(403);

    await allow({ attendance: { can_view: true } });
    expect((await me.get('/api/hr/attendance')).status).toBe(200);
    const refused = await me.post('/api/hr/attendance/check-in', { location: 'Office' });
    expect(refused.status).toBe(403);
    // what self-service would give, with the policy off, is refused naming the policy
    expect(refused.body.message).toBe(SELF_SERVICE_OFF);

    await allow({ attendance: { can_view: true, can_create: true } });
    expect((await me.post('/api/hr/attendance/check-in', { location: 'Office' })).status).toBe(201);
    expect((await me.post('/api/hr/attendance/check-out', { location: 'Office' })).status).toBe(201);
  });

  it('leave: view reads, create requests, edit decides; leave types stay with the admins', async () => {
    const me = as(employee);
    const type = await as(admin).post('/api/hr/leave-types', { type_name: 'Annual', type_code: 'ANN', max_days_per_year: 20 });
    expect(type.status).toBe(201);
    const typeId = type.body.data.id;

    await allow({});
    expect((await me.get('/api/hr/leave-requests')).status).toBe(403);

    await allow({ leave: { can_view: true } });
    expect((await me.get('/api/hr/leave-requests')).status).toBe(200);
    expect((await me.get('/api/hr/leave-types')).status).toBe(200);
    const body = { leave_type_id: typeId, start_date: '2031-03-03', end_date: '2031-03-03' };
    expect((await me.post('/api/hr/leave-requests', body)).status).toBe(403);

    await allow({ leave: { can_view: true, can_create: true } });
    const mine = await me.post('/api/hr/leave-requests', body);
    expect(mine.status).toBe(201);
    // every right on leave does not make the employee an admin of leave types
    await allow({ leave: { can_view: true, can_create: true, can_edit: true, can_delete: true } });
    expect((await me.put(`/api/hr/leave-types/${typeId}`, { type_name: 'Renamed' })).status).toBe(403);
    expect((await me.post('/api/hr/leave-types', { type_name: 'Mine', type_code: 'MINE' })).status).toBe(403);

    // deciding someone else's request needs edit; one's own never
    const other = await as(admin).post('/api/hr/leave-requests', { ...body, employee_id: await secondEmployee() });
    expect(other.status).toBe(201);
    await allow({ leave: { can_view: true, can_create: true } });
    expect((await me.put(`/api/hr/leave-requests/${other.body.data.id}/approve`)).status).toBe(403);
    await allow({ leave: { can_view: true, can_edit: true } });
    expect((await me.put(`/api/hr/leave-requests/${other.body.data.id}/approve`)).status).toBe(200);
    expect((await me.put(`/api/hr/leave-requests/${mine.body.data.id}/approve`)).status).toBe(403);
  });

  it('payroll: view shows only one’s own records; processing needs create', async () => {
    const me = as(employee);
    await t.em().execute(`update employees set salary = 48000, hire_date = '2020-01-01' where company_id = ?`, [a.company.id]);
    expect((await as(admin).post('/api/hr/payroll', { year: 2026, month: 9 })).status).toBe(201);

    await allow({});
    expect((await me.get('/api/hr/payroll')).status).toBe(403);
    await allow({ payroll: { can_view: true } });
    const own = await me.get('/api/hr/payroll').query({ filter: JSON.stringify({ year: 2026, month: 9 }) });
    expect(own.status).toBe(200);
    expect(own.body.data.map((r: { employee_id: number }) => r.employee_id)).toEqual([a.employee.id]);
    expect((await me.post('/api/hr/payroll', { year: 2026, month: 9 })).status).toBe(403);
    await allow({ payroll: { can_view: true, can_create: true } });
    expect((await me.post('/api/hr/payroll', { year: 2026, month: 9 })).status).toBe(201);
  });

  it('operational monitoring: holders of monitoring view read the tasks within their scope; setting tasks stays with company admins (hr.md 6)', async () => {
    const me = as(employee);
    const task = await as(admin).post('/api/monitoring/tasks', { title: 'Audit', department_id: a.department.id });
    expect(task.status).toBe(201);
    await allow({});
    expect((await me.get('/api/monitoring/tasks')).status).toBe(403);
    await allow({ monitoring: { can_view: true, can_create: true, can_edit: true, can_delete: true } });
    expect((await me.get('/api/monitoring/tasks')).status).toBe(200);
    expect((await me.get(`/api/monitoring/tasks/${task.body.data.id}`)).status).toBe(200);
    expect((await me.post('/api/monitoring/tasks', { title: 'Mine', department_id: a.department.id })).status).toBe(403);
    await allow({ monitoring: { can_view: true, view_scope: 'own' } });
    // a task of no one's (a department's) is outside an own scope
    expect((await me.get(`/api/monitoring/tasks/${task.body.data.id}`)).status).toBe(404);
    expect((await as(admin).get(`/api/monitoring/tasks/${task.body.data.id}`)).status).toBe(200);
  });

  it('settings: attendance settings need settings view to read; changing them stays with the admins', async () => {
    const me = as(employee);
    await allow({});
    expect((await me.get('/api/settings/attendance')).status).toBe(403);
    await allow({ settings: { can_view: true, can_edit: true } });
    expect((await me.get('/api/settings/attendance')).status).toBe(200);
    expect((await me.put('/api/settings/attendance', { general: { auto_check_out: true } })).status).toBe(403);
  });

  let second: number | undefined;
  async function secondEmployee(): Promise<number> {
    if (second) return second;
    const res = await as(admin).post('/api/hr/employees', {
      employee_code: 'E002',
      first_name: 'Sam',
      last_name: 'Second',
      email: `sam.${a.company.company_code.toLowerCase()}@test.example.com`,
      hire_date: '2024-01-15',
    });
    expect(res.status).toBe(201);
    second = res.body.data.id as number;
    return second;
  }
});
