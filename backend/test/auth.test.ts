import { RefreshToken } from '../src/modules/auth/refresh-token.entity';
import { User } from '../src/modules/users/user.entity';
import { createTestApp, type TestApp } from './support/app';
import { bearer, createCompany, createUser, login, PASSWORD, unique } from './support/fixtures';

const CSRF = { 'X-Requested-With': 'XMLHttpRequest' };

const cookieOf = (res: { headers: Record<string, any> }) =>
  ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('refresh_token='))!.split(';')[0];

describe('auth', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());
  const refresh = () => t.http().post('/api/auth/refresh').set(CSRF);

  describe('POST /api/auth/register', () => {
    it('creates a client and never answers the password', async () => {
      const name = unique('reg');
      const res = await t
        .http()
        .post('/api/auth/register')
        .send({ username: name, email: `${name}@Example.COM`, password: 'Tulip#Garden42', role: 'client' });
      expect(res.status).toBe(201);
      // the answer says nothing of the account (it is the same when the email already has one)
      expect(res.body).toEqual({ success: true, message: 'Registration successful! Please login.', data: null });
      const stored = await t.em().findOneOrFail(User, { username: name }, { populate: ['password_hash'] });
      expect(stored).toMatchObject({ email: `${name}@example.com`, role: 'client' });
      expect(stored.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
      // and the new account can sign in
      expect(await login(t, `${name}@example.com`, 'Tulip#Garden42')).toBeTruthy();
    });

    it('refuses confirmPassword and any other unknown field, naming it', async () => {
      const name = unique('reg');
      const res = await t
        .http()
        .post('/api/auth/register')
        .send({ username: name, email: `${name}@example.com`, password: 'Tulip#Garden42', confirmPassword: 'Tulip#Garden42' });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'confirmPassword', message: 'Confirm password is not an accepted field' }]);
      expect(await t.em().count(User, { username: name })).toBe(0);
    });

    it.each([
      [{ role: 'superadmin' }, 'role', 'Role must be client'],
      [{ role: 'company_admin' }, 'role', 'Role must be client'],
      [{ password: '12345' }, 'password', 'Password must be at least 8 characters'],
      [{ password: 'zzzzzz' }, 'password', 'Password must be at least 8 characters'],
      [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
      [{ username: '' }, 'username', 'Username is required'],
      [{ password: 'password123' }, 'password', 'This password is too common. Please choose one that is harder to guess.'],
      [{ password: 'qwertyuiop' }, 'password', 'This password is too common. Please choose one that is harder to guess.'],
    ])('refuses %j with a message naming %s', async (override, field, message) => {
      const name = unique('reg');
      const res = await t
        .http()
        .post('/api/auth/register')
        .send({ username: name, email: `${name}@example.com`, password: 'Tulip#Garden42', ...override });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, message });
      expect(res.body.errors).toContainEqual({ field, message });
    });

    it('answers a taken email and a taken username as a success: the email creates nothing, the username is numbered', async () => {
      const existing = await createUser(t.em(), 'client');
      const username = unique('new');
      const byEmail = await t
        .http()
        .post('/api/auth/register')
        .send({ username, email: existing.email.toUpperCase(), password: 'Tulip#Garden42' });
      expect(byEmail.status).toBe(201);
      expect(byEmail.body).toEqual({ success: true, message: 'Registration successful! Please login.', data: null });
      expect(await t.em().count(User, { username })).toBe(0);
      const email = `${unique('n')}@example.com`;
      const byName = await t.http().post('/api/auth/register').send({ username: existing.username.toUpperCase(), email, password: 'Tulip#Garden42' });
      expect(byName.status).toBe(201);
      expect(byName.body).toEqual({ success: true, message: 'Registration successful! Please login.', data: null });
      const created = await t.em().findOneOrFail(User, { email }, { filters: false });
      expect(created.username).toBe(`${existing.username.toUpperCase()}2`);
      expect(created.email_verified_at).toBeNull();
    });
  });

  describe('POST /api/auth/login', () => {
    it('answers the user and an access token, and sets an httpOnly refresh cookie', async () => {
      const user = await createUser(t.em(), 'client');
      const res = await t.http().post('/api/auth/login').send({ email: user.email.toUpperCase(), password: PASSWORD });
      expect(res.status).toBe(200);
      expect(res.body.data.user).toMatchObject({ id: user.id, username: user.username, role: 'client' });
      expect(res.body.data.access_token.split('.')).toHaveLength(3);
      const cookie = ([] as string[]).concat(res.headers['set-cookie']).find((c) => c.startsWith('refresh_token='))!;
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Strict/);
      expect(cookie).toMatch(/Path=\/api\/auth/);
    });

    it("answers 401 with the spec's message for a wrong password and for an unknown email alike", async () => {
      const user = await createUser(t.em(), 'client');
      for (const body of [
        { email: user.email, password: 'wrong-password' },
        { email: `${unique('nobody')}@example.com`, password: 'wrong-password' },
      ]) {
        const res = await t.http().post('/api/auth/login').send(body);
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ success: false, message: 'Invalid email or password. Please try again.' });
      }
    });

    it("validates with the spec's messages", async () => {
      const cases: Array<[object, string]> = [
        [{ email: '', password: 'secret1' }, 'Please enter your email address'],
        [{ email: 'a@b.co', password: '' }, 'Please enter your password'],
        [{ email: 'a@b.co', password: '123' }, 'Password must be at least 6 characters long'],
      ];
      for (const [body, message] of cases) {
        const res = await t.http().post('/api/auth/login').send(body);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(message);
      }
    });

    it('refuses a disabled account', async () => {
      const user = await createUser(t.em(), 'client', { is_active: false });
      const res = await t.http().post('/api/auth/login').send({ email: user.email, password: PASSWORD });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Your account has been disabled. Please contact your administrator.');
    });
  });

  describe('GET /api/auth/me and the session', () => {
    it("answers an employee's profile with the company and the employee it belongs to", async () => {
      const c = await createCompany(t, 'Profile');
      const me = await t.http().get('/api/auth/me').set(bearer(c.tokens.employee));
      expect(me.status).toBe(200);
      const u = c.employeeUser;
      expect(me.body.data).toEqual({
        id: u.id,
        username: u.username,
        email: u.email,
        role: 'employee',
        first_name: u.first_name,
        last_name: u.last_name,
        company_id: c.company.id,
        company_name: c.company.company_name,
        time_zone: 'UTC',
        employee_id: c.employee.id,
        is_active: true,
        // an account the company made counts as confirmed
        email_verified: true,
      });
    });

    it('answers the profile for a valid token and 401 otherwise', async () => {
      const user = await createUser(t.em(), 'client');
      const token = await login(t, user.email);
      const me = await t.http().get('/api/auth/me').set(bearer(token));
      expect(me.status).toBe(200);
      expect(me.body.data).toMatchObject({ id: user.id, email: user.email, role: 'client' });

      expect((await t.http().get('/api/auth/me')).status).toBe(401);
      const forged = await t.http().get('/api/auth/me').set(bearer(token.slice(0, -3) + 'abc'));
      expect(forged.status).toBe(401);
      expect(forged.body).toEqual({ success: false, message: 'Your session has expired, please sign in again' });
    });

    it('ends the session at once when the user is disabled', async () => {
      const user = await createUser(t.em(), 'client');
      const token = await login(t, user.email);
      await t.em().nativeUpdate(User, { id: user.id }, { is_active: false });
      expect((await t.http().get('/api/auth/me').set(bearer(token))).status).toBe(401);
    });

    it('rotates the refresh token, and a reused one revokes the whole family', async () => {
      const user = await createUser(t.em(), 'client');
      const first = await t.http().post('/api/auth/login').send({ email: user.email, password: PASSWORD });
      const cookie1 = cookieOf(first);

      const second = await refresh().set('Cookie', cookie1);
      expect(second.status).toBe(200);
      expect(second.body.data.user.id).toBe(user.id);
      const cookie2 = cookieOf(second);
      expect(cookie2).not.toBe(cookie1);
      expect((await t.http().get('/api/auth/me').set(bearer(second.body.data.access_token))).status).toBe(200);

      // the first cookie was stolen and is replayed: refused, and the legitimate one dies with it
      const replay = await refresh().set('Cookie', cookie1);
      expect(replay.status).toBe(401);
      expect((await refresh().set('Cookie', cookie2)).status).toBe(401);
      const family = await t.em().find(RefreshToken, { user: user.id });
      expect(family.length).toBe(2);
      expect(family.every((r) => r.revoked_at)).toBe(true);
    });

    it('logout revokes the refresh token', async () => {
      const user = await createUser(t.em(), 'client');
      const res = await t.http().post('/api/auth/login').send({ email: user.email, password: PASSWORD });
      const cookie = cookieOf(res);
      const out = await t.http().post('/api/auth/logout').set('Cookie', cookie);
      expect(out.status).toBe(200);
      expect(out.body).toMatchObject({ success: true, message: 'Logged out successfully' });
      expect((await refresh().set('Cookie', cookie)).status).toBe(401);
    });

    it('refresh without a cookie is 401', async () => {
      const res = await refresh();
      expect(res.status).toBe(401);
      expect(res.body.success).toBe(false);
    });
  });
});

