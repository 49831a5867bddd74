import { Controller, Get, Module } from '@nestjs/common';
import { RequireModule } from '../src/common/auth/decorators';
import type { ModuleKey, PermissionAction } from '../src/common/auth/auth-context';
import { TokenService } from '../src/modules/auth/token.service';
import { Company } from '../src/modules/companies/company.entity';
import { PermissionEntry } from '../src/modules/permissions/permission-entry.entity';
import { User } from '../src/modules/users/user.entity';
import { createTestApp, type TestApp } from './support/app';
import { bearer, createCompany, createUser, login, setSelfService, type CompanyFixture } from './support/fixtures';

const HR_MODULES = ['employees', 'departments', 'positions'] as const satisfies readonly ModuleKey[];
const ACTIONS = ['view', 'create', 'edit', 'delete'] as const satisfies readonly PermissionAction[];

/** One route per HR module and action, guarded like the HR endpoints: @RequireModule(module, action). */
@Controller('permission-probe')
class PermissionProbeController {}
for (const module of HR_MODULES) {
  for (const action of ACTIONS) {
    const name = `${module}_${action}`;
    Object.defineProperty(PermissionProbeController.prototype, name, {
      value: () => ({ module, action }),
      writable: true,
      configurable: true,
    });
    const descriptor = Object.getOwnPropertyDescriptor(PermissionProbeController.prototype, name)!;
    Get(`${module}/${action}`)(PermissionProbeController.prototype, name, descriptor);
    RequireModule(module, action)(PermissionProbeController.prototype, name, descriptor);
  }
}
@Module({ controllers: [PermissionProbeController] })
class PermissionProbeModule {}

