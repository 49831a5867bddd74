/**
 * Two app instances on one PostgreSQL database, as a deployment behind a load balancer runs them:
 * a scheduled job started on both at once does its work once, a session ended on one is refused
 * on the other, an Idempotency-Key sent to one is replayed by the other, and the auth rate limit
 * counts the requests of both (in PostgreSQL, or in Redis with REDIS_URL).
 * Runs with the PostgreSQL suite (TEST_DATABASE_URL): the embedded database is served by the
 * process that started it, so a second instance of it is not a second process.
 */
import Redis from 'ioredis';
import { AttendanceJobsService } from '../../src/modules/attendance/attendance-jobs.service';
import { BillingJobsService } from '../../src/modules/billing/billing-jobs.service';
import { createTestApp, type TestApp } from '../support/app';
import { expectRateLimited, probeRedis, REDIS_URL, redisIt, redisOrNull } from '../support/rate-limit';
import { testDatabaseUrl } from '../support/database';
import { bearer, createCompany, createUser, login, PASSWORD, unique } from '../support/fixtures';

const onPostgres = !!process.env.TEST_DATABASE_URL;
const CSRF = { 'X-Requested-With': 'XMLHttpRequest' };
const EXPIRED = 'Your session has expired, please sign in again';
/** Redis at REDIS_URL, asked before the cases are declared: without it the Redis case is skipped (failed in CI). */
const redisUp = onPostgres ? probeRedis() : { up: false, reason: '' };
const itOnRedis = redisIt(redisUp);

if (!onPostgres) {
  console.log('two instances: skipped on the embedded database (TEST_DATABASE_URL unset): its instances share one process');
}

/** Two instances of the app on the test database, with the same environment. */
async function twoInstances(env: Record<string, string> = {}): Promise<[TestApp, TestApp]> {
  const databaseUrl = testDatabaseUrl();
  return Promise.all([createTestApp({ env, databaseUrl }), createTestApp({ env, databaseUrl })]);
}

const cookieOf = (res: { headers: Record<string, any> }) =>
  ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('refresh_token='))!.split(';')[0];

/** Forgets the auth rate limit's counts, so this file's limit starts from zero and leaves none behind. */
async function forgetRateLimits(t: TestApp, redis?: Redis): Promise<void> {
  await t.em().execute('delete from rate_limit_hits');
  if (redis) {
    const keys = await redis.keys('rate-limit:*');
    if (keys.length) await redis.del(...keys);
  }
}

/** Sends 2 sign-ins to each instance, then one to each: the 5th and 6th answer 429 (a limit of 4 for both). */
async function expectLimitSharedBy(a: TestApp, b: TestApp): Promise<void> {
  // a different unknown account each time: the per-account sign-in throttle stays out of the way
  const signIn = (t: TestApp) => t.http().post('/api/auth/login').send({ email: `${unique('nobody')}@example.com`, password: 'wrong-password-1' });
  const first = [await signIn(a), await signIn(a), await signIn(b), await signIn(b)];
  expect(first.map((r) => r.status)).toEqual([401, 401, 401, 401]);
  for (const t of [a, b]) {
    expectRateLimited(await signIn(t));
  }
}

