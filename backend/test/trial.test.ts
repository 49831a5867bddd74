import { Company } from '../src/modules/companies/company.entity';
import { CompanySetup, type NewCompany } from '../src/modules/companies/company-setup';
import { Department } from '../src/modules/departments/department.entity';
import { User } from '../src/modules/users/user.entity';
import { createTestApp, type TestApp } from './support/app';
import { bearer, createUser, login, unique } from './support/fixtures';
import { ProbeModule } from './support/probe.module';
import { injectedFault } from './support/openapi-check';

const DAY = 86400_000;
/** The trial's answer, alike for a new address and one with an account, saying truthfully what happened in either case. */
const TRIAL_ANSWER = {
  success: true,
  message:
    'Thank you! If this e-mail address is new to HR Platform, your company and its free trial are ready: sign in with the password you chose. ' +
    'If the address already has an account, nothing new was created and your password is unchanged: we have e-mailed you how to go on.',
  data: null,
};

describe('free trial: POST /api/auth/register with create_company', () => {
  let t: TestApp;
  let superadmin: string;
  let packageId: (code: string) => Promise<number>;
  const setupCalls: NewCompany[] = [];
  let failSetupFor: string | null = null;

  beforeAll(async () => {
    t = await createTestApp({ extraImports: [ProbeModule] });
    superadmin = await login(t, (await createUser(t.em(), 'superadmin')).email);
    packageId = async (code) => (await t.em().execute(`select id from packages where package_code = ?`, [code]))[0].id;
    // a module's company defaults: one department per new company, in the creating transaction
    t.app.get(CompanySetup).register('test-defaults', async (created) => {
      setupCalls.push(created);
      if (created.company.company_name === failSetupFor) throw new Error('defaults failed');
      created.em.create(Department, { company: created.company, department_code: 'GEN', department_name: 'General' });
    });
  });
  afterAll(() => t.close());

  const trial = (over: Record<string, unknown> = {}) => {
    const name = unique('trial');
    return {
      username: name,
      email: `${name}@Example.com`,
      password: 'Orchid#Lake2026',
      role: 'company_admin',
      first_name: 'Tina',
      last_name: 'Trial',
      company_name: `${name} Inc`,
      company_industry: 'Retail',
      create_company: true,
      ...over,
    };
  };
  const register = (body: object) => t.http().post('/api/auth/register').send(body);
  /** The answer names no account (it is the same for an email in use): the company is found by its admin. */
  const companyIdOf = async (body: { username: unknown }) =>
    (await t.em().findOneOrFail(User, { username: body.username as string }, { filters: false })).company!.id;

  it('creates the company in trial on the chosen package, its company_admin and its defaults, who can then sign in', async () => {
    const body = trial({ package_id: await packageId('standard') });
    const before = Date.now();
    const res = await register(body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual(TRIAL_ANSWER);
    expect(await t.em().findOneOrFail(User, { username: body.username }, { filters: false })).toMatchObject({
      email: (body.email as string).toLowerCase(),
      role: 'company_admin',
      first_name: 'Tina',
      last_name: 'Trial',
    });
    const company = await t.em().findOneOrFail(Company, { id: await companyIdOf(body) }, { populate: ['package'] });
    expect(company).toMatchObject({
      company_name: body.company_name,
      industry: 'Retail',
      email: (body.email as string).toLowerCase(),
      subscription_plan: 'standard',
      subscription_status: 'active',
    });
    expect(company.package.package_code).toBe('standard');
    // Standard has a 14-day trial
    const ends = company.trial_ends_at!.getTime();
    expect(ends).toBeGreaterThanOrEqual(before + 14 * DAY - 1000);
    expect(ends).toBeLessThanOrEqual(Date.now() + 14 * DAY + 1000);
    expect(company.company_code).toBe((body.company_name as string).toUpperCase().replace(/[^A-Z0-9]+/g, '-'));
    // the defaults ran in the same transaction, with the plan's modules
    const call = setupCalls.find((c) => c.company.id === company.id)!;
    expect([...call.modules]).toEqual(['employees', 'departments', 'positions', 'attendance', 'leave', 'payroll', 'reports', 'settings']);
    expect(await t.em().count(Department, { company: company.id }, { filters: false })).toBe(1);

    const token = await login(t, (body.email as string).toLowerCase(), 'Orchid#Lake2026');
    const sub = await t.http().get('/api/packages/subscription').set(bearer(token));
    expect(sub.body.data).toMatchObject({ state: 'trial', trial_days_left: 14, write_blocked_reason: null, admins_count: 1 });
    expect((await t.http().get('/api/probe/employees').set(bearer(token))).status).toBe(200);
    const perms = await t.http().get('/api/permissions/user/permissions').set(bearer(token));
    expect(perms.body.data.map((p: any) => p.module.module_key)).not.toContain('kpi');
  });

  it('uses the default package and a 30-day trial without a package; a chosen package with no trial days gives no trial time', async () => {
    const body = trial();
    const res = await register(body);
    expect(res.status).toBe(201);
    const company = await t.em().findOneOrFail(Company, { id: await companyIdOf(body) });
    expect(company.subscription_plan).toBe('enterprise');
    expect(Math.round((company.trial_ends_at!.getTime() - Date.now()) / DAY)).toBe(30);

    const noTrial = await t
      .http()
      .post('/api/packages/packages')
      .set(bearer(superadmin))
      .send({ package_code: unique('nt'), package_name: 'No Trial', monthly_price: 9, annual_price: 90 });
    const body2 = trial({ package_id: noTrial.body.data.id });
    expect((await register(body2)).status).toBe(201);
    const company2 = await t.em().findOneOrFail(Company, { id: await companyIdOf(body2) });
    expect(company2.subscription_plan).toBe(noTrial.body.data.package_code);
    // no trial time (not the 30 days of no package): no trial end, or one that is already here
    if (company2.trial_ends_at) {
      expect(company2.trial_ends_at.getTime()).toBeLessThanOrEqual(Date.now());
      expect(Date.now() - company2.trial_ends_at.getTime()).toBeLessThan(DAY);
    }
  });

  it('gives a second company of the same name a code of its own, and one from its name for a company code in use (the answer tells nothing)', async () => {
    const [firstBody, secondBody] = [trial({ company_name: 'Same Name Ltd' }), trial({ company_name: 'Same Name Ltd' })];
    const first = await register(firstBody);
    const second = await register(secondBody);
    expect([first.status, second.status]).toEqual([201, 201]);
    const codes = await t.em().find(Company, { id: { $in: [await companyIdOf(firstBody), await companyIdOf(secondBody)] } });
    expect(new Set(codes.map((c) => c.company_code)).size).toBe(2);

    const body = trial({ company_code: codes[0].company_code.toLowerCase() });
    const taken = await register(body);
    expect(taken.status).toBe(201);
    expect(taken.body).toEqual(TRIAL_ANSWER);
    const third = await t.em().findOneOrFail(Company, { id: await companyIdOf(body) });
    expect(third.company_code.toLowerCase()).not.toBe(codes[0].company_code.toLowerCase());
    expect(await t.em().count(Company, { company_code: { $ilike: codes[0].company_code } })).toBe(1);
  });

  it('answers a username in use and an email in use as a success; the email creates no company, the username is numbered', async () => {
    const existing = await createUser(t.em(), 'client');
    const byEmail = trial({ email: existing.email.toUpperCase() });
    const res = await register(byEmail);
    expect(res.status).toBe(201);
    expect(res.body).toEqual(TRIAL_ANSWER);
    expect(await t.em().count(Company, { company_name: byEmail.company_name as string })).toBe(0);
    const byName = trial({ username: existing.username });
    const named = await register(byName);
    expect(named.status).toBe(201);
    expect(named.body).toEqual(TRIAL_ANSWER);
    const admin = await t.em().findOneOrFail(User, { email: (byName.email as string).toLowerCase() }, { filters: false });
    expect(admin.username).toBe(`${existing.username}2`);
    expect(await t.em().count(Company, { company_name: byName.company_name as string })).toBe(1);
  });

  it.each([
    [{ company_name: '' }, 'company_name', 'Company name is required'],
    [{ company_name: undefined }, 'company_name', 'Company name is required'],
    [{ company_industry: 'Mining' }, 'company_industry', expect.stringMatching(/^Industry must be one of Technology, Healthcare, /)],
    [{ package_id: 'basic' }, 'package_id', 'Package ID must be a valid ID'],
    [{ password: '123' }, 'password', 'Password must be at least 8 characters'],
    [{ password: 'Tina#Trial1' }, 'password', 'Password must not contain your name, email or company name'],
    [{ role: 'superadmin' }, 'role', 'Role must be company admin'],
    [{ confirmPassword: 'Orchid#Lake2026' }, 'confirmPassword', 'Confirm password is not an accepted field'],
  ])('refuses %j naming %s', async (over, field, message) => {
    const res = await register(trial(over));
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ field, message });
  });

  it('refuses an inactive or unknown package', async () => {
    const inactive = await t
      .http()
      .post('/api/packages/packages')
      .set(bearer(superadmin))
      .send({ package_code: unique('old'), package_name: 'Retired', monthly_price: 9, annual_price: 90, is_active: false });
    for (const id of [inactive.body.data.id, 999999]) {
      const res = await register(trial({ package_id: id }));
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'package_id', message: 'The selected package does not exist' }]);
    }
  });

  it('keeps self-registration a client: company_admin needs create_company', async () => {
    const res = await register({ ...trial(), create_company: undefined });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ field: 'role', message: 'Role must be client' });
    const clientBody = { ...trial(), create_company: false, role: 'client', company_name: undefined };
    expect((await register(clientBody)).status).toBe(201);
    expect(await t.em().findOneOrFail(User, { username: clientBody.username }, { filters: false })).toMatchObject({ role: 'client', company: null });
  });

  it('creates nothing when a default fails (one transaction)', async () => {
    const body = trial({ company_name: unique('Broken ') });
    failSetupFor = body.company_name as string;
    const res = await injectedFault(register(body));
    failSetupFor = null;
    expect(res.status).toBe(500);
    expect(await t.em().count(Company, { company_name: body.company_name as string })).toBe(0);
    expect(await t.em().count(User, { username: body.username as string })).toBe(0);
  });
});
