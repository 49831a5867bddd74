import { Controller, Get, Module, Post, Put } from '@nestjs/common';
import { RequireModule } from '../src/common/auth/decorators';
import { Company } from '../src/modules/companies/company.entity';
import { MikroORM } from '@mikro-orm/postgresql';
import { Migration20261128130000 } from '../src/database/migrations/Migration20261128130000';
import { PlanService } from '../src/modules/permissions/plan.service';
import { createTestApp, type TestApp } from './support/app';
import { bearer, createCompany, createUser, grant, login, unique, type CompanyFixture } from './support/fixtures';

/** One route per module and action, to see what the plan lets through. */
@Controller('plan-probe')
class PlanProbeController {
  @Get('employees')
  @RequireModule('employees', 'view')
  listEmployees() {
    return 'ok';
  }

  @Post('employees')
  @RequireModule('employees', 'create')
  createEmployee() {
    return 'created';
  }

  @Get('payroll')
  @RequireModule('payroll', 'view')
  payroll() {
    return 'ok';
  }

  @Get('kpi')
  @RequireModule('kpi', 'view')
  kpi() {
    return 'ok';
  }

  @Put('settings')
  @RequireModule('settings', 'edit')
  settings() {
    return 'ok';
  }
}

@Module({ controllers: [PlanProbeController] })
class PlanProbeModule {}

const DAY = 86400_000;

