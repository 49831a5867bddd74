import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Company } from '../src/modules/companies/company.entity';
import { RefreshToken } from '../src/modules/auth/refresh-token.entity';
import { PasswordResetToken } from '../src/modules/auth/password-reset-token.entity';
import { User } from '../src/modules/users/user.entity';
import { verifyPassword } from '../src/modules/users/password';
import { createTestApp, type TestApp } from './support/app';
import { tempDir } from './support/temp';
import { bearer, createCompany, createUser, login, PASSWORD } from './support/fixtures';

const CSRF = { 'X-Requested-With': 'XMLHttpRequest' };
const NEUTRAL = 'If an account exists for this email, we have sent a link to reset the password. Please check your inbox.';
const INVALID_LINK = 'This password reset link is invalid or has expired. Please request a new one.';
const NEW_PASSWORD = 'tulip-garden-42';

const cookieOf = (res: { headers: Record<string, any> }) =>
  ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('refresh_token='))!.split(';')[0];

interface StoredMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

describe('passwords and sessions', () => {
  let t: TestApp;
  const { dir: mailDir, remove: removeMailDir } = tempDir('hr-mail-');
  beforeAll(async () => (t = await createTestApp({ env: { MAIL_DIR: mailDir, APP_URL: 'https://hr.example.com/' } })));
  afterAll(async () => {
    await t.close();
    removeMailDir();
  });

  const mailsTo = (email: string): StoredMail[] =>
    readdirSync(mailDir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => JSON.parse(readFileSync(join(mailDir, f), 'utf8')) as StoredMail)
      .filter((m) => m.to === email);
  /** The mail is sent after the answer: wait for it. */
  const waitForMails = async (email: string, count: number): Promise<StoredMail[]> => {
    for (let i = 0; i < 100 && mailsTo(email).length < count; i++) await sleep(50);
    return mailsTo(email);
  };
  const tokenOf = (mail: StoredMail) => /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
  const auditOf = (userId: number) =>
    t
      .em()
      .getConnection()
      .execute<Array<{ action: string }>>(`select action, status_code, ip, details from audit_logs where user_id = ? order by id`, [userId]);

  const signIn = async (email: string, password = PASSWORD) => {
    const res = await t.http().post('/api/auth/login').send({ email, password });
    expect(res.status).toBe(200);
    return { token: res.body.data.access_token as string, cookie: cookieOf(res) };
  };
  const me = (token: string) => t.http().get('/api/auth/me').set(bearer(token));
  const refresh = (cookie: string) => t.http().post('/api/auth/refresh').set(CSRF).set('Cookie', cookie);

  describe('POST /api/auth/change-password', () => {
    const change = (token: string, body: object) => t.http().post('/api/auth/change-password').set(bearer(token)).send(body);

    it('sets the new password, ends every other session and answers a new one', async () => {
      const user = await createUser(t.em(), 'client');
      const laptop = await signIn(user.email);
      const phone = await signIn(user.email);

      const res = await change(laptop.token, { current_password: PASSWORD, new_password: NEW_PASSWORD });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, message: 'Password changed successfully', data: { user: { id: user.id } } });
      const fresh = { token: res.body.data.access_token, cookie: cookieOf(res) };

      // the other sessions, and the token that asked, are over at once
      for (const old of [laptop, phone]) {
        expect((await me(old.token)).status).toBe(401);
        expect((await refresh(old.cookie)).status).toBe(401);
      }
      expect((await me(fresh.token)).status).toBe(200);
      expect((await refresh(fresh.cookie)).status).toBe(200);

      const stored = await t.em().findOneOrFail(User, { id: user.id }, { populate: ['password_hash'] });
      expect(await verifyPassword(stored.password_hash, NEW_PASSWORD)).toBe(true);
      expect((await t.http().post('/api/auth/login').send({ email: user.email, password: PASSWORD })).status).toBe(401);
      await signIn(user.email, NEW_PASSWORD);
      expect((await auditOf(user.id)).map((r) => r.action)).toContain('password.changed');
    });

    it.each([
      [{ current_password: 'not-my-password', new_password: NEW_PASSWORD }, 'current_password', 'The current password is incorrect'],
      [{ current_password: PASSWORD, new_password: '12345' }, 'new_password', 'Password must be at least 8 characters'],
      [
        { current_password: PASSWORD, new_password: 'password123' },
        'new_password',
        'This password is too common. Please choose one that is harder to guess.',
      ],
      [{ current_password: PASSWORD, new_password: PASSWORD }, 'new_password', 'The new password must be different from the current one'],
      [{ current_password: PASSWORD }, 'new_password', 'Please enter a new password'],
      [{ new_password: NEW_PASSWORD }, 'current_password', 'Please enter your current password'],
    ])('refuses %j naming %s, and changes nothing', async (body, field, message) => {
      const user = await createUser(t.em(), 'client');
      const s = await signIn(user.email);
      const res = await change(s.token, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, message, errors: [{ field, message }] });
      expect((await me(s.token)).status).toBe(200);
      await signIn(user.email);
    });

    it('counts wrong current passwords like failed sign-ins (429 after 5)', async () => {
      const user = await createUser(t.em(), 'client');
      const s = await signIn(user.email);
      for (let i = 0; i < 5; i++) expect((await change(s.token, { current_password: 'wrong-one', new_password: NEW_PASSWORD })).status).toBe(400);
      const blocked = await change(s.token, { current_password: PASSWORD, new_password: NEW_PASSWORD });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('needs a signed-in user', async () => {
      expect((await t.http().post('/api/auth/change-password').send({ current_password: PASSWORD, new_password: NEW_PASSWORD })).status).toBe(401);
    });

    it('works for a company user inside the company transaction', async () => {
      const c = await createCompany(t, 'Pw');
      const res = await change(c.tokens.employee, { current_password: PASSWORD, new_password: NEW_PASSWORD });
      expect(res.status).toBe(200);
      expect((await me(c.tokens.employee)).status).toBe(401);
      expect((await me(res.body.data.access_token)).status).toBe(200);
      // the company's other users keep their sessions
      expect((await me(c.tokens.company_admin)).status).toBe(200);
    });
  });

  describe('forgot and reset', () => {
    const forgot = (email: string) => t.http().post('/api/auth/forgot-password').send({ email });
    const reset = (token: string, password = NEW_PASSWORD) => t.http().post('/api/auth/reset-password').send({ token, password });

    it('answers the same for an existing and an unknown email, and mails a link only to the account', async () => {
      const user = await createUser(t.em(), 'client');
      const unknown = `nobody-${user.username}@example.com`;
      const known = await forgot(user.email.toUpperCase());
      const ghost = await forgot(unknown);
      expect(known.status).toBe(200);
      expect(ghost.status).toBe(200);
      expect(known.body).toEqual({ success: true, data: null, message: NEUTRAL });
      expect(ghost.body).toEqual(known.body);

      const [mail] = await waitForMails(user.email, 1);
      expect(mail.subject).toBe('Reset your password');
      expect(mail.text).toMatch(/^https:\/\/hr\.example\.com\/reset-password\?token=[A-Za-z0-9_-]{43}$/m);
      expect(mail.text).toMatch(/within 30 minutes/);
      await sleep(200);
      expect(mailsTo(unknown)).toEqual([]);
      expect(readdirSync(mailDir).some((f) => f.endsWith('.eml'))).toBe(true);
      // only a hash of the token is stored
      const row = await t.em().findOneOrFail(PasswordResetToken, { user: user.id });
      expect(row.token_hash).not.toContain(tokenOf(mail));
      expect(row.expires_at.getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
      expect(row.expires_at.getTime() - Date.now()).toBeLessThanOrEqual(30 * 60_000);
    });

    it('takes about as long whether or not the account exists', async () => {
      const user = await createUser(t.em(), 'client');
      const time = async (email: string) => {
        const started = Date.now();
        await forgot(email);
        return Date.now() - started;
      };
      const known = await time(user.email);
      const unknown = await time(`ghost-${user.username}@example.com`);
      expect(known).toBeGreaterThanOrEqual(240);
      expect(unknown).toBeGreaterThanOrEqual(240);
      expect(Math.abs(known - unknown)).toBeLessThan(200);
    });

    it('resets once: the link sets the password, ends every session, and cannot be used again', async () => {
      const user = await createUser(t.em(), 'client');
      const s = await signIn(user.email);
      await forgot(user.email);
      const [mail] = await waitForMails(user.email, 1);

      const res = await reset(tokenOf(mail));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, data: null, message: 'Your password has been reset. Please sign in with your new password.' });
      expect((await me(s.token)).status).toBe(401);
      expect((await refresh(s.cookie)).status).toBe(401);
      await signIn(user.email, NEW_PASSWORD);

      const again = await reset(tokenOf(mail), 'another-good-one-9');
      expect(again.status).toBe(400);
      expect(again.body).toMatchObject({ message: INVALID_LINK, errors: [{ field: 'token', message: INVALID_LINK }] });
      await signIn(user.email, NEW_PASSWORD);
      const actions = (await auditOf(user.id)).map((r) => r.action);
      expect(actions).toEqual(expect.arrayContaining(['password.reset_requested', 'password.reset']));
    });

    it('refuses an expired link, an unknown one, and a weak password (naming the field), changing nothing', async () => {
      const user = await createUser(t.em(), 'client');
      await forgot(user.email);
      const [mail] = await waitForMails(user.email, 1);
      const token = tokenOf(mail);

      const weak = await reset(token, 'qwertyuiop');
      expect(weak.status).toBe(400);
      expect(weak.body.errors).toEqual([{ field: 'password', message: 'This password is too common. Please choose one that is harder to guess.' }]);
      const unknown = await reset('A'.repeat(43));
      expect(unknown.status).toBe(400);
      expect(unknown.body.errors).toEqual([{ field: 'token', message: INVALID_LINK }]);
      const malformed = await reset('<script>');
      expect(malformed.status).toBe(400);
      expect(malformed.body.errors).toEqual([{ field: 'token', message: INVALID_LINK }]);

      await t.em().nativeUpdate(PasswordResetToken, { user: user.id }, { expires_at: new Date(Date.now() - 1000) });
      const expired = await reset(token);
      expect(expired.status).toBe(400);
      expect(expired.body.message).toBe(INVALID_LINK);
      await signIn(user.email); // the old password still works
    });

    it('a newer link and the reset kill the older links', async () => {
      const user = await createUser(t.em(), 'client');
      await forgot(user.email);
      await forgot(user.email);
      const [first, second] = await waitForMails(user.email, 2);
      expect((await reset(tokenOf(second))).status).toBe(200);
      expect((await reset(tokenOf(first), 'yet-another-one-7')).status).toBe(400);
    });

    it('two concurrent resets with one link: exactly one succeeds', async () => {
      const user = await createUser(t.em(), 'client');
      await forgot(user.email);
      const [mail] = await waitForMails(user.email, 1);
      const answers = await Promise.all([reset(tokenOf(mail), 'first-choice-11'), reset(tokenOf(mail), 'second-choice-22')]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
    });

    it(`sends at most 3 links per 15 minutes to one account, still answering the same`, async () => {
      const user = await createUser(t.em(), 'client');
      for (let i = 0; i < 5; i++) expect((await forgot(user.email)).body.message).toBe(NEUTRAL);
      await sleep(300);
      expect(await waitForMails(user.email, 3)).toHaveLength(3);
      expect(await t.em().count(PasswordResetToken, { user: user.id })).toBe(3);
    });

    it('sends nothing to a disabled account', async () => {
      const user = await createUser(t.em(), 'client', { is_active: false });
      expect((await forgot(user.email)).body.message).toBe(NEUTRAL);
      expect(await t.em().count(PasswordResetToken, { user: user.id })).toBe(0);
    });

    it('validates the email', async () => {
      const res = await forgot('not-an-email');
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'email', message: 'Please enter a valid email address' }]);
    });
  });

  describe('sessions end when the account or the company is disabled', () => {
    it('a user disabled (employee terminated) loses access and refresh at once', async () => {
      const c = await createCompany(t, 'Term');
      const s = await signIn(c.employeeUser.email);
      const res = await t.http().put(`/api/hr/employees/${c.employee.id}`).set(bearer(c.tokens.company_admin)).send({ employment_status: 'terminated' });
      expect(res.status).toBe(200);
      expect((await me(s.token)).status).toBe(401);
      expect((await refresh(s.cookie)).status).toBe(401);
      const stored = await t.em().findOneOrFail(User, { id: c.employeeUser.id });
      expect(stored.session_version).toBeGreaterThan(0);
    });

    it('suspending a company ends its users’ sessions; they may sign in again and read', async () => {
      const superadmin = await createUser(t.em(), 'superadmin');
      const root = await login(t, superadmin.email);
      const c = await createCompany(t, 'Halt');
      const other = await createCompany(t, 'Going');
      const admin = await signIn(c.admin.email);

      const res = await t.http().put(`/api/auth/companies/${c.company.id}`).set(bearer(root)).send({ subscription_status: 'suspended' });
      expect(res.status).toBe(200);
      expect((await me(admin.token)).status).toBe(401);
      expect((await me(c.tokens.employee)).status).toBe(401);
      expect((await refresh(admin.cookie)).status).toBe(401);
      expect(await t.em().count(RefreshToken, { user: { company: c.company.id }, revoked_at: null })).toBe(0);
      // another company and the superadmin are untouched
      expect((await me(other.tokens.company_admin)).status).toBe(200);
      expect((await me(root)).status).toBe(200);

      const again = await signIn(c.admin.email);
      expect((await t.http().get('/api/hr/employees').set(bearer(again.token))).status).toBe(200);
      expect((await t.http().post('/api/hr/departments').set(bearer(again.token)).send({ department_code: 'X1', department_name: 'X' })).status).toBe(402);

      // other changes of the company, or re-activating it, end nothing
      await t.http().put(`/api/auth/companies/${c.company.id}`).set(bearer(root)).send({ subscription_status: 'active' });
      await t.http().put(`/api/auth/companies/${c.company.id}`).set(bearer(root)).send({ company_name: 'Halt Renamed' });
      expect((await me(again.token)).status).toBe(200);
      expect((await t.em().findOneOrFail(Company, { id: c.company.id })).company_name).toBe('Halt Renamed');
    });
  });
});
