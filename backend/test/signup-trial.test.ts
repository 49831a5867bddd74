/**
 * A company's first week, the sign-up: a signed-in client account starts a free trial of its own
 * (POST /api/auth/start-trial) and becomes the new company's admin; the trial asks the company's
 * time zone; the free trial's answer never claims a company was created when the address already
 * had an account; GET /api/auth/me says whether the e-mail address is confirmed; an unconfirmed
 * client account yields its address to a company admin the platform creates.
 */
import { Company } from '../src/modules/companies/company.entity';
import { User } from '../src/modules/users/user.entity';
import { createTestApp, type TestApp } from './support/app';
import { bearer, createCompany, createUser, login, PASSWORD, unique, type CompanyFixture } from './support/fixtures';
import { devMailbox } from './support/mailbox';

const STRONG = 'Tulip#Garden42';
const NOT_A_CLIENT =
  'Only an account that belongs to no company can start a free trial of its own. Sign out and start the trial with another e-mail address.';

describe('sign-up: a client account starts a free trial, the time zone, truthful answers', () => {
  let t: TestApp;
  let acme: CompanyFixture;
  let superadmin: Record<string, string>;
  const mailbox = devMailbox('hr-signup-');

  beforeAll(async () => {
    t = await createTestApp({ env: { MAIL_DIR: mailbox.dir } });
    acme = await createCompany(t, 'Acme');
    superadmin = bearer(await login(t, (await createUser(t.em(), 'superadmin')).email));
  });
  afterAll(async () => {
    await t.close();
    mailbox.remove();
  });

  const packageId = async (code: string) => Number((await t.em().execute(`select id from packages where package_code = ?`, [code]))[0].id);
  const register = (body: Record<string, unknown>) => t.http().post('/api/auth/register').send(body);
  const signIn = (email: string, password: string) => t.http().post('/api/auth/login').send({ email, password });
  const selfRegistered = async () => {
    const name = unique('cli');
    const email = `${name}@mail.example.com`;
    expect((await register({ username: name, email, password: STRONG, first_name: 'Cleo', last_name: 'Client' })).status).toBe(201);
    const session = await signIn(email, STRONG);
    return { name, email, token: session.body.data.access_token as string };
  };
  const startTrial = (token: string, body: Record<string, unknown>) => t.http().post('/api/auth/start-trial').set(bearer(token)).send(body);

  describe('a signed-in client turns the own account into a new company’s admin', () => {
    it('creates the company in trial with its time zone; the account is its admin, same address and password, signed in', async () => {
      const cleo = await selfRegistered();
      const res = await startTrial(cleo.token, {
        company_name: 'Cleo Bakery',
        company_industry: 'Retail',
        package_id: await packageId('standard'),
        time_zone: 'America/Los_Angeles',
        last_name: 'Baker',
      });
      expect(res.status).toBe(201);
      expect(res.body.message).toBe('Your company is ready: your 14-day free trial of the Standard plan has started.');
      const { user, access_token, company } = res.body.data;
      expect(user).toMatchObject({
        email: cleo.email,
        role: 'company_admin',
        first_name: 'Cleo',
        last_name: 'Baker',
        company_name: 'Cleo Bakery',
        time_zone: 'America/Los_Angeles',
        email_verified: false,
      });
      expect(company).toMatchObject({ company_name: 'Cleo Bakery', time_zone: 'America/Los_Angeles', industry: 'Retail', email: cleo.email });
      expect(res.headers['set-cookie']?.[0]).toMatch(/^refresh_token=/);
      // the new session works as the admin: the company's own screens answer
      const me = await t.http().get('/api/auth/me').set(bearer(access_token));
      expect(me.body.data).toMatchObject({ role: 'company_admin', company_id: company.id, time_zone: 'America/Los_Angeles' });
      expect((await t.http().get('/api/hr/departments').set(bearer(access_token))).status).toBe(200);
      // the client session ended with the role it carried
      expect((await t.http().get('/api/auth/me').set(bearer(cleo.token))).status).toBe(401);
      // one account for the address, still signing in with its own password
      expect(await t.em().fork().count(User, { email: cleo.email }, { filters: false })).toBe(1);
      const again = await signIn(cleo.email, STRONG);
      expect(again.body.data.user).toMatchObject({ role: 'company_admin', company_id: company.id });
      const stored = await t.em().fork().findOneOrFail(Company, { id: company.id }, { filters: false });
      expect(stored).toMatchObject({ time_zone: 'America/Los_Angeles', billing_status: 'trialing' });
    });

    it('a second trial from the same account is refused, and so is one by a company admin, an employee or the superadmin', async () => {
      const cleo = await selfRegistered();
      const first = await startTrial(cleo.token, { company_name: `First ${unique('co')}` });
      expect(first.status).toBe(201);
      const admin = first.body.data.access_token;
      const second = await startTrial(admin, { company_name: `Second ${unique('co')}` });
      expect(second.status).toBe(403);
      expect(second.body.message).toBe(NOT_A_CLIENT);
      for (const token of [acme.tokens.company_admin, acme.tokens.employee]) {
        const refused = await startTrial(token, { company_name: `Other ${unique('co')}` });
        expect(refused.status).toBe(403);
        expect(refused.body.message).toBe(NOT_A_CLIENT);
      }
      expect((await startTrial(superadmin.Authorization.slice(7), { company_name: `Platform ${unique('co')}` })).status).toBe(403);
      expect(await t.em().fork().count(Company, { company_name: { $like: 'Second %' } }, { filters: false })).toBe(0);
    });

    it('names the time zone in words when it is not a time zone, and creates nothing', async () => {
      const cleo = await selfRegistered();
      const res = await startTrial(cleo.token, { company_name: 'Nowhere Ltd', time_zone: 'Mars/Olympus' });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: 'time_zone', message: 'Time zone must be an IANA time zone such as Europe/Paris' }]);
      expect((await t.http().get('/api/auth/me').set(bearer(cleo.token))).body.data.role).toBe('client');
    });
  });

  describe('the free trial form (not signed in)', () => {
    const trial = (over: Record<string, unknown> = {}) => {
      const name = unique('trial');
      return {
        username: name,
        email: `${name}@example.com`,
        password: STRONG,
        role: 'company_admin',
        first_name: 'Tina',
        company_name: `${name} Inc`,
        create_company: true,
        ...over,
      };
    };

    it('stores the time zone asked on the company; refuses one that is not a time zone naming it in words', async () => {
      const body = trial({ time_zone: 'Asia/Kolkata' });
      expect((await register(body)).status).toBe(201);
      const session = await signIn(body.email, STRONG);
      expect(session.body.data.user).toMatchObject({ role: 'company_admin', time_zone: 'Asia/Kolkata', email_verified: false });

      const wrong = await register(trial({ time_zone: 'Europe/Atlantis' }));
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors).toContainEqual({ field: 'time_zone', message: 'Time zone must be an IANA time zone such as Europe/Paris' });
    });

    it('never says the trial started when the address already has an account: the answer says what to do in either case', async () => {
      const existing = await createUser(t.em(), 'client');
      const res = await register(trial({ email: existing.email }));
      expect(res.status).toBe(201);
      expect(res.body.message).not.toMatch(/has started|Welcome/);
      expect(res.body.message).toContain('If the address already has an account, nothing new was created');
      expect(res.body.message).toContain('sign in with the password you chose');
      // nothing was created and the account is unchanged
      expect((await t.em().fork().findOneOrFail(User, { email: existing.email }, { filters: false })).role).toBe('client');
      expect((await signIn(existing.email, PASSWORD)).body.data.user.company_id).toBeNull();
    });

    it('takes over an address an unconfirmed client account holds: its password stops working, the trial admin signs in', async () => {
      const squatter = await selfRegistered();
      const body = trial({ email: squatter.email, username: squatter.name });
      expect((await register(body)).status).toBe(201);
      expect((await signIn(squatter.email, STRONG)).body.data.user).toMatchObject({ role: 'company_admin', company_name: body.company_name });
      expect(await t.em().fork().count(User, { email: squatter.email }, { filters: false })).toBe(1);
    });
  });

  describe('GET /api/auth/me says whether the e-mail address is confirmed', () => {
    it('false for a self-registered account until its link is opened; true for accounts a company made', async () => {
      const cleo = await selfRegistered();
      expect((await t.http().get('/api/auth/me').set(bearer(cleo.token))).body.data.email_verified).toBe(false);
      expect((await signIn(cleo.email, STRONG)).body.data.user.email_verified).toBe(false);
      const [mail] = await mailbox.mailsTo(cleo.email, 1);
      const token = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
      expect((await t.http().post('/api/auth/verify-email').send({ token })).status).toBe(200);
      expect((await t.http().get('/api/auth/me').set(bearer(cleo.token))).body.data.email_verified).toBe(true);
      expect((await t.http().get('/api/auth/me').set(bearer(acme.tokens.company_admin))).body.data.email_verified).toBe(true);
    });
  });

  describe('the platform creates a company admin with an address an unconfirmed client account holds', () => {
    const newAdmin = (email: string) => ({
      username: unique('adm'),
      email,
      password: STRONG,
      first_name: 'Ada',
      last_name: 'Admin',
    });

    it('replaces the unconfirmed account; a confirmed account keeps its address (409)', async () => {
      const squatter = await selfRegistered();
      const created = await t.http().post(`/api/auth/companies/${acme.company.id}/admin`).set(superadmin).send(newAdmin(squatter.email));
      expect(created.status).toBe(201);
      expect((await signIn(squatter.email, STRONG)).body.data.user).toMatchObject({ role: 'company_admin', company_id: acme.company.id });
      expect((await t.http().get('/api/auth/me').set(bearer(squatter.token))).status).toBe(401);

      const confirmed = await createUser(t.em(), 'client');
      const refused = await t.http().post(`/api/auth/companies/${acme.company.id}/admin`).set(superadmin).send(newAdmin(confirmed.email));
      expect(refused.status).toBe(409);
      expect((await signIn(confirmed.email, PASSWORD)).body.data.user.role).toBe('client');
    });
  });
});
