import { createTestApp, type TestApp } from './support/app';
import { expectRateLimited } from './support/rate-limit';
import { bearer, createCompany, createUser, login, PASSWORD, unique } from './support/fixtures';

const CSRF = { 'X-Requested-With': 'XMLHttpRequest' };

const cookieOf = (res: { headers: Record<string, any> }) =>
  ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('refresh_token='))!.split(';')[0];

describe('per-address rate limit on the auth routes (AUTH_RATE_LIMIT)', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp({ env: { AUTH_RATE_LIMIT: '3' } })));
  afterAll(() => t.close());

  it.each([
    ['login', { email: 'nobody@example.com', password: 'wrong-password' }],
    ['register', { username: 'x', email: 'bad', password: 'x' }],
    ['refresh', {}],
    ['forgot-password', { email: 'nobody@example.com' }],
    ['reset-password', { token: 'abc', password: 'tulip-garden-42' }],
    ['invitations/accept', { token: 'abc', password: 'tulip-garden-42' }],
  ])('POST /api/auth/%s answers 429 in the envelope with Retry-After past the limit', async (route, body) => {
    const send = () => t.http().post(`/api/auth/${route}`).set(CSRF).send(body);
    for (let i = 0; i < 3; i++) expect((await send()).status).not.toBe(429);
    expectRateLimited(await send());
  });

  it('counts each route on its own, and leaves the other routes alone', async () => {
    const user = await createUser(t.em(), 'client');
    // login stays used up for the minute; routes outside the limit answer as usual
    expect((await t.http().post('/api/auth/login').send({ email: user.email, password: PASSWORD })).status).toBe(429);
    expect((await t.http().get('/api/health')).status).not.toBe(429);
  });
});

describe('auth security', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  const audit = (where: string, params: unknown[]) =>
    t.em().getConnection().execute(`select * from audit_logs where ${where} order by id`, params);

  describe('CSRF protection of the cookie-carried refresh', () => {
    it('refuses a refresh without X-Requested-With: XMLHttpRequest, and keeps the session usable', async () => {
      const user = await createUser(t.em(), 'client');
      const res = await t.http().post('/api/auth/login').send({ email: user.email, password: PASSWORD });
      const cookie = cookieOf(res);
      for (const headers of [{}, { 'X-Requested-With': 'fetch' }]) {
        const refused = await t.http().post('/api/auth/refresh').set(headers).set('Cookie', cookie);
        expect(refused.status).toBe(403);
        expect(refused.body).toEqual({ success: false, message: 'This request must carry the header X-Requested-With: XMLHttpRequest' });
      }
      // the refused attempts did not rotate nor revoke anything
      const ok = await t.http().post('/api/auth/refresh').set(CSRF).set('Cookie', cookie);
      expect(ok.status).toBe(200);
    });

    it('keeps the refresh cookie httpOnly, SameSite=Strict and scoped to /api/auth', async () => {
      const user = await createUser(t.em(), 'client');
      const res = await t.http().post('/api/auth/login').send({ email: user.email, password: PASSWORD });
      const raw = ([] as string[]).concat(res.headers['set-cookie']).find((c) => c.startsWith('refresh_token='))!;
      expect(raw).toMatch(/HttpOnly/);
      expect(raw).toMatch(/SameSite=Strict/);
      expect(raw).toMatch(/Path=\/api\/auth/);
    });
  });

  describe('audit log', () => {
    it('records every sign-in and failed sign-in, with the address and the reason', async () => {
      const c = await createCompany(t, 'Audited');
      const disabled = await createUser(t.em(), 'client', { is_active: false });
      const ghost = `${unique('ghost')}@example.com`;
      await t.http().post('/api/auth/login').send({ email: c.admin.email, password: 'wrong-password' });
      await t.http().post('/api/auth/login').send({ email: ghost, password: 'wrong-password' });
      await t.http().post('/api/auth/login').send({ email: disabled.email, password: PASSWORD });

      const admin = await audit('user_id = ? and action like ?', [c.admin.id, 'sign_in%']);
      expect(admin.map((r: any) => [r.action, r.status_code, r.details])).toEqual([
        ['sign_in', 200, null], // createCompany signed in
        ['sign_in.failed', 401, { reason: 'wrong_password' }],
      ]);
      expect(admin[0]).toMatchObject({ company_id: c.company.id, company_name: c.company.company_name, method: 'POST', path: '/api/auth/login' });
      expect(admin[0].ip).toBe('127.0.0.1');

      const unknown = await audit('user_email = ?', [ghost]);
      expect(unknown).toEqual([
        expect.objectContaining({ user_id: null, action: 'sign_in.failed', status_code: 401, details: { reason: 'unknown_account' } }),
      ]);
      const off = await audit('user_id = ?', [disabled.id]);
      expect(off.map((r: any) => [r.action, r.status_code, r.details])).toEqual([['sign_in.failed', 403, { reason: 'account_disabled' }]]);
    });

    it('records every permission refusal of the guard (403), and not the allowed requests', async () => {
      const c = await createCompany(t, 'Refused');
      const roleRefused = await t.http().get('/api/auth/companies').set(bearer(c.tokens.company_admin));
      expect(roleRefused.status).toBe(403);
      const moduleRefused = await t.http().post('/api/hr/departments').set(bearer(c.tokens.employee)).send({ department_code: 'D1', department_name: 'D' });
      expect(moduleRefused.status).toBe(403);
      expect((await t.http().get('/api/auth/me').set(bearer(c.tokens.employee))).status).toBe(200);

      const admin = await audit('user_id = ? and action = ?', [c.admin.id, 'access.denied']);
      expect(admin).toEqual([
        expect.objectContaining({
          company_id: c.company.id,
          method: 'GET',
          path: '/api/auth/companies',
          status_code: 403,
          details: { reason: roleRefused.body.message },
        }),
      ]);
      const employee = await audit('user_id = ? and action = ?', [c.employeeUser.id, 'access.denied']);
      expect(employee).toEqual([
        expect.objectContaining({
          method: 'POST',
          path: '/api/hr/departments',
          status_code: 403,
          details: { reason: moduleRefused.body.message },
        }),
      ]);
    });

    it('records impersonation start and stop with both identities', async () => {
      const c = await createCompany(t, 'Seen');
      const sa = await createUser(t.em(), 'superadmin');
      const token = await login(t, sa.email);
      const start = await t.http().post(`/api/auth/impersonate/${c.company.id}`).set(bearer(token));
      expect(start.status).toBe(200);
      const stop = await t.http().post('/api/auth/stop-impersonate').set(bearer(start.body.data.access_token));
      expect(stop.status).toBe(200);
      const rows = await audit('user_id = ?', [sa.id]);
      expect(rows.map((r: any) => [r.action, r.company_id])).toEqual([
        ['sign_in', null],
        ['impersonation.start', c.company.id],
        ['impersonation.stop', c.company.id],
      ]);
    });

    it('lists the new entries in GET /api/audit/logs, filtered by action', async () => {
      const sa = await createUser(t.em(), 'superadmin');
      const token = await login(t, sa.email);
      const res = await t.http().get(`/api/audit/logs?filter=${encodeURIComponent(JSON.stringify({ user_id: sa.id, action: 'sign_in' }))}`).set(bearer(token));
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([expect.objectContaining({ user_id: sa.id, action: 'sign_in', path: '/api/auth/login' })]);
    });
  });
});
