import { jest } from '@jest/globals';
import { EmployeeInvitation } from '../src/modules/auth/invitation.entity';
import { User } from '../src/modules/users/user.entity';
import { createTestApp, type TestApp } from './support/app';
import { bearer, createCompany, createUser, grant, login, PASSWORD, unique, type CompanyFixture } from './support/fixtures';
import { devMailbox, type StoredMail } from './support/mailbox';

const API = '/api/hr/employees';
const NEW_PASSWORD = 'tulip-garden-42';
const DAY = 86_400_000;
const INVALID = 'This invitation link is invalid. Ask your company to send you a new one.';
const EXPIRED = 'This invitation has expired. Ask your company to send you a new one.';
const USED = 'This invitation has already been used. Sign in with your email and password.';
const REVOKED = 'This invitation was withdrawn. Ask your company to send you a new one.';

const tokenOf = (mail: StoredMail) => /accept-invitation\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];

/** Only Date is faked: timers, promises and I/O run as they do. */
const fakeClock = (at: number) =>
  jest.useFakeTimers({
    now: at,
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });

describe('invitations', () => {
  let t: TestApp;
  let a: CompanyFixture;
  let b: CompanyFixture;
  const mailbox = devMailbox('hr-invite-');

  beforeAll(async () => {
    t = await createTestApp({ env: { MAIL_DIR: mailbox.dir, APP_URL: 'https://hr.example.com/' } });
    a = await createCompany(t, 'Alpha');
    b = await createCompany(t, 'Beta');
  });
  afterEach(() => jest.useRealTimers());
  afterAll(async () => {
    await t.close();
    mailbox.remove();
  });

  const newEmployee = (extra: Record<string, unknown> = {}) => ({
    employee_code: unique('E').toUpperCase(),
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: `${unique('ada')}@test.example.com`,
    hire_date: '2026-01-05',
    ...extra,
  });
  const invite = async (company = a, extra: Record<string, unknown> = {}) => {
    const body = newEmployee({ send_invitation: true, ...extra });
    const res = await t.http().post(API).set(bearer(company.tokens.company_admin)).send(body);
    expect(res.status).toBe(201);
    const [mail] = await mailbox.mailsTo(body.email as string, 1);
    return { employee: res.body.data, email: body.email as string, mail, token: tokenOf(mail) };
  };
  const lookup = (token: string) => t.http().get(`/api/auth/invitations/${token}`);
  const accept = (token: string, password = NEW_PASSWORD) => t.http().post('/api/auth/invitations/accept').send({ token, password });
  const resend = (id: number, token = a.tokens.company_admin) => t.http().post(`${API}/${id}/invitation`).set(bearer(token));
  const revoke = (id: number, token = a.tokens.company_admin) => t.http().delete(`${API}/${id}/invitation`).set(bearer(token));

  it('creates the employee with a pending invitation and mails a 7-day single-use link', async () => {
    const { employee, email, mail, token } = await invite();
    expect(employee).toMatchObject({ user_id: null, invitation_status: 'pending' });
    expect(new Date(employee.invitation_expires_at).getTime() - new Date(employee.invitation_sent_at).getTime()).toBe(7 * DAY);
    expect(mail.subject).toBe(`${a.company.company_name} invites you to HR Platform`);
    expect(mail.text).toMatch(/^https:\/\/hr\.example\.com\/accept-invitation\?token=[A-Za-z0-9_-]{43}$/m);
    expect(mail.text).toMatch(/within 7 days/);

    const res = await lookup(token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      email,
      first_name: 'Ada',
      last_name: 'Lovelace',
      company_name: a.company.company_name,
      existing_account: false,
    });
    // the list shows the same state
    const list = await t.http().get(API).query({ filter: JSON.stringify({ id: employee.id }) }).set(bearer(a.tokens.company_admin));
    expect(list.body.data[0]).toMatchObject({ invitation_status: 'pending', invitation_sent_at: employee.invitation_sent_at });
  });

  it('stores only a hash of the token', async () => {
    const { employee, token } = await invite();
    const rows = await t.em().find(EmployeeInvitation, { employee: employee.id }, { filters: false });
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].token_hash).not.toContain(token);
    const [raw] = await t.em().getConnection().execute(`select * from employee_invitations where id = ?`, [rows[0].id]);
    expect(JSON.stringify(raw)).not.toContain(token);
  });

  it('accepts once: sets the password, answers a session, and the employee can sign in', async () => {
    const { employee, email, token } = await invite();
    const res = await accept(token);
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ email, role: 'employee', company_id: a.company.id, employee_id: employee.id });
    expect(([] as string[]).concat(res.headers['set-cookie'] ?? []).some((c) => c.startsWith('refresh_token='))).toBe(true);
    const me = await t.http().get('/api/auth/me').set(bearer(res.body.data.access_token));
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ employee_id: employee.id, company_id: a.company.id });
    await login(t, email, NEW_PASSWORD);

    const detail = await t.http().get(`${API}/${employee.id}`).set(bearer(a.tokens.company_admin));
    expect(detail.body.data).toMatchObject({ invitation_status: 'accepted', user_id: res.body.data.user.id });

    // reuse refused
    const again = await accept(token, 'another-good-one-9');
    expect(again.status).toBe(410);
    expect(again.body.message).toBe(USED);
    expect((await lookup(token)).status).toBe(410);
    await login(t, email, NEW_PASSWORD);
    // and no second invitation for an employee who can sign in
    expect((await resend(employee.id)).status).toBe(409);
  });

  it('refuses a weak or personal password naming the field, and the link stays usable', async () => {
    const { token } = await invite();
    const weak = await accept(token, 'password123');
    expect(weak.status).toBe(400);
    expect(weak.body.errors[0].field).toBe('password');
    const personal = await accept(token, 'lovelace-2026-x');
    expect(personal.status).toBe(400);
    expect(personal.body.errors).toEqual([{ field: 'password', message: 'Password must not contain your name, email or company name' }]);
    expect((await accept(token)).status).toBe(200);
  });

  it('expires after 7 days (the clock faked)', async () => {
    const { employee, token } = await invite();
    fakeClock(Date.now() + 7 * DAY - 60_000);
    expect((await lookup(token)).status).toBe(200);
    fakeClock(Date.now() + 2 * 60_000);
    const res = await lookup(token);
    expect(res.status).toBe(410);
    expect(res.body.message).toBe(EXPIRED);
    const refused = await accept(token);
    expect(refused.status).toBe(410);
    expect(refused.body.message).toBe(EXPIRED);
    jest.useRealTimers();
    expect(await t.em().count(User, { employee: employee.id }, { filters: false })).toBe(0);
  });

  it('refuses an unknown link with 404', async () => {
    const res = await lookup('x'.repeat(43));
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(INVALID);
    expect((await accept('x'.repeat(43))).status).toBe(404);
  });

  it('revokes: the link stops working and the state says so', async () => {
    const { employee, token } = await invite();
    const res = await revoke(employee.id);
    expect(res.status).toBe(200);
    expect(res.body.data.invitation_status).toBe('revoked');
    const refused = await accept(token);
    expect(refused.status).toBe(410);
    expect(refused.body.message).toBe(REVOKED);
    expect((await revoke(employee.id)).status).toBe(409);
  });

  it('resends: a new link works and the old one no longer does', async () => {
    const { employee, email, token: old } = await invite();
    const res = await resend(employee.id);
    expect(res.status).toBe(200);
    expect(res.body.data.invitation_status).toBe('pending');
    const mails = await mailbox.mailsTo(email, 2);
    const fresh = tokenOf(mails.map((m) => m).find((m) => tokenOf(m) !== old)!);
    expect(fresh).not.toBe(old);
    expect((await accept(old)).status).toBe(410);
    expect((await accept(fresh)).status).toBe(200);
  });

  it("another company's employee cannot be invited or revoked (404), and nothing is sent", async () => {
    const { employee, email, token } = await invite(b);
    expect((await resend(employee.id, a.tokens.company_admin)).status).toBe(404);
    expect((await revoke(employee.id, a.tokens.company_admin)).status).toBe(404);
    expect((await lookup(token)).status).toBe(200);
    // the mailbox holds B's own invitation only (waited for a second mail for about 5 s)
    expect((await mailbox.mailsTo(email, 2)).map(tokenOf)).toEqual([token]);
  });

  it('needs employees edit: an employee without it is refused (403)', async () => {
    const { employee } = await invite();
    expect((await resend(employee.id, a.tokens.employee)).status).toBe(403);
    expect((await revoke(employee.id, a.tokens.employee)).status).toBe(403);
  });

  it('a non-admin cannot invite into a position with more rights than their own', async () => {
    const c = await createCompany(t, 'Gamma');
    await grant(t, { position: c.position }, c.company, 'employees', { can_view: true, can_create: true, can_edit: true });
    await grant(t, { position: c.position }, c.company, 'payroll', { can_view: true });
    const hr = await createUser(t.em(), 'employee', { company: c.company });
    const token = await login(t, hr.email);
    // the caller has no position: their rights are none; inviting into the position would give payroll
    const res = await t.http().post(API).set(bearer(token)).send(newEmployee({ send_invitation: true, position_id: c.position.id }));
    expect(res.status).toBe(403);
  });

  it('attaches a self-registered client with that email on accept', async () => {
    const client = await createUser(t.em(), 'client');
    const { employee, token } = await invite(a, { email: client.email });
    expect((await lookup(token)).body.data.existing_account).toBe(true);
    const old = await login(t, client.email);
    const res = await accept(token);
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ id: client.id, role: 'employee', company_id: a.company.id, employee_id: employee.id });
    // the client's earlier sessions end; the new password signs in
    expect((await t.http().get('/api/auth/me').set(bearer(old))).status).toBe(401);
    await login(t, client.email, NEW_PASSWORD);
    expect((await t.http().post('/api/auth/login').send({ email: client.email, password: PASSWORD })).status).toBe(401);
  });

  it("invites an e-mail that has another company's account as any other (the answer tells nothing), and refuses it at acceptance, creating nothing; both kinds of sign-in at once are a 400", async () => {
    const { employee, token } = await invite(a, { email: b.admin.email });
    expect(employee).toMatchObject({ user_id: null, invitation_status: 'pending' });
    expect((await lookup(token)).body.data.existing_account).toBe(false);
    const refused = await accept(token);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'This e-mail address already has an HR Platform account that belongs to another company, so the invitation cannot create a second one. Ask your company to invite a different address.',
    );
    // the other company's admin is untouched, the invitation still pending, no account made
    await login(t, b.admin.email);
    const stored = await t.em().findOneOrFail(User, { email: b.admin.email }, { filters: false });
    expect(stored.company?.id).toBe(b.company.id);
    expect(await t.em().count(User, { employee: employee.id }, { filters: false })).toBe(0);
    expect((await t.http().get(`${API}/${employee.id}`).set(bearer(a.tokens.company_admin))).body.data.invitation_status).toBe('pending');
    const both = await t.http().post(API).set(bearer(a.tokens.company_admin)).send(
      newEmployee({ send_invitation: true, enable_login: true, username: unique('u'), password: NEW_PASSWORD }),
    );
    expect(both.status).toBe(400);
    expect(both.body.errors[0].field).toBe('send_invitation');
  });

  it('an admin-set password with enable_login still works', async () => {
    const body = newEmployee({ enable_login: true, username: unique('u'), password: NEW_PASSWORD });
    const res = await t.http().post(API).set(bearer(a.tokens.company_admin)).send(body);
    expect(res.status).toBe(201);
    expect(res.body.data.invitation_status).toBeNull();
    await login(t, body.email as string, NEW_PASSWORD);
  });

  it('the CSV import sends invitations when asked, refuses rows that repeat an e-mail, and does not look addresses up', async () => {
    const e1 = `${unique('csv')}@test.example.com`;
    const e2 = `${unique('csv')}@test.example.com`;
    const csv = (rows: string[]) => ['employee_code,first_name,last_name,email,hire_date', ...rows].join('\n');
    const bad = await t.http().post(`${API}/import`).set(bearer(a.tokens.company_admin)).send({
      csv: csv([`${unique('I')},Ida,One,${e1},2026-01-05`, `${unique('I')},Ivo,Two,${e1},2026-01-05`]),
      send_invitations: true,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ row: 3, field: 'email', message: 'Email repeats row 2: each invitation needs its own address' }]);
    // an address with another company's account is imported and invited as any other
    const withAccount = await t.http().post(`${API}/import`).set(bearer(a.tokens.company_admin)).send({
      csv: csv([`${unique('I')},Bea,Other,${b.admin.email},2026-01-05`]),
      send_invitations: true,
    });
    expect(withAccount.status).toBe(201);

    const res = await t.http().post(`${API}/import`).set(bearer(a.tokens.company_admin)).send({
      csv: csv([`${unique('I')},Ida,One,${e1},2026-01-05`, `${unique('I')},Ivo,Two,${e2},2026-01-05`]),
      send_invitations: true,
    });
    expect(res.status).toBe(201);
    const [mail] = await mailbox.mailsTo(e2, 1);
    expect((await accept(tokenOf(mail))).status).toBe(200);
    expect((await mailbox.mailsTo(e1, 1)).length).toBe(1);
  });
});
