import { Body, Controller, Module, Post } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { Auth, RequireModule } from '../src/common/auth/decorators';
import type { AuthContext } from '../src/common/auth/auth-context';
import { badRequest } from '../src/common/http/errors';
import { Company } from '../src/modules/companies/company.entity';
import { Department } from '../src/modules/departments/department.entity';
import { createTestApp, type TestApp } from './support/app';
import { bearer, createCompany, createUser, unique, type CompanyFixture } from './support/fixtures';
import { ProbeModule } from './support/probe.module';

/** A company write, to see what the audit log records. */
@Controller('impersonation-probe')
class WriteProbeController {
  constructor(private readonly em: EntityManager) {}

  @Post('departments')
  @RequireModule('departments', 'create')
  async create(@Auth() ctx: AuthContext, @Body() body: { department_code: string; password?: string; fail?: boolean }) {
    if (body.fail) throw badRequest('Department code is invalid', 'department_code');
    const d = this.em.create(Department, {
      company: this.em.getReference(Company, ctx.companyId!),
      department_code: body.department_code,
      department_name: 'Audited',
    });
    await this.em.flush();
    return { id: d.id };
  }
}

@Module({ controllers: [WriteProbeController] })
class WriteProbeModule {}

const cookieOf = (res: { headers: Record<string, any> }) =>
  ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('refresh_token='))!.split(';')[0];

/** Writes that failed are recorded outside the request's transaction: give them a moment. */
async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  let value = await read();
  for (let i = 0; i < 40 && !ok(value); i++) {
    await new Promise((r) => setTimeout(r, 50));
    value = await read();
  }
  return value;
}

