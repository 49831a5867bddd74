/**
 * What the API document promises about its input, held by the server: one range of days for the
 * whole product, and the rules the document writes down refused and accepted as written.
 */
import { readFileSync } from 'node:fs';
import { OPENAPI_FILE } from '../src/openapi/write-openapi';
import { createTestApp, type TestApp } from './support/app';
import { bearer, createCompany, createUser, login, unique, type CompanyFixture } from './support/fixtures';

const RANGE = 'from 1900-01-01 to 2999-12-31';

describe('the API contract', () => {
  let t: TestApp;
  let a: CompanyFixture;
  let admin: Record<string, string>;
  let superadmin: string;
  const doc = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8'));

  beforeAll(async () => {
    t = await createTestApp();
    a = await createCompany(t, 'Contract');
    admin = bearer(a.tokens.company_admin);
    superadmin = await login(t, (await createUser(t.em(), 'superadmin')).email);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (path: string, query: Record<string, string>) => t.http().get(path).set(admin).query(query);
  const message = (res: { body: { message?: string; errors?: Array<{ message: string }> } }) =>
    res.body.errors?.map((e) => e.message).join(' | ') ?? res.body.message;

  describe('one range of days, 1900-01-01 to 2999-12-31', () => {
    const OUTSIDE = ['0001-01-01', '0001-01-03', '1899-12-31', '3000-01-01', '9999-12-31'];
    const EDGES = ['1900-01-01', '2999-12-31'];

    const queries: Array<[string, (day: string) => Record<string, string>, string]> = [
      ['/api/hr/attendance', (day) => ({ end_date: day }), 'End date'],
      ['/api/hr/attendance', (day) => ({ start_date: day }), 'Start date'],
      ['/api/hr/attendance/summary', (day) => ({ start_date: '1900-01-01', end_date: day }), 'End date'],
      ['/api/monitoring/tasks/metrics', (day) => ({ end_date: day }), 'End date'],
      ['/api/monitoring/tasks', (day) => ({ filter: JSON.stringify({ due_to: day }) }), ''],
      ['/api/reports/attendance-rates', (day) => ({ from: day < '2000' ? day : '2999-01-01', to: day }), ''],
      ['/api/reports/attendance-rates', (day) => ({ from: day, to: day > '2000' ? day : '1900-12-31' }), ''],
      ['/api/hr/leave-requests', (day) => ({ filter: JSON.stringify({ from: day }) }), ''],
      ['/api/hr/holidays', (day) => ({ filter: JSON.stringify({ to: day }) }), ''],
    ];

    it.each(queries.flatMap(([path, query, label]) => OUTSIDE.map((day) => ({ path, query: query(day), label, day }))))(
      'GET $path $query is a 400 naming the range',
      async ({ path, query, label }) => {
        const res = await get(path, query);
        expect(res.status).toBe(400);
        expect(message(res)).toContain(RANGE);
        if (label) expect(message(res)).toMatch(new RegExp(`^${label} `));
      },
    );

    it.each(queries.flatMap(([path, query]) => EDGES.map((day) => ({ path, query: query(day), day }))))(
      'GET $path $query, a day at the edge of the range, is answered',
      async ({ path, query }) => {
        const res = await get(path, query);
        expect(res.status).toBe(200);
      },
    );

    it('a leave request dated before 1900 or after 2999 is a 400 naming the date, and nothing is stored', async () => {
      const type = await t.http().post('/api/hr/leave-types').set(admin).send({ type_name: unique('Type '), type_code: unique('T').slice(0, 12) });
      expect(type.status).toBe(201);
      for (const [start, end] of [
        ['0001-01-03', '0001-01-03'],
        ['9999-12-31', '9999-12-31'],
      ]) {
        const res = await t
          .http()
          .post('/api/hr/leave-requests')
          .set(admin)
          .send({ employee_id: a.employee.id, leave_type_id: type.body.data.id, start_date: start, end_date: end });
        expect(res.status).toBe(400);
        expect(message(res)).toContain(`must be a date ${RANGE}`);
      }
      const rows = await t.em().execute('select count(*)::int as n from leave_requests where employee_id = ?', [a.employee.id]);
      expect(rows[0].n).toBe(0);
    });

    it('a task due on 9999-12-31 is a 400 naming the due date', async () => {
      const res = await t.http().post('/api/monitoring/tasks').set(admin).send({ title: 'Far away', due_date: '9999-12-31' });
      expect(res.status).toBe(400);
      expect(message(res)).toBe(`Due date must be ${RANGE}`);
    });

    it('the document gives every date parameter and body date the range: format date and the pattern of its years', () => {
      const pattern = new RegExp(doc.paths['/api/hr/attendance'].get.parameters.find((p: any) => p.name === 'end_date').schema.pattern);
      expect(['1900-01-01', '2999-12-31'].every((d) => pattern.test(d))).toBe(true);
      expect(['1899-12-31', '3000-01-01', '9999-12-31', '0001-01-03'].some((d) => pattern.test(d))).toBe(false);
      const undated: string[] = [];
      for (const [path, item] of Object.entries<any>(doc.paths)) {
        for (const [method, op] of Object.entries<any>(item)) {
          for (const p of op.parameters ?? []) {
            if (/(^|_)date$|^(from|to|at)$/.test(p.name) && (p.schema?.format !== 'date' || !p.schema?.pattern)) undated.push(`${method} ${path} ${p.name}`);
          }
        }
      }
      for (const [name, schema] of Object.entries<any>(doc.components.schemas)) {
        if (schema.additionalProperties !== false) continue;
        for (const [field, p] of Object.entries<any>(schema.properties ?? {})) {
          if (/(^|_)date$/.test(field) && p.type === 'string' && !p.pattern) undated.push(`${name}.${field}`);
        }
      }
      expect(undated).toEqual([]);
    });
  });

  describe('path ids', () => {
    const reads = Object.entries<any>(doc.paths).flatMap(([path, item]) =>
      item.get && /\{id\}/.test(path) && !/\{(?!id\})/.test(path) && (item.get.parameters ?? []).every((p: any) => p.in !== 'query' || !p.required) ? [path] : [],
    );

    it('are documented as integers from 1 to 2147483647 (a database id)', () => {
      const loose: string[] = [];
      for (const [path, item] of Object.entries<any>(doc.paths)) {
        for (const [method, op] of Object.entries<any>(item)) {
          for (const p of op.parameters ?? []) {
            if (p.in === 'path' && p.schema?.type === 'integer' && (p.schema.minimum !== 1 || p.schema.maximum !== 2147483647)) loose.push(`${method} ${path} ${p.name}`);
          }
        }
      }
      expect(loose).toEqual([]);
    });

    it('query ids and whole numbers are integers, never a number or a string', () => {
      const loose: string[] = [];
      for (const [path, item] of Object.entries<any>(doc.paths)) {
        for (const [method, op] of Object.entries<any>(item)) {
          for (const p of op.parameters ?? []) {
            if (p.in !== 'query' || !p.schema) continue;
            if (p.schema.type === 'number' || ((/_id$/.test(p.name) || /^(year|month)$/.test(p.name)) && p.schema.type !== 'integer')) loose.push(`${method} ${path} ${p.name}`);
          }
        }
      }
      expect(loose).toEqual([]);
    });

    it.each(['2147483648', '9007199254740993', '99999999999999999999'])('beyond the range (%s) name no record: every read answers 404', async (id) => {
      const answers: string[] = [];
      for (const path of reads) {
        const platform = /^\/api\/(packages|cms\/admin|auth\/companies|system)/.test(path);
        const res = await t.http().get(path.replace('{id}', id)).set(platform ? bearer(superadmin) : admin);
        if (res.status !== 404) answers.push(`${path} ${res.status} ${res.body?.message}`);
      }
      for (const kind of ['positions', 'departments']) {
        const res = await t.http().post(`/api/hr/${kind}/${id}/permissions`).set(admin).send({ permissions: [] });
        if (res.status !== 404) answers.push(`POST /api/hr/${kind}/{id}/permissions ${res.status} ${res.body?.message}`);
      }
      expect(answers).toEqual([]);
    });
  });

  describe('what the document refuses, the server refuses', () => {
    const errorsOf = (res: { body: { errors?: Array<{ field: string; message: string }> } }) => res.body.errors ?? [];

    it('an empty text is no e-mail address: seller_email and footer_contact_email are a 400 naming the field, and nothing is stored', async () => {
      const root = bearer(superadmin);
      const before = await t.http().get('/api/billing/settings').set(root);
      const seller = await t.http().put('/api/billing/settings').set(root).send({ seller_email: '' });
      expect(seller.status).toBe(400);
      expect(errorsOf(seller)).toEqual([{ field: 'seller_email', message: 'Seller e-mail must be a valid e-mail address' }]);
      expect((await t.http().get('/api/billing/settings').set(root)).body.data.seller_email).toBe(before.body.data.seller_email);

      const page = await t.http().post('/api/cms/admin/landing-pages').set(root).send({ footer_contact_email: 'desk@example.com' });
      expect(page.status).toBe(201);
      const footer = await t.http().put(`/api/cms/admin/landing-pages/${page.body.data.id}`).set(root).send({ footer_contact_email: '' });
      expect(footer.status).toBe(400);
      expect(errorsOf(footer)).toEqual([{ field: 'footer_contact_email', message: 'Footer contact email must be an email address' }]);
      const stored = await t.http().get(`/api/cms/admin/landing-pages/${page.body.data.id}`).set(root);
      expect(stored.body.data.footer_contact_email).toBe('desk@example.com');
    });

    it('an empty text is no percentage and no amount: a 400 naming the field', async () => {
      const percent = await t
        .http()
        .post('/api/hr/payroll/components')
        .set(admin)
        .send({ component_name: 'Bonus share', component_code: unique('P').slice(0, 10), component_type: 'allowance', calculation_type: 'percentage', percentage: '' });
      expect(percent.status).toBe(400);
      expect(errorsOf(percent)).toEqual([{ field: 'percentage', message: 'Percentage must be a percentage from 0 to 100 with at most 4 decimals' }]);
      const amount = await t
        .http()
        .post('/api/hr/payroll/components')
        .set(admin)
        .send({ component_name: 'Housing', component_code: unique('H').slice(0, 10), component_type: 'allowance', calculation_type: 'fixed', amount: '' });
      expect(amount.status).toBe(400);
      expect(errorsOf(amount).map((e) => e.field)).toEqual(['amount']);
    });

    it('empty text is refused where a format applies (a company website, phone and e-mail, a cost center, a date of birth); null clears them', async () => {
      const root = bearer(superadmin);
      const company = `/api/auth/companies/${a.company.id}`;
      for (const [field, label] of [['website', 'Website'], ['phone', 'Phone'], ['email', 'Email']]) {
        const res = await t.http().put(company).set(root).send({ [field]: '' });
        expect(res.status).toBe(400);
        expect(errorsOf(res)).toEqual([{ field, message: `${label} must not be empty text; send null to clear it` }]);
        const cleared = await t.http().put(company).set(root).send({ [field]: null });
        expect(cleared.status).toBe(200);
        expect(cleared.body.data[field]).toBeNull();
      }
      const department = await t.http().put(`/api/hr/departments/${a.department.id}`).set(admin).send({ cost_center: '  ' });
      expect(department.status).toBe(400);
      expect(errorsOf(department)).toEqual([{ field: 'cost_center', message: 'Cost center must not be empty text; send null to clear it' }]);
      const employee = await t.http().put(`/api/hr/employees/${a.employee.id}`).set(admin).send({ date_of_birth: '' });
      expect(employee.status).toBe(400);
      expect(errorsOf(employee)).toEqual([{ field: 'date_of_birth', message: 'Date of birth must not be empty text; send null to clear it' }]);
    });

    it('payroll status checks year and month whenever they are sent: month 13 beside ids is a 400 naming the month', async () => {
      const res = await t.http().put('/api/hr/payroll/status').set(admin).send({ payment_status: 'paid', ids: [1], year: 2026, month: 13 });
      expect(res.status).toBe(400);
      expect(errorsOf(res)).toEqual([{ field: 'month', message: 'Month must be a whole number from 1 to 12' }]);
    });
  });

  describe('rules the server checks are in the document', () => {
    const schemas = doc.components.schemas;

    it('the Idempotency-Key is visible ASCII: the pattern says what the server refuses', async () => {
      const pattern = new RegExp(doc.components.parameters.IdempotencyKey.schema.pattern, 'u');
      expect(pattern.test('5f0c8e1a-7d9b')).toBe(true);
      expect(pattern.test('a key')).toBe(false);
      const res = await t.http().post('/api/hr/departments').set(admin).set('Idempotency-Key', 'a key').send({ department_name: 'Keyed', department_code: 'KEY' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Idempotency-Key must be 1 to 255 visible ASCII characters');
    });

    it('a case-insensitive URL rule keeps its pattern, in both cases as the server takes it', async () => {
      const pattern = new RegExp(schemas.UpdateLandingPageDto.properties.cta_button_url.pattern, 'u');
      expect(pattern.test('HTTPS://EXAMPLE.COM/Start')).toBe(true);
      expect(pattern.test('javascript:alert(1)')).toBe(false);
      const root = bearer(superadmin);
      const page = await t.http().post('/api/cms/admin/landing-pages').set(root).send({});
      const upper = await t.http().put(`/api/cms/admin/landing-pages/${page.body.data.id}`).set(root).send({ cta_button_url: 'HTTPS://EXAMPLE.COM/Start' });
      expect(upper.status).toBe(200);
    });

    it("an e-mail address needs a dotted domain, in the document as on the server", async () => {
      const pattern = new RegExp(schemas.UpdateLandingPageDto.properties.footer_contact_email.pattern, 'u');
      expect(pattern.test('desk@example.com')).toBe(true);
      expect(pattern.test('desk@localhost')).toBe(false);
      const res = await t.http().put('/api/billing/settings').set(bearer(superadmin)).send({ seller_email: 'desk@localhost' });
      expect(res.status).toBe(400);
    });

    it('every query parameter has a schema (the bonus totals had empty ones)', () => {
      const empty: string[] = [];
      for (const [path, item] of Object.entries<any>(doc.paths)) {
        for (const [method, op] of Object.entries<any>(item)) {
          for (const p of op.parameters ?? []) {
            if (p.in === 'query' && !p.content && !(p.schema && Object.keys(p.schema).length)) empty.push(`${method} ${path} ${p.name}`);
          }
        }
      }
      expect(empty).toEqual([]);
    });

    it('codes that cannot change are readOnly in the update schemas, and the server refuses another code', async () => {
      expect(schemas.UpdateEmployeeDto.properties.employee_code.readOnly).toBe(true);
      expect(schemas.UpdatePackageDto.properties.package_code.readOnly).toBe(true);
      expect(schemas.UpdateFeatureDto.properties.feature_code.readOnly).toBe(true);
      const res = await t.http().put(`/api/hr/employees/${a.employee.id}`).set(admin).send({ employee_code: 'OTHER1' });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'employee_code', message: 'Employee code cannot be changed' }]);
    });

    it("the settings' partial sections keep the full sections' rules", async () => {
      expect(schemas.UpdateGeneralSettingsDto.properties.check_out_time.pattern).toBe(schemas.GeneralSettingsDto.properties.check_out_time.pattern);
      expect(schemas.UpdateNetworkSettingsDto.properties.trusted_ips.maxItems).toBe(500);
      expect(schemas.UpdateDeviceSettingsDto.properties.device_whitelist.items).toMatchObject({ minLength: 1, maxLength: 200 });
    });

    it('an update that refuses an empty body says minProperties 1, and the server answers the empty body with a 400', async () => {
      for (const name of ['UpdateAttendanceDto', 'UpdateLandingPageDto', 'UpdateLandingFeatureDto', 'UpdateTestimonialDto']) {
        expect({ name, minProperties: schemas[name].minProperties }).toEqual({ name, minProperties: 1 });
      }
      const root = bearer(superadmin);
      const page = await t.http().post('/api/cms/admin/landing-pages').set(root).send({});
      const empty = await t.http().put(`/api/cms/admin/landing-pages/${page.body.data.id}`).set(root).send({});
      expect(empty.status).toBe(400);
      expect(empty.body.message).toBe('Nothing to update: send at least one field');
    });

    it('payroll status takes ids, or year and month: the document says so and the server refuses neither', async () => {
      const rule = schemas.SetPaymentStatusBulkDto.allOf.find((part: { anyOf?: unknown }) => part.anyOf);
      expect(rule.anyOf).toEqual([{ required: ['ids'] }, { required: ['year', 'month'] }]);
      const res = await t.http().put('/api/hr/payroll/status').set(admin).send({ payment_status: 'paid', year: 2026 });
      expect(res.status).toBe(400);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(['month']);
    });

    it('latitude and longitude are a pair: both or neither, in the document as on the server', async () => {
      for (const name of ['CheckInDto', 'CheckOutDto']) {
        const rule = schemas[name].allOf.find((part: { anyOf?: unknown }) => part.anyOf);
        expect(rule.anyOf).toEqual([{ required: ['latitude', 'longitude'] }, { properties: { latitude: { not: {} }, longitude: { not: {} } } }]);
      }
      const res = await t.http().post('/api/hr/attendance/check-in').set(bearer(a.tokens.employee)).send({ latitude: 37.79 });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'longitude', message: 'Longitude must be a number from -180 to 180 (sent with latitude)' }]);
    });

    it("a bonus rule's tier and a platform access value are closed in the bodies, as the server refuses an unknown field", async () => {
      expect(schemas.BonusTierInputDto.additionalProperties).toBe(false);
      expect(schemas.CreateBonusRuleDto.properties.tiers.items).toEqual({ $ref: '#/components/schemas/BonusTierInputDto' });
      expect(schemas.UpdateBonusRuleDto.properties.tiers.items).toEqual({ $ref: '#/components/schemas/BonusTierInputDto' });
      expect(schemas.SavePlatformAccessSettingsDto.properties.settings.additionalProperties.additionalProperties).toBe(false);
      expect(schemas.SavePlatformAccessSettingsDto.properties.settings.additionalProperties.required).toBeUndefined();

      const kpi = await t.http().post('/api/kpi/kpis').set(admin).send({ name: unique('KPI '), code: unique('K'), category: 'sales' });
      expect(kpi.status).toBe(201);
      const tier = { min_achievement: '100.00', bonus_type: 'fixed', bonus_value: '300.00', bonus_cap: '1.00' };
      const rule = await t.http().post('/api/kpi/bonus-rules').set(admin).send({ kpi_id: kpi.body.data.id, name: 'Closed tiers', tiers: [tier] });
      expect(rule.status).toBe(400);
      expect(rule.body.errors).toEqual([{ field: 'tiers.0.bonus_cap', message: 'Bonus cap is not an accepted field' }]);

      const access = await t.http().post('/api/hr/platform-access-settings').set(admin).send({ settings: { [a.position.id]: { forcePWA: true, kiosk: true } } });
      expect(access.status).toBe(400);
      expect(access.body.message).toBe(`settings.${a.position.id}.kiosk is not an accepted field`);
    });

    it("a report's group_by is one of the groupings, each report's in words, as the server refuses another", async () => {
      const parameter = doc.paths['/api/reports/{report}'].get.parameters.find((p: { name: string }) => p.name === 'group_by');
      expect(parameter.schema.enum).toEqual(['department', 'position', 'status', 'employment_type', 'month', 'employee', 'type', 'kpi']);
      expect(parameter.description).toContain('attendance-rates: month, department (default month)');
      const res = await get('/api/reports/attendance-rates', { group_by: 'employee' });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'group_by', message: 'Group by must be one of: Month, Department' }]);
    });

    it('an amount is text, and the document says a JSON number is also taken, as the server takes it', async () => {
      const words = 'a JSON number is also taken and written with 2 decimals (1234.5 is "1234.50")';
      expect(schemas.TaxBracketDto.properties.lower_bound.description).toContain(words);
      expect(schemas.CreateKpiValueDto.properties.actual_value.description).toContain(words);
      expect(schemas.CreatePositionDto.properties.min_salary.description).toContain(words);
      const position = await t
        .http()
        .post('/api/hr/positions')
        .set(admin)
        .send({ position_title: 'Counted', position_code: unique('C').slice(0, 10), department_id: a.department.id, min_salary: 1234.5 });
      expect(position.status).toBe(201);
      expect(position.body.data.min_salary).toBe('1234.50');
    });

    it('a decimal field says its step (multipleOf)', () => {
      expect(schemas.CreateTaskDto.properties.estimated_hours.multipleOf).toBe(0.01);
      expect(schemas.CreateWorkLocationDto.properties.latitude.multipleOf).toBe(0.000001);
    });
  });

  describe("a list's parameters", () => {
    const params = (path: string) => Object.fromEntries(doc.paths[path].get.parameters.map((p: any) => [p.name, p]));

    it('sort is the pair [field, direction] of the sortable fields: the pattern takes what the server takes and refuses the rest', async () => {
      const pattern = new RegExp(params('/api/hr/departments').sort.schema.pattern, 'u');
      for (const sort of ['["department_name","ASC"]', '["department_name","desc"]', '[ "id" ]']) {
        expect(pattern.test(sort)).toBe(true);
        expect((await get('/api/hr/departments', { sort })).status).toBe(200);
      }
      for (const sort of ['["ASC","department_name"]', '["password_hash","ASC"]', '["department_name","ASC","x"]', '["department_name","UP"]']) {
        expect(pattern.test(sort)).toBe(false);
        const res = await get('/api/hr/departments', { sort });
        expect(res.status).toBe(400);
        expect(res.body.errors?.[0]?.field).toBe('sort');
      }
    });

    it('filter fields have schemas: ids, days, flags and search text', () => {
      const filter = params('/api/hr/leave-requests').filter.content['application/json'].schema.properties;
      expect(filter.from).toMatchObject({ type: 'string', format: 'date' });
      expect(filter.q).toMatchObject({ type: 'string' });
      // an id: a whole number from 1 (or its digits), or a list of them
      expect(filter.employee_id.anyOf[0].anyOf[0]).toMatchObject({ type: 'integer', minimum: 1, maximum: 2_147_483_647 });
      expect(filter.employee_id.anyOf[1]).toMatchObject({ type: 'array', maxItems: 1000 });
      const empty: string[] = [];
      for (const [path, item] of Object.entries<any>(doc.paths)) {
        const f = item.get?.parameters?.find((p: any) => p.name === 'filter')?.content?.['application/json']?.schema?.properties ?? {};
        for (const [name, schema] of Object.entries<any>(f)) if (/(^id$|_id$|^q$|^is_)/.test(name) && !Object.keys(schema).length) empty.push(`${path} ${name}`);
      }
      expect(empty).toEqual([]);
    });

    it('range says its bounds: first <= last and at most 1000 rows, as the server refuses', async () => {
      expect(params('/api/hr/departments').range.description).toContain('first <= last, at most 1000 rows');
      expect((await get('/api/hr/departments', { range: '[5,2]' })).status).toBe(400);
      expect((await get('/api/hr/departments', { range: '[0,1000]' })).status).toBe(400);
      expect((await get('/api/hr/departments', { range: '[0,999]' })).status).toBe(200);
    });
  });
});
