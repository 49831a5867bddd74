import { readFileSync } from 'node:fs';
import { BillingJobsService } from '../src/modules/billing/billing-jobs.service';
import { BillingClock } from '../src/modules/billing/clock';
import { Company } from '../src/modules/companies/company.entity';
import { Feature } from '../src/modules/packages/feature.entity';
import { PackageFeature } from '../src/modules/packages/package-feature.entity';
import { Package } from '../src/modules/packages/package.entity';
import { OPENAPI_FILE } from '../src/openapi/write-openapi';
import { createTestApp, type TestApp } from './support/app';
import { paidPeriod } from './support/billing';
import { bearer, createCompany, createUser, login, unique, type CompanyFixture } from './support/fixtures';

const IMPERSONATION_REFUSED = "Exit impersonation to use the platform's tools: while impersonating, you work as the company";
const cents = (amount: string) => Math.round(Number(amount) * 100);

/** Issue 37, items 5, 6, 10, 12 and 13: billing and impersonation holes. */
describe('security: billing and impersonation', () => {
  let t: TestApp;
  let clock: BillingClock;
  let superadmin: string;
  let superadminId: number;

  beforeAll(async () => {
    t = await createTestApp();
    clock = t.app.get(BillingClock);
    const su = await createUser(t.em(), 'superadmin');
    superadminId = su.id;
    superadmin = await login(t, su.email);
  });
  afterEach(() => clock.set(null));
  afterAll(() => t.close());

  const at = (day: string) => clock.set(new Date(`${day}T12:00:00Z`));
  const setCompany = (c: CompanyFixture, fields: Record<string, unknown>) => t.em().nativeUpdate(Company, { id: c.company.id }, fields);
  const choose = (token: string, body: object) => t.http().post('/api/packages/subscription').set(bearer(token)).send(body);
  const preview = (token: string, body: object) => t.http().post('/api/packages/subscription/preview').set(bearer(token)).send(body);
  const subscription = async (token: string) => (await t.http().get('/api/packages/subscription').set(bearer(token))).body.data;
  const pay = (id: number, amount: string, paidOn: string) =>
    t.http().post(`/api/billing/invoices/${id}/payments`).set(bearer(superadmin)).send({ amount, paid_on: paidOn, method: 'bank_transfer' });

  /** A package of our own (the shared ones stay as they are for the other test files). */
  async function pkg(name: string, monthly: string, o: { annual?: string; max_employees?: number; max_admins?: number; features?: string[] } = {}) {
    const em = t.em().fork();
    const p = em.create(Package, {
      package_code: unique('sb').toLowerCase(),
      package_name: `${name} ${unique('')}`,
      monthly_price: monthly,
      annual_price: o.annual ?? String(Number(monthly) * 10) + '.00',
      max_employees: o.max_employees ?? -1,
      max_admins: o.max_admins ?? -1,
    });
    const features = await em.find(Feature, { feature_code: { $in: o.features ?? ['employees', 'departments', 'positions', 'settings'] } });
    for (const feature of features) em.create(PackageFeature, { package: p, feature, is_included: true });
    await em.flush();
    return p;
  }

  /** A company on `p` (monthly) for [start, end), that paid its period (`paid`: how much of it). */
  async function paying(p: Package, start: string, end: string, paid?: string): Promise<CompanyFixture> {
    const c = await createCompany(t, 'Billing');
    await paidPeriod(t.em(), { companyId: c.company.id, packageId: p.id, cycle: 'monthly', start, end, amount: p.monthly_price, paid });
    await setCompany(c, {
      package: p.id,
      subscription_plan: p.package_code,
      billing_cycle: 'monthly',
      billing_status: 'active',
      trial_ends_at: null,
      current_period_start: start,
      current_period_end: end,
    });
    return c;
  }

  describe('item 5: a plan change credits what the running period was invoiced and paid, never the list price of today', () => {
    it('raising the current package price does not make an upgrade nearly free', async () => {
      at('2026-11-14');
      const team = await pkg('Team', '100.00');
      const scale = await pkg('Scale', '300.00');
      const c = await paying(team, '2026-11-01', '2026-12-01');
      // the platform raises Team's price during the period
      const raised = await t.http().put(`/api/packages/packages/${team.id}`).set(bearer(superadmin)).send({ monthly_price: 250 });
      expect(raised.status).toBe(200);
      // 17 of 30 days left: credit 100.00 × 17/30 = 56.67 (what was invoiced, not 250.00 × 17/30 = 141.67),
      // charge 300.00 × 17/30 = 170.00
      const shown = await preview(c.tokens.company_admin, { package_id: scale.id });
      expect(shown.status).toBe(200);
      expect(shown.body.data.lines.map((l: any) => [l.kind, l.amount])).toEqual([
        ['proration_credit', '-56.67'],
        ['proration_charge', '170.00'],
      ]);
      expect(shown.body.data.total).toBe('113.33');
      const res = await choose(c.tokens.company_admin, { package_id: scale.id });
      expect(res.status).toBe(200);
      expect(res.body.data.invoice).toMatchObject({ reason: 'upgrade', total: '113.33' });

      // a second upgrade in the period credits what the first one charged for the days left:
      // 170.00 over 17 days, 7 left = 70.00; charge 600.00 × 7/30 = 140.00
      expect((await pay(res.body.data.invoice.id, '113.33', '2026-11-14')).status).toBe(200);
      at('2026-11-24');
      const max = await pkg('Max', '600.00');
      const again = await choose(c.tokens.company_admin, { package_id: max.id });
      expect(again.status).toBe(200);
      expect(again.body.data.invoice.lines.map((l: any) => [l.kind, l.amount])).toEqual([
        ['proration_credit', '-70.00'],
        ['proration_charge', '140.00'],
      ]);
      expect(again.body.data.invoice.total).toBe('70.00');
    });

    it('credits at most what was paid on the period, and nothing for a period that was not invoiced', async () => {
      at('2026-11-14');
      const team = await pkg('Team', '100.00');
      const scale = await pkg('Scale', '300.00');
      // 30.00 paid of the period's 100.00: the credit is 30.00, not 56.67
      const partly = await paying(team, '2026-11-01', '2026-12-01', '30.00');
      const shown = await preview(partly.tokens.company_admin, { package_id: scale.id });
      expect(shown.body.data.lines.map((l: any) => [l.kind, l.amount])).toEqual([
        ['proration_credit', '-30.00'],
        ['proration_charge', '170.00'],
      ]);
      expect(shown.body.data.total).toBe('140.00');
      // a company the platform put on the package without an invoice: nothing to credit
      const unbilled = await createCompany(t, 'Unbilled');
      await setCompany(unbilled, {
        package: team.id,
        subscription_plan: team.package_code,
        billing_cycle: 'monthly',
        billing_status: 'active',
        current_period_start: '2026-11-01',
        current_period_end: '2026-12-01',
      });
      const none = await preview(unbilled.tokens.company_admin, { package_id: scale.id });
      expect(none.body.data.lines.map((l: any) => [l.kind, l.amount])).toEqual([
        ['proration_credit', '0.00'],
        ['proration_charge', '170.00'],
      ]);
      expect(none.body.data.total).toBe('170.00');
    });
  });

  describe("item 6: a scheduled downgrade and the waiting package's limits", () => {
    const employee = () => ({
      employee_code: unique('E').toUpperCase(),
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: `${unique('ada')}@test.example.com`,
      hire_date: '2026-01-05',
    });

    it('refuses growth past the waiting package, naming it and the limit', async () => {
      at('2026-11-14');
      const big = await pkg('Big', '200.00');
      const little = await pkg('Little', '50.00', { max_employees: 2, max_admins: 1 });
      const c = await paying(big, '2026-11-01', '2026-12-01');
      const chosen = await choose(c.tokens.company_admin, { package_id: little.id });
      expect(chosen.status).toBe(200);
      expect(chosen.body.data.subscription.scheduled_change).toMatchObject({ package_id: little.id, effective_date: '2026-12-01' });
      // the fixture's employee and one more fit Little; a third does not
      const second = await t.http().post('/api/hr/employees').set(bearer(c.tokens.company_admin)).send(employee());
      expect(second.status).toBe(201);
      const third = await t.http().post('/api/hr/employees').set(bearer(c.tokens.company_admin)).send(employee());
      expect(third.status).toBe(422);
      expect(third.body.message).toBe(
        `Your plan changes to the ${little.package_name} package on 1 December 2026, which allows at most 2 employees: withdraw the change to add more`,
      );
      // a second admin neither (Little allows 1)
      const admin = await t.http().post(`/api/auth/companies/${c.company.id}/admin`).set(bearer(superadmin)).send({
        username: unique('adm'),
        email: `${unique('adm')}@test.example.com`,
        password: 'Another#Horse8',
        first_name: 'Second',
        last_name: 'Admin',
      });
      expect(admin.status).toBe(422);
      expect(admin.body.message).toBe(
        `Your plan changes to the ${little.package_name} package on 1 December 2026, which allows at most 1 admin: withdraw the change to add more`,
      );
      // withdrawn, the company grows again
      expect((await t.http().delete('/api/packages/subscription/scheduled-change').set(bearer(c.tokens.company_admin))).status).toBe(200);
      expect((await t.http().post('/api/hr/employees').set(bearer(c.tokens.company_admin)).send(employee())).status).toBe(201);
    });

    it('keeps the plan at the renewal when the company grew past the waiting package, and tells the admins why', async () => {
      // an old period, so the renewal run touches no other test's company
      at('2019-01-14');
      const big = await pkg('Big', '200.00');
      const little = await pkg('Little', '50.00', { max_employees: 2 });
      const c = await paying(big, '2019-01-01', '2019-02-01');
      expect((await choose(c.tokens.company_admin, { package_id: little.id })).status).toBe(200);
      // the company grew past Little meanwhile (two more employees, as an import made before the check)
      await t.em().execute(
        `insert into employees (company_id, employee_code, first_name, last_name, email, department_id, position_id)
         select company_id, employee_code || n, first_name, last_name, n || email, department_id, position_id
           from employees, generate_series(2, 3) n where company_id = ?`,
        [c.company.id],
      );
      await t.app.get(BillingJobsService).renew(new Date('2019-02-01T12:00:00Z'));

      const stored = await t.em().fork().findOneOrFail(Company, { id: c.company.id }, { filters: false });
      expect(stored).toMatchObject({
        subscription_plan: big.package_code,
        current_period_start: '2019-02-01',
        current_period_end: '2019-03-01',
        scheduled_package: null,
      });
      const reason =
        `The change to the ${little.package_name} package was not made on 1 February 2019: the ${little.package_name} package allows at most 2 employees ` +
        `and the company has 3. The company stays on the ${big.package_name} package; choose ${little.package_name} again once it fits the limits.`;
      at('2019-02-02');
      expect(await subscription(c.tokens.company_admin)).toMatchObject({ scheduled_change: null, scheduled_change_refused: reason });
      const invoices = await t.em().execute(`select reason, total::text as total from invoices where company_id = ? and invoice_number like 'INV-%'`, [c.company.id]);
      expect(invoices).toEqual([{ reason: 'renewal', total: '200.00' }]);
      const mails = await t.em().execute(`select user_id, subject, body from notifications where company_id = ? and subject = 'Your plan change was not made'`, [
        c.company.id,
      ]);
      expect(mails).toEqual([{ user_id: c.admin.id, subject: 'Your plan change was not made', body: reason }]);
      const [audit] = await t.em().execute(`select user_email, details from audit_logs where company_id = ? and action = 'subscription.change_refused'`, [c.company.id]);
      expect(audit).toMatchObject({ user_email: 'system', details: { package_id: little.id, reason } });
    });
  });

  describe('item 10: an upgrade before payment', () => {
    it('is refused while an invoice is overdue, in words', async () => {
      at('2026-11-14');
      const team = await pkg('Team', '100.00');
      const scale = await pkg('Scale', '300.00');
      const c = await paying(team, '2026-11-01', '2026-12-01');
      // October's invoice, due on 15 October, is unpaid
      const id = await paidPeriod(t.em(), { companyId: c.company.id, packageId: team.id, cycle: 'monthly', start: '2026-10-01', end: '2026-11-01', amount: '100.00', paid: '0.00' });
      const [{ invoice_number: number }] = await t.em().execute(`select invoice_number from invoices where id = ?`, [id]);
      const message = `Invoice ${number} (100.00 USD) was due on 15 October 2026: pay the overdue invoice first, then upgrade`;
      for (const res of [await preview(c.tokens.company_admin, { package_id: scale.id }), await choose(c.tokens.company_admin, { package_id: scale.id })]) {
        expect(res.status).toBe(409);
        expect(res.body.message).toBe(message);
      }
      const stored = await t.em().fork().findOneOrFail(Company, { id: c.company.id }, { filters: false });
      expect(stored.subscription_plan).toBe(team.package_code);
      expect((await t.em().execute(`select count(*)::int as n from invoices where company_id = ? and reason = 'upgrade'`, [c.company.id]))[0].n).toBe(0);
      // paid, the upgrade goes through
      expect((await pay(id, '100.00', '2026-11-14')).status).toBe(200);
      expect((await choose(c.tokens.company_admin, { package_id: scale.id })).status).toBe(200);
    });

    it('gives the modules it adds until the suspension; suspended, only what was paid for is readable', async () => {
      at('2026-11-14');
      const small = await pkg('Small', '100.00');
      const full = await pkg('Full', '300.00', { features: ['employees', 'departments', 'positions', 'settings', 'payroll'] });
      const c = await paying(small, '2026-11-01', '2026-12-01');
      const payroll = () => t.http().get('/api/hr/payroll').set(bearer(c.tokens.company_admin));
      const employees = () => t.http().get('/api/hr/employees').set(bearer(c.tokens.company_admin));
      expect((await payroll()).status).toBe(403);
      const upgraded = await choose(c.tokens.company_admin, { package_id: full.id });
      expect(upgraded.status).toBe(200);
      expect(upgraded.body.data.invoice.status).toBe('open');
      // within its due date, the upgrade's modules are there
      expect((await payroll()).status).toBe(200);
      // unpaid past the grace period: suspended, it reads the plan it paid for, not the upgrade's modules
      await setCompany(c, { billing_status: 'suspended', subscription_status: 'suspended' });
      expect((await payroll()).status).toBe(403);
      expect((await employees()).status).toBe(200);
      expect((await subscription(c.tokens.company_admin)).modules).not.toContain('payroll');
      // paid, the company is active again on the upgrade
      expect((await pay(upgraded.body.data.invoice.id, upgraded.body.data.invoice.total, '2026-11-14')).status).toBe(200);
      expect((await payroll()).status).toBe(200);
    });
  });

  describe('item 12: an impersonation session is the company’s', () => {
    const doc = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8'));
    const platformRoutes = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, op]) => Array.isArray(op['x-roles']) && op['x-roles'].every((r: string) => r === 'superadmin'))
        .map(([method, op]) => ({ method, path, allowed: !!op['x-allowed-while-impersonating'] })),
    );

    it('refuses every platform route the same way, and lets the superadmin switch or stop only', async () => {
      const a = await createCompany(t, 'Impersonated');
      const b = await createCompany(t, 'Other');
      const token = (await t.http().post(`/api/auth/impersonate/${a.company.id}`).set(bearer(superadmin))).body.data.access_token;
      // the routes the review named are among them
      const names = platformRoutes.map((r) => `${r.method.toUpperCase()} ${r.path}`);
      for (const named of ['GET /api/auth/companies', 'PUT /api/auth/companies/{id}', 'GET /api/billing/revenue', 'GET /api/analytics', 'GET /api/system/health', 'GET /api/dashboard/platform', 'POST /api/packages/packages', 'POST /api/cms/admin/landing-pages']) {
        expect(names).toContain(named);
      }
      const answered: string[] = [];
      for (const r of platformRoutes.filter((x) => !x.allowed)) {
        const url = r.path.replace(/\{[^}]+\}/g, String(b.company.id));
        const res = await (t.http() as any)[r.method](url).set(bearer(token)).send({ company_name: 'Taken over' });
        answered.push(`${r.method.toUpperCase()} ${r.path} ${res.status} ${res.body.message}`);
      }
      expect(answered).toEqual(platformRoutes.filter((x) => !x.allowed).map((r) => `${r.method.toUpperCase()} ${r.path} 403 ${IMPERSONATION_REFUSED}`));
      expect(platformRoutes.filter((x) => x.allowed).map((r) => `${r.method.toUpperCase()} ${r.path}`).sort()).toEqual([
        'POST /api/auth/impersonate/{id}',
        'POST /api/auth/stop-impersonate',
      ]);
      const other = await t.em().fork().findOneOrFail(Company, { id: b.company.id }, { filters: false });
      expect(other.company_name).toBe(b.company.company_name);
      // the superadmin's own session still reaches them
      expect((await t.http().get('/api/auth/companies').set(bearer(superadmin))).status).toBe(200);
    });

    it("audits every write made while impersonating as the superadmin's, with the company", async () => {
      const a = await createCompany(t, 'Audited');
      const token = (await t.http().post(`/api/auth/impersonate/${a.company.id}`).set(bearer(superadmin))).body.data.access_token;
      const code = unique('D').slice(0, 10);
      const res = await t.http().post('/api/hr/departments').set(bearer(token)).send({ department_code: code, department_name: 'Audit' });
      expect(res.status).toBe(201);
      const rows = await t.em().execute(`select user_id, company_id, action, method, path, status_code from audit_logs where company_id = ? and action = 'write'`, [a.company.id]);
      expect(rows).toEqual([{ user_id: superadminId, company_id: a.company.id, action: 'write', method: 'POST', path: '/api/hr/departments', status_code: 201 }]);
    });
  });

  describe('item 13: one MRR rule', () => {
    it('the platform dashboard and analytics count the same companies the same way', async () => {
      const mrr = async () => {
        const dashboard = (await t.http().get('/api/dashboard/platform').set(bearer(superadmin))).body.data.mrr;
        const months = (await t.http().get('/api/analytics?months=1').set(bearer(superadmin))).body.data.months;
        return { dashboard: cents(dashboard), analytics: cents(months[months.length - 1].mrr) };
      };
      const before = await mrr();
      const hundred = await pkg('Hundred', '100.00', { annual: '1000.00' });
      const triple = await pkg('Triple', '300.00');
      const company = async (fields: Record<string, unknown>) => {
        const c = await createCompany(t, 'Mrr');
        await setCompany(c, { package: hundred.id, subscription_plan: hundred.package_code, billing_cycle: 'monthly', trial_ends_at: null, ...fields });
        return c;
      };
      await company({ billing_status: 'active' }); // 100.00
      await company({ billing_status: 'past_due', billing_cycle: 'annual' }); // 1000.00 / 12 = 83.33
      await company({ billing_status: 'trialing', trial_ends_at: new Date(Date.now() + 86_400_000) }); // nothing
      await company({ billing_status: 'suspended', subscription_status: 'suspended' }); // nothing
      await company({ billing_status: 'cancelled', subscription_status: 'cancelled' }); // nothing
      // upgraded to Triple, its invoice unpaid: it counts the 100.00 it had
      const now = new Date();
      const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString().slice(0, 10);
      const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
      const upgrading = await paying(hundred, first, next);
      const up = await choose(upgrading.tokens.company_admin, { package_id: triple.id });
      expect(up.status).toBe(200);
      expect(up.body.data.invoice.status).toBe('open');

      const after = await mrr();
      // 100.00 + 83.33 + 100.00
      expect(after.dashboard - before.dashboard).toBe(28333);
      expect(after.analytics - before.analytics).toBe(28333);
      expect(after.analytics).toBe(after.dashboard);
    });
  });
});
