import { Company } from '../src/modules/companies/company.entity';
import { Department } from '../src/modules/departments/department.entity';
import { Employee } from '../src/modules/employees/employee.entity';
import { PermissionEntry } from '../src/modules/permissions/permission-entry.entity';
import { Position } from '../src/modules/positions/position.entity';
import { User } from '../src/modules/users/user.entity';
import { createTestApp, type TestApp } from './support/app';
import { bearer, createCompany, createUser, grant, login, unique, type CompanyFixture } from './support/fixtures';

const q = (filter: object) => `filter=${encodeURIComponent(JSON.stringify(filter))}`;

describe('companies (superadmin)', () => {
  let t: TestApp;
  let superadmin: string;
  let client: string;
  let a: CompanyFixture;
  let b: CompanyFixture;
  let packageId: (code: string) => Promise<number>;

  beforeAll(async () => {
    t = await createTestApp();
    superadmin = await login(t, (await createUser(t.em(), 'superadmin')).email);
    client = await login(t, (await createUser(t.em(), 'client')).email);
    a = await createCompany(t, 'Alpha');
    b = await createCompany(t, 'Beta');
    packageId = async (code) => (await t.em().execute(`select id from packages where package_code = ?`, [code]))[0].id;
  });
  afterAll(() => t.close());

  const post = (url: string, body: object, token = superadmin) => t.http().post(url).set(bearer(token)).send(body);
  const put = (url: string, body: object, token = superadmin) => t.http().put(url).set(bearer(token)).send(body);
  const get = (url: string, token = superadmin) => t.http().get(url).set(bearer(token));
  const newCompany = (over: Record<string, unknown> = {}) => ({
    company_name: 'Globex Corporation',
    company_code: unique('GLX').toUpperCase(),
    industry: 'Manufacturing',
    email: 'info@globex.example.com',
    phone: '+1 (555) 010-2000',
    address: '42 Industrial Way',
    website: 'https://globex.example.com',
    ...over,
  });

  describe('GET /api/auth/companies', () => {
    it('lists companies with their package, subscription and users_count, and searches them', async () => {
      const res = await get(`/api/auth/companies?${q({ q: a.company.company_code })}`);
      expect(res.status).toBe(200);
      expect(res.headers['content-range']).toBe('auth/companies 0-0/1');
      expect(res.body.data).toEqual([
        expect.objectContaining({
          id: a.company.id,
          company_name: a.company.company_name,
          company_code: a.company.company_code,
          subscription_plan: 'enterprise',
          subscription_status: 'active',
          subscription_state: 'active',
          package: expect.objectContaining({ package_code: 'enterprise', package_name: 'Enterprise', monthly_price: '299.00' }),
          users_count: 2,
          employees_count: 1,
          admins_count: 1,
        }),
      ]);
      const page = await get('/api/auth/companies?range=[0,0]&sort=["id","DESC"]');
      expect(page.body.data).toHaveLength(1);
      expect(page.headers['content-range']).toMatch(/^auth\/companies 0-0\/\d+$/);
      const byStatus = await get(`/api/auth/companies?${q({ subscription_status: 'cancelled', q: a.company.company_code })}`);
      expect(byStatus.body.data).toEqual([]);
    });
  });

  describe('POST /api/auth/companies', () => {
    it('creates a company on the default package (Enterprise)', async () => {
      const body = newCompany();
      const res = await post('/api/auth/companies', body);
      expect(res.status).toBe(201);
      expect(res.body.message).toBe('Company created successfully!');
      expect(res.body.data).toMatchObject({
        ...body,
        subscription_plan: 'enterprise',
        subscription_status: 'active',
        trial_ends_at: null,
        time_zone: 'UTC',
        users_count: 0,
        package: expect.objectContaining({ package_code: 'enterprise' }),
      });
      expect(res.body.data.package_id).toBe(await packageId('enterprise'));
    });

    it('creates a company on the chosen package, subscription_plan following it', async () => {
      const basic = await packageId('basic');
      const res = await post('/api/auth/companies', newCompany({ package_id: basic, subscription_status: 'suspended', email: null }));
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ package_id: basic, subscription_plan: 'basic', subscription_status: 'suspended', email: null });
    });

    it.each([
      [{ company_name: '' }, 'company_name', 'Company name is required'],
      [{ company_code: undefined }, 'company_code', 'Company code is required'],
      [{ company_code: 'A B' }, 'company_code', 'Company code may contain only letters, digits, dashes and underscores'],
      [{ email: 'nope' }, 'email', 'Please enter a valid email address'],
      [{ phone: 'call me' }, 'phone', 'Please enter a valid phone number'],
      [{ website: 'not a url' }, 'website', 'Please enter a valid website URL'],
      [{ subscription_status: 'paused' }, 'subscription_status', 'Subscription status must be one of active, suspended or cancelled'],
      [{ time_zone: 'Mars/Olympus' }, 'time_zone', 'Time zone must be an IANA time zone such as Europe/Paris'],
      [{ package_id: 'x' }, 'package_id', 'Package ID must be a valid ID'],
      [{ users_count: 3 }, 'users_count', 'Users count is not an accepted field'],
    ])('refuses %j naming %s', async (over, field, message) => {
      const res = await post('/api/auth/companies', newCompany(over));
      expect(res.status).toBe(400);
      expect(res.body.errors).toContainEqual({ field, message });
    });

    it('refuses an unknown package (400) and a company code in use, whatever its case (409)', async () => {
      const unknown = await post('/api/auth/companies', newCompany({ package_id: 999999 }));
      expect(unknown.status).toBe(400);
      expect(unknown.body.errors).toEqual([{ field: 'package_id', message: 'The selected package does not exist' }]);
      const taken = await post('/api/auth/companies', newCompany({ company_code: a.company.company_code.toLowerCase() }));
      expect(taken.status).toBe(409);
      expect(taken.body.errors).toEqual([{ field: 'company_code', message: 'A company with this code already exists' }]);
    });
  });

  describe('GET and PUT /api/auth/companies/{id}', () => {
    it('reads a company, and answers 404 for an unknown one', async () => {
      const res = await get(`/api/auth/companies/${b.company.id}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ id: b.company.id, company_code: b.company.company_code, users_count: 2 });
      const missing = await get('/api/auth/companies/999999');
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ success: false, message: 'Company not found' });
    });

    it('updates the fields sent, and moves the company to another package', async () => {
      const created = (await post('/api/auth/companies', newCompany())).body.data;
      const standard = await packageId('standard');
      const trialEnd = new Date(Date.now() + 5 * 86400_000).toISOString();
      const res = await put(`/api/auth/companies/${created.id}`, {
        company_name: 'Globex Renamed',
        package_id: standard,
        subscription_status: 'cancelled',
        trial_ends_at: trialEnd,
        phone: null,
      });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Company updated successfully!');
      expect(res.body.data).toMatchObject({
        company_name: 'Globex Renamed',
        company_code: created.company_code,
        industry: 'Manufacturing',
        phone: null,
        package_id: standard,
        subscription_plan: 'standard',
        subscription_status: 'cancelled',
        subscription_state: 'cancelled',
        trial_ends_at: trialEnd,
      });
      const stored = await t.em().findOneOrFail(Company, { id: created.id });
      expect(stored.subscription_plan).toBe('standard');
      expect(stored.package.id).toBe(standard);
    });

    it('refuses a blank name, a code in use, an unknown package, and an unknown company', async () => {
      const created = (await post('/api/auth/companies', newCompany())).body.data;
      const blank = await put(`/api/auth/companies/${created.id}`, { company_name: ' ' });
      expect(blank.status).toBe(400);
      expect(blank.body.message).toBe('Company name is required');
      const taken = await put(`/api/auth/companies/${created.id}`, { company_code: b.company.company_code });
      expect(taken.status).toBe(409);
      expect((await put(`/api/auth/companies/${created.id}`, { company_code: created.company_code.toLowerCase() })).status).toBe(200);
      expect((await put(`/api/auth/companies/${created.id}`, { package_id: 999999 })).status).toBe(400);
      expect((await put('/api/auth/companies/999999', { company_name: 'X' })).status).toBe(404);
    });

    it("takes an industry only from the free trial's list (platform.md 3), and clears it with an empty value", async () => {
      const created = (await post('/api/auth/companies', newCompany())).body.data;
      const mining = await put(`/api/auth/companies/${created.id}`, { industry: 'Mining' });
      expect(mining.status).toBe(400);
      expect(mining.body.errors).toEqual([expect.objectContaining({ field: 'industry', message: expect.stringMatching(/^Industry must be one of Technology, Healthcare, .*Other$/) })]);
      expect((await t.em().fork().findOneOrFail(Company, { id: created.id })).industry).toBe('Manufacturing');
      const retail = await put(`/api/auth/companies/${created.id}`, { industry: 'Real Estate' });
      expect(retail.body.data.industry).toBe('Real Estate');
      expect((await put(`/api/auth/companies/${created.id}`, { industry: '' })).body.data.industry).toBeNull();
    });

    it("refuses a package whose limits the company exceeds (422)", async () => {
      const c = await createCompany(t, 'Small');
      const tiny = (
        await post('/api/packages/packages', {
          package_code: unique('tiny'),
          package_name: 'Tiny',
          monthly_price: 1,
          annual_price: 10,
          max_employees: 0,
        })
      ).body.data;
      const res = await put(`/api/auth/companies/${c.company.id}`, { package_id: tiny.id });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe('The Tiny package allows at most 0 employees; the company has 1');
      expect((await get(`/api/auth/companies/${c.company.id}`)).body.data.subscription_plan).toBe('enterprise');
    });
  });

  describe('POST /api/auth/companies/{id}/admin', () => {
    const admin = () => {
      const name = unique('adm');
      return { username: name, email: `${name}@Example.com`, password: 'Orchid#Lake2026', first_name: 'Ada', last_name: 'Admin' };
    };

    it('creates a company_admin who can sign in and works in the company', async () => {
      const body = admin();
      const res = await post(`/api/auth/companies/${b.company.id}/admin`, body);
      expect(res.status).toBe(201);
      expect(res.body.message).toBe('Company admin created successfully!');
      expect(res.body.data).toMatchObject({
        username: body.username,
        email: body.email.toLowerCase(),
        role: 'company_admin',
        first_name: 'Ada',
        last_name: 'Admin',
        company_id: b.company.id,
        company_name: b.company.company_name,
      });
      expect(JSON.stringify(res.body)).not.toMatch(/password/);
      const token = await login(t, body.email.toLowerCase(), body.password);
      const perms = await get('/api/permissions/user/permissions', token);
      // a company admin holds every module (monitoring and kpi are two since they were split)
      const modules: Array<{ module_key: string }> = await t.em().execute('select module_key from modules order by id');
      expect(perms.body.data.map((p: { module: { module_key: string } }) => p.module.module_key).sort()).toEqual(modules.map((m) => m.module_key).sort());
      expect(perms.body.data).toHaveLength(10);
    });

    it.each(['username', 'email', 'password', 'first_name', 'last_name'])('requires %s', async (field) => {
      const messages: Record<string, string> = {
        username: 'Username is required',
        email: 'Email is required',
        password: 'Password is required',
        first_name: 'First name is required',
        last_name: 'Last name is required',
      };
      const res = await post(`/api/auth/companies/${b.company.id}/admin`, { ...admin(), [field]: '' });
      expect(res.status).toBe(400);
      expect(res.body.errors).toContainEqual({ field, message: messages[field] });
    });

    it('answers 409 for an email or username in use, and 404 for an unknown company', async () => {
      const email = await post(`/api/auth/companies/${b.company.id}/admin`, { ...admin(), email: a.admin.email.toUpperCase() });
      expect(email.status).toBe(409);
      expect(email.body.message).toBe('An account with this email already exists');
      const username = await post(`/api/auth/companies/${b.company.id}/admin`, { ...admin(), username: a.admin.username });
      expect(username.status).toBe(409);
      expect((await post('/api/auth/companies/999999/admin', admin())).status).toBe(404);
    });

    it("enforces the package's max_admins (422), -1 being unlimited", async () => {
      const c = await createCompany(t, 'Limited');
      const pkg = (
        await post('/api/packages/packages', {
          package_code: unique('two'),
          package_name: 'Two Admins',
          monthly_price: 5,
          annual_price: 50,
          max_admins: 2,
        })
      ).body.data;
      expect((await put(`/api/auth/companies/${c.company.id}`, { package_id: pkg.id })).status).toBe(200);
      expect((await post(`/api/auth/companies/${c.company.id}/admin`, admin())).status).toBe(201);
      const third = await post(`/api/auth/companies/${c.company.id}/admin`, admin());
      expect(third.status).toBe(422);
      expect(third.body.message).toBe('The Two Admins package allows at most 2 admins. Upgrade the package to add more.');
      expect(await t.em().count(User, { company: c.company.id, role: 'company_admin' })).toBe(2);
      // a disabled admin does not count
      await t.em().nativeUpdate(User, { id: c.admin.id }, { is_active: false });
      expect((await post(`/api/auth/companies/${c.company.id}/admin`, admin())).status).toBe(201);
    });
  });

  describe('DELETE /api/auth/companies/{id}', () => {
    it("removes the company and all of its data in one go, and nothing of another company's", async () => {
      const c = await createCompany(t, 'Doomed');
      await grant(t, { department: c.department }, c.company, 'leave', { can_view: true });
      const em = t.em();
      // a second department and position referencing each other's rows, and a manager
      const dept = em.create(Department, { company: c.company.id, department_code: 'RND', department_name: 'R&D', manager: c.employee.id });
      em.create(Position, { company: c.company.id, position_code: 'LEAD', position_title: 'Lead', department: dept });
      await em.flush();

      const res = await t.http().delete(`/api/auth/companies/${c.company.id}`).set(bearer(superadmin));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, data: { id: c.company.id }, message: 'Company deleted successfully!' });

      const check = t.em();
      expect(await check.count(Company, { id: c.company.id })).toBe(0);
      for (const entity of [Employee, Department, Position, PermissionEntry]) {
        expect(await check.count(entity as any, { company: c.company.id }, { filters: false })).toBe(0);
      }
      expect(await check.count(User, { id: { $in: [c.admin.id, c.employeeUser.id] } })).toBe(0);
      // its users' sessions are over
      expect((await get('/api/auth/me', c.tokens.company_admin)).status).toBe(401);
      // company A is untouched
      expect(await check.count(Employee, { company: a.company.id }, { filters: false })).toBe(1);
      expect((await get(`/api/auth/companies/${a.company.id}`)).body.data.users_count).toBe(2);

      expect((await t.http().delete(`/api/auth/companies/${c.company.id}`).set(bearer(superadmin))).status).toBe(404);
    });
  });

  it('refuses everyone but the superadmin (403), and anonymous callers (401)', async () => {
    const calls: Array<[string, string, object?]> = [
      ['get', '/api/auth/companies'],
      ['post', '/api/auth/companies', newCompany()],
      ['get', `/api/auth/companies/${b.company.id}`],
      ['put', `/api/auth/companies/${b.company.id}`, { company_name: 'Hacked' }],
      ['delete', `/api/auth/companies/${b.company.id}`],
      ['post', `/api/auth/companies/${b.company.id}/admin`, { username: unique('x'), email: `${unique('x')}@x.com`, password: 'secret1', first_name: 'X', last_name: 'Y' }],
    ];
    for (const [method, url, body] of calls) {
      // company A's admin and employee, on company B and on their own company alike
      for (const token of [a.tokens.company_admin, a.tokens.employee, client]) {
        const res = await (t.http() as any)[method](url).set(bearer(token)).send(body);
        expect({ method, url, status: res.status }).toEqual({ method, url, status: 403 });
      }
      expect((await (t.http() as any)[method](url).send(body)).status).toBe(401);
    }
    const own = await t.http().get(`/api/auth/companies/${a.company.id}`).set(bearer(a.tokens.company_admin));
    expect(own.status).toBe(403);
    expect((await get(`/api/auth/companies/${b.company.id}`)).body.data.company_name).toBe(b.company.company_name);
  });
});
