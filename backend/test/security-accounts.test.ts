/**
 * Sign-in e-mails, invitations and account look-up (security review, items 3, 9 and 14):
 * - the e-mail of an employee (with a sign-in or without, where an invitation would go) changes
 *   only by a company admin, the previous address is told, and the record shows who invited whom;
 * - no answer tells whether an address, a username or a company code is in use (register, a new
 *   employee with an invitation), the clash is told at acceptance, and a company's invitations
 *   are rate-limited;
 * - self-registration verifies the address with a mailed link, and an unverified client account
 *   yields its address to registering again, an invitation or a login given by a company.
 */
import { Employee } from '../src/modules/employees/employee.entity';
import { User } from '../src/modules/users/user.entity';
import { createTestApp, type TestApp } from './support/app';
import { bearer, createCompany, createUser, grant, PASSWORD, unique, type CompanyFixture } from './support/fixtures';
import { devMailbox, type StoredMail } from './support/mailbox';

const API = '/api/hr/employees';
const REGISTERED = { success: true, message: 'Registration successful! Please login.', data: null };
const STRONG = 'Tulip#Garden42';
const invitationToken = (mail: StoredMail) => /accept-invitation\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
const verifyToken = (mail: StoredMail) => /verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];

describe('sign-in e-mails, invitations and account look-up', () => {
  let t: TestApp;
  let a: CompanyFixture;
  let b: CompanyFixture;
  let admin: Record<string, string>;
  let editor: Record<string, string>;
  const mailbox = devMailbox('hr-accounts-');

  beforeAll(async () => {
    t = await createTestApp({ env: { MAIL_DIR: mailbox.dir, APP_URL: 'https://hr.example.com/' } });
    a = await createCompany(t, 'Alpha');
    b = await createCompany(t, 'Beta');
    admin = bearer(a.tokens.company_admin);
    // the signed-in employee holds employees: view and edit, not admin
    await grant(t, { position: a.position }, a.company, 'employees', { can_view: true, can_edit: true });
    editor = bearer(a.tokens.employee);
  });
  afterAll(async () => {
    await t.close();
    mailbox.remove();
  });

  const newEmployee = (extra: Record<string, unknown> = {}) => ({
    employee_code: unique('E').toUpperCase(),
    first_name: 'Nora',
    last_name: 'Nologin',
    email: `${unique('nora')}@test.example.com`,
    hire_date: '2026-01-05',
    ...extra,
  });
  const storedEmployee = (id: number) => t.em().findOneOrFail(Employee, { id }, { filters: false });
  const register = (body: Record<string, unknown>) => t.http().post('/api/auth/register').send(body);
  const client = (extra: Record<string, unknown> = {}) => {
    const name = unique('cli');
    return { username: name, email: `${name}@mail.example.com`, password: STRONG, first_name: 'Cleo', last_name: 'Client', ...extra };
  };
  const signIn = (email: string, password: string) => t.http().post('/api/auth/login').send({ email, password });

  describe('item 3: the e-mail of an employee is a company admin’s to change', () => {
    it('refuses a holder of employees:edit changing the e-mail of an employee without a sign-in (and so inviting themselves as them), and of one with a sign-in', async () => {
      const created = await t.http().post(API).set(admin).send(newEmployee());
      expect(created.status).toBe(201);
      const id = created.body.data.id;
      const before = created.body.data.email;

      const changed = await t.http().put(`${API}/${id}`).set(editor).send({ email: 'x@elsewhere.example.com' });
      expect(changed.status).toBe(403);
      expect(changed.body.message).toBe("Only a company admin can change an employee's e-mail address");
      expect(changed.body.errors).toEqual([{ field: 'email', message: "Only a company admin can change an employee's e-mail address" }]);
      expect((await storedEmployee(id)).email).toBe(before);
      // the same in another case of the address is no change
      expect((await t.http().put(`${API}/${id}`).set(editor).send({ email: before.toUpperCase(), phone: '+1 555 0199' })).status).toBe(200);

      const withLogin = await t.http().put(`${API}/${a.employee.id}`).set(editor).send({ email: 'x@elsewhere.example.com' });
      expect(withLogin.status).toBe(403);
      expect(withLogin.body.message).toBe('Only a company admin can change the e-mail an employee signs in with');
      expect((await t.em().findOneOrFail(User, { id: a.employeeUser.id }, { filters: false })).email).toBe(a.employeeUser.email);
    });

    it('an admin changes it: the previous address is told, and the pending invitation to it stops working', async () => {
      const body = newEmployee({ send_invitation: true });
      const created = await t.http().post(API).set(admin).send(body);
      expect(created.status).toBe(201);
      const [invitation] = await mailbox.mailsTo(body.email, 1);
      const newAddress = `${unique('moved')}@test.example.com`;
      const changed = await t.http().put(`${API}/${created.body.data.id}`).set(admin).send({ email: newAddress });
      expect(changed.status).toBe(200);
      expect(changed.body.data.invitation_status).toBe('revoked');

      const told = (await mailbox.mailsTo(body.email, 2)).find((m) => m.subject === 'The e-mail address on your employee record was changed');
      expect(told).toBeDefined();
      expect(told!.text).toContain(`A company admin of ${a.company.company_name} changed the e-mail address on your employee record to ${newAddress}.`);
      expect(told!.text).toContain("If you did not expect this change, tell your company's HR team at once.");
      const refused = await t.http().post('/api/auth/invitations/accept').send({ token: invitationToken(invitation), password: STRONG });
      expect(refused.status).toBe(410);
    });

    it('the employee record shows who sent the invitation and when, in the record and the list', async () => {
      const created = await t.http().post(API).set(admin).send(newEmployee({ send_invitation: true }));
      expect(created.status).toBe(201);
      expect(created.body.data.invited_by).toBe('Test company_admin');
      expect(created.body.data.invited_at).toBe(created.body.data.invitation_sent_at);
      const list = await t.http().get(API).query({ filter: JSON.stringify({ id: created.body.data.id }) }).set(admin);
      expect(list.body.data[0]).toMatchObject({ invited_by: 'Test company_admin', invited_at: created.body.data.invitation_sent_at });
      const plain = await t.http().post(API).set(admin).send(newEmployee());
      expect(plain.body.data).toMatchObject({ invited_by: null, invited_at: null });
    });
  });

  describe('item 9: no answer tells whether an account exists', () => {
    it('register answers a taken email, a taken username and a free one alike', async () => {
      const existing = await createUser(t.em(), 'client');
      const free = await register(client());
      const takenEmail = await register(client({ email: existing.email }));
      const takenName = await register(client({ username: existing.username }));
      for (const res of [free, takenEmail, takenName]) {
        expect(res.status).toBe(201);
        expect(res.body).toEqual(REGISTERED);
      }
      // the owner of the email is told; the account is unchanged
      const [warned] = await mailbox.mailsTo(existing.email, 1);
      expect(warned.subject).toBe('Someone tried to register with your email');
      expect((await signIn(existing.email, PASSWORD)).status).toBe(200);
    });

    it('the free trial answers a company code in use as a free one', async () => {
      const trial = (code: string) => client({ role: 'company_admin', create_company: true, company_name: `Co ${unique('n')}`, company_code: code });
      const free = await register(trial(unique('FREE').toUpperCase()));
      const taken = await register(trial(a.company.company_code));
      expect([free.status, taken.status]).toEqual([201, 201]);
      expect(taken.body).toEqual(free.body);
    });

    it('creating an employee with an invitation answers an address with an account anywhere as a free one; the clash is told at acceptance and creates nothing', async () => {
      const free = await t.http().post(API).set(admin).send(newEmployee({ send_invitation: true }));
      const taken = await t.http().post(API).set(admin).send(newEmployee({ send_invitation: true, email: b.admin.email }));
      const employeeElsewhere = await t.http().post(API).set(admin).send(newEmployee({ send_invitation: true, email: b.employeeUser.email }));
      for (const res of [free, taken, employeeElsewhere]) {
        expect(res.status).toBe(201);
        expect(res.body.message).toBe('Employee created successfully');
        expect(res.body.data).toMatchObject({ user_id: null, username: null, invitation_status: 'pending' });
      }
      const [mail] = await mailbox.mailsTo(b.admin.email, 1);
      const accepted = await t.http().post('/api/auth/invitations/accept').send({ token: invitationToken(mail), password: STRONG });
      expect(accepted.status).toBe(409);
      expect(accepted.body.message).toBe(
        'This e-mail address already has an HR Platform account that belongs to another company, so the invitation cannot create a second one. Ask your company to invite a different address.',
      );
      expect((await t.em().findOneOrFail(User, { id: b.admin.id }, { filters: false })).company?.id).toBe(b.company.id);
      expect((await signIn(b.admin.email, PASSWORD)).status).toBe(200);
      expect((await signIn(b.admin.email, STRONG)).status).toBe(401);
      expect(await t.em().count(User, { employee: taken.body.data.id }, { filters: false })).toBe(0);
    });

    it('a company sends at most 1000 invitations a day: then 429, and the employee is not created', async () => {
      const c = await createCompany(t, 'Gamma');
      const [row] = await t.em().execute<Array<{ id: number }>>(
        `insert into employees (company_id, employee_code, first_name, last_name, email, employment_type, employment_status, salary_currency, payment_frequency, created_at, updated_at)
         values (?, 'BULK', 'Bulk', 'Sender', 'bulk@test.example.com', 'full_time', 'active', 'USD', 'monthly', now(), now()) returning id`,
        [c.company.id],
      );
      await t.em().execute(
        `insert into employee_invitations (company_id, employee_id, email, token_hash, sent_at, expires_at, revoked_at, created_at, updated_at)
         select ?, ?, 'bulk@test.example.com', md5(random()::text || n) || md5(n::text), now() - interval '1 hour', now() + interval '6 days', now(), now(), now()
           from generate_series(1, 999) n`,
        [c.company.id, row.id],
      );
      const body = newEmployee({ send_invitation: true });
      const last = await t.http().post(API).set(bearer(c.tokens.company_admin)).send(body);
      expect(last.status).toBe(201);
      const over = newEmployee({ send_invitation: true });
      const refused = await t.http().post(API).set(bearer(c.tokens.company_admin)).send(over);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe('Your company has sent 1000 invitations in the last 24 hours, the most allowed. Please try again later.');
      expect(await t.em().count(Employee, { email: over.email }, { filters: false })).toBe(0);
      const resend = await t.http().post(`${API}/${last.body.data.id}/invitation`).set(bearer(c.tokens.company_admin));
      expect(resend.status).toBe(429);
      // another company is not held back
      expect((await t.http().post(API).set(admin).send(newEmployee({ send_invitation: true }))).status).toBe(201);
    });
  });

  describe('item 14: self-registration verifies the address; an unverified client account does not hold it', () => {
    it('mails a confirmation link; the client signs in meanwhile; the link confirms once', async () => {
      const body = client();
      expect((await register(body)).status).toBe(201);
      const stored = await t.em().findOneOrFail(User, { email: body.email }, { filters: false });
      expect(stored.email_verified_at).toBeNull();
      const [mail] = await mailbox.mailsTo(body.email, 1);
      expect(mail.subject).toBe('Confirm your e-mail address for HR Platform');
      expect(mail.text).toMatch(/^https:\/\/hr\.example\.com\/verify-email\?token=[A-Za-z0-9_-]{43}$/m);
      expect((await signIn(body.email, STRONG)).status).toBe(200);

      const verified = await t.http().post('/api/auth/verify-email').send({ token: verifyToken(mail) });
      expect(verified.status).toBe(200);
      expect(verified.body.message).toBe('Thank you: your e-mail address is confirmed.');
      expect((await t.em().fork().findOneOrFail(User, { id: stored.id }, { filters: false })).email_verified_at).toBeInstanceOf(Date);
      const again = await t.http().post('/api/auth/verify-email').send({ token: verifyToken(mail) });
      expect(again.status).toBe(400);
      expect(again.body.errors).toEqual([
        { field: 'token', message: 'This confirmation link is invalid or has expired. Sign in and ask for a new one.' },
      ]);
      // once confirmed, registering again with it is told to the owner and changes nothing
      expect((await register(client({ email: body.email, password: 'Other#Squat2026' }))).body).toEqual(REGISTERED);
      expect((await mailbox.mailsTo(body.email, 2)).map((m) => m.subject)).toContain('Someone tried to register with your email');
      expect((await signIn(body.email, 'Other#Squat2026')).status).toBe(401);
      expect((await signIn(body.email, STRONG)).status).toBe(200);
    });

    it('a signed-in unverified client asks for a new link; a confirmed one is told it is confirmed', async () => {
      const body = client();
      await register(body);
      const token = (await signIn(body.email, STRONG)).body.data.access_token;
      const sent = await t.http().post('/api/auth/verify-email/resend').set(bearer(token));
      expect(sent.status).toBe(200);
      expect(sent.body.message).toBe('We have sent you a new confirmation link. Please check your inbox.');
      const mails = await mailbox.mailsTo(body.email, 2);
      expect(mails).toHaveLength(2);
      // only the newest link works
      const statuses: number[] = [];
      for (const mail of mails) statuses.push((await t.http().post('/api/auth/verify-email').send({ token: verifyToken(mail) })).status);
      expect(statuses.sort()).toEqual([200, 400]);
      const confirmed = await t.http().post('/api/auth/verify-email/resend').set(bearer(token));
      expect(confirmed.status).toBe(409);
      expect(confirmed.body.message).toBe('Your e-mail address is already confirmed');
    });

    it('registering again with an unverified address takes it over: the squatter’s password stops working', async () => {
      const address = `${unique('victim')}@mail.example.com`;
      expect((await register(client({ email: address, password: 'Squat#Attempt2026' }))).status).toBe(201);
      const squatter = (await signIn(address, 'Squat#Attempt2026')).body.data.access_token;
      expect((await register(client({ email: address, password: STRONG }))).body).toEqual(REGISTERED);
      expect((await signIn(address, 'Squat#Attempt2026')).status).toBe(401);
      expect((await signIn(address, STRONG)).status).toBe(200);
      // the squatter's session ended with it
      expect((await t.http().get('/api/auth/me').set(bearer(squatter))).status).toBe(401);
      expect(await t.em().count(User, { email: address }, { filters: false })).toBe(1);
    });

    it('a company gives a login (enable_login) to an address an unverified client account holds: the account is replaced', async () => {
      const address = `${unique('squat')}@mail.example.com`;
      expect((await register(client({ email: address, password: 'Squat#Attempt2026' }))).status).toBe(201);
      const res = await t.http().post(API).set(admin).send(newEmployee({ email: address, enable_login: true, username: unique('emp'), password: STRONG }));
      expect(res.status).toBe(201);
      expect(res.body.data.user_id).not.toBeNull();
      expect((await signIn(address, 'Squat#Attempt2026')).status).toBe(401);
      const session = await signIn(address, STRONG);
      expect(session.status).toBe(200);
      expect(session.body.data.user).toMatchObject({ role: 'employee', company_id: a.company.id, employee_id: res.body.data.id });

      // a confirmed client's address is not taken from it
      const confirmed = await createUser(t.em(), 'client');
      const refused = await t.http().post(API).set(admin).send(newEmployee({ email: confirmed.email, enable_login: true, username: unique('emp'), password: STRONG }));
      expect(refused.status).toBe(409);
      expect((await signIn(confirmed.email, PASSWORD)).status).toBe(200);
    });

    it('an invitation accepted for an address an unverified client account holds takes it over and confirms it', async () => {
      const address = `${unique('squat')}@mail.example.com`;
      expect((await register(client({ email: address, password: 'Squat#Attempt2026' }))).status).toBe(201);
      const created = await t.http().post(API).set(admin).send(newEmployee({ email: address, send_invitation: true }));
      expect(created.status).toBe(201);
      const invitation = (await mailbox.mailsTo(address, 2)).find((m) => m.subject.endsWith('invites you to HR Platform'))!;
      const accepted = await t.http().post('/api/auth/invitations/accept').send({ token: invitationToken(invitation), password: STRONG });
      expect(accepted.status).toBe(200);
      expect((await signIn(address, 'Squat#Attempt2026')).status).toBe(401);
      const user = await t.em().fork().findOneOrFail(User, { email: address }, { filters: false });
      expect(user.email_verified_at).toBeInstanceOf(Date);
      expect(user.employee?.id).toBe(created.body.data.id);
    });
  });
});