(onPostgres ? describe : describe.skip)('two app instances on one PostgreSQL database', () => {
  describe('jobs, sessions and idempotency', () => {
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => ([a, b] = await twoInstances()), 60_000);
    afterAll(async () => {
      await a?.close();
      await b?.close();
    });

    it('a billing renewal run on both at once renews the period once, with one invoice', async () => {
      const c = await createCompany(a, 'Twice');
      const today = new Date().toISOString().slice(0, 10);
      const monthAgo = new Date(Date.now() - 31 * 86_400_000).toISOString().slice(0, 10);
      await a.em().execute(
        `update companies c set package_id = p.id, subscription_plan = p.package_code, billing_cycle = 'monthly',
                billing_status = 'active', subscription_status = 'active', current_period_start = ?, current_period_end = ?,
                cancel_at_period_end = false, scheduled_package_id = null, scheduled_billing_cycle = null,
                time_zone = 'UTC', trial_ends_at = null
           from packages p where p.package_code = 'standard' and c.id = ?`,
        [monthAgo, today, c.company.id],
      );
      const now = new Date();
      await Promise.all([a.app.get(BillingJobsService).renew(now), b.app.get(BillingJobsService).renew(now)]);

      const invoices = await a.em().execute(`select reason, period_start::text from invoices where company_id = ?`, [c.company.id]);
      expect(invoices).toEqual([{ reason: 'renewal', period_start: today }]);
      const [period] = await a.em().execute(`select current_period_start::text as start from companies where id = ?`, [c.company.id]);
      expect(period.start).toBe(today);
      const renewed = await a.em().execute(`select count(*)::int as n from audit_logs where company_id = ? and action = 'subscription.renewed'`, [
        c.company.id,
      ]);
      expect(renewed).toEqual([{ n: 1 }]);
    });

    it('absent marking run on both at once claims the day once and marks each employee once', async () => {
      const c = await createCompany(a, 'Absent');
      await a.em().execute(`update companies set created_at = now() - interval '30 days', time_zone = 'UTC' where id = ?`, [c.company.id]);
      await a.em().execute(`update employees set hire_date = '2020-01-01' where company_id = ?`, [c.company.id]);
      // the last weekday before today (UTC)
      const day = new Date(Date.now() - 86_400_000);
      while ([0, 6].includes(day.getUTCDay())) day.setUTCDate(day.getUTCDate() - 1);
      const date = day.toISOString().slice(0, 10);

      await Promise.all([a.app.get(AttendanceJobsService).markAbsent(date), b.app.get(AttendanceJobsService).markAbsent(date)]);

      const runs = await a.em().execute(`select count(*)::int as n from attendance_job_runs where job = 'absent' and company_id = ? and run_date = ?`, [
        c.company.id,
        date,
      ]);
      expect(runs).toEqual([{ n: 1 }]);
      const absent = await a.em().execute(
        `select employee_id from attendance_records where company_id = ? and attendance_date = ? and status = 'absent'`,
        [c.company.id, date],
      );
      expect(absent).toEqual([{ employee_id: c.employee.id }]);
    });

    it('a session ended by logout on one instance is refused on the other, though the other had just accepted its token', async () => {
      const user = await createUser(a.em(), 'client');
      const signedIn = await a.http().post('/api/auth/login').send({ email: user.email, password: PASSWORD });
      expect(signedIn.status).toBe(200);
      const token = signedIn.body.data.access_token;
      // B has verified the token (and keeps its signature check in memory)
      expect((await b.http().get('/api/auth/me').set(bearer(token))).status).toBe(200);

      expect((await a.http().post('/api/auth/logout').set(CSRF).set('Cookie', cookieOf(signedIn))).status).toBe(200);

      const refused = await b.http().get('/api/auth/me').set(bearer(token));
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({ success: false, message: EXPIRED });
    });

    it("a password changed on one instance ends the account's other sessions on the other", async () => {
      const user = await createUser(a.em(), 'client');
      const current = await login(a, user.email);
      const other = await login(b, user.email);
      expect((await b.http().get('/api/auth/me').set(bearer(other))).status).toBe(200);

      const changed = await a
        .http()
        .post('/api/auth/change-password')
        .set(bearer(current))
        .send({ current_password: PASSWORD, new_password: 'violet-harbour-58' });
      expect(changed.status).toBe(200);

      const refused = await b.http().get('/api/auth/me').set(bearer(other));
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({ success: false, message: EXPIRED });
      // the session the change answered works on both
      for (const t of [a, b]) expect((await t.http().get('/api/auth/me').set(bearer(changed.body.data.access_token))).status).toBe(200);
    });

    it('an Idempotency-Key sent to one instance and again to the other answers the stored result and creates one row', async () => {
      const c = await createCompany(a, 'Idem');
      const key = unique('two-');
      const body = { department_code: unique('D'), department_name: 'Shared keys' };
      const send = (t: TestApp) => t.http().post('/api/hr/departments').set(bearer(c.tokens.company_admin)).set('Idempotency-Key', key).send(body);

      const first = await send(a);
      expect(first.status).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const again = await send(b);
      expect(again.status).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toEqual(first.body);
      const rows = await a.em().execute(`select count(*)::int as n from departments where company_id = ? and department_code = ?`, [
        c.company.id,
        body.department_code,
      ]);
      expect(rows).toEqual([{ n: 1 }]);
    });
  });

  describe('the auth rate limit (AUTH_RATE_LIMIT=4) counted in PostgreSQL', () => {
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      [a, b] = await twoInstances({ AUTH_RATE_LIMIT: '4' });
      await forgetRateLimits(a);
    }, 60_000);
    afterAll(async () => {
      if (a) await forgetRateLimits(a);
      await a?.close();
      await b?.close();
    });

    it('adds up the requests sent to both: the 5th on either answers 429 with Retry-After', async () => {
      await expectLimitSharedBy(a, b);
      // one row per route and address, shared by both
      const [row] = await a.em().execute(`select count(*)::int as n, max(hits)::int as hits from rate_limit_hits`);
      expect(row).toEqual({ n: 1, hits: 5 });
    });
  });

  describe('the auth rate limit (AUTH_RATE_LIMIT=4) counted in Redis (REDIS_URL)', () => {
    let redis: Redis | null = null;
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      if (!redisUp.up) return; // the case below is reported skipped (failed in CI) with the reason
      redis = await redisOrNull();
      if (!redis) throw new Error(`Redis answered PING at ${REDIS_URL}, then refused a connection`);
      [a, b] = await twoInstances({ AUTH_RATE_LIMIT: '4', REDIS_URL });
      await forgetRateLimits(a, redis);
    }, 60_000);
    afterAll(async () => {
      if (a && redis) await forgetRateLimits(a, redis);
      await a?.close();
      await b?.close();
      redis?.disconnect();
    });

    itOnRedis('adds up the requests sent to both: the 5th on either answers 429 with Retry-After, nothing counted in PostgreSQL', async () => {
      await expectLimitSharedBy(a, b);
      expect(await a.em().execute(`select count(*)::int as n from rate_limit_hits`)).toEqual([{ n: 0 }]);
      expect((await redis!.keys('rate-limit:*')).length).toBeGreaterThan(0);
    });
  });
});
