import { Company } from '../src/modules/companies/company.entity';
import { Package } from '../src/modules/packages/package.entity';
import { listOperations, loadOpenApi } from './isolation/operations';
import { createTestApp, type TestApp } from './support/app';
import { devMailbox } from './support/mailbox';
import { bearer, createCompany, createUser, login, unique, type CompanyFixture } from './support/fixtures';

const DAY = 86_400_000;
const MESSAGES = {
  trial_ended: 'Your trial has ended. Choose a package to continue.',
  suspended: 'Your subscription is suspended. Please contact the platform administrator.',
  cancelled: 'Your subscription has been cancelled. Choose a package to continue.',
} as const;

/** The writes a company may make while it cannot write otherwise (marked @AllowedWhileBlocked). */
const ALLOWED_WHILE_BLOCKED = ['POST /api/auth/change-password', 'POST /api/packages/subscription'];

describe('plans: paying, and what a blocked company may write', () => {
  let t: TestApp;
  let superadmin: string;
  let superadminId: number;
  let standardId: number;
  const { dir: mailDir, mailsTo } = devMailbox('hr-plan-mail-');

  beforeAll(async () => {
    t = await createTestApp({ env: { MAIL_DIR: mailDir } });
    const su = await createUser(t.em(), 'superadmin');
    superadminId = su.id;
    superadmin = await login(t, su.email);
    standardId = (await t.em().findOneOrFail(Package, { package_code: 'standard' })).id;
  });
  afterAll(() => t.close());

  const setState = (c: CompanyFixture, state: Partial<Pick<Company, 'subscription_status' | 'trial_ends_at'>>) =>
    t.em().nativeUpdate(Company, { id: c.company.id }, state);
  const stored = (c: CompanyFixture) => t.em().findOneOrFail(Company, { id: c.company.id }, { filters: false });
  const requestsOf = (c: CompanyFixture) =>
    t.em().execute<Array<{ id: number; status: string; package_id: number; billing_cycle: string; requested_by_id: number | null; note: string | null }>>(
      'select id, status, package_id, billing_cycle, requested_by_id, note from plan_change_requests where company_id = ? order by id',
      [c.company.id],
    );
  const choose = (token: string, body: object) => t.http().post('/api/packages/subscription').set(bearer(token)).send(body);
  const createDepartment = (token: string) =>
    t.http().post('/api/hr/departments').set(bearer(token)).send({ department_code: unique('D').slice(0, 10), department_name: 'Sales' });
  const impersonate = async (c: CompanyFixture) =>
    (await t.http().post(`/api/auth/impersonate/${c.company.id}`).set(bearer(superadmin))).body.data.access_token as string;

  describe('choosing a paid package is a request the superadmin approves', () => {
    it('leaves a company whose trial ended on its plan, unable to write, with its request pending', async () => {
      const c = await createCompany(t, 'Expired');
      await setState(c, { trial_ends_at: new Date(Date.now() - DAY) });
      const res = await choose(c.tokens.company_admin, { package_id: standardId, billing_cycle: 'annual' });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Your request for the Standard package was sent; a platform administrator will confirm it.');
      expect(res.body.data).toMatchObject({
        subscription_plan: 'enterprise',
        state: 'trial_ended',
        write_blocked_reason: MESSAGES.trial_ended,
        pending_request: {
          company_id: c.company.id,
          package_code: 'standard',
          package_name: 'Standard',
          billing_cycle: 'annual',
          price: '790.00',
          status: 'pending',
          requested_by_id: c.admin.id,
          decided_at: null,
        },
      });
      const company = await stored(c);
      expect(company.subscription_plan).toBe('enterprise');
      expect(company.trial_ends_at).not.toBeNull();
      expect((await createDepartment(c.tokens.company_admin)).status).toBe(402);
      expect(await requestsOf(c)).toEqual([expect.objectContaining({ status: 'pending', package_id: standardId, billing_cycle: 'annual' })]);
      const sub = await t.http().get('/api/packages/subscription').set(bearer(c.tokens.employee));
      expect(sub.body.data.pending_request).toMatchObject({ package_code: 'standard', status: 'pending' });
    });

    it('leaves a cancelled company cancelled, even for Enterprise', async () => {
      const c = await createCompany(t, 'Cancelled');
      const basic = await t.em().findOneOrFail(Package, { package_code: 'basic' });
      await t.em().nativeUpdate(Company, { id: c.company.id }, { package: basic.id, subscription_plan: 'basic', subscription_status: 'cancelled' });
      const enterprise = await t.em().findOneOrFail(Package, { package_code: 'enterprise' });
      const res = await choose(c.tokens.company_admin, { package_id: enterprise.id });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ subscription_plan: 'basic', subscription_status: 'cancelled', state: 'cancelled' });
      expect(res.body.data.pending_request).toMatchObject({ package_code: 'enterprise', billing_cycle: 'monthly', price: '299.00' });
      expect((await stored(c)).subscription_status).toBe('cancelled');
    });

    it('keeps one pending request per company: a newer choice replaces it, also when sent at once', async () => {
      const c = await createCompany(t, 'Twice');
      await setState(c, { trial_ends_at: new Date(Date.now() + 5 * DAY) });
      const premium = await t.em().findOneOrFail(Package, { package_code: 'premium' });
      expect((await choose(c.tokens.company_admin, { package_id: standardId })).status).toBe(200);
      const second = await choose(c.tokens.company_admin, { package_id: premium.id });
      expect(second.body.data.pending_request).toMatchObject({ package_code: 'premium' });
      expect((await requestsOf(c)).map((r) => [r.package_id, r.status])).toEqual([
        [standardId, 'cancelled'],
        [premium.id, 'pending'],
      ]);
      const burst = await Promise.all(Array.from({ length: 8 }, () => choose(c.tokens.company_admin, { package_id: standardId })));
      expect(burst.map((r) => r.status)).toEqual(Array(8).fill(200));
      expect((await requestsOf(c)).filter((r) => r.status === 'pending')).toHaveLength(1);
    });

    it('refuses a bad billing cycle, a suspended company, and the package the company already pays for', async () => {
      const c = await createCompany(t, 'Refused');
      const bad = await choose(c.tokens.company_admin, { package_id: standardId, billing_cycle: 'weekly' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual([{ field: 'billing_cycle', message: 'Billing cycle must be monthly or annual' }]);
      const enterprise = await t.em().findOneOrFail(Package, { package_code: 'enterprise' });
      const same = await choose(c.tokens.company_admin, { package_id: enterprise.id });
      expect(same.status).toBe(409);
      expect(same.body.message).toBe('Your company is already on the Enterprise package');
      await setState(c, { subscription_status: 'suspended' });
      const suspended = await choose(c.tokens.company_admin, { package_id: standardId });
      expect(suspended.status).toBe(403);
      expect(suspended.body.message).toBe(MESSAGES.suspended);
      expect(await requestsOf(c)).toEqual([]);
    });

    it('applies a package that costs nothing at once', async () => {
      const c = await createCompany(t, 'Free');
      await setState(c, { trial_ends_at: new Date(Date.now() - DAY) });
      const em = t.em();
      const free = em.create(Package, {
        package_code: unique('free').toLowerCase(),
        package_name: 'Starter',
        monthly_price: '0.00',
        annual_price: '0.00',
        max_employees: -1,
      });
      await em.flush();
      const res = await choose(c.tokens.company_admin, { package_id: free.id });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Subscription updated successfully');
      expect(res.body.data).toMatchObject({ package: { id: free.id }, state: 'active', trial_ends_at: null, pending_request: null });
      expect(await requestsOf(c)).toEqual([]);
    });

    it('lets the superadmin list pending requests and approve one: the package changes, audit-logged', async () => {
      const c = await createCompany(t, 'Approved');
      await setState(c, { trial_ends_at: new Date(Date.now() - DAY) });
      const asked = await choose(c.tokens.company_admin, { package_id: standardId });
      const id = asked.body.data.pending_request.id as number;

      const list = await t.http().get(`/api/packages/plan-requests?filter=${encodeURIComponent('{"status":"pending"}')}&range=[0,999]`).set(bearer(superadmin));
      expect(list.status).toBe(200);
      expect(list.body.data).toContainEqual(
        expect.objectContaining({ id, company_id: c.company.id, company_name: c.company.company_name, package_name: 'Standard', status: 'pending' }),
      );
      expect(list.body.data.every((r: { status: string }) => r.status === 'pending')).toBe(true);

      const approved = await t.http().post(`/api/packages/plan-requests/${id}/approve`).set(bearer(superadmin)).send({ note: 'Paid by bank transfer' });
      expect(approved.status).toBe(200);
      expect(approved.body.message).toBe(`${c.company.company_name} is now on the Standard package`);
      expect(approved.body.data).toMatchObject({ id, status: 'approved', decided_by_id: superadminId, note: 'Paid by bank transfer' });
      const company = await stored(c);
      expect(company.subscription_plan).toBe('standard');
      expect(company.trial_ends_at).toBeNull();
      const sub = await t.http().get('/api/packages/subscription').set(bearer(c.tokens.company_admin));
      expect(sub.body.data).toMatchObject({ subscription_plan: 'standard', state: 'active', write_blocked_reason: null, pending_request: null });
      expect((await createDepartment(c.tokens.company_admin)).status).toBe(201);
      const audit = await t.em().execute<Array<{ action: string; details: Record<string, unknown> }>>(
        `select action, details from audit_logs where company_id = ? and action like 'subscription.%' order by id`,
        [c.company.id],
      );
      expect(audit.map((a) => a.action)).toEqual(['subscription.requested', 'subscription.approved']);
      expect(audit[1].details).toMatchObject({ request_id: id, package: 'standard', previous_package: 'enterprise' });

      const [mail] = await mailsTo(c.admin.email, 1);
      expect(mail.subject).toBe('Your request for the Standard package was approved');
      expect(mail.text).toContain(`${c.company.company_name} is now on the Standard package.`);

      const again = await t.http().post(`/api/packages/plan-requests/${id}/approve`).set(bearer(superadmin)).send({});
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('This request was already approved');
    });

    it('lets the superadmin reject a request with a reason; the company stays as it was', async () => {
      const c = await createCompany(t, 'Rejected');
      await setState(c, { subscription_status: 'cancelled' });
      const asked = await choose(c.tokens.company_admin, { package_id: standardId });
      const id = asked.body.data.pending_request.id as number;
      const noReason = await t.http().post(`/api/packages/plan-requests/${id}/reject`).set(bearer(superadmin)).send({ reason: '  ' });
      expect(noReason.status).toBe(400);
      expect(noReason.body.errors).toEqual([{ field: 'reason', message: 'A reason is required' }]);
      const rejected = await t.http().post(`/api/packages/plan-requests/${id}/reject`).set(bearer(superadmin)).send({ reason: 'No payment received' });
      expect(rejected.status).toBe(200);
      expect(rejected.body.data).toMatchObject({ status: 'rejected', note: 'No payment received', decided_by_id: superadminId });
      const company = await stored(c);
      expect([company.subscription_plan, company.subscription_status]).toEqual(['enterprise', 'cancelled']);
      const sub = await t.http().get('/api/packages/subscription').set(bearer(c.tokens.company_admin));
      expect(sub.body.data.pending_request).toBeNull();
      const [mail] = await mailsTo(c.admin.email, 1);
      expect(mail.subject).toBe('Your request for the Standard package was rejected');
      expect(mail.text).toContain('Reason: No payment received');
      expect((await t.http().post(`/api/packages/plan-requests/${id}/approve`).set(bearer(superadmin)).send({})).status).toBe(409);
      expect((await t.http().post('/api/packages/plan-requests/999999999/approve').set(bearer(superadmin)).send({})).status).toBe(404);
    });

    it('lets only the superadmin see and decide requests', async () => {
      const c = await createCompany(t, 'Own');
      await setState(c, { trial_ends_at: new Date(Date.now() + DAY) });
      const id = (await choose(c.tokens.company_admin, { package_id: standardId })).body.data.pending_request.id;
      for (const token of [c.tokens.company_admin, c.tokens.employee]) {
        expect((await t.http().get('/api/packages/plan-requests').set(bearer(token))).status).toBe(403);
        expect((await t.http().post(`/api/packages/plan-requests/${id}/approve`).set(bearer(token)).send({})).status).toBe(403);
        expect((await t.http().post(`/api/packages/plan-requests/${id}/reject`).set(bearer(token)).send({ reason: 'x' })).status).toBe(403);
      }
      // a superadmin impersonating another company works inside that company: the request is not there
      const other = await createCompany(t, 'Elsewhere');
      const imp = await impersonate(other);
      expect((await t.http().post(`/api/packages/plan-requests/${id}/approve`).set(bearer(imp)).send({})).status).toBe(404);
      expect((await stored(c)).subscription_plan).toBe('enterprise');
    });
  });

  describe('a company that cannot write is refused every write (402)', () => {
    const spec = loadOpenApi();
    // a public route (sign-in, sign-out, register...) knows no caller, so no company to block
    const writes = listOperations(spec).filter((op) => op.method !== 'GET' && !spec.paths[op.path][op.method.toLowerCase()]['x-public']);
    const opOf = (key: string) => {
      const [method, path] = key.split(' ');
      return spec.paths[path][method.toLowerCase()];
    };
    const platformOnly = (key: string) => {
      const roles: string[] | undefined = opOf(key)['x-roles'];
      return !!roles?.length && roles.every((r) => r === 'superadmin');
    };

    it('marks exactly the listed routes as allowed while blocked', () => {
      expect(writes.filter((op) => opOf(op.key)['x-allowed-while-blocked']).map((op) => op.key).sort()).toEqual(ALLOWED_WHILE_BLOCKED);
    });

    const send = (method: string, path: string, token: string) => {
      const url = path.replace(/\{[^}]+\}/g, '1');
      const req = (t.http() as any)[method.toLowerCase()](url).set(bearer(token));
      return req.send({});
    };

    it.each(['trial_ended', 'suspended', 'cancelled'] as const)(
      'walks every write of the document as the admin of a %s company, and as the superadmin impersonating it',
      async (state) => {
        const c = await createCompany(t, 'Blocked');
        // impersonating first: a suspension ends the company's sessions when made through the API
        superadmin = await login(t, (await createUser(t.em(), 'superadmin')).email);
        const imp = await impersonate(c);
        await setState(c, state === 'trial_ended' ? { trial_ends_at: new Date(Date.now() - DAY) } : { subscription_status: state });
        const wrong: string[] = [];
        for (const op of writes) {
          const allowed = ALLOWED_WHILE_BLOCKED.includes(op.key);
          const admin = await send(op.method, op.path, c.tokens.company_admin);
          const roles: string[] | undefined = opOf(op.key)['x-roles'];
          const expected = allowed ? 'not 402' : roles && !roles.includes('company_admin') ? 403 : 402;
          if (expected === 'not 402' ? admin.status === 402 : admin.status !== expected || (expected === 402 && admin.body.message !== MESSAGES[state])) {
            wrong.push(`admin ${op.key}: ${admin.status} (expected ${expected})`);
          }
          // the platform's own routes are not the company's writes (and would act on the platform)
          if (platformOnly(op.key)) continue;
          const asSuperadmin = await send(op.method, op.path, imp);
          if (allowed ? asSuperadmin.status === 402 : asSuperadmin.status !== 402) {
            wrong.push(`impersonating ${op.key}: ${asSuperadmin.status} (expected ${allowed ? 'not 402' : 402})`);
          }
        }
        expect(wrong).toEqual([]);
        expect(writes.length).toBeGreaterThan(100);
      },
    );
  });
});
