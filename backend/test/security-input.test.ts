/**
 * Input no route may take as it is: text PostgreSQL cannot store (NUL) in any decoded value,
 * numbers in exponent form in decimal fields, null where the document does not allow it, and a
 * body that is not a JSON object. Each is refused with a 400 naming the parameter or the field,
 * before any route's work, on every operation of openapi/openapi.json.
 */
import { createTestApp, type TestApp } from './support/app';
import { PASSWORD, bearer, createCompany, createUser, grant, login, unique, type CompanyFixture } from './support/fixtures';
import { listOperations, loadOpenApi, fillPath, sampleBody } from './isolation/operations';
import { companyDigest } from './isolation/world';

const spec = loadOpenApi();
const operations = listOperations(spec);

const deref = (schema: any): any =>
  schema?.$ref ? deref(schema.$ref.split('/').slice(1).reduce((node: any, part: string) => node[part], spec)) : schema;

/** Rows a refused request may rightly leave: the audit trail and the sign-in bookkeeping. */
const BOOKKEEPING = ['audit_logs', 'login_attempts', 'login_throttles', 'refresh_tokens', 'idempotency_keys'];

describe('input every route refuses', () => {
  let t: TestApp;
  let a: CompanyFixture;
  let superadmin: string;
  /** The callers tried in turn until one is let through the guard. */
  let callers: string[];

  beforeAll(async () => {
    t = await createTestApp();
    a = await createCompany(t, 'Input');
    superadmin = await login(t, (await createUser(t.em(), 'superadmin')).email);
    callers = [a.tokens.company_admin, superadmin, a.tokens.employee];
  });
  afterAll(() => t?.close());

  const send = (method: string, path: string, token: string) =>
    (t.http() as any)[method.toLowerCase()](path).set(bearer(token));

  /** Answers the request as the first caller the guard lets through (401/402/403 try the next one). */
  async function asPermitted(build: (token: string) => Promise<any>): Promise<any> {
    let res: any;
    for (const token of callers) {
      res = await build(token);
      if (![401, 402, 403].includes(res.status)) return res;
    }
    return res;
  }

  const bookkeepingFree = (digest: Record<string, string>) =>
    Object.fromEntries(Object.entries(digest).filter(([table]) => !BOOKKEEPING.includes(table)));

  describe('a NUL character in any decoded value is a 400 naming the parameter', () => {
    const lists = operations.filter(
      (op) => op.method === 'GET' && (spec.paths[op.path].get.parameters ?? []).some((p: any) => p.in === 'query' && p.name === 'filter'),
    );

    it('finds the list operations of the document', () => {
      expect(lists.length).toBeGreaterThan(20);
    });

    it.each(lists.map((op) => [op.key, op]))('%s: every filter, and the sort', async (_key, op: any) => {
      const path = fillPath(op.path, {});
      const list = (query: Record<string, string>) => asPermitted((token) => send('GET', path, token).query(query));
      const unknown = await list({ filter: JSON.stringify({ zz_unknown: 1 }) });
      expect(unknown.status).toBe(400);
      // the list's filters, as its document names them
      const filterParam = (spec.paths[op.path].get.parameters ?? []).find((p: any) => p.name === 'filter');
      const documented = Object.keys(filterParam?.content?.['application/json']?.schema?.properties ?? {});
      const keys = documented.length ? documented : ['q'];
      for (const key of keys) {
        const res = await list({ filter: JSON.stringify({ [key]: 'ab\u0000c' }) });
        expect({ key, status: res.status, field: res.body.errors?.[0]?.field }).toEqual({ key, status: 400, field: 'filter' });
        expect(res.body.message).toMatch(/^The .* filter contains characters that are not allowed$/);
      }
      if ((spec.paths[op.path].get.parameters ?? []).some((p: any) => p.name === 'sort')) {
        const sorted = await list({ sort: JSON.stringify(['id\u0000', 'ASC']) });
        expect({ status: sorted.status, field: sorted.body.errors?.[0]?.field }).toEqual({ status: 400, field: 'sort' });
      }
      const ranged = await list({ range: '[0,24]', filter: JSON.stringify({ [keys[0]]: ['x', 'y\u0000'] }) });
      expect(ranged.status).toBe(400);
    });

    it('in a query parameter, a body field and a path parameter', async () => {
      const query = await t.http().get('/api/hr/employees').query({ q: 'a\u0000' }).set(bearer(a.tokens.company_admin));
      expect(query.status).toBe(400);
      expect(query.body.errors[0].field).toBe('q');

      const body = await t
        .http()
        .post('/api/hr/departments')
        .set(bearer(a.tokens.company_admin))
        .send({ department_code: unique('D'), department_name: 'Sales\u0000' });
      expect(body.status).toBe(400);
      expect(body.body.errors[0].field).toBe('department_name');

      for (const path of ['/api/hr/employees/%00', '/api/hr/employees/1%00', '/api/hr/departments/%00']) {
        const res = await send('GET', path, a.tokens.company_admin);
        expect({ path, status: res.status }).toEqual({ path, status: 400 });
      }
      const named = await send('GET', '/api/hr/employees/1%00', a.tokens.company_admin);
      expect(named.body.errors[0]).toEqual({ field: 'id', message: 'ID contains characters that are not allowed' });
    });
    it('in the name of an uploaded file', async () => {
      await grant(t, { position: a.position }, a.company, 'leave', { can_view: true, can_create: true });
      const res = await t
        .http()
        .post('/api/hr/leave-requests/attachments')
        .set(bearer(a.tokens.employee))
        .attach('file', Buffer.from('%PDF-1.4 note'), { filename: 'note\u0000.pdf', contentType: 'application/pdf' });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'file', message: 'The file name contains characters that are not allowed' }]);
    });
  });

  describe('numbers in exponent form in decimal fields', () => {
    const post = (path: string, body: object) => t.http().post(`/api${path}`).set(bearer(a.tokens.company_admin)).send(body);

    it.each([
      ['/hr/leave-policies', { name: 'Exponent policy', maxCarryOverDays: 1e-7 }, 'maxCarryOverDays', 'Maximum carry over days must have at most 1 decimal place'],
      ['/hr/leave-requests', { leave_type_id: 1, start_date: '2026-12-01', end_date: '2026-12-02', total_days: 1e-7 }, 'total_days', 'Total days must be at least 0.5, in steps of 0.5'],
      ['/hr/work-locations', { location_name: 'Exponent', latitude: 1e-7, longitude: 1 }, 'latitude', 'Latitude must have at most 6 decimal places'],
      ['/monitoring/tasks', { title: 'Exponent', estimated_hours: 1e-7 }, 'estimated_hours', 'Estimated hours must have at most 2 decimal places'],
      ['/monitoring/tasks/templates', { name: 'Exponent', title: 'Exponent', estimated_hours: 1e-7 }, 'estimated_hours', 'Estimated hours must have at most 2 decimal places'],
      ['/monitoring/tasks/bulk', { title: 'Exponent', employee_ids: [1], estimated_hours: 1e-7 }, 'estimated_hours', 'Estimated hours must have at most 2 decimal places'],
    ])('POST %s with 1e-7 is a 400 naming the field', async (path, body, field, message) => {
      const res = await post(path, body as object);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field, message }]);
    });

    it.each([
      ['/hr/work-locations/1', { longitude: 1e-7 }, 'longitude', 'Longitude must have at most 6 decimal places'],
      ['/hr/leave-policies/1', { maxCarryOverDays: 1e-7 }, 'maxCarryOverDays', 'Maximum carry over days must have at most 1 decimal place'],
      ['/monitoring/tasks/1', { estimated_hours: 1e-7 }, 'estimated_hours', 'Estimated hours must have at most 2 decimal places'],
    ])('PUT %s with 1e-7 is a 400 naming the field', async (path, body, field, message) => {
      const res = await t.http().put(`/api${path}`).set(bearer(a.tokens.company_admin)).send(body as object);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field, message }]);
    });

    it('1e2 is 100', async () => {
      const task = await post('/monitoring/tasks', { title: 'Exponent hundred', department_id: a.department.id, estimated_hours: 1e2 });
      expect(task.status).toBe(201);
      expect(Number(task.body.data.estimated_hours)).toBe(100);
      const location = await post('/hr/work-locations', { location_name: unique('Exponent '), latitude: 1.5e1, longitude: 1e2 });
      expect(location.status).toBe(201);
      expect([location.body.data.latitude, location.body.data.longitude].map(Number)).toEqual([15, 100]);
      const policy = await post('/hr/leave-policies', { name: unique('Exponent '), maxCarryOverDays: 1e1 });
      expect(policy.status).toBe(201);
      expect(policy.body.data.maxCarryOverDays).toBe(10);
    });
  });

  describe('null where the document does not allow it, and bodies that are not objects', () => {
    const withBody = operations.filter((op) => op.requestSchema);

    /** [path of the property in the body, its schema] for every property, nested objects' included. */
    function properties(schema: any, prefix = ''): Array<[string, any]> {
      const resolved = deref(schema);
      const out: Array<[string, any]> = [];
      for (const [name, raw] of Object.entries<any>(resolved?.properties ?? {})) {
        const property = raw.allOf?.length === 1 ? { ...raw, ...deref(raw.allOf[0]) } : deref(raw);
        out.push([`${prefix}${name}`, { ...property, nullable: raw.nullable ?? property.nullable }]);
        if (property.type === 'object' || property.properties) out.push(...properties(property, `${prefix}${name}.`));
      }
      return out;
    }

    const withNull = (body: Record<string, any>, path: string) => {
      const copy = structuredClone(body);
      const names = path.split('.');
      let node = copy;
      for (const name of names.slice(0, -1)) node = node[name] = node[name] && typeof node[name] === 'object' ? node[name] : {};
      node[names[names.length - 1]] = null;
      return copy;
    };

    it('finds the operations with a JSON body', () => {
      expect(withBody.length).toBeGreaterThan(50);
    });

    it('PUT /api/settings/attendance refuses null in a list, in words, and keeps what was saved', async () => {
      const before = await t.http().get('/api/settings/attendance').set(bearer(a.tokens.company_admin));
      const res = await t
        .http()
        .put('/api/settings/attendance')
        .set(bearer(a.tokens.company_admin))
        .send({ network: { allowed_ip_ranges: null }, device: { device_whitelist: [] } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        message: 'Allowed IP ranges must not be empty',
        errors: [{ field: 'network.allowed_ip_ranges', message: 'Allowed IP ranges must not be empty' }],
      });
      const after = await t.http().get('/api/settings/attendance').set(bearer(a.tokens.company_admin));
      expect(after.body).toEqual(before.body);
    });

    it('a null saved before nulls were refused reads as the default, and check-in works', async () => {
      const em = t.em();
      await em.execute(`delete from attendance_settings where company_id = ?`, [a.company.id]);
      await em.execute(
        `insert into attendance_settings (company_id, general, geolocation, device, network, created_at, updated_at)
         values (?, '{}', '{}', '{"device_whitelist": null}', '{"allowed_ip_ranges": null, "trusted_ips": null}', now(), now())`,
        [a.company.id],
      );
      const read = await t.http().get('/api/settings/attendance').set(bearer(a.tokens.company_admin));
      expect(read.status).toBe(200);
      expect(read.body.data.device.device_whitelist).toEqual([]);
      expect(read.body.data.network).toMatchObject({ allowed_ip_ranges: [], trusted_ips: [] });
      await grant(t, { position: a.position }, a.company, 'attendance', { can_view: true, can_create: true });
      const checkIn = await t.http().post('/api/hr/attendance/check-in').set(bearer(a.tokens.employee)).send({ location: 'Office' });
      expect(checkIn.status).toBe(201);
    });

    it('every documented property that is not nullable, sent as null, is a 400 naming it, and nothing is stored', async () => {
      const digest = bookkeepingFree(await companyDigest(t.em(), a.company.id));
      const failures: string[] = [];
      for (const op of withBody) {
        const path = fillPath(op.path, { id: 1 });
        const base = sampleBody(spec, op.requestSchema, op.method);
        if ('company_id' in base) base.company_id = a.company.id;
        // the right one, as a wrong current password is refused before the body is read
        if ('current_password' in base) base.current_password = PASSWORD;
        for (const [name, property] of properties(op.requestSchema)) {
          if (property.nullable) continue;
          const res = await asPermitted((token) => send(op.method, path, token).send(withNull(base, name)));
          // the property's own rule answers where it judges null; elsewhere "<Field in words> must not be empty"
          const error = (res.body.errors ?? []).find((e: { field: string }) => e.field === name);
          const label = name.split('.').pop()!;
          const inWords = !/ must not be empty$/.test(error?.message ?? '') || !error.message.includes(label);
          if (res.status !== 400 || !error || !inWords) {
            failures.push(`${op.key} ${name}: ${res.status} ${JSON.stringify(res.body)}`);
          }
        }
      }
      expect(failures).toEqual([]);
      expect(bookkeepingFree(await companyDigest(t.em(), a.company.id))).toEqual(digest);
    });

    it('a body of null, a list, a string or a number is a 400 on every operation that takes a JSON body', async () => {
      const digest = bookkeepingFree(await companyDigest(t.em(), a.company.id));
      const failures: string[] = [];
      for (const op of withBody) {
        const path = fillPath(op.path, { id: 1 });
        for (const raw of ['null', '[]', '[{}]', '"x"', '42', 'true']) {
          const res = await asPermitted((token) => send(op.method, path, token).set('content-type', 'application/json').send(raw));
          if (res.status !== 400 || res.body.message !== 'The request body must be a JSON object') {
            failures.push(`${op.key} ${raw}: ${res.status} ${JSON.stringify(res.body)}`);
          }
        }
      }
      expect(failures).toEqual([]);
      expect(bookkeepingFree(await companyDigest(t.em(), a.company.id))).toEqual(digest);
    });
  });
});