describe('plan-based access', () => {
  let t: TestApp;
  let superadmin: string;
  let client: string;
  let featureId: Record<string, number>;

  beforeAll(async () => {
    t = await createTestApp({ extraImports: [PlanProbeModule] });
    superadmin = await login(t, (await createUser(t.em(), 'superadmin')).email);
    client = await login(t, (await createUser(t.em(), 'client')).email);
    await t.em().execute(`update billing_settings set currency = 'USD', due_days = 14 where id = 1`);
    const features = await t.http().get('/api/packages/features?range=[0,999]').set(bearer(superadmin));
    featureId = Object.fromEntries(features.body.data.map((f: any) => [f.feature_code, f.id]));
  });
  afterAll(() => t.close());

  /** A package of its own (so no other test file is affected) with these features. */
  const packageWith = async (codes: string[], over: Record<string, unknown> = {}) => {
    const pkg = (
      await t
        .http()
        .post('/api/packages/packages')
        .set(bearer(superadmin))
        .send({ package_code: unique('plan'), package_name: unique('Plan '), monthly_price: 10, annual_price: 100, ...over })
    ).body.data;
    await setFeatures(pkg.id, codes.map((code) => [code, true]));
    return pkg as { id: number; package_code: string; package_name: string };
  };
  const setFeatures = (id: number, list: Array<[string, boolean]>) =>
    t
      .http()
      .put(`/api/packages/packages/${id}/features`)
      .set(bearer(superadmin))
      .send({ features: list.map(([code, is_included]) => ({ feature_id: featureId[code], is_included })) });
  const companyOn = async (pkg: { id: number }, name = 'Planned') => {
    const c = await createCompany(t, name);
    const res = await t.http().put(`/api/auth/companies/${c.company.id}`).set(bearer(superadmin)).send({ package_id: pkg.id });
    expect(res.status).toBe(200);
    return c;
  };
  const modulesOf = async (token: string) =>
    ((await t.http().get('/api/permissions/user/permissions').set(bearer(token))).body.data as any[]).map((p) => p.module.module_key);
  const status = async (method: 'get' | 'post' | 'put', path: string, token: string) =>
    (await t.http()[method](`/api/plan-probe/${path}`).set(bearer(token))).status;

  describe('modules from the features of the package', () => {
    let c: CompanyFixture;
    let pkg: { id: number };

    beforeAll(async () => {
      pkg = await packageWith(['employees', 'departments']);
      c = await companyOn(pkg);
    });

    it("gives the company_admin the package's modules plus settings, and refuses the others", async () => {
      expect(await modulesOf(c.tokens.company_admin)).toEqual(['employees', 'departments', 'settings']);
      expect(await status('get', 'employees', c.tokens.company_admin)).toBe(200);
      expect(await status('post', 'employees', c.tokens.company_admin)).toBe(201);
      expect(await status('put', 'settings', c.tokens.company_admin)).toBe(200);
      const payroll = await t.http().get('/api/plan-probe/payroll').set(bearer(c.tokens.company_admin));
      expect(payroll.status).toBe(403);
      expect(payroll.body.message).toBe('Your package does not include Payroll');
      expect(await status('get', 'kpi', c.tokens.company_admin)).toBe(403);
    });

    it('follows a change of the package on the next request', async () => {
      await setFeatures(pkg.id, [['payroll', true]]);
      expect(await status('get', 'payroll', c.tokens.company_admin)).toBe(200);
      await setFeatures(pkg.id, [['payroll', false]]);
      expect(await status('get', 'payroll', c.tokens.company_admin)).toBe(403);
    });

    it("limits an employee's own permissions to the plan", async () => {
      await grant(t, { position: c.position }, c.company, 'payroll', { can_view: true });
      await grant(t, { position: c.position }, c.company, 'employees', { can_view: true });
      expect(await modulesOf(c.tokens.employee)).toEqual(['employees']);
      expect(await status('get', 'payroll', c.tokens.employee)).toBe(403);
      await setFeatures(pkg.id, [['payroll', true]]);
      expect(await status('get', 'payroll', c.tokens.employee)).toBe(200);
      await setFeatures(pkg.id, [['payroll', false]]);
    });

    it('applies to an impersonating superadmin as to the company_admin', async () => {
      const imp = await t.http().post(`/api/auth/impersonate/${c.company.id}`).set(bearer(superadmin));
      const token = imp.body.data.access_token;
      expect(await modulesOf(token)).toEqual(['employees', 'departments', 'settings']);
      expect(await status('get', 'payroll', token)).toBe(403);
    });
  });

  it('grants Operational Monitoring with the monitoring feature and KPI & Bonus with kpi, each alone, and lists only included, active features', async () => {
    const inactive = (
      await t
        .http()
        .post('/api/packages/features')
        .set(bearer(superadmin))
        .send({ feature_code: unique('old_'), feature_name: 'Old', module: 'support', feature_type: 'addon', is_active: false })
    ).body.data;
    featureId[inactive.feature_code] = inactive.id;
    const monitoring = await companyOn(await packageWith(['monitoring', inactive.feature_code]));
    const kpi = await companyOn(await packageWith(['kpi']));
    const none = await companyOn(await packageWith([]));
    expect(await modulesOf(monitoring.tokens.company_admin)).toEqual(['settings', 'monitoring']);
    expect(await modulesOf(kpi.tokens.company_admin)).toEqual(['settings', 'kpi']);
    expect(await modulesOf(none.tokens.company_admin)).toEqual(['settings']);
    expect(await status('get', 'kpi', kpi.tokens.company_admin)).toBe(200);
    expect(await status('get', 'kpi', monitoring.tokens.company_admin)).toBe(403);

    const sub = await t.http().get('/api/packages/subscription').set(bearer(monitoring.tokens.company_admin));
    expect(sub.body.data.features).toEqual(['monitoring']);
    const plans = t.app.get(PlanService);
    expect(await plans.hasFeature(kpi.company.id, 'kpi')).toBe(true);
    expect(await plans.hasFeature(kpi.company.id, 'monitoring')).toBe(false);
  });

  it("answers the package's limits to the modules that enforce them (-1 unlimited)", async () => {
    const limited = await companyOn(await packageWith([], { max_employees: 7, max_admins: 3 }));
    const plans = t.app.get(PlanService);
    expect(await plans.limits(limited.company.id)).toEqual({ max_employees: 7, max_admins: 3 });
    const enterprise = await createCompany(t, 'Big');
    expect(await plans.limits(enterprise.company.id)).toEqual({ max_employees: -1, max_admins: -1 });
  });

  describe('Operational Monitoring and KPI & Bonus are two modules', () => {
    const get = (path: string, token: string) => t.http().get(path).set(bearer(token));

    it('a package with only Operational Monitoring: its tasks answer, KPI & Bonus says the package lacks it', async () => {
      const c = await companyOn(await packageWith(['employees', 'monitoring']));
      expect(await modulesOf(c.tokens.company_admin)).toEqual(['employees', 'settings', 'monitoring']);
      expect((await get('/api/monitoring/tasks', c.tokens.company_admin)).status).toBe(200);
      for (const path of ['/api/kpi/kpis', '/api/kpi/bonus-rules', '/api/kpi/bonus-payments']) {
        const res = await get(path, c.tokens.company_admin);
        expect([path, res.status, res.body.message]).toEqual([path, 403, 'Your package does not include KPI & Bonus']);
      }
      // the dashboard's module list, which the console's locked cards and Access Denied read
      const modules = (await get('/api/dashboard/company', c.tokens.company_admin)).body.data.modules;
      const inPlan = Object.fromEntries(modules.map((m: any) => [m.module_key, m.in_plan]));
      expect(inPlan).toMatchObject({ monitoring: true, kpi: false });
    });

    it('a package with only KPI & Bonus: KPIs answer, Operational Monitoring says the package lacks it', async () => {
      const c = await companyOn(await packageWith(['employees', 'kpi']));
      expect(await modulesOf(c.tokens.company_admin)).toEqual(['employees', 'settings', 'kpi']);
      expect((await get('/api/kpi/kpis', c.tokens.company_admin)).status).toBe(200);
      for (const path of ['/api/monitoring/tasks', '/api/monitoring/my-tasks']) {
        const res = await get(path, c.tokens.company_admin);
        expect([path, res.status, res.body.message]).toEqual([path, 403, 'Your package does not include Operational Monitoring']);
      }
    });

    it('the migration gives every grant of the shared module to both, so nobody gains or loses access', async () => {
      const c = await createCompany(t, 'Legacy');
      const em = t.em();
      // the state before the migration: one shared module `hr`, granted to the analyst's position
      await em.execute(`insert into modules (module_key, module_name, sort_order) values ('hr', 'HR Operations', 9)`);
      await grant(t, { position: c.position }, c.company, 'hr', { can_view: true, can_create: true });
      await grant(t, { department: c.department }, c.company, 'hr', { can_view: true, can_edit: true });
      const orm = t.app.get(MikroORM);
      const migration = new Migration20261128130000(em.getDriver(), orm.config);
      await migration.up();
      for (const query of migration.getQueries()) await em.execute(query as string);

      expect(await em.execute(`select 1 from modules where module_key = 'hr'`)).toEqual([]);
      const rows = await em.execute(
        `select m.module_key, pe.position_id, pe.department_id, pe.can_view, pe.can_create, pe.can_edit, pe.can_delete
           from permission_entries pe join modules m on m.id = pe.module_id where pe.company_id = ? order by m.module_key, pe.position_id nulls last`,
        [c.company.id],
      );
      const flags = { can_view: true, can_delete: false };
      expect(rows).toEqual([
        { module_key: 'kpi', position_id: c.position.id, department_id: null, ...flags, can_create: true, can_edit: false },
        { module_key: 'kpi', position_id: null, department_id: c.department.id, ...flags, can_create: false, can_edit: true },
        { module_key: 'monitoring', position_id: c.position.id, department_id: null, ...flags, can_create: true, can_edit: false },
        { module_key: 'monitoring', position_id: null, department_id: c.department.id, ...flags, can_create: false, can_edit: true },
      ]);
      // the analyst still reads and adds KPIs, as the shared module allowed
      const rights = ((await get('/api/permissions/user/permissions', c.tokens.employee)).body.data as any[])
        .filter((p) => ['monitoring', 'kpi'].includes(p.module.module_key))
        .map((p) => [p.module.module_key, p.can_view, p.can_create, p.can_edit, p.can_delete]);
      expect(rights).toEqual([
        ['monitoring', true, true, true, false],
        ['kpi', true, true, true, false],
      ]);
      expect((await get('/api/kpi/kpis', c.tokens.employee)).status).toBe(200);
    });
  });

  describe('subscription state', () => {
    const setState = (c: CompanyFixture, state: Partial<Pick<Company, 'subscription_status' | 'trial_ends_at' | 'billing_status'>>) =>
      t.em().nativeUpdate(Company, { id: c.company.id }, state);

    it('a company whose trial ended reads but does not write (402), and says why', async () => {
      const c = await createCompany(t, 'Expired');
      await setState(c, { trial_ends_at: new Date(Date.now() - DAY) });
      expect(await status('get', 'employees', c.tokens.company_admin)).toBe(200);
      const write = await t.http().post('/api/plan-probe/employees').set(bearer(c.tokens.company_admin));
      expect(write.status).toBe(402);
      expect(write.body).toEqual({ success: false, message: 'Your trial has ended. Choose a package to continue.' });
      // as for the impersonating superadmin
      const imp = await t.http().post(`/api/auth/impersonate/${c.company.id}`).set(bearer(superadmin));
      expect(await status('post', 'employees', imp.body.data.access_token)).toBe(402);

      const sub = await t.http().get('/api/packages/subscription').set(bearer(c.tokens.company_admin));
      expect(sub.status).toBe(200);
      expect(sub.body.data).toMatchObject({
        company_id: c.company.id,
        subscription_plan: 'enterprise',
        subscription_status: 'active',
        state: 'trial_ended',
        trial_days_left: null,
        write_blocked_reason: 'Your trial has ended. Choose a package to continue.',
        employees_count: 1,
        admins_count: 1,
        package: expect.objectContaining({ package_code: 'enterprise', max_employees: -1 }),
      });
    });

    it.each([
      ['suspended', 'Your subscription is suspended. Please contact the platform administrator.'],
      ['cancelled', 'Your subscription has been cancelled. Choose a package to continue.'],
    ] as const)('a %s company reads but does not write (402)', async (subscription_status, message) => {
      const c = await createCompany(t, 'Stopped');
      await setState(c, { subscription_status });
      expect(await status('get', 'employees', c.tokens.company_admin)).toBe(200);
      const write = await t.http().post('/api/plan-probe/employees').set(bearer(c.tokens.company_admin));
      expect(write.status).toBe(402);
      expect(write.body.message).toBe(message);
      await setState(c, { subscription_status: 'active' });
      expect(await status('post', 'employees', c.tokens.company_admin)).toBe(201);
    });

    it('a company in a running trial writes', async () => {
      const c = await createCompany(t, 'Trying');
      await setState(c, { trial_ends_at: new Date(Date.now() + 3 * DAY) });
      expect(await status('post', 'employees', c.tokens.company_admin)).toBe(201);
      const sub = await t.http().get('/api/packages/subscription').set(bearer(c.tokens.company_admin));
      expect(sub.body.data).toMatchObject({ state: 'trial', trial_days_left: 3, write_blocked_reason: null });
    });

    it('a chosen package, once its invoice is paid, ends the trial and lets the company write again', async () => {
      const c = await createCompany(t, 'Chooser');
      await setState(c, { trial_ends_at: new Date(Date.now() - DAY) });
      const standard = (await t.em().execute(`select id from packages where package_code = 'standard'`))[0].id;
      const res = await t.http().post('/api/packages/subscription').set(bearer(c.tokens.company_admin)).send({ package_id: standard });
      expect(res.status).toBe(200);
      expect(res.body.message).toMatch(/^Invoice INV-\d{4}-\d{6} of 79\.00 USD for the Standard package \(monthly\) was issued: the plan applies as soon as it is paid$/);
      expect(res.body.data.subscription).toMatchObject({ subscription_plan: 'enterprise', state: 'trial_ended' });
      expect(await status('post', 'employees', c.tokens.company_admin)).toBe(402);
      const pay = (invoice: { id: number; amount_due: string }) =>
        t.http().post(`/api/billing/invoices/${invoice.id}/payments`).set(bearer(superadmin))
          .send({ amount: invoice.amount_due, paid_on: new Date().toISOString().slice(0, 10), method: 'bank_transfer' });
      expect((await pay(res.body.data.invoice)).status).toBe(200);
      const sub = await t.http().get('/api/packages/subscription').set(bearer(c.tokens.company_admin));
      expect(sub.body.data).toMatchObject({ subscription_plan: 'standard', state: 'active', billing_status: 'active', trial_ends_at: null, write_blocked_reason: null });
      expect(await status('post', 'employees', c.tokens.company_admin)).toBe(201);
      expect(await modulesOf(c.tokens.company_admin)).not.toContain('kpi');

      // a cancelled subscription is active again once the new plan is paid
      await setState(c, { subscription_status: 'cancelled', billing_status: 'cancelled' });
      const premium = (await t.em().execute(`select id from packages where package_code = 'premium'`))[0].id;
      const again = await t.http().post('/api/packages/subscription').set(bearer(c.tokens.company_admin)).send({ package_id: premium });
      expect(again.body.data.subscription.subscription_status).toBe('cancelled');
      await pay(again.body.data.invoice);
      expect((await t.http().get('/api/packages/subscription').set(bearer(c.tokens.company_admin))).body.data).toMatchObject({
        subscription_status: 'active',
        subscription_plan: 'premium',
      });
    });

    it('refuses to choose a package when suspended, inactive or too small, and to the other roles', async () => {
      const c = await createCompany(t, 'Refused');
      const tiny = await packageWith([], { max_employees: 0 });
      const tooSmall = await t.http().post('/api/packages/subscription').set(bearer(c.tokens.company_admin)).send({ package_id: tiny.id });
      expect(tooSmall.status).toBe(422);
      expect(tooSmall.body.message).toBe(`The ${tiny.package_name} package allows at most 0 employees; the company has 1`);
      const retired = await packageWith([], { is_active: false });
      const inactive = await t.http().post('/api/packages/subscription').set(bearer(c.tokens.company_admin)).send({ package_id: retired.id });
      expect(inactive.status).toBe(400);
      expect(inactive.body.errors).toEqual([{ field: 'package_id', message: 'The selected package is not available' }]);

      await setState(c, { subscription_status: 'suspended' });
      const suspended = await t.http().post('/api/packages/subscription').set(bearer(c.tokens.company_admin)).send({ package_id: tiny.id });
      expect(suspended.status).toBe(403);
      expect(suspended.body.message).toBe('Your subscription is suspended. Please contact the platform administrator.');

      expect((await t.http().post('/api/packages/subscription').set(bearer(c.tokens.employee)).send({ package_id: tiny.id })).status).toBe(403);
      const noCompany = await t.http().post('/api/packages/subscription').set(bearer(superadmin)).send({ package_id: tiny.id });
      expect(noCompany.status).toBe(403);
      expect(noCompany.body.message).toBe('Impersonate a company to work with its data');
      expect((await t.http().post('/api/packages/subscription').send({ package_id: tiny.id })).status).toBe(401);
    });

    it("shows each company its own subscription only", async () => {
      const a = await companyOn(await packageWith(['employees']), 'SubA');
      const b = await createCompany(t, 'SubB');
      const ofA = await t.http().get('/api/packages/subscription').set(bearer(a.tokens.company_admin));
      const ofB = await t.http().get('/api/packages/subscription').set(bearer(b.tokens.employee));
      expect(ofA.body.data.company_id).toBe(a.company.id);
      expect(ofB.body.data).toMatchObject({ company_id: b.company.id, subscription_plan: 'enterprise' });
      const none = await t.http().get('/api/packages/subscription').set(bearer(client));
      expect(none.status).toBe(403);
      expect(none.body.message).toBe('Your account is not linked to a company');
      expect((await t.http().get('/api/packages/subscription')).status).toBe(401);
    });
  });
});
