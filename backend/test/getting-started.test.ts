import { CompaniesService } from '../src/modules/companies/companies.service';
import { Package } from '../src/modules/packages/package.entity';
import { createTestApp, type TestApp } from './support/app';
import { PASSWORD, bearer, createCompany, createUser, login, unique, type CompanyFixture } from './support/fixtures';
import { usePackage } from './support/packages';

const API = '/api/dashboard/getting-started';
const STEPS = ['departments', 'positions', 'location_and_shift', 'invite_employees', 'leave_policy', 'payroll_settings'];

describe('getting-started checklist API', () => {
  let t: TestApp;
  let other: CompanyFixture;

  /** A free trial as sign-up makes it: the company with its defaults (leave types and policies, tax table) and its admin. */
  const trial = async (firstName = 'Dana') => {
    const pkg = await t.em().findOneOrFail(Package, { package_code: 'enterprise' });
    const name = unique('trial');
    const { company, admin } = await t.app.get(CompaniesService).createTrial(
      { company_name: `Trial ${name}`, package_id: pkg.id },
      { username: name, email: `${name}@test.example.com`, password: PASSWORD, first_name: firstName, last_name: 'Owner' },
    );
    return { company, admin, token: await login(t, admin.email) };
  };
  const state = async (token: string) => {
    const res = await t.http().get(API).set(bearer(token));
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const done = async (token: string) => Object.fromEntries((await state(token)).steps.map((s: any) => [s.key, s.done]));
  const post = async (token: string, path: string, body: Record<string, unknown>) => {
    const res = await t.http().post(path).set(bearer(token)).send(body);
    expect([200, 201]).toContain(res.status);
    return res.body.data;
  };
  /** The company and its default rows as if written an hour ago: what the admin does now is told apart from the defaults. */
  const anHourAgo = async (companyId: number) => {
    const em = t.em();
    await em.execute(`update companies set created_at = created_at - interval '1 hour' where id = ?`, [companyId]);
    for (const table of ['leave_types', 'leave_policies', 'tax_brackets']) {
      await em.execute(`update ${table} set created_at = created_at - interval '1 hour', updated_at = updated_at - interval '1 hour' where company_id = ?`, [
        companyId,
      ]);
    }
  };

  beforeAll(async () => {
    t = await createTestApp();
    // another company with a department, a position and an employee who signs in
    other = await createCompany(t, 'Other');
  });
  afterAll(() => t.close());

  it('shows a new trial company every step unticked, with its default leave types and tax table not counted, and greets the first sign-in', async () => {
    const { token } = await trial();
    const s = await state(token);
    expect(s.steps.map((step: any) => step.key)).toEqual(STEPS);
    expect(s.steps.every((step: any) => step.done === false)).toBe(true);
    expect(s).toEqual(expect.objectContaining({ done_count: 0, total: 6, all_done: false, dismissed: false, dismissed_at: null }));

    const dashboard = await t.http().get('/api/dashboard/company').set(bearer(token));
    expect(dashboard.body.data.first_sign_in).toBe(true);
  });

  it("ticks each step from the company's own data, never from another company's", async () => {
    const { company, token } = await trial();
    // the other company has departments, positions and an employee with a login: none of it counts here
    expect(await done(token)).toEqual(Object.fromEntries(STEPS.map((k) => [k, false])));
    const theirs = await done(other.tokens.company_admin);
    expect(theirs).toEqual(expect.objectContaining({ departments: true, positions: true, invite_employees: true }));

    const department = await post(token, '/api/hr/departments', { department_code: 'OPS', department_name: 'Operations' });
    expect(await done(token)).toEqual(expect.objectContaining({ departments: true, positions: false }));
    const after = await state(token);
    expect(after.done_count).toBe(1);

    await post(token, '/api/hr/positions', { position_code: 'ANL', position_title: 'Analyst', department_id: department.id });
    expect((await done(token)).positions).toBe(true);

    // a shift alone is half of the step
    await post(token, '/api/hr/shifts', { shift_name: 'Morning', shift_code: 'MORN', start_time: '09:00', end_time: '17:00' });
    expect((await done(token)).location_and_shift).toBe(false);
    await post(token, '/api/hr/work-locations', { location_name: 'Head Office', latitude: 37.7937, longitude: -122.3965 });
    expect((await done(token)).location_and_shift).toBe(true);

    // an employee without a login is not yet invited
    const employee = await post(token, '/api/hr/employees', {
      employee_code: 'E001',
      first_name: 'Ivy',
      last_name: 'Invited',
      email: `${unique('ivy')}@test.example.com`,
      hire_date: '2026-01-05',
    });
    expect((await done(token)).invite_employees).toBe(false);
    const invited = await t.http().post(`/api/hr/employees/${employee.id}/invitation`).set(bearer(token));
    expect(invited.status).toBe(200);
    expect((await done(token)).invite_employees).toBe(true);

    // the leave policy: changing a default leave type counts
    await anHourAgo(company.id);
    expect((await done(token)).leave_policy).toBe(false);
    const types = await t.http().get('/api/hr/leave-types').set(bearer(token));
    const annual = types.body.data.find((lt: any) => lt.type_code === 'AL');
    const changed = await t.http().put(`/api/hr/leave-types/${annual.id}`).set(bearer(token)).send({ max_days_per_year: 25 });
    expect(changed.status).toBe(200);
    expect((await done(token)).leave_policy).toBe(true);

    expect((await done(token)).payroll_settings).toBe(false);
    await post(token, '/api/hr/payroll/components', {
      component_name: 'Meal allowance',
      component_code: 'MEAL',
      component_type: 'allowance',
      calculation_type: 'fixed',
      amount: '50.00',
    });
    const all = await state(token);
    expect(all.steps.every((step: any) => step.done)).toBe(true);
    expect(all).toEqual(expect.objectContaining({ done_count: 6, total: 6, all_done: true }));

    // none of it ticked another new company's steps
    const fresh = await trial();
    expect((await state(fresh.token)).done_count).toBe(0);
  });

  it('ticks payroll settings once the tax table is saved, and a leave type added later', async () => {
    const { company, token } = await trial();
    await anHourAgo(company.id);
    const brackets = await t.http().get('/api/hr/payroll/tax-brackets').set(bearer(token));
    const saved = await t
      .http()
      .put('/api/hr/payroll/tax-brackets')
      .set(bearer(token))
      .send({ brackets: brackets.body.data.map((b: any) => ({ lower_bound: b.lower_bound, upper_bound: b.upper_bound, rate: b.rate })) });
    expect(saved.status).toBe(200);
    await post(token, '/api/hr/leave-types', { type_name: 'Study Leave', type_code: 'STL', max_days_per_year: 5 });
    expect(await done(token)).toEqual(expect.objectContaining({ payroll_settings: true, leave_policy: true, departments: false }));
  });

  it('lists only the steps of modules in the plan', async () => {
    const { company, token } = await trial();
    await usePackage(t, company, { max_employees: 25, features: ['employees', 'departments', 'positions', 'leave'] });
    const s = await state(token);
    expect(s.steps.map((step: any) => step.key)).toEqual(['departments', 'positions', 'invite_employees', 'leave_policy']);
    expect(s.total).toBe(4);
  });

  it('keeps the dismissal per admin: hidden after signing in again, still shown to another admin, and shown again on request', async () => {
    const { company, admin, token } = await trial();
    const hide = await t.http().put(API).set(bearer(token)).send({ dismissed: true });
    expect(hide.status).toBe(200);
    expect(hide.body.message).toBe('Getting started hidden');
    expect(hide.body.data.dismissed).toBe(true);
    expect(new Date(hide.body.data.dismissed_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    // hiding twice keeps it hidden
    expect((await t.http().put(API).set(bearer(token)).send({ dismissed: true })).body.data.dismissed).toBe(true);

    const again = await login(t, admin.email);
    expect((await state(again)).dismissed).toBe(true);
    // the second sign-in is greeted as a return
    const dashboard = await t.http().get('/api/dashboard/company').set(bearer(again));
    expect(dashboard.body.data.first_sign_in).toBe(false);

    const colleague = await createUser(t.em(), 'company_admin', { company });
    expect((await state(await login(t, colleague.email))).dismissed).toBe(false);

    const show = await t.http().put(API).set(bearer(again)).send({ dismissed: false });
    expect(show.body.message).toBe('Getting started shown again');
    expect(show.body.data).toEqual(expect.objectContaining({ dismissed: false, dismissed_at: null }));
    expect((await state(token)).dismissed).toBe(false);
  });

  it('answers bad input and other roles in words', async () => {
    const { token } = await trial();
    const missing = await t.http().put(API).set(bearer(token)).send({});
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('Dismissed is required');
    const wrong = await t.http().put(API).set(bearer(token)).send({ dismissed: 'yes' });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain('Dismissed must be true or false');

    const employee = await t.http().get(API).set(bearer(other.tokens.employee));
    expect(employee.status).toBe(403);
    expect(employee.body.message).toBe('The getting-started checklist is for the company administrator');
    const employeeHide = await t.http().put(API).set(bearer(other.tokens.employee)).send({ dismissed: true });
    expect(employeeHide.status).toBe(403);
    expect(employeeHide.body.message).toBe('The getting-started checklist is for the company administrator');
    const count = await t.em().execute(`select count(*) as n from getting_started_dismissals where user_id = ?`, [other.employeeUser.id]);
    expect(Number(count[0].n)).toBe(0);

    const superadmin = await login(t, (await createUser(t.em(), 'superadmin')).email);
    const platform = await t.http().get(API).set(bearer(superadmin));
    expect(platform.status).toBe(403);
    expect(platform.body.message).toBe('Impersonate a company to work with its data');
    expect((await t.http().get(API)).status).toBe(401);
  });
});
