import { User } from '../src/modules/users/user.entity';
import { createTestApp, type TestApp } from './support/app';
import { bearer, createCompany, createUser, grant, login, setSelfService, type CompanyFixture } from './support/fixtures';
import { ProbeModule } from './support/probe.module';

describe('access: guard, tenant scope, permissions', () => {
  let t: TestApp;
  let a: CompanyFixture;
  let b: CompanyFixture;
  let superadmin: string;
  let client: string;

  beforeAll(async () => {
    t = await createTestApp({ extraImports: [ProbeModule] });
    a = await createCompany(t, 'Alpha');
    b = await createCompany(t, 'Beta');
    // the matrix alone: self-service (test/self-service.test.ts) would add the own-record rights
    await setSelfService(t, a.company, false);
    await setSelfService(t, b.company, false);
    superadmin = await login(t, (await createUser(t.em(), 'superadmin')).email);
    client = await login(t, (await createUser(t.em(), 'client')).email);
  });
  afterAll(() => t.close());

  it("lists only the caller's company, with Content-Range", async () => {
    const res = await t.http().get('/api/probe/employees').set(bearer(a.tokens.company_admin));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ id: a.employee.id, employee_code: 'E001' }]);
    expect(res.headers['content-range']).toBe('probe/employees 0-0/1');
  });

  it("answers 404, never 403, for another company's row", async () => {
    const own = await t.http().get(`/api/probe/employees/${a.employee.id}`).set(bearer(a.tokens.company_admin));
    expect(own.status).toBe(200);
    expect(own.body.data).toEqual({ id: a.employee.id, company_id: a.company.id });
    const other = await t.http().get(`/api/probe/employees/${b.employee.id}`).set(bearer(a.tokens.company_admin));
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ success: false, message: 'Employee not found' });
  });

  it('refuses a module action the caller lacks, and allows it once granted, on the next request', async () => {
    const denied = await t.http().get('/api/probe/employees').set(bearer(a.tokens.employee));
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('You do not have view access to the employees module');

    await grant(t, { position: a.position }, a.company, 'employees', { can_view: true });
    const allowed = await t.http().get('/api/probe/employees').set(bearer(a.tokens.employee));
    expect(allowed.status).toBe(200);
    // view does not imply delete
    const del = await t.http().get(`/api/probe/employees/${a.employee.id}/delete-right`).set(bearer(a.tokens.employee));
    expect(del.status).toBe(403);
    // another company's grant changes nothing for company B's employee
    expect((await t.http().get('/api/probe/employees').set(bearer(b.tokens.employee))).status).toBe(403);
  });

  it('a superadmin works on company data only while impersonating', async () => {
    const res = await t.http().get('/api/probe/employees').set(bearer(superadmin));
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Impersonate a company to work with its data');
  });

  it('@Roles refuses other roles with 403 and anonymous callers with 401', async () => {
    expect((await t.http().get('/api/probe/platform').set(bearer(superadmin))).status).toBe(200);
    for (const token of [a.tokens.company_admin, a.tokens.employee, client]) {
      const res = await t.http().get('/api/probe/platform').set(bearer(token));
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ success: false, message: 'You do not have permission to perform this action' });
    }
    expect((await t.http().get('/api/probe/platform')).status).toBe(401);
  });

  it('a role change takes effect on the next request', async () => {
    const user = await createUser(t.em(), 'client');
    const token = await login(t, user.email);
    expect((await t.http().get('/api/probe/platform').set(bearer(token))).status).toBe(403);
    await t.em().nativeUpdate(User, { id: user.id }, { role: 'superadmin' });
    expect((await t.http().get('/api/probe/platform').set(bearer(token))).status).toBe(200);
  });

  describe('GET /api/permissions/user/permissions', () => {
    it('gives company_admin every module of the plan with every action', async () => {
      const res = await t.http().get('/api/permissions/user/permissions').set(bearer(a.tokens.company_admin));
      expect(res.status).toBe(200);
      const keys = res.body.data.map((p: any) => p.module.module_key).sort();
      expect(keys).toEqual(['attendance', 'departments', 'employees', 'kpi', 'leave', 'monitoring', 'payroll', 'positions', 'reports', 'settings']);
      expect(res.body.data.every((p: any) => p.can_view && p.can_create && p.can_edit && p.can_delete)).toBe(true);
    });

    it("gives an employee the union of its position's and department's entries", async () => {
      await grant(t, { department: b.department }, b.company, 'leave', { can_view: true, can_create: true });
      await grant(t, { position: b.position }, b.company, 'leave', { can_view: true, can_edit: true });
      await grant(t, { position: b.position }, b.company, 'payroll', { can_view: false, can_create: true });
      const res = await t.http().get('/api/permissions/user/permissions').set(bearer(b.tokens.employee));
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([
        expect.objectContaining({
          module: expect.objectContaining({ module_key: 'leave' }),
          can_view: true,
          can_create: true,
          can_edit: true,
          can_delete: false,
        }),
      ]);
    });

    it('gives a client without a company nothing', async () => {
      const res = await t.http().get('/api/permissions/user/permissions').set(bearer(client));
      expect(res.body).toEqual({ success: true, data: [] });
    });
  });

  it('GET /api/permissions/modules lists the module keys of the spec', async () => {
    const res = await t.http().get('/api/permissions/modules').set(bearer(a.tokens.employee));
    expect(res.status).toBe(200);
    expect(res.body.data.map((m: any) => m.module_key)).toEqual([
      'employees',
      'departments',
      'positions',
      'attendance',
      'leave',
      'payroll',
      'reports',
      'settings',
      'monitoring',
      'kpi',
    ]);
  });
});
