import { Company } from '../src/modules/companies/company.entity';
import { createTestApp, type TestApp } from './support/app';
import { bearer, createCompany, createUser, login, type CompanyFixture } from './support/fixtures';

const cents = (amount: string) => Math.round(Number(amount) * 100);

describe('GET /api/dashboard/platform', () => {
  let t: TestApp;
  let superadmin: string;
  let a: CompanyFixture;

  beforeAll(async () => {
    t = await createTestApp();
    superadmin = await login(t, (await createUser(t.em(), 'superadmin')).email);
    a = await createCompany(t, 'Alpha');
  });
  afterAll(() => t.close());

  it('answers Total Companies, Active Clients, Total Users and MRR (active and past-due paid subscriptions, an annual one at a twelfth)', async () => {
    const before = (await t.http().get('/api/dashboard/platform').set(bearer(superadmin))).body.data;
    const inTrial = await createCompany(t, 'Trial');
    await t.em().nativeUpdate(Company, { id: inTrial.company.id }, { trial_ends_at: new Date(Date.now() + 86400_000), billing_status: 'trialing' });
    const suspended = await createCompany(t, 'Suspended');
    await t.em().nativeUpdate(Company, { id: suspended.company.id }, { subscription_status: 'suspended', billing_status: 'suspended' });
    const pastDue = await createCompany(t, 'Late');
    await t.em().nativeUpdate(Company, { id: pastDue.company.id }, { billing_status: 'past_due' });
    const annual = await createCompany(t, 'Annual');
    const standard = (await t.em().execute(`select id from packages where package_code = 'standard'`))[0].id;
    await t.em().nativeUpdate(Company, { id: annual.company.id }, { billing_cycle: 'annual', package: standard, subscription_plan: 'standard' });

    const res = await t.http().get('/api/dashboard/platform').set(bearer(superadmin));
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.total_companies).toBe(before.total_companies + 4);
    // subscription active: Trial, Late and Annual; not Suspended
    expect(d.active_clients).toBe(before.active_clients + 3);
    expect(d.trial_companies).toBe(before.trial_companies + 1);
    // an admin and an employee account in each new company
    expect(d.total_users).toBe(before.total_users + 8);
    // the trial and the suspended companies add nothing; the past-due Enterprise one 299.00 (it still
    // owes its period and keeps its plan), the annual Standard one 790.00 / 12 = 65.83
    expect(cents(d.mrr) - cents(before.mrr)).toBe(29900 + 6583);
    const byCode = Object.fromEntries(d.plans.map((p: any) => [p.package_code, p]));
    const beforeByCode = Object.fromEntries(before.plans.map((p: any) => [p.package_code, p]));
    expect(cents(byCode.standard.mrr) - cents(beforeByCode.standard.mrr)).toBe(6583);
    expect(cents(byCode.enterprise.mrr) - cents(beforeByCode.enterprise.mrr)).toBe(29900);
    // one MRR rule: analytics' month now running shows the same figure
    const months = (await t.http().get('/api/analytics?months=1').set(bearer(superadmin))).body.data.months;
    expect(months[months.length - 1].mrr).toBe(d.mrr);
    expect(cents(d.mrr)).toBe(d.plans.reduce((n: number, p: any) => n + cents(p.mrr), 0));
    expect(d.active_clients).toBe(d.plans.reduce((n: number, p: any) => n + p.active, 0));
    expect(d.total_companies).toBe(d.plans.reduce((n: number, p: any) => n + p.companies, 0));
    // the five newest, newest first: this test's four, then Alpha or an older one
    expect(d.recent_companies).toHaveLength(5);
    // each with its package's display name, which the dashboard shows (not the code)
    expect(d.recent_companies.slice(0, 4).map((c: any) => [c.id, c.company_name, c.subscription_plan, c.package_name, c.subscription_status])).toEqual([
      [annual.company.id, annual.company.company_name, 'standard', 'Standard', 'active'],
      [pastDue.company.id, pastDue.company.company_name, 'enterprise', 'Enterprise', 'active'],
      [suspended.company.id, suspended.company.company_name, 'enterprise', 'Enterprise', 'suspended'],
      [inTrial.company.id, inTrial.company.company_name, 'enterprise', 'Enterprise', 'active'],
    ]);
  });

  it('is for the superadmin only', async () => {
    const client = await login(t, (await createUser(t.em(), 'client')).email);
    for (const token of [a.tokens.company_admin, a.tokens.employee, client]) {
      expect((await t.http().get('/api/dashboard/platform').set(bearer(token))).status).toBe(403);
    }
    expect((await t.http().get('/api/dashboard/platform')).status).toBe(401);
  });
});
