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

  it('answers Total Companies, Active Clients, Total Users and MRR (active companies × their monthly price)', async () => {
    const inTrial = await createCompany(t, 'Trial');
    await t.em().nativeUpdate(Company, { id: inTrial.company.id }, { trial_ends_at: new Date(Date.now() + 86400_000) });
    const suspended = await createCompany(t, 'Suspended');
    await t.em().nativeUpdate(Company, { id: suspended.company.id }, { subscription_status: 'suspended' });

    const res = await t.http().get('/api/dashboard/platform').set(bearer(superadmin));
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.total_companies).toBeGreaterThanOrEqual(3);
    expect(d.active_clients).toBeLessThan(d.total_companies);
    expect(d.trial_companies).toBeGreaterThanOrEqual(1);
    expect(d.total_users).toBeGreaterThanOrEqual(6);
    // the spec's prices per plan
    const price = Object.fromEntries(d.plans.map((p: any) => [p.package_code, cents(p.mrr) / Math.max(p.active, 1)]));
    const byCode = Object.fromEntries(d.plans.map((p: any) => [p.package_code, p]));
    expect(byCode.enterprise.active).toBeGreaterThanOrEqual(2);
    expect(price.enterprise).toBe(29900);
    expect(cents(byCode.basic.mrr)).toBe(byCode.basic.active * 2900);
    expect(cents(byCode.standard.mrr)).toBe(byCode.standard.active * 7900);
    expect(cents(byCode.premium.mrr)).toBe(byCode.premium.active * 14900);
    expect(cents(d.mrr)).toBe(d.plans.reduce((n: number, p: any) => n + cents(p.mrr), 0));
    expect(d.active_clients).toBe(d.plans.reduce((n: number, p: any) => n + p.active, 0));
    expect(d.total_companies).toBe(d.plans.reduce((n: number, p: any) => n + p.companies, 0));
    expect(d.recent_companies.length).toBeLessThanOrEqual(5);
    expect(d.recent_companies[0]).toEqual(
      expect.objectContaining({ id: expect.any(Number), company_name: expect.any(String), subscription_plan: expect.any(String) }),
    );
  });

  it('is for the superadmin only', async () => {
    const client = await login(t, (await createUser(t.em(), 'client')).email);
    for (const token of [a.tokens.company_admin, a.tokens.employee, client]) {
      expect((await t.http().get('/api/dashboard/platform').set(bearer(token))).status).toBe(403);
    }
    expect((await t.http().get('/api/dashboard/platform')).status).toBe(401);
  });
});
