import { Controller, Get, Module, Post, Put } from '@nestjs/common';
import { RequireModule } from '../src/common/auth/decorators';
import { Company } from '../src/modules/companies/company.entity';
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

  @Get('hr')
  @RequireModule('hr', 'view')
  hr() {
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
      expect(payroll.body.message).toBe('You do not have view access to the payroll module');
      expect(await status('get', 'hr', c.tokens.company_admin)).toBe(403);
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

  it('grants the hr key with monitoring or kpi, and lists only included, active features', async () => {
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
    expect(await modulesOf(monitoring.tokens.company_admin)).toEqual(['settings', 'hr']);
    expect(await modulesOf(kpi.tokens.company_admin)).toEqual(['settings', 'hr']);
    expect(await modulesOf(none.tokens.company_admin)).toEqual(['settings']);
    expect(await status('get', 'hr', kpi.tokens.company_admin)).toBe(200);

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
      expect(await modulesOf(c.tokens.company_admin)).not.toContain('hr');

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
