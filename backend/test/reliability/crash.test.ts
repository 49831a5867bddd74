/**
 * The database dies under the running app (pg_ctl stop -m immediate on a private cluster, never
 * the shared server): /api/health says so, requests fail cleanly with 503, and once the database
 * is back the same app answers again within 5 seconds, with no restart.
 * Runs with the PostgreSQL suite (TEST_DATABASE_URL): the embedded database cannot be crashed
 * apart from the process that serves it.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createTestApp, type TestApp } from '../support/app';
import { bearer, createCompany, type CompanyFixture } from '../support/fixtures';
import { PrivateCluster, postgresBin } from '../support/private-cluster';

const RECOVERY_BUDGET_MS = 5000;
/**
 * On the PostgreSQL run the test needs PostgreSQL's own binaries (initdb, pg_ctl) for its private
 * cluster. Without them it cannot run: in CI that fails the run with the reason (.ci/run installs
 * them), elsewhere the test is reported skipped with the reason, never passed.
 */
const MISSING_BINARIES = "PostgreSQL's binaries (initdb, pg_ctl) are not installed under /usr/lib/postgresql (Debian package postgresql)";
const onPostgres = !!process.env.TEST_DATABASE_URL;
const binariesMissing = onPostgres && !postgresBin();
if (binariesMissing) {
  describe('crash safety: the database stops and comes back', () => {
    if (process.env.CI === 'true') {
      it('runs on the PostgreSQL run in CI', () => {
        throw new Error(`the crash test cannot run: ${MISSING_BINARIES}`);
      });
    } else {
      it.skip(`skipped: ${MISSING_BINARIES}`, () => undefined);
    }
  });
}

/** Applies the migrations in a process of its own, as the test database's global setup does. */
async function migrate(url: string): Promise<void> {
  const backend = join(__dirname, '../..');
  await promisify(execFile)(process.execPath, ['-r', '@swc-node/register', join(backend, 'test/support/migrate-test-db.ts'), url, 'server'], {
    cwd: backend,
  });
}

(onPostgres && !binariesMissing ? describe : describe.skip)('crash safety: the database stops and comes back', () => {
  let cluster: PrivateCluster;
  let t: TestApp;
  let a: CompanyFixture;

  beforeAll(async () => {
    cluster = await PrivateCluster.create();
    await migrate(cluster.url);
    t = await createTestApp({ databaseUrl: cluster.url });
    a = await createCompany(t, 'Crash');
  }, 120_000);

  afterAll(async () => {
    await t?.close().catch(() => undefined);
    await cluster?.destroy();
  });

  /** Polls until `probe` answers 200; returns the milliseconds it took. */
  const until200 = async (probe: () => Promise<{ status: number }>, budget: number) => {
    const started = Date.now();
    for (;;) {
      const res = await probe().catch(() => ({ status: 0 }));
      if (res.status === 200) return Date.now() - started;
      if (Date.now() - started > budget * 3) throw new Error(`still ${res.status} after ${budget * 3} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  /**
   * Sends `send`, kills the database `afterMs` later and brings it back: the work is stored whole
   * or not at all (whole when it was answered 201), and sent again it stores all of it.
   */
  const crashDuring = async (what: string, send: () => Promise<{ status: number }>, stored: () => Promise<number>, total: number, afterMs: number) => {
    const answered = send().then((res) => res.status);
    await new Promise((resolve) => setTimeout(resolve, afterMs));
    await cluster.crash();
    const status = await answered;
    await cluster.start();
    await until200(() => t.http().get('/api/health'), RECOVERY_BUDGET_MS);

    const after = await stored();
    console.log(`crash safety: ${what} answered ${status} when the database died; ${after} of ${total} stored`);
    // all or nothing: one transaction
    expect([0, total]).toContain(after);
    if (status === 201) expect(after).toBe(total);

    expect((await send()).status).toBe(201);
    expect(await stored()).toBe(total);
  };

  it('reports the database down with 503, then answers again within 5 s of its return without an app restart', async () => {
    const employees = () => t.http().get('/api/hr/employees').set(bearer(a.tokens.company_admin));
    expect((await t.http().get('/api/health')).status).toBe(200);
    expect((await employees()).status).toBe(200);

    await cluster.crash();
    const health = await t.http().get('/api/health');
    expect(health.status).toBe(503);
    expect(health.body).toEqual({ success: false, message: 'The database is unavailable' });
    const list = await employees();
    expect(list.status).toBe(503);
    expect(list.body.message).toBe('The database is unavailable, please try again shortly');

    await cluster.start();
    const recovered = await until200(employees, RECOVERY_BUDGET_MS);
    console.log(`crash safety: the API answered again ${recovered} ms after the database came back`);
    expect(recovered).toBeLessThan(RECOVERY_BUDGET_MS);
    expect((await t.http().get('/api/health')).status).toBe(200);
  }, 60_000);

  it('a payroll run cut by the crash leaves no partial run, and runs again once the database is back', async () => {
    const employees = 6000;
    await t.em().execute(
      `insert into employees (company_id, employee_code, first_name, last_name, email, salary, hire_date)
       select ?, 'C' || g, 'First' || g, 'Last' || g, 'c' || g || '@crash.example.com', 60000, '2024-01-01'
         from generate_series(1, ?) g`,
      [a.company.id, employees],
    );
    // the fixture's own employee has no salary and gets no record
    const total = employees;
    const stored = async () =>
      Number((await t.em().execute(`select count(*)::int n from payroll_records where company_id = ? and pay_period_start = '2026-10-01'`, [a.company.id]))[0].n);

    const run = () => t.http().post('/api/hr/payroll').set(bearer(a.tokens.company_admin)).send({ year: 2026, month: 10 });
    await crashDuring('the payroll run', run, stored, total, 250);
  }, 120_000);

  it('a bonus calculation cut by the crash leaves no partial set of payments, and calculates again once the database is back', async () => {
    const admin = bearer(a.tokens.company_admin);
    const post = (path: string, body: object) => t.http().post(`/api/kpi/${path}`).set(admin).send(body);
    // every employee of the company is a member of the department the target is set for
    await t.em().execute(`update employees set department_id = ?, employment_status = 'active' where company_id = ?`, [
      a.department.id,
      a.company.id,
    ]);
    const [{ n: members }] = await t.em().execute(`select count(*)::int n from employees where company_id = ?`, [a.company.id]);
    const kpi = (await post('kpis', { name: 'Team output', code: 'CRASH_OUT', category: 'operations' })).body.data;
    const period = { period_start_date: '2026-09-01', period_end_date: '2026-09-30' };
    expect((await post('kpi-targets', { kpi_id: kpi.id, target_type: 'department', target_id: a.department.id, target_value: 100, ...period })).status).toBe(201);
    expect((await post('kpi-values', { kpi_id: kpi.id, entity_type: 'department', entity_id: a.department.id, actual_value: 120, ...period })).status).toBe(201);
    const tiers = [{ min_achievement: '100', bonus_type: 'fixed', bonus_value: '100' }];
    expect((await post('bonus-rules', { kpi_id: kpi.id, name: 'Team bonus', tiers })).status).toBe(201);
    const stored = async () =>
      Number((await t.em().execute(`select count(*)::int n from bonus_payments where company_id = ? and kpi_id = ?`, [a.company.id, kpi.id]))[0].n);

    const calculate = () => post('bonus-calculate', { period_start: '2026-09-01', period_end: '2026-09-30' });
    await crashDuring('the bonus calculation', calculate, stored, members, 30);
  }, 120_000);
});