describe('impersonation', () => {
  let t: TestApp;
  let a: CompanyFixture;
  let b: CompanyFixture;
  let superadminEmail: string;
  let superadminId: number;

  beforeAll(async () => {
    t = await createTestApp({ extraImports: [ProbeModule, WriteProbeModule] });
    a = await createCompany(t, 'Alpha');
    b = await createCompany(t, 'Beta');
    const sa = await createUser(t.em(), 'superadmin');
    superadminEmail = sa.email;
    superadminId = sa.id;
  });
  afterAll(() => t.close());

  /** Signs the superadmin in and returns the access token and the refresh cookie. */
  const signIn = async () => {
    const res = await t.http().post('/api/auth/login').send({ email: superadminEmail, password: 'Correct#Horse7' });
    return { token: res.body.data.access_token as string, cookie: cookieOf(res) };
  };
  const impersonate = (id: number, s: { token: string; cookie?: string }) => {
    const req = t.http().post(`/api/auth/impersonate/${id}`).set(bearer(s.token));
    return s.cookie ? req.set('Cookie', s.cookie) : req;
  };
  // the company's users' own sign-ins are in the log too; these tests look at impersonation only
  const auditOf = async (companyId: number, token: string) =>
    ((await t.http().get(`/api/audit/logs?filter=${encodeURIComponent(JSON.stringify({ company_id: companyId }))}&range=[0,99]`).set(bearer(token)))
      .body.data as any[]).filter((e) => !e.action.startsWith('sign_in'));

  it("answers a token scoped to the company, the company and the user, and works on that company's data only", async () => {
    const s = await signIn();
    const res = await impersonate(a.company.id, s);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(`Now impersonating ${a.company.company_name}`);
    expect(res.body.data.company).toMatchObject({ id: a.company.id, company_name: a.company.company_name, subscription_plan: 'enterprise' });
    expect(res.body.data.user).toMatchObject({
      id: superadminId,
      role: 'superadmin',
      company_id: a.company.id,
      company_name: a.company.company_name,
      impersonating: true,
    });
    const token = res.body.data.access_token;
    const list = await t.http().get('/api/probe/employees').set(bearer(token));
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([{ id: a.employee.id, employee_code: 'E001' }]);
    // another company's row is not found
    expect((await t.http().get(`/api/probe/employees/${b.employee.id}`).set(bearer(token))).status).toBe(404);
    // every module of the plan, as a company_admin
    const perms = await t.http().get('/api/permissions/user/permissions').set(bearer(token));
    const modules: Array<{ module_key: string }> = await t.em().execute('select module_key from modules order by id');
    expect(perms.body.data.map((p: { module: { module_key: string } }) => p.module.module_key).sort()).toEqual(modules.map((m) => m.module_key).sort());
    expect(perms.body.data).toHaveLength(10);
    const me = await t.http().get('/api/auth/me').set(bearer(token));
    expect(me.body.data).toMatchObject({ company_id: a.company.id, impersonating: true });
    // the session is the company's: the platform's routes refuse it (security-billing.test.ts walks them all)
    const platform = await t.http().get('/api/auth/companies').set(bearer(token));
    expect(platform.status).toBe(403);
    expect(platform.body.message).toBe("Exit impersonation to use the platform's tools: while impersonating, you work as the company");
  });

  it('rotates the refresh cookie into one that keeps the impersonation', async () => {
    const s = await signIn();
    const res = await impersonate(a.company.id, s);
    const cookie = cookieOf(res);
    expect(cookie).not.toBe(s.cookie);
    const refreshed = await t.http().post('/api/auth/refresh').set('X-Requested-With', 'XMLHttpRequest').set('Cookie', cookie);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.data.user).toMatchObject({ company_id: a.company.id, impersonating: true });
    const list = await t.http().get('/api/probe/employees').set(bearer(refreshed.body.data.access_token));
    expect(list.body.data).toEqual([{ id: a.employee.id, employee_code: 'E001' }]);
    // the sign-in cookie was rotated: presenting it again ends the session
    expect((await t.http().post('/api/auth/refresh').set('X-Requested-With', 'XMLHttpRequest').set('Cookie', s.cookie)).status).toBe(401);
  });

  it("stop-impersonate returns to the superadmin's own session", async () => {
    const s = await signIn();
    const started = await impersonate(a.company.id, s);
    const res = await t
      .http()
      .post('/api/auth/stop-impersonate')
      .set(bearer(started.body.data.access_token))
      .set('Cookie', cookieOf(started));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Stopped impersonating company');
    expect(res.body.data.company).toBeNull();
    expect(res.body.data.user).toMatchObject({ id: superadminId, role: 'superadmin', company_id: null });
    expect(res.body.data.user.impersonating).toBeUndefined();
    const own = res.body.data.access_token;
    const denied = await t.http().get('/api/probe/employees').set(bearer(own));
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('Impersonate a company to work with its data');
    const refreshed = await t.http().post('/api/auth/refresh').set('X-Requested-With', 'XMLHttpRequest').set('Cookie', cookieOf(res));
    expect(refreshed.body.data.user.company_id).toBeNull();
  });

  it('switches from one company to another directly', async () => {
    const s = await signIn();
    const first = await impersonate(a.company.id, s);
    const second = await impersonate(b.company.id, { token: first.body.data.access_token, cookie: cookieOf(first) });
    expect(second.status).toBe(200);
    const list = await t.http().get('/api/probe/employees').set(bearer(second.body.data.access_token));
    expect(list.body.data).toEqual([{ id: b.employee.id, employee_code: 'E001' }]);
  });

  it('works without a refresh cookie (an API client), and answers 404 for an unknown company', async () => {
    const s = await signIn();
    const res = await impersonate(a.company.id, { token: s.token });
    expect(res.status).toBe(200);
    expect(cookieOf(res)).toMatch(/^refresh_token=/);
    const missing = await impersonate(999999, s);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ success: false, message: 'Company not found' });
  });

  it('is for the superadmin only (403), and needs a sign-in (401)', async () => {
    for (const token of [a.tokens.company_admin, a.tokens.employee, b.tokens.company_admin]) {
      expect((await t.http().post(`/api/auth/impersonate/${a.company.id}`).set(bearer(token))).status).toBe(403);
      expect((await t.http().post('/api/auth/stop-impersonate').set(bearer(token))).status).toBe(403);
      expect((await t.http().get('/api/audit/logs').set(bearer(token))).status).toBe(403);
    }
    expect((await t.http().post(`/api/auth/impersonate/${a.company.id}`)).status).toBe(401);
    expect((await t.http().post('/api/auth/stop-impersonate')).status).toBe(401);
    expect((await t.http().get('/api/audit/logs')).status).toBe(401);
  });

  describe('audit log', () => {
    it('records start, every write while impersonating (both identities), and stop', async () => {
      const c = await createCompany(t, 'Audited');
      const s = await signIn();
      const started = await impersonate(c.company.id, s);
      const token = started.body.data.access_token;
      const code = unique('D');
      const write = await t.http().post('/api/impersonation-probe/departments').set(bearer(token)).send({ department_code: code, password: 'x' });
      expect(write.status).toBe(201);
      const failed = await t.http().post('/api/impersonation-probe/departments').set(bearer(token)).send({ department_code: 'X', fail: true });
      expect(failed.status).toBe(400);
      // reads are not recorded
      await t.http().get('/api/probe/employees').set(bearer(token));
      await t.http().post('/api/auth/stop-impersonate').set(bearer(token)).set('Cookie', cookieOf(started));

      const entries = await eventually(
        () => auditOf(c.company.id, s.token),
        (list) => list.length >= 4,
      );
      // the failed write is recorded outside its request's transaction, so the order may vary
      expect(entries.map((e) => e.action).sort()).toEqual(['impersonation.start', 'impersonation.stop', 'write', 'write']);
      for (const e of entries) {
        expect(e).toMatchObject({ user_id: superadminId, user_email: superadminEmail, company_id: c.company.id, company_name: c.company.company_name });
        expect(new Date(e.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
      }
      const writes = entries.filter((e) => e.action === 'write');
      expect(writes).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            method: 'POST',
            path: '/api/impersonation-probe/departments',
            status_code: 201,
            details: { params: {}, body: { department_code: code, password: '[redacted]' } },
          }),
          expect.objectContaining({ method: 'POST', path: '/api/impersonation-probe/departments', status_code: 400 }),
        ]),
      );
      expect(entries.find((e) => e.action === 'impersonation.start')).toMatchObject({ method: 'POST', path: `/api/auth/impersonate/${c.company.id}` });
    });

    it("does not record a company admin's own writes", async () => {
      const c = await createCompany(t, 'Quiet');
      const s = await signIn();
      const res = await t.http().post('/api/impersonation-probe/departments').set(bearer(c.tokens.company_admin)).send({ department_code: 'Q1' });
      expect(res.status).toBe(201);
      expect(await auditOf(c.company.id, s.token)).toEqual([]);
    });

    it('keeps the record after the company is deleted', async () => {
      const c = await createCompany(t, 'Gone');
      const s = await signIn();
      await impersonate(c.company.id, s);
      const before = await auditOf(c.company.id, s.token);
      expect(before).toHaveLength(1);
      await t.http().delete(`/api/auth/companies/${c.company.id}`).set(bearer(s.token));
      const rows = await t.em().execute(`select company_id, company_name from audit_logs where id = ?`, [before[0].id]);
      expect(rows).toEqual([{ company_id: null, company_name: c.company.company_name }]);
    });
  });
});
