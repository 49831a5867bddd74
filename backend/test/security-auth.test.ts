import { Company } from '../src/modules/companies/company.entity';
import { User } from '../src/modules/users/user.entity';
import { createTestApp, type TestApp } from './support/app';
import { devMailbox } from './support/mailbox';
import { bearer, createCompany, createUser, login, PASSWORD, unique } from './support/fixtures';

const CSRF = { 'X-Requested-With': 'XMLHttpRequest' };
const cookieOf = (res: { headers: Record<string, any> }) =>
  ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('refresh_token='))!.split(';')[0];
const statuses = (responses: Array<{ status: number }>) => responses.map((r) => r.status);
const count = (list: number[], status: number) => list.filter((s) => s === status).length;

describe('sign-in and sessions under attack', () => {
  let t: TestApp;
  const { dir: mailDir, mailsTo, remove: removeMailDir } = devMailbox('hr-auth-mail-');
  // behind a proxy, so each test can come from an address of its own
  beforeAll(async () => (t = await createTestApp({ env: { MAIL_DIR: mailDir, TRUST_PROXY: 'true' } })));
  afterAll(async () => {
    await t.close();
    removeMailDir();
  });

  let lastOctet = 0;
  const newAddress = () => `10.24.${Math.floor(Math.random() * 250)}.${++lastOctet}`;

  describe('parallel password guessing', () => {
    it('judges at most 5 wrong passwords per account whatever the concurrency; the right one then answers 429', async () => {
      const user = await createUser(t.em(), 'client');
      const ip = newAddress();
      const send = (password: string) => t.http().post('/api/auth/login').set('X-Forwarded-For', ip).send({ email: user.email, password });
      const wrong = statuses(await Promise.all(Array.from({ length: 55 }, (_, i) => send(`wrong-password-${i}`))));
      expect(count(wrong, 401)).toBeLessThanOrEqual(5);
      expect(count(wrong, 401) + count(wrong, 429)).toBe(55);
      const right = await send(PASSWORD);
      expect(right.status).toBe(429);
      expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('judges at most 5 wrong current passwords in change-password whatever the concurrency', async () => {
      const user = await createUser(t.em(), 'client');
      const token = await login(t, user.email);
      const ip = newAddress();
      const send = (current: string) =>
        t
          .http()
          .post('/api/auth/change-password')
          .set('X-Forwarded-For', ip)
          .set(bearer(token))
          .send({ current_password: current, new_password: 'Tulip#Garden42' });
      const wrong = statuses(await Promise.all(Array.from({ length: 30 }, (_, i) => send(`wrong-password-${i}`))));
      expect(count(wrong, 400)).toBeLessThanOrEqual(5);
      expect(count(wrong, 400) + count(wrong, 429)).toBe(30);
      const right = await send(PASSWORD);
      expect(right.status).toBe(429);
      expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    });

    it("counts a company user's wrong current passwords too (their requests run in the company's transaction)", async () => {
      const c = await createCompany(t, 'Guessed');
      const ip = newAddress();
      const send = (current: string) =>
        t
          .http()
          .post('/api/auth/change-password')
          .set('X-Forwarded-For', ip)
          .set(bearer(c.tokens.company_admin))
          .send({ current_password: current, new_password: 'Tulip#Garden42' });
      const wrong = statuses(await Promise.all(Array.from({ length: 12 }, (_, i) => send(`wrong-password-${i}`))));
      expect(count(wrong, 400)).toBeLessThanOrEqual(5);
      for (let i = 0; i < 3; i++) expect((await send(`still-wrong-${i}`)).status).toBe(429);
      const right = await send(PASSWORD);
      expect(right.status).toBe(429);
      expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('judges at most 100 wrong passwords per address whatever the concurrency', async () => {
      const user = await createUser(t.em(), 'client');
      const ip = newAddress();
      const send = (email: string, password: string) => t.http().post('/api/auth/login').set('X-Forwarded-For', ip).send({ email, password });
      const wrong = statuses(await Promise.all(Array.from({ length: 120 }, () => send(`${unique('ghost')}@example.com`, 'wrong-password'))));
      expect(count(wrong, 401)).toBeLessThanOrEqual(100);
      expect(count(wrong, 401) + count(wrong, 429)).toBe(120);
      expect((await send(user.email, PASSWORD)).status).toBe(429);
      // another address is not affected
      expect((await t.http().post('/api/auth/login').set('X-Forwarded-For', newAddress()).send({ email: user.email, password: PASSWORD })).status).toBe(200);
    });
  });

  describe('registration does not tell which emails have accounts', () => {
    const body = (over: Record<string, unknown> = {}) => {
      const name = unique('reg');
      return { username: name, email: `${name}@example.com`, password: 'Tulip#Garden42', ...over } as Record<string, unknown> & { username: string };
    };
    const register = (b: object) => t.http().post('/api/auth/register').set('X-Forwarded-For', newAddress()).send(b);

    it('answers a known email as a new one, creates nothing and mails the owner', async () => {
      const existing = await createUser(t.em(), 'client');
      const known = body({ email: existing.email.toUpperCase() });
      const [fresh, taken] = [await register(body()), await register(known)];
      expect(taken.status).toBe(fresh.status);
      expect(taken.body).toEqual(fresh.body);
      expect(await t.em().count(User, { username: known.username })).toBe(0);
      const [warning] = await mailsTo(existing.email);
      expect(warning?.subject).toBe('Someone tried to register with your email');
      expect(warning?.text).toMatch(/nothing was created/);
    });

    it('answers the free trial of a known email as a new one, creating no company', async () => {
      const existing = await createUser(t.em(), 'client');
      const trial = (email?: string) => body({ create_company: true, role: 'company_admin', company_name: unique('Trial Co '), ...(email ? { email } : {}) });
      const knownTrial = trial(existing.email);
      const [fresh, taken] = [await register(trial()), await register(knownTrial)];
      expect(fresh.status).toBe(201);
      expect(taken.status).toBe(201);
      expect(taken.body).toEqual(fresh.body);
      expect(await t.em().count(Company, { company_name: knownTrial.company_name as string }, { filters: false })).toBe(0);
      expect(await t.em().count(User, { username: knownTrial.username }, { filters: false })).toBe(0);
      expect((await mailsTo(existing.email)).map((m) => m.subject)).toContain('Someone tried to register with your email');
    });

    it('refuses a bad package the same way for a known and an unknown email', async () => {
      const existing = await createUser(t.em(), 'client');
      const trial = (email?: string) =>
        body({ create_company: true, role: 'company_admin', company_name: unique('Trial Co '), package_id: 999999, ...(email ? { email } : {}) });
      const [unknown, known] = [await register(trial()), await register(trial(existing.email))];
      expect(unknown.status).toBe(400);
      expect(known.status).toBe(400);
      expect(known.body).toEqual(unknown.body);
    });

    it('answers forgot-password alike for a known and an unknown email', async () => {
      const existing = await createUser(t.em(), 'client');
      const ask = (email: string) => t.http().post('/api/auth/forgot-password').set('X-Forwarded-For', newAddress()).send({ email });
      const [unknown, known] = [await ask(`${unique('nobody')}@example.com`), await ask(existing.email)];
      expect(known.status).toBe(unknown.status);
      expect(known.body).toEqual(unknown.body);
    });
  });

  describe('ending a session ends its access tokens at once', () => {
    it('logout', async () => {
      const user = await createUser(t.em(), 'client');
      const res = await t.http().post('/api/auth/login').send({ email: user.email, password: PASSWORD });
      const token = res.body.data.access_token;
      expect((await t.http().get('/api/auth/me').set(bearer(token))).status).toBe(200);
      expect((await t.http().post('/api/auth/logout').set('Cookie', cookieOf(res))).status).toBe(200);
      expect((await t.http().get('/api/auth/me').set(bearer(token))).status).toBe(401);
      // another session of the same user goes on
      expect((await t.http().get('/api/auth/me').set(bearer(await login(t, user.email)))).status).toBe(200);
    });

    it('a rotated refresh token presented again', async () => {
      const user = await createUser(t.em(), 'client');
      const res = await t.http().post('/api/auth/login').send({ email: user.email, password: PASSWORD });
      const first = res.body.data.access_token;
      const rotated = await t.http().post('/api/auth/refresh').set(CSRF).set('Cookie', cookieOf(res));
      expect(rotated.status).toBe(200);
      const second = rotated.body.data.access_token;
      expect((await t.http().get('/api/auth/me').set(bearer(first))).status).toBe(200);
      expect((await t.http().post('/api/auth/refresh').set(CSRF).set('Cookie', cookieOf(res))).status).toBe(401);
      expect((await t.http().get('/api/auth/me').set(bearer(first))).status).toBe(401);
      expect((await t.http().get('/api/auth/me').set(bearer(second))).status).toBe(401);
    });

    it('stop-impersonate ends the impersonation token; the superadmin goes on with the new one', async () => {
      const c = await createCompany(t, 'Impersonated');
      const sa = await createUser(t.em(), 'superadmin');
      const res = await t.http().post('/api/auth/login').send({ email: sa.email, password: PASSWORD });
      const own = res.body.data.access_token;
      const started = await t.http().post(`/api/auth/impersonate/${c.company.id}`).set(bearer(own)).set('Cookie', cookieOf(res));
      expect(started.status).toBe(200);
      const impersonating = started.body.data.access_token;
      const holiday = (token: string, date: string) =>
        t.http().post('/api/hr/holidays').set(bearer(token)).send({ holiday_date: date, name: 'Founders Day' });
      expect((await holiday(impersonating, '2031-01-02')).status).toBe(201);
      const stopped = await t.http().post('/api/auth/stop-impersonate').set(bearer(impersonating)).set('Cookie', cookieOf(started));
      expect(stopped.status).toBe(200);
      expect((await holiday(impersonating, '2031-01-03')).status).toBe(401);
      expect((await t.http().get('/api/auth/me').set(bearer(stopped.body.data.access_token))).status).toBe(200);
    });
  });

  describe('the password rule (ASVS level 2)', () => {
    const register = (over: Record<string, unknown>) => {
      const name = unique('pw');
      return t
        .http()
        .post('/api/auth/register')
        .set('X-Forwarded-For', newAddress())
        .send({ username: name, email: `${name}@example.com`, password: 'Tulip#Garden42', ...over });
    };

    it.each([
      ['zzzzzz', 'Password must be at least 8 characters'],
      ['Tulip#7', 'Password must be at least 8 characters'],
      ['hrplatform', 'This password is too common. Please choose one that is harder to guess.'],
      ['HRPlatform2026', 'This password is too common. Please choose one that is harder to guess.'],
      ['password123', 'This password is too common. Please choose one that is harder to guess.'],
      ['zzzzzzzz', 'This password is too common. Please choose one that is harder to guess.'],
    ])('refuses %s on register', async (password, message) => {
      const res = await register({ password });
      expect(res.status).toBe(400);
      expect(res.body.errors).toContainEqual({ field: 'password', message });
    });

    it('refuses a password containing the own name, email or company name', async () => {
      const name = unique('marguerite');
      for (const over of [
        { username: name, email: `${name}@example.com`, password: `${name}#2026` },
        { first_name: 'Bartholomew', password: 'bartholomew#42' },
        { email: `${name}@example.com`, username: unique('x'), password: `X${name.toUpperCase()}9` },
        { create_company: true, role: 'company_admin', company_name: 'Zanzibar Logistics', password: 'zanzibar-logistics!' },
      ]) {
        const res = await register(over);
        expect(res.status).toBe(400);
        expect(res.body.errors).toContainEqual({ field: 'password', message: 'Password must not contain your name, email or company name' });
      }
    });

    it('applies the rule on change-password, reset and employee create too', async () => {
      const c = await createCompany(t, 'Rules');
      const change = await t
        .http()
        .post('/api/auth/change-password')
        .set(bearer(c.tokens.company_admin))
        .send({ current_password: PASSWORD, new_password: 'zzzzzz' });
      expect(change.status).toBe(400);
      expect(change.body.errors).toContainEqual({ field: 'new_password', message: 'Password must be at least 8 characters' });
      const own = await t
        .http()
        .post('/api/auth/change-password')
        .set(bearer(c.tokens.company_admin))
        .send({ current_password: PASSWORD, new_password: `${c.admin.username}!X` });
      expect(own.status).toBe(400);
      expect(own.body.errors).toContainEqual({ field: 'new_password', message: 'Password must not contain your name, email or company name' });
      const reset = await t.http().post('/api/auth/reset-password').send({ token: 'abcdef', password: 'zzzzzz' });
      expect(reset.status).toBe(400);
      expect(reset.body.errors).toContainEqual({ field: 'password', message: 'Password must be at least 8 characters' });
      const employee = await t
        .http()
        .post('/api/hr/employees')
        .set(bearer(c.tokens.company_admin))
        .send({
          employee_code: unique('E'),
          first_name: 'Rosalind',
          last_name: 'Franklin',
          email: `${unique('rf')}@example.com`,
          hire_date: '2026-01-05',
          enable_login: true,
          username: unique('rf'),
          password: 'Rosalind#1920',
        });
      expect(employee.status).toBe(400);
      expect(employee.body.errors).toContainEqual({ field: 'password', message: 'Password must not contain your name, email or company name' });
      // the company's name, known to the server only
      const companyWord = c.company.company_name.split(' ')[0];
      const byCompany = await t
        .http()
        .post('/api/hr/employees')
        .set(bearer(c.tokens.company_admin))
        .send({
          employee_code: unique('E'),
          first_name: 'Ada',
          last_name: 'Lovelace',
          email: `${unique('al')}@example.com`,
          hire_date: '2026-01-05',
          enable_login: true,
          username: unique('al'),
          password: `${companyWord}#Garden42`,
        });
      expect(byCompany.status).toBe(400);
      expect(byCompany.body.errors).toContainEqual({ field: 'password', message: 'Password must not contain your name, email or company name' });
    });

    it('checks a reset password against the account it is for, and keeps the link usable after a refusal', async () => {
      const user = await createUser(t.em(), 'client');
      expect((await t.http().post('/api/auth/forgot-password').send({ email: user.email })).status).toBe(200);
      const [mail] = await mailsTo(user.email);
      const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
      const refused = await t.http().post('/api/auth/reset-password').send({ token, password: `${user.username}#1` });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual([{ field: 'password', message: 'Password must not contain your name, email or company name' }]);
      expect((await t.http().post('/api/auth/reset-password').send({ token, password: 'Tulip#Garden42' })).status).toBe(200);
      expect(await login(t, user.email, 'Tulip#Garden42')).toBeTruthy();
    });
  });

  describe('invitation links', () => {
    const inviteNew = async () => {
      const c = await createCompany(t, 'Invite');
      const email = `${unique('inv')}@test.example.com`;
      const res = await t.http().post('/api/hr/employees').set(bearer(c.tokens.company_admin)).send({
        employee_code: unique('E').toUpperCase(),
        first_name: 'Iris',
        last_name: 'Invited',
        email,
        hire_date: '2026-01-05',
        send_invitation: true,
      });
      expect(res.status).toBe(201);
      const [mail] = await mailsTo(email);
      return { c, email, employeeId: res.body.data.id as number, token: /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1] };
    };
    const accept = (token: string, password = 'Tulip#Garden42') =>
      t.http().post('/api/auth/invitations/accept').set('X-Forwarded-For', newAddress()).send({ token, password });

    it('accepts a link once whatever the concurrency: one account, one session', async () => {
      const { email, employeeId, token } = await inviteNew();
      const answers = statuses(await Promise.all(Array.from({ length: 6 }, () => accept(token))));
      expect(count(answers, 200)).toBe(1);
      expect(answers.filter((s) => s !== 200).every((s) => s === 410)).toBe(true);
      expect(await t.em().count(User, { email }, { filters: false })).toBe(1);
      expect(await t.em().count(User, { employee: employeeId }, { filters: false })).toBe(1);
    });

    it("checks the password against the invited person's name and company, and keeps the link usable after a refusal", async () => {
      const { c, token } = await inviteNew();
      for (const password of ['Invited#2026', `${c.company.company_name.split(' ')[0]}#2026x`]) {
        const refused = await accept(token, password);
        expect(refused.status).toBe(400);
        expect(refused.body.errors).toEqual([{ field: 'password', message: 'Password must not contain your name, email or company name' }]);
      }
      expect((await accept(token)).status).toBe(200);
    });

    it("never takes over an account of a company: accepting an invitation to its e-mail is refused, whenever the account came", async () => {
      const { c, token, email } = await inviteNew();
      // the e-mail gets an account of another company after the invitation was sent
      const other = await createCompany(t, 'Other');
      await t.em().getConnection().execute('update users set email = ? where id = ?', [email, other.admin.id]);
      const refused = await accept(token);
      expect(refused.status).toBe(409);
      expect(await login(t, email)).toBeTruthy();
      const again = await t.http().post(`/api/hr/employees`).set(bearer(c.tokens.company_admin)).send({
        employee_code: unique('E').toUpperCase(),
        first_name: 'Iris',
        last_name: 'Again',
        email,
        hire_date: '2026-01-05',
        send_invitation: true,
      });
      // the answer does not tell that the address has an account: the person accepting is told
      expect(again.status).toBe(201);
      const tokens = (await mailsTo(email, 2)).map((m) => /token=([A-Za-z0-9_-]+)/.exec(m.text)![1]);
      expect(tokens).toHaveLength(2);
      const refusedAgain = await accept(tokens.find((tk) => tk !== token)!);
      expect(refusedAgain.status).toBe(409);
      expect(refusedAgain.body.message).toBe(
        'This e-mail address already has an HR Platform account that belongs to another company, so the invitation cannot create a second one. Ask your company to invite a different address.',
      );
      expect(await t.em().count(User, { employee: again.body.data.id }, { filters: false })).toBe(0);
      expect(await login(t, email)).toBeTruthy();
    });
  });
});
