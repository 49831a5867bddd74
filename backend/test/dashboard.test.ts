import { DateTime } from 'luxon';
import { Company } from '../src/modules/companies/company.entity';
import { CompanyMetrics } from '../src/modules/dashboard/company-metrics';
import { DASHBOARD_MODULES } from '../src/modules/dashboard/dto/company-dashboard.dto';
import { createTestApp, type TestApp } from './support/app';
import { bearer, createCompany, createUser, grant, login, unique, type CompanyFixture } from './support/fixtures';
import { usePackage } from './support/packages';

const API = '/api/dashboard/company';

describe('company dashboard API', () => {
  let t: TestApp;
  let a: CompanyFixture;
  let b: CompanyFixture;

  const addEmployee = (token: string, extra: Record<string, unknown> = {}) =>
    t
      .http()
      .post('/api/hr/employees')
      .set(bearer(token))
      .send({
        employee_code: unique('E'),
        first_name: 'New',
        last_name: 'Hire',
        email: `${unique('n')}@test.example.com`,
        hire_date: '2026-01-01',
        ...extra,
      });

  beforeAll(async () => {
    t = await createTestApp();
    a = await createCompany(t, 'Alpha');
    b = await createCompany(t, 'Beta');
  });
  afterAll(() => t.close());

  it('gives a company admin every card, the 5 newest employees, the plan modules and the subscription', async () => {
    const made: number[] = [];
    for (let i = 0; i < 6; i++) made.push((await addEmployee(a.tokens.company_admin)).body.data.id);
    await addEmployee(a.tokens.company_admin, { employment_status: 'terminated' });

    const res = await t.http().get(API).set(bearer(a.tokens.company_admin));
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.company_id).toBe(a.company.id);
    expect(d.cards).toEqual({ total_employees: 7, present_today: 0, pending_leaves: 0, monthly_payroll: '0.00' });
    expect(d.recent_employees).toHaveLength(5);
    expect(d.recent_employees[0]).toEqual(expect.objectContaining({ employment_status: 'terminated' }));
    expect(d.recent_employees.slice(1).map((e: any) => e.id)).toEqual(made.slice(-4).reverse());
    expect(d.recent_leave_requests).toEqual([]);
    expect(d.modules.map((m: any) => m.module_key)).toEqual([...DASHBOARD_MODULES]);
    expect(d.modules.every((m: any) => m.in_plan && m.can_view && m.can_create && m.can_edit && m.can_delete)).toBe(true);
    expect(d.subscription).toEqual(
      expect.objectContaining({ package_name: 'Enterprise', package_code: 'enterprise', subscription_status: 'active', max_employees: -1, employees_count: 7 }),
    );
  });

  it("computes today in the company's time zone", async () => {
    await t.em().nativeUpdate(Company, { id: b.company.id }, { time_zone: 'Pacific/Kiritimati' });
    const res = await t.http().get(API).set(bearer(b.tokens.company_admin));
    expect(res.body.data.time_zone).toBe('Pacific/Kiritimati');
    expect(res.body.data.today).toBe(DateTime.now().setZone('Pacific/Kiritimati').toISODate());
  });

  it("shows only the caller's company", async () => {
    const res = await t.http().get(API).set(bearer(b.tokens.company_admin));
    expect(res.body.data.company_id).toBe(b.company.id);
    expect(res.body.data.cards.total_employees).toBe(1);
    expect(res.body.data.recent_employees.map((e: any) => e.id)).toEqual([b.employee.id]);
  });

  it('marks modules outside the plan, and hides their cards', async () => {
    const c = await createCompany(t, 'Basic');
    await usePackage(t, c.company, { max_employees: 25, features: ['employees', 'departments', 'positions', 'attendance', 'leave'] });
    const res = await t.http().get(API).set(bearer(c.tokens.company_admin));
    const modules = Object.fromEntries(res.body.data.modules.map((m: any) => [m.module_key, m]));
    expect(modules.payroll).toEqual(expect.objectContaining({ in_plan: false, can_view: false }));
    expect(modules.reports.in_plan).toBe(false);
    expect(modules.employees.in_plan).toBe(true);
    expect(res.body.data.cards.monthly_payroll).toBeNull();
    expect(res.body.data.cards.total_employees).toBe(1);
    expect(res.body.data.subscription.max_employees).toBe(25);
  });

  it("gives an employee only the cards of modules they may view, and company-wide figures only to who sees everyone's records", async () => {
    const c = await createCompany(t, 'Staff');
    const token = bearer(c.tokens.employee);
    const none = await t.http().get(API).set(token);
    expect(none.status).toBe(200);
    expect(none.body.data.cards).toEqual({ total_employees: null, present_today: null, pending_leaves: null, monthly_payroll: null });
    expect(none.body.data.recent_employees).toBeNull();
    expect(none.body.data.recent_leave_requests).toBeNull();
    expect(none.body.data.subscription).toBeNull();
    expect(none.body.data.modules.find((m: any) => m.module_key === 'employees')).toEqual(
      expect.objectContaining({ in_plan: true, can_view: false }),
    );

    await grant(t, { position: c.position }, c.company, 'employees', { can_view: true });
    await grant(t, { position: c.position }, c.company, 'payroll', { can_view: true });
    await grant(t, { position: c.position }, c.company, 'attendance', { can_view: true });
    const some = await t.http().get(API).set(token);
    // attendance view and payroll view alone are one's own records: no company-wide count or sum
    expect(some.body.data.cards).toEqual({ total_employees: 1, present_today: null, pending_leaves: null, monthly_payroll: null });
    expect(some.body.data.recent_employees).toHaveLength(1);

    await grant(t, { department: c.department }, c.company, 'payroll', { can_view: true, can_edit: true });
    const payroll = await t.http().get(API).set(token);
    expect(payroll.body.data.cards.monthly_payroll).toBe('0.00');
  });

  it('never shows monthly payroll to a client', async () => {
    const client = await createUser(t.em(), 'client', { company: a.company });
    const res = await t.http().get(API).set(bearer(await login(t, client.email)));
    expect(res.status).toBe(200);
    expect(res.body.data.cards.monthly_payroll).toBeNull();
    expect(res.body.data.subscription).toBeNull();
  });

  it('refuses a superadmin who is not impersonating and a user without a company', async () => {
    const superadmin = await login(t, (await createUser(t.em(), 'superadmin')).email);
    const res = await t.http().get(API).set(bearer(superadmin));
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Impersonate a company to work with its data');
    const loner = await login(t, (await createUser(t.em(), 'client')).email);
    expect((await t.http().get(API).set(bearer(loner))).status).toBe(403);
    expect((await t.http().get(API)).status).toBe(401);
  });

  it('uses the figures a module registers', async () => {
    const metrics = t.app.get(CompanyMetrics);
    metrics.provide({
      presentToday: async (companyId, today) => (companyId === a.company.id && /^\d{4}-\d{2}-\d{2}$/.test(today) ? 3 : 0),
      monthlyPayroll: async () => '12345.67',
    });
    const res = await t.http().get(API).set(bearer(a.tokens.company_admin));
    expect(res.body.data.cards.present_today).toBe(3);
    expect(res.body.data.cards.monthly_payroll).toBe('12345.67');
  });
});
