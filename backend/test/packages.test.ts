import { Company } from '../src/modules/companies/company.entity';
import { createTestApp, type TestApp } from './support/app';
import { bearer, createCompany, createUser, login, unique, type CompanyFixture } from './support/fixtures';

const newPackage = (over: Record<string, unknown> = {}) => ({
  package_code: unique('pkg'),
  package_name: 'Startup',
  description: 'For young teams',
  monthly_price: 49,
  annual_price: '490.5',
  ...over,
});

describe('packages and features', () => {
  let t: TestApp;
  let superadmin: string;
  let a: CompanyFixture;
  let client: string;

  beforeAll(async () => {
    t = await createTestApp();
    superadmin = await login(t, (await createUser(t.em(), 'superadmin')).email);
    client = await login(t, (await createUser(t.em(), 'client')).email);
    a = await createCompany(t, 'Alpha');
  });
  afterAll(() => t.close());

  const post = (url: string, body: object, token = superadmin) => t.http().post(url).set(bearer(token)).send(body);
  const put = (url: string, body: object, token = superadmin) => t.http().put(url).set(bearer(token)).send(body);
  const get = (url: string, token = superadmin) => t.http().get(url).set(bearer(token));

  describe('GET /api/packages/packages/public', () => {
    it('answers the active packages without sign-in, by sort_order, in the public shape', async () => {
      const res = await t.http().get('/api/packages/packages/public');
      expect(res.status).toBe(200);
      const list: any[] = res.body.data;
      const orders = list.map((p) => p.sort_order);
      expect(orders).toEqual([...orders].sort((x, y) => x - y));
      const seeded = list.filter((p) => ['basic', 'standard', 'premium', 'enterprise'].includes(p.package_code));
      expect(seeded.map((p) => p.package_name)).toEqual(['Basic', 'Standard', 'Premium', 'Enterprise']);
      expect(seeded.map((p) => p.monthly_price)).toEqual(['29.00', '79.00', '149.00', '299.00']);
      expect(seeded.map((p) => p.annual_price)).toEqual(['290.00', '790.00', '1490.00', '2990.00']);
      const standard = seeded[1];
      expect(standard).toMatchObject({ is_popular: true, trial_days: 14, max_employees: 100 });
      expect(Object.keys(standard).sort()).toEqual(
        [
          'annual_price',
          'description',
          'id',
          'included_features',
          'is_popular',
          'max_admins',
          'max_employees',
          'monthly_price',
          'package_code',
          'package_name',
          'sort_order',
          'trial_days',
        ].sort(),
      );
      expect(standard.included_features.map((f: any) => f.feature_name)).toContain('Payroll');
      const enterprise = seeded[3];
      expect(enterprise.max_employees).toBe(-1);
      // Enterprise includes every seeded feature
      expect(enterprise.included_features.map((f: any) => f.feature_code)).toEqual(
        expect.arrayContaining(['employees', 'payroll', 'reports', 'settings', 'monitoring', 'kpi', 'api_access']),
      );
    });

    it('leaves inactive packages out', async () => {
      const created = await post('/api/packages/packages', newPackage({ is_active: false }));
      expect(created.status).toBe(201);
      const res = await t.http().get('/api/packages/packages/public');
      expect(res.body.data.map((p: any) => p.id)).not.toContain(created.body.data.id);
    });
  });

  describe('packages (superadmin)', () => {
    it('creates a package with the spec defaults and two-decimal prices', async () => {
      const body = newPackage();
      const res = await post('/api/packages/packages', body);
      expect(res.status).toBe(201);
      expect(res.body.message).toBe('Package created successfully!');
      expect(res.body.data).toMatchObject({
        package_code: body.package_code,
        package_name: 'Startup',
        description: 'For young teams',
        monthly_price: '49.00',
        annual_price: '490.50',
        max_employees: 50,
        max_admins: 5,
        trial_days: 0,
        sort_order: 0,
        is_popular: false,
        is_active: true,
        companies_count: 0,
        included_features: [],
      });
      // every feature of the catalogue, none included yet
      expect(res.body.data.features.length).toBeGreaterThanOrEqual(12);
      expect(res.body.data.features.every((f: any) => f.is_included === false)).toBe(true);
    });

    it.each([
      [{ package_code: '' }, 'package_code', 'Package code is required'],
      [{ package_code: 'has space' }, 'package_code', 'Package code may contain only letters, digits, dashes and underscores'],
      [{ package_name: '  ' }, 'package_name', 'Package name is required'],
      [{ monthly_price: undefined }, 'monthly_price', 'Monthly price is required'],
      [{ monthly_price: -1 }, 'monthly_price', 'Monthly price must be a number of at least 0 with at most 2 decimals'],
      [{ annual_price: '10.123' }, 'annual_price', 'Annual price must be a number of at least 0 with at most 2 decimals'],
      [{ max_employees: -2 }, 'max_employees', 'Maximum employees must be -1 (unlimited) or more'],
      [{ max_admins: 1.5 }, 'max_admins', 'Maximum admins must be a whole number'],
      [{ trial_days: -1 }, 'trial_days', 'Trial days must be 0 or more'],
      [{ is_popular: 'yes' }, 'is_popular', 'Is popular must be true or false'],
      [{ price: 3 }, 'price', 'Price is not an accepted field'],
    ])('refuses %j naming %s', async (over, field, message) => {
      const res = await post('/api/packages/packages', newPackage(over));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.errors).toContainEqual({ field, message });
    });

    it('accepts -1 (unlimited) limits and 0 prices', async () => {
      const res = await post('/api/packages/packages', newPackage({ max_employees: -1, max_admins: -1, monthly_price: 0, annual_price: '0' }));
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ max_employees: -1, max_admins: -1, monthly_price: '0.00', annual_price: '0.00' });
    });

    it('answers 409 for a package code that exists, whatever its case', async () => {
      const res = await post('/api/packages/packages', newPackage({ package_code: 'BASIC' }));
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ success: false, message: 'A package with this code already exists' });
      expect(res.body.errors).toEqual([{ field: 'package_code', message: 'A package with this code already exists' }]);
    });

    it('lists packages with Content-Range, searches them, and reads one', async () => {
      const name = unique('Searchable ');
      const created = await post('/api/packages/packages', newPackage({ package_name: name }));
      const all = await get('/api/packages/packages?range=[0,999]');
      expect(all.status).toBe(200);
      expect(all.headers['content-range']).toMatch(/^packages\/packages 0-\d+\/\d+$/);
      const basic = all.body.data.find((p: any) => p.package_code === 'basic');
      expect(basic.included_features.map((f: any) => f.feature_code).sort()).toEqual(
        ['attendance', 'departments', 'employees', 'leave', 'positions', 'settings'].sort(),
      );
      const found = await get(`/api/packages/packages?filter=${encodeURIComponent(JSON.stringify({ q: name }))}`);
      expect(found.body.data.map((p: any) => p.id)).toEqual([created.body.data.id]);
      const one = await get(`/api/packages/packages/${created.body.data.id}`);
      expect(one.status).toBe(200);
      expect(one.body.data.package_name).toBe(name);
      expect((await get('/api/packages/packages/999999')).status).toBe(404);
      expect((await get('/api/packages/packages/999999')).body.message).toBe('Package not found');
    });

    it('updates a package; its code is fixed', async () => {
      const created = (await post('/api/packages/packages', newPackage())).body.data;
      const res = await put(`/api/packages/packages/${created.id}`, {
        package_code: created.package_code,
        package_name: 'Startup Plus',
        monthly_price: '59.9',
        is_popular: true,
        description: '',
      });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Package updated successfully!');
      expect(res.body.data).toMatchObject({ package_name: 'Startup Plus', monthly_price: '59.90', is_popular: true, description: null });
      // untouched fields keep their values
      expect(res.body.data.annual_price).toBe('490.50');

      const renamed = await put(`/api/packages/packages/${created.id}`, { package_code: 'other' });
      expect(renamed.status).toBe(400);
      expect(renamed.body.errors).toEqual([
        { field: 'package_code', message: 'Package code cannot be changed after the package is created' },
      ]);
      expect((await put('/api/packages/packages/999999', { package_name: 'X' })).status).toBe(404);
      const cleared = await put(`/api/packages/packages/${created.id}`, { package_name: null });
      expect(cleared.status).toBe(400);
      expect(cleared.body.message).toBe('Package name is required');
      // limits and flags have no "empty" value: null is refused with the field named, nothing stored
      const nulled = await put(`/api/packages/packages/${created.id}`, {
        max_employees: null,
        max_admins: null,
        trial_days: null,
        is_popular: null,
        sort_order: null,
        is_active: null,
      });
      expect(nulled.status).toBe(400);
      expect(nulled.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
        'is_active',
        'is_popular',
        'max_admins',
        'max_employees',
        'sort_order',
        'trial_days',
      ]);
      expect((await get(`/api/packages/packages/${created.id}`)).body.data).toMatchObject({ is_popular: true, is_active: true });
    });

    it("refuses limits lower than a company on the package uses (422)", async () => {
      const pkg = (await post('/api/packages/packages', newPackage({ max_admins: 3 }))).body.data;
      await t.em().nativeUpdate(Company, { id: a.company.id }, { package: pkg.id, subscription_plan: pkg.package_code });
      try {
        const res = await put(`/api/packages/packages/${pkg.id}`, { max_admins: 0 });
        expect(res.status).toBe(422);
        expect(res.body.message).toMatch(/^Maximum admins cannot be lower than 1: Alpha .* has 1 admins on this package$/);
        expect((await put(`/api/packages/packages/${pkg.id}`, { max_admins: 1, max_employees: 1 })).status).toBe(200);
        expect((await put(`/api/packages/packages/${pkg.id}`, { max_employees: 0 })).status).toBe(422);
      } finally {
        const enterprise = (await t.em().execute(`select id from packages where package_code = 'enterprise'`))[0].id;
        await t.em().nativeUpdate(Company, { id: a.company.id }, { package: enterprise, subscription_plan: 'enterprise' });
      }
    });

    it('deletes a package no company uses, and refuses one in use (409)', async () => {
      const inUse = await t.http().get('/api/packages/packages/public');
      const enterprise = inUse.body.data.find((p: any) => p.package_code === 'enterprise');
      const refused = await t.http().delete(`/api/packages/packages/${enterprise.id}`).set(bearer(superadmin));
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/^This package is used by \d+ compan(y|ies)\. Move them to another package first\.$/);

      const pkg = (await post('/api/packages/packages', newPackage())).body.data;
      await put(`/api/packages/packages/${pkg.id}/features`, { features: [{ feature_id: pkg.features[0].feature_id, is_included: true }] });
      const res = await t.http().delete(`/api/packages/packages/${pkg.id}`).set(bearer(superadmin));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, data: { id: pkg.id }, message: 'Package deleted successfully!' });
      expect((await get(`/api/packages/packages/${pkg.id}`)).status).toBe(404);
      expect((await t.http().delete(`/api/packages/packages/${pkg.id}`).set(bearer(superadmin))).status).toBe(404);
    });
  });

  describe('features (superadmin)', () => {
    it('creates a feature, lists and filters the catalogue', async () => {
      const code = unique('face_');
      const res = await post('/api/packages/features', {
        feature_code: code,
        feature_name: 'Face Recognition',
        description: 'Check in with your face',
        module: 'face',
        feature_type: 'addon',
      });
      expect(res.status).toBe(201);
      expect(res.body.message).toBe('Feature created successfully!');
      expect(res.body.data).toMatchObject({ feature_code: code, module: 'face', feature_type: 'addon', is_active: true, grants_module: null });

      const list = await get(`/api/packages/features?filter=${encodeURIComponent(JSON.stringify({ module: 'face' }))}&range=[0,999]`);
      expect(list.status).toBe(200);
      expect(list.headers['content-range']).toMatch(/^packages\/features /);
      expect(list.body.data.map((f: any) => f.feature_code)).toContain(code);
      expect(list.body.data.every((f: any) => f.module === 'face')).toBe(true);

      const seeded = await get('/api/packages/features?range=[0,999]');
      const byCode = Object.fromEntries(seeded.body.data.map((f: any) => [f.feature_code, f]));
      for (const key of ['employees', 'departments', 'positions', 'attendance', 'leave', 'payroll', 'reports', 'settings']) {
        expect(byCode[key].grants_module).toBe(key);
      }
      expect(byCode.monitoring).toMatchObject({ module: 'monitoring', grants_module: 'monitoring' });
      expect(byCode.kpi).toMatchObject({ module: 'kpi', grants_module: 'kpi' });
    });

    it.each([
      [{ feature_code: '' }, 'feature_code', 'Feature code is required'],
      [{ feature_name: '' }, 'feature_name', 'Feature name is required'],
      [{ module: undefined }, 'module', 'Module is required'],
      [{ module: 'payroll' }, 'module', 'Module must be one of hr, face, monitoring, kpi, api or support'],
      [{ feature_type: '' }, 'feature_type', 'Type is required'],
      [{ feature_type: 'gold' }, 'feature_type', 'Type must be one of core, premium or addon'],
    ])('refuses %j naming %s', async (over, field, message) => {
      const res = await post('/api/packages/features', {
        feature_code: unique('f'),
        feature_name: 'A feature',
        module: 'hr',
        feature_type: 'core',
        ...over,
      });
      expect(res.status).toBe(400);
      expect(res.body.errors).toContainEqual({ field, message });
    });

    it('answers 409 for a feature code that exists', async () => {
      const res = await post('/api/packages/features', { feature_code: 'Payroll', feature_name: 'Payroll', module: 'hr', feature_type: 'core' });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('A feature with this code already exists');
    });

    it('reads, updates (code fixed) and deletes a feature', async () => {
      const f = (await post('/api/packages/features', { feature_code: unique('x'), feature_name: 'X', module: 'api', feature_type: 'addon' })).body.data;
      expect((await get(`/api/packages/features/${f.id}`)).body.data.feature_name).toBe('X');
      const res = await put(`/api/packages/features/${f.id}`, { feature_name: 'Y', is_active: false });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ message: 'Feature updated successfully!', data: { feature_name: 'Y', is_active: false } });
      expect((await put(`/api/packages/features/${f.id}`, { feature_code: 'zzz' })).status).toBe(400);
      // a field sent as null is refused, not stored
      const nulled = await put(`/api/packages/features/${f.id}`, { module: null, feature_name: null });
      expect(nulled.status).toBe(400);
      expect(nulled.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['feature_name', 'module']);
      expect((await put(`/api/packages/features/${f.id}`, { is_active: null })).body.errors).toEqual([
        { field: 'is_active', message: 'Is active must be true or false' },
      ]);
      const del = await t.http().delete(`/api/packages/features/${f.id}`).set(bearer(superadmin));
      expect(del.body).toEqual({ success: true, data: { id: f.id }, message: 'Feature deleted successfully!' });
      expect((await get(`/api/packages/features/${f.id}`)).status).toBe(404);
      expect((await put('/api/packages/features/999999', { feature_name: 'Z' })).status).toBe(404);
    });
  });

  describe('PUT /api/packages/packages/{id}/features', () => {
    it('includes and excludes features; the public list shows the included, active ones', async () => {
      const pkg = (await post('/api/packages/packages', newPackage({ sort_order: 99 }))).body.data;
      const idOf = (code: string) => pkg.features.find((f: any) => f.feature_code === code).feature_id;
      const res = await put(`/api/packages/packages/${pkg.id}/features`, {
        features: [
          { feature_id: idOf('employees'), is_included: true },
          { feature_id: idOf('payroll'), is_included: true },
          { feature_id: idOf('kpi'), is_included: false },
        ],
      });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Package features updated successfully!');
      const included = (r: any) => r.body.data.features.filter((f: any) => f.is_included).map((f: any) => f.feature_code).sort();
      expect(included(res)).toEqual(['employees', 'payroll']);
      expect(res.body.data.included_features.map((f: any) => f.feature_code).sort()).toEqual(['employees', 'payroll']);

      // features not listed keep their state
      const again = await put(`/api/packages/packages/${pkg.id}/features`, { features: [{ feature_id: idOf('payroll'), is_included: false }] });
      expect(included(again)).toEqual(['employees']);
      const detail = await get(`/api/packages/packages/${pkg.id}`);
      expect(included(detail)).toEqual(['employees']);

      const pub = await t.http().get('/api/packages/packages/public');
      expect(pub.body.data.find((p: any) => p.id === pkg.id).included_features).toEqual([
        { feature_code: 'employees', feature_name: 'Employee Management' },
      ]);
    });

    it('refuses an unknown feature and an unknown package', async () => {
      const pkg = (await post('/api/packages/packages', newPackage())).body.data;
      const res = await put(`/api/packages/packages/${pkg.id}/features`, { features: [{ feature_id: 999999, is_included: true }] });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Feature 999999 does not exist');
      const bad = await put(`/api/packages/packages/${pkg.id}/features`, { features: [{ feature_id: 'x', is_included: true }] });
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0]).toEqual({ field: 'features.0.feature_id', message: 'Feature ID must be a valid ID' });
      expect((await put('/api/packages/packages/999999/features', { features: [] })).status).toBe(404);
    });
  });

  it('refuses everyone but the superadmin (403), and anonymous callers (401)', async () => {
    const pkg = (await post('/api/packages/packages', newPackage())).body.data;
    const calls: Array<[string, string, object?]> = [
      ['get', '/api/packages/packages'],
      ['post', '/api/packages/packages', newPackage()],
      ['get', `/api/packages/packages/${pkg.id}`],
      ['put', `/api/packages/packages/${pkg.id}`, { package_name: 'Hacked' }],
      ['delete', `/api/packages/packages/${pkg.id}`],
      ['put', `/api/packages/packages/${pkg.id}/features`, { features: [] }],
      ['get', '/api/packages/features'],
      ['post', '/api/packages/features', { feature_code: unique('f'), feature_name: 'F', module: 'hr', feature_type: 'core' }],
      ['put', `/api/packages/features/${pkg.features[0].feature_id}`, { feature_name: 'Hacked' }],
      ['delete', `/api/packages/features/${pkg.features[0].feature_id}`],
    ];
    for (const [method, url, body] of calls) {
      for (const token of [a.tokens.company_admin, a.tokens.employee, client]) {
        const res = await (t.http() as any)[method](url).set(bearer(token)).send(body);
        expect({ method, url, status: res.status }).toEqual({ method, url, status: 403 });
      }
      expect((await (t.http() as any)[method](url).send(body)).status).toBe(401);
    }
    expect((await get(`/api/packages/packages/${pkg.id}`)).body.data.package_name).toBe('Startup');
  });
});
