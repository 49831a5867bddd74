import { createTestApp, type TestApp } from './support/app';
import { bearer, createCompany, type CompanyFixture } from './support/fixtures';
import { ProbeModule } from './support/probe.module';

describe('HTTP conventions', () => {
  let t: TestApp;
  let a: CompanyFixture;
  beforeAll(async () => {
    t = await createTestApp({ extraImports: [ProbeModule] });
    a = await createCompany(t);
  });
  afterAll(() => t.close());

  it('GET /api/health checks the database', async () => {
    const res = await t.http().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: { status: 'ok', database: 'up' } });
  });

  it('sends the security headers on every answer: a success, an unknown path and a refusal', async () => {
    const answers = await Promise.all([
      t.http().get('/api/health'),
      t.http().get('/api/no-such-thing'),
      t.http().get('/api/hr/employees'),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 404, 401]);
    for (const res of answers) {
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
      expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
      expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
      expect(res.headers['content-security-policy']).toMatch(/style-src 'self' 'unsafe-inline'/);
      expect(res.headers['content-security-policy']).not.toMatch(/upgrade-insecure-requests/);
    }
  });

  it('an unknown API path is a 404 in the envelope', async () => {
    const res = await t.http().get('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body.success).toBe(false);
  });

  it("the router's own refusals answer the envelope with the security headers: 414 for a path id over 100 characters, 400 for a malformed URL", async () => {
    const long = await t.http().get(`/api/hr/departments/${'1'.repeat(150)}`).set(bearer(a.tokens.company_admin));
    expect(long.status).toBe(414);
    expect(long.body).toEqual({ success: false, message: 'The request URI is too long' });
    const malformed = await t.http().get('/api/hr/departments/%E0%A4%A').set(bearer(a.tokens.company_admin));
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ success: false, message: 'The request URL is not valid' });
    for (const res of [long, malformed]) expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
  });

  it('malformed JSON is a 400, not a 500', async () => {
    const res = await t.http().post('/api/auth/login').set('content-type', 'application/json').send('{"email":');
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
  });

  it('a body over 1 MB is refused with 413', async () => {
    const res = await t
      .http()
      .post('/api/auth/login')
      .send({ email: 'a@b.co', password: 'x'.repeat(1_100_000) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ success: false, message: 'Request body is too large' });
  });

  it.each([
    ['sort', '["secret","ASC"]', 'This list cannot be sorted by secret; it can be sorted by ID or employee code'],
    ['range', '[0,-1]', 'Range must look like [first,last] with 0 <= first <= last'],
    // past what a page can be asked for exactly (and past PostgreSQL's OFFSET)
    ['range', '[100000000000000000000,100000000000000000024]', 'Range must look like [first,last] with 0 <= first <= last'],
    ['filter', '{"company_id":1}', 'There is no company ID filter; the filters are search'],
  ])('list parameter %s=%s is a 400 naming it', async (name, value, message) => {
    const res = await t.http().get('/api/probe/employees').query({ [name]: value }).set(bearer(a.tokens.company_admin));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message, errors: [{ field: name, message }] });
  });

  it('pages with range and answers the total in Content-Range', async () => {
    const res = await t
      .http()
      .get('/api/probe/employees')
      .query({ range: '[5,9]', sort: '["employee_code","DESC"]' })
      .set(bearer(a.tokens.company_admin));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
    expect(res.headers['content-range']).toBe('probe/employees 5-5/1');
  });

  it('serves Swagger UI and the OpenAPI document', async () => {
    expect((await t.http().get('/api/docs')).status).toBe(200);
    const doc = await t.http().get('/api/docs/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.paths['/api/auth/login'].post.security).toEqual([]);
    expect(doc.body.paths['/api/auth/me'].get.security).toEqual([{ bearer: [] }]);
  });
});