describe('sign-in brute-force protection', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  const attempt = (email: string, password: string) => t.http().post('/api/auth/login').send({ email, password });

  it('after 5 failures in 15 minutes the account answers 429 with the time to wait, even with the right password', async () => {
    const user = await createUser(t.em(), 'client');
    const other = await createUser(t.em(), 'client');
    for (let i = 0; i < 5; i++) expect((await attempt(user.email, 'wrong-password')).status).toBe(401);
    const blocked = await attempt(user.email, PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe('Too many failed sign-in attempts. Please try again in 15 minutes.');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(900);
    // another account from the same address is not affected
    expect((await attempt(other.email, PASSWORD)).status).toBe(200);
    // once the window has passed, the account signs in again
    await t
      .em()
      .getConnection()
      .execute(`update login_throttles set attempts = array(select a - interval '16 minutes' from unnest(attempts) a) where key = ?`, [`account:${user.email}`]);
    expect((await attempt(user.email, PASSWORD)).status).toBe(200);
  });

  it('a successful sign-in starts the count again', async () => {
    const user = await createUser(t.em(), 'client');
    for (let i = 0; i < 4; i++) await attempt(user.email, 'wrong-password');
    expect((await attempt(user.email, PASSWORD)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await attempt(user.email, 'wrong-password')).status).toBe(401);
    expect((await attempt(user.email, PASSWORD)).status).toBe(200);
  });

  it('counts attempts on unknown emails too, and records every attempt', async () => {
    const email = `${unique('ghost')}@example.com`;
    for (let i = 0; i < 5; i++) expect((await attempt(email, 'wrong-password')).status).toBe(401);
    expect((await attempt(email, 'wrong-password')).status).toBe(429);
    const rows = await t.em().getConnection().execute(`select count(*)::int n from login_attempts where email = ?`, [email]);
    expect(rows).toEqual([{ n: 5 }]);
  });
});