describe('permissions: the matrix per position and department', () => {
  let t: TestApp;
  let a: CompanyFixture;
  let b: CompanyFixture;
  let modules: Record<string, number>;
  let superadmin: User;
  let superadminToken: string;
  let impersonatingA: string;
  let client: string;

  const admin = () => bearer(a.tokens.company_admin);
  const positionUrl = (id: number) => `/api/permissions/positions/${id}/permissions`;
  const departmentUrl = (id: number) => `/api/permissions/departments/${id}/permissions`;
  const save = (url: string, permissions: unknown, auth = admin()) =>
    t.http().post(url).set(auth).send({ permissions });
  const entry = (key: string, flags: Partial<Record<'can_view' | 'can_create' | 'can_edit' | 'can_delete', boolean>>) => ({
    module_id: modules[key],
    ...flags,
  });
  const keysOf = (res: { body: { data: Array<{ module: { module_key: string } }> } }) =>
    res.body.data.map((e) => e.module.module_key).sort();

  beforeAll(async () => {
    t = await createTestApp({ extraImports: [PermissionProbeModule] });
    a = await createCompany(t, 'Alpha');
    b = await createCompany(t, 'Beta');
    // the matrix alone: self-service (test/self-service.test.ts) would add the own-record rights
    await setSelfService(t, a.company, false);
    await setSelfService(t, b.company, false);
    superadmin = await createUser(t.em(), 'superadmin');
    superadminToken = await login(t, superadmin.email);
    impersonatingA = await t.app.get(TokenService).accessToken(superadmin, a.company.id);
    client = await login(t, (await createUser(t.em(), 'client')).email);
    const res = await t.http().get('/api/permissions/modules').set(admin());
    modules = Object.fromEntries(res.body.data.map((m: { id: number; module_key: string }) => [m.module_key, m.id]));
  });
  afterAll(() => t.close());

  describe('reading and saving', () => {
    it('a position without entries has an empty matrix', async () => {
      const res = await t.http().get(positionUrl(a.position.id)).set(admin());
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, data: [] });
    });

    it('saves a matrix and answers it with the toast text', async () => {
      const res = await save(positionUrl(a.position.id), [
        entry('employees', { can_view: true, can_create: true }),
        entry('leave', { can_view: true }),
      ]);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Permissions updated for Analyst');
      expect(res.body.data).toEqual([
        expect.objectContaining({
          module_id: modules.employees,
          position_id: a.position.id,
          department_id: null,
          module: expect.objectContaining({ module_key: 'employees' }),
          can_view: true,
          can_create: true,
          can_edit: false,
          can_delete: false,
        }),
        expect.objectContaining({ module_id: modules.leave, can_view: true, can_create: false }),
      ]);
      const read = await t.http().get(positionUrl(a.position.id)).set(admin());
      expect(read.body.data).toEqual(res.body.data);
    });

    it('replaces the matrix as a whole: modules left out lose their entry', async () => {
      await save(positionUrl(a.position.id), [entry('employees', { can_view: true }), entry('leave', { can_view: true })]);
      const res = await save(positionUrl(a.position.id), [entry('payroll', { can_view: true, can_edit: true })]);
      expect(res.status).toBe(200);
      expect(keysOf(res)).toEqual(['payroll']);
      expect(keysOf(await t.http().get(positionUrl(a.position.id)).set(admin()))).toEqual(['payroll']);
    });

    it('stores no entry for a module sent with every flag false, and an empty list clears the matrix', async () => {
      const res = await save(positionUrl(a.position.id), [
        entry('employees', { can_view: false, can_create: false, can_edit: false, can_delete: false }),
        entry('leave', { can_view: true }),
      ]);
      expect(keysOf(res)).toEqual(['leave']);
      const cleared = await save(positionUrl(a.position.id), []);
      expect(cleared.status).toBe(200);
      expect(cleared.body.data).toEqual([]);
      expect(await t.em().count(PermissionEntry, { position: a.position.id }, { filters: false })).toBe(0);
    });

    it('a department has a matrix of its own', async () => {
      const res = await save(departmentUrl(a.department.id), [entry('attendance', { can_view: true, can_create: true })]);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Permissions updated for Operations');
      expect(res.body.data).toEqual([
        expect.objectContaining({ department_id: a.department.id, position_id: null, can_view: true, can_create: true }),
      ]);
      expect((await t.http().get(positionUrl(a.position.id)).set(admin())).body.data).toEqual([]);
      await save(departmentUrl(a.department.id), []);
    });
  });

  describe('refusals', () => {
    beforeEach(async () => {
      await save(positionUrl(a.position.id), [entry('leave', { can_view: true, can_create: true })]);
    });

    const expectUnchanged = async () => {
      const res = await t.http().get(positionUrl(a.position.id)).set(admin());
      expect(res.body.data).toEqual([expect.objectContaining({ module_id: modules.leave, can_view: true, can_create: true })]);
    };

    it('refuses create, edit or delete without view (not silently dropped), writing nothing', async () => {
      const res = await save(positionUrl(a.position.id), [
        entry('employees', { can_view: true }),
        entry('payroll', { can_view: false, can_edit: true }),
      ]);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'permissions.1.can_view', message: 'Create, edit and delete rights need the view right' }]);
      await expectUnchanged();
    });

    it.each([
      ['a module listed twice', () => [entry('leave', { can_view: true }), entry('leave', { can_view: true })], 'permissions.1.module_id'],
      ['an unknown module', () => [entry('leave', { can_view: true }), { module_id: 999999, can_view: true }], 'permissions.1.module_id'],
      ['a module id that is not a number', () => [{ module_id: 'leave', can_view: true }], 'permissions.0.module_id'],
      ['a flag that is not a boolean', () => [{ module_id: modules.leave, can_view: 'yes' }], 'permissions.0.can_view'],
      ['an unknown field', () => [{ module_id: modules.leave, can_view: true, can_approve: true }], 'permissions.0.can_approve'],
      ['no list', () => 'all', 'permissions'],
    ])('refuses %s with 400 naming the field, writing nothing', async (_, body, field) => {
      const res = await save(positionUrl(a.position.id), body());
      expect(res.status).toBe(400);
      expect(res.body.errors[0].field).toBe(field);
      await expectUnchanged();
    });

    it('saves concurrently sent matrices one after the other, never mixed', async () => {
      const candidates = [
        [entry('employees', { can_view: true })],
        [entry('departments', { can_view: true }), entry('positions', { can_view: true })],
        [entry('payroll', { can_view: true }), entry('reports', { can_view: true }), entry('settings', { can_view: true })],
        [entry('attendance', { can_view: true, can_delete: true })],
      ];
      const results = await Promise.all(candidates.map((c) => save(positionUrl(a.position.id), c)));
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      const final = await t.http().get(positionUrl(a.position.id)).set(admin());
      const stored = final.body.data.map((e: { module_id: number }) => e.module_id).sort();
      expect(candidates.map((c) => c.map((e) => e.module_id).sort())).toContainEqual(stored);
    });
  });

  describe('who may read and change a matrix', () => {
    it("answers 404 for another company's position or department, and changes nothing there", async () => {
      await save(positionUrl(b.position.id), [entry('leave', { can_view: true })], bearer(b.tokens.company_admin));
      for (const url of [positionUrl(b.position.id), departmentUrl(b.department.id)]) {
        const read = await t.http().get(url).set(admin());
        expect(read.status).toBe(404);
        const write = await save(url, [entry('employees', { can_view: true })]);
        expect(write.status).toBe(404);
      }
      expect((await t.http().get(positionUrl(b.position.id)).set(admin())).body.message).toBe('Position not found');
      expect((await t.http().get(departmentUrl(b.department.id)).set(admin())).body.message).toBe('Department not found');
      const bMatrix = await t.http().get(positionUrl(b.position.id)).set(bearer(b.tokens.company_admin));
      expect(keysOf(bMatrix)).toEqual(['leave']);
      expect((await t.http().get(positionUrl(999999)).set(admin())).status).toBe(404);
    });

    it('refuses employees and clients with 403', async () => {
      for (const token of [a.tokens.employee, client]) {
        expect((await t.http().get(positionUrl(a.position.id)).set(bearer(token))).status).toBe(403);
        expect((await save(positionUrl(a.position.id), [], bearer(token))).status).toBe(403);
        expect((await save(departmentUrl(a.department.id), [], bearer(token))).status).toBe(403);
      }
      expect((await t.http().get(positionUrl(a.position.id))).status).toBe(401);
    });

    it('lets a superadmin work on a matrix only while impersonating the company', async () => {
      const plain = await t.http().get(positionUrl(a.position.id)).set(bearer(superadminToken));
      expect(plain.status).toBe(403);
      expect(plain.body.message).toBe('Impersonate a company to work with its data');
      const res = await save(positionUrl(a.position.id), [entry('reports', { can_view: true })], bearer(impersonatingA));
      expect(res.status).toBe(200);
      expect(keysOf(res)).toEqual(['reports']);
      expect((await t.http().get(positionUrl(b.position.id)).set(bearer(impersonatingA))).status).toBe(404);
    });
  });

  describe('enforcement: every HR module action, through the saved matrix, from the next request', () => {
    beforeAll(async () => {
      await save(positionUrl(a.position.id), []);
      await save(departmentUrl(a.department.id), []);
    });

    for (const module of HR_MODULES) {
      for (const action of ACTIONS) {
        it(`${module}: ${action} is 403 without the right and 200 with it, through the position or the department`, async () => {
          const call = () => t.http().get(`/api/permission-probe/${module}/${action}`).set(bearer(a.tokens.employee));
          const denied = await call();
          expect(denied.status).toBe(403);
          expect(denied.body.message).toBe(`You do not have ${action} access to the ${module} module`);

          const flags = { can_view: true, ...(action === 'view' ? {} : { [`can_${action}`]: true }) };
          // granted to the position: the very next request passes
          await save(positionUrl(a.position.id), [entry(module, flags)]);
          expect((await call()).status).toBe(200);

          // a matrix that leaves the action out takes it away again
          if (action !== 'view') {
            await save(positionUrl(a.position.id), [entry(module, { can_view: true })]);
            expect((await call()).status).toBe(403);
          }
          await save(positionUrl(a.position.id), []);
          expect((await call()).status).toBe(403);

          // the department's matrix grants it as well (the union of both)
          await save(departmentUrl(a.department.id), [entry(module, flags)]);
          expect((await call()).status).toBe(200);
          await save(departmentUrl(a.department.id), []);
          expect((await call()).status).toBe(403);

          // company B's employee never gains anything from company A's matrix
          await save(positionUrl(a.position.id), [entry(module, flags)]);
          expect((await t.http().get(`/api/permission-probe/${module}/${action}`).set(bearer(b.tokens.employee))).status).toBe(403);
          await save(positionUrl(a.position.id), []);
        });
      }
    }

    it("the user's permission list follows the matrix", async () => {
      await save(positionUrl(a.position.id), [entry('leave', { can_view: true, can_create: true })]);
      await save(departmentUrl(a.department.id), [entry('leave', { can_view: true, can_edit: true })]);
      const res = await t.http().get('/api/permissions/user/permissions').set(bearer(a.tokens.employee));
      expect(res.body.data).toEqual([
        expect.objectContaining({
          module: expect.objectContaining({ module_key: 'leave' }),
          can_view: true,
          can_create: true,
          can_edit: true,
          can_delete: false,
        }),
      ]);
      await save(positionUrl(a.position.id), []);
      await save(departmentUrl(a.department.id), []);
      expect((await t.http().get('/api/permissions/user/permissions').set(bearer(a.tokens.employee))).body.data).toEqual([]);
    });
  });

  describe('enforcement on the real HR endpoints, action by action', () => {
    const stamp = () => Math.random().toString(36).slice(2, 8).toUpperCase();
    const endpoints = {
      departments: {
        create: () => ({ department_code: `D${stamp()}`, department_name: 'Granted department' }),
        edit: { department_name: 'Renamed department' },
      },
      positions: {
        create: () => ({ position_code: `P${stamp()}`, position_title: 'Granted position' }),
        edit: { position_title: 'Renamed position' },
      },
      employees: {
        create: () => {
          const code = stamp();
          return { employee_code: `E${code}`, first_name: 'Gran', last_name: 'Ted', email: `g${code.toLowerCase()}@test.example.com`, hire_date: '2024-01-15' };
        },
        edit: { first_name: 'Renamed' },
      },
    } as const;

    beforeAll(async () => {
      await save(positionUrl(a.position.id), []);
      await save(departmentUrl(a.department.id), []);
    });

    for (const module of HR_MODULES) {
      it(`/api/hr/${module}: view, create, edit and delete each need their own flag, granted by the matrix`, async () => {
        const url = `/api/hr/${module}`;
        const employee = bearer(a.tokens.employee);
        const grantOnly = (flags: Partial<Record<'can_view' | 'can_create' | 'can_edit' | 'can_delete', boolean>>) =>
          save(positionUrl(a.position.id), [entry(module, { can_view: true, ...flags })]);
        const target = await t.http().post(url).set(admin()).send(endpoints[module].create());
        expect(target.status).toBe(201);
        const id = target.body.data.id;

        expect((await t.http().get(url).set(employee)).status).toBe(403);
        await grantOnly({});
        expect((await t.http().get(url).set(employee)).status).toBe(200);
        expect((await t.http().get(`${url}/${id}`).set(employee)).status).toBe(200);

        expect((await t.http().post(url).set(employee).send(endpoints[module].create())).status).toBe(403);
        expect((await t.http().put(`${url}/${id}`).set(employee).send(endpoints[module].edit)).status).toBe(403);
        expect((await t.http().delete(`${url}/${id}`).set(employee)).status).toBe(403);

        await grantOnly({ can_create: true });
        expect((await t.http().post(url).set(employee).send(endpoints[module].create())).status).toBe(201);
        expect((await t.http().put(`${url}/${id}`).set(employee).send(endpoints[module].edit)).status).toBe(403);

        await grantOnly({ can_edit: true });
        expect((await t.http().post(url).set(employee).send(endpoints[module].create())).status).toBe(403);
        expect((await t.http().put(`${url}/${id}`).set(employee).send(endpoints[module].edit)).status).toBe(200);
        expect((await t.http().delete(`${url}/${id}`).set(employee)).status).toBe(403);

        await grantOnly({ can_delete: true });
        expect((await t.http().delete(`${url}/${id}`).set(employee)).status).toBe(200);

        await save(positionUrl(a.position.id), []);
        expect((await t.http().get(url).set(employee)).status).toBe(403);
      });
    }
  });

  it('entries go with their position when it is deleted', async () => {
    const em = t.em();
    const { Position } = await import('../src/modules/positions/position.entity');
    const position = em.create(Position, {
      company: em.getReference(Company, a.company.id),
      position_code: 'TMP',
      position_title: 'Temporary',
    });
    await em.flush();
    await save(positionUrl(position.id), [entry('leave', { can_view: true })]);
    await t.em().nativeDelete(Position, { id: position.id }, { filters: false });
    expect(await t.em().count(PermissionEntry, { position: position.id }, { filters: false })).toBe(0);
  });
});
