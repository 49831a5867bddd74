import { randomUUID } from 'node:crypto';
import { BillingClock } from '../src/modules/billing/clock';
import { CompaniesService } from '../src/modules/companies/companies.service';
import { Company } from '../src/modules/companies/company.entity';
import { Package } from '../src/modules/packages/package.entity';
import { createTestApp, type TestApp } from './support/app';
import { bearer, createCompany, createUser, login, unique, type CompanyFixture } from './support/fixtures';

const cents = (amount: string) => Math.round(Number(amount) * 100);
/** "Now" of the whole file: a Sunday, later than any row the other test files write. */
const NOW = new Date('2031-06-15T12:00:00Z');
const daysBefore = (n: number) => new Date(NOW.getTime() - n * 86_400_000);

/**
 * A hand-computed platform (prices of packages of its own, so module usage is exact too), read
 * with the clock at 2031-06-15 over 6 months (2031-01 … 2031-06, 2030-12 the base of January's
 * movement). The files share one database: figures are compared with an answer taken before.
 *
 *            created     trial        invoices (period: monthly figure)                     now          MRR Dec Jan Feb Mar Apr May Jun
 *  A  P100   2030-11-10  —            none (a void one is ignored)                           active           100 100 100 100 100 100 100
 *  B  P250   2031-01-20  left 02-05   02-05…03-05 100, 03-05…04-05 100, 04-05…05-05 100,      active             —   0 100 100 250 250 250
 *                                     upgrade 04-20 (to P250, prorations only) 250,
 *                                     05-05…06-05 250, 06-05…07-05 250 (open)
 *  C  P40    2030-06-01  —            2030-04-01…2031-04-01 annual 1200 (100), 04-01…05-01 40 cancelled 05-10  100 100 100 100  40   0   0
 *  D  P100   2031-03-10  ends 06-18   none                                                    trialing           —   —   —   0   0   0   0
 *  E  P40    2031-05-02  —            05-02…06-02 40 paid, 06-02…07-02 40 open due 06-09     past_due           —   —   —   —   —  40  40
 *  G  P100   2031-01-05  cancelled in it on 02-01                                             cancelled          —   0   0   0   0   0   0
 *  H  P40    2030-10-01  —            none, cancelled (no audit row) updated 04-10            cancelled         40  40  40  40   0   0   0
 *  I  P100   2031-06-01  ends 06-20   first plan chosen, open (not applied)                  trialing           —   —   —   —   —   —   0
 *  J  P100   2031-04-01  ended 05-01  none                                                    trialing           —   —   —   —   0   0   0
 *  K  P40    2031-02-10  ended by the platform on 03-15, no invoice                          active             —   —   0  40  40  40  40
 *
 * MRR: 240 340 380 430… see the expectations below; trials: B, G (January), K (February), D (March),
 * J (April), I (June); converted: B (it paid) and K (out of trial on a paid package).
 */
describe('GET /api/analytics', () => {
  let t: TestApp;
  let superadmin: string;
  let clock: BillingClock;
  let before: any;
  let after: any;
  const pk: Record<string, number> = {};
  const co: Record<string, CompanyFixture> = {};

  const get = (token: string, query = '') => t.http().get(`/api/analytics${query}`).set(bearer(token));
  const sql = (text: string, params: unknown[] = []) => t.em().execute(text, params);

  async function invoice(
    c: string,
    o: { pkg: string; reason?: string; cycle?: string; start: string; end: string; status?: string; due?: string; lines: Array<[string, string]> },
  ) {
    const total = (o.lines.reduce((n, [, a]) => n + cents(a), 0) / 100).toFixed(2);
    const paid = o.status === 'paid' || o.status === undefined;
    const [row] = await sql(
      `insert into invoices (company_id, invoice_number, reason, package_id, billing_cycle, period_start, period_end, currency,
                             subtotal, tax_rate, tax, total, amount_paid, status, issue_date, due_date, paid_at)
       values (?, ?, ?, ?, ?, ?, ?, 'USD', ?, 0, 0, ?, ?, ?, ?, ?, ?) returning id`,
      [co[c].company.id, unique('AN-'), o.reason ?? 'renewal', pk[o.pkg], o.cycle ?? 'monthly', o.start, o.end, total, total,
        paid ? total : '0.00', o.status ?? 'paid', o.start, o.due ?? o.start, paid ? `${o.start}T10:00:00Z` : null],
    );
    let n = 0;
    for (const [kind, amount] of o.lines) {
      await sql(
        `insert into invoice_lines (company_id, invoice_id, line_no, kind, description, period_start, period_end, amount) values (?, ?, ?, ?, 'x', ?, ?, ?)`,
        [co[c].company.id, row.id, ++n, kind, o.start, o.end, amount],
      );
    }
  }
  const statusAudit = (c: string, at: string, details: object, action = 'subscription.status_changed') =>
    sql(`insert into audit_logs (user_email, company_id, company_name, action, details, created_at) values ('system', ?, 'x', ?, ?::jsonb, ?)`, [
      co[c].company.id, action, JSON.stringify(details), at,
    ]);
  const signIn = (userId: number, at: Date) =>
    sql(`insert into audit_logs (user_id, user_email, action, created_at) values (?, 'x@test.example.com', 'sign_in', ?)`, [userId, at]);
  const session = (userId: number, at: Date) =>
    sql(`insert into refresh_tokens (id, user_id, family_id, token_hash, expires_at, created_at) values (?, ?, ?, 'x', ?, ?)`, [
      randomUUID(), userId, randomUUID(), new Date(at.getTime() + 86_400_000), at,
    ]);

  beforeAll(async () => {
    t = await createTestApp();
    clock = t.app.get(BillingClock);
    const superUser = await createUser(t.em(), 'superadmin');
    superadmin = await login(t, superUser.email);
    clock.set(NOW);
    before = (await get(superadmin, '?months=6')).body.data;

    const em = t.em();
    for (const [name, monthly, annual] of [['P100', '100.00', '1200.00'], ['P250', '250.00', '2500.00'], ['P40', '40.00', '400.00']]) {
      const p = em.create(Package, { package_code: unique('an').toLowerCase(), package_name: `${name} ${unique('')}`, monthly_price: monthly, annual_price: annual, sort_order: 900 });
      await em.flush();
      pk[name] = p.id;
    }
    const plan: Array<[string, string, string, Record<string, unknown>]> = [
      ['A', 'P100', '2030-11-10', { billing_status: 'active' }],
      ['B', 'P250', '2031-01-20', { billing_status: 'active' }],
      ['C', 'P40', '2030-06-01', { billing_status: 'cancelled', subscription_status: 'cancelled' }],
      ['D', 'P100', '2031-03-10', { billing_status: 'trialing', trial_ends_at: new Date('2031-06-18T09:00:00Z') }],
      ['E', 'P40', '2031-05-02', { billing_status: 'past_due' }],
      ['G', 'P100', '2031-01-05', { billing_status: 'cancelled', subscription_status: 'cancelled', trial_ends_at: new Date('2031-02-04T00:00:00Z') }],
      ['H', 'P40', '2030-10-01', { billing_status: 'cancelled', subscription_status: 'cancelled' }],
      ['I', 'P100', '2031-06-01', { billing_status: 'trialing', trial_ends_at: new Date('2031-06-20T00:00:00Z') }],
      ['J', 'P100', '2031-04-01', { billing_status: 'trialing', trial_ends_at: new Date('2031-05-01T00:00:00Z') }],
      ['K', 'P40', '2031-02-10', { billing_status: 'active' }],
    ];
    for (const [key, p, created, fields] of plan) {
      co[key] = await createCompany(t, `Analytics ${key}`);
      const code = (await em.findOneOrFail(Package, { id: pk[p] })).package_code;
      await em.nativeUpdate(Company, { id: co[key].company.id }, { package: pk[p], subscription_plan: code, trial_ends_at: null, ...fields });
      await sql(`update companies set created_at = ?, updated_at = ? where id = ?`, [`${created}T08:00:00Z`, `${created}T08:00:00Z`, co[key].company.id]);
      // the fixture's employee is older than the usage window, unless a test below says otherwise
      await sql(`update employees set created_at = ? where company_id = ?`, [daysBefore(60), co[key].company.id]);
    }
    await sql(`update companies set updated_at = '2031-04-10T08:00:00Z' where id = ?`, [co.H.company.id]);

    await invoice('A', { pkg: 'P100', start: '2031-06-01', end: '2031-07-01', status: 'void', lines: [['plan', '999.00']] });
    await statusAudit('B', '2031-02-05T10:00:00Z', { from: 'trialing', to: 'active' });
    await invoice('B', { pkg: 'P100', reason: 'new_subscription', start: '2031-02-05', end: '2031-03-05', lines: [['plan', '100.00']] });
    await invoice('B', { pkg: 'P100', start: '2031-03-05', end: '2031-04-05', lines: [['plan', '100.00']] });
    await invoice('B', { pkg: 'P100', start: '2031-04-05', end: '2031-05-05', lines: [['plan', '100.00']] });
    await invoice('B', { pkg: 'P250', reason: 'upgrade', start: '2031-04-20', end: '2031-05-05', lines: [['proration_credit', '-50.00'], ['proration_charge', '125.00']] });
    await invoice('B', { pkg: 'P250', start: '2031-05-05', end: '2031-06-05', lines: [['plan', '250.00']] });
    await invoice('B', { pkg: 'P250', start: '2031-06-05', end: '2031-07-05', status: 'open', due: '2031-06-19', lines: [['plan', '250.00']] });
    await invoice('C', { pkg: 'P100', cycle: 'annual', start: '2030-04-01', end: '2031-04-01', lines: [['plan', '1200.00']] });
    await invoice('C', { pkg: 'P40', start: '2031-04-01', end: '2031-05-01', lines: [['plan', '40.00']] });
    await statusAudit('C', '2031-05-10T10:00:00Z', { from: 'active', to: 'cancelled', reason: 'cancelled at the period end' });
    await invoice('E', { pkg: 'P40', start: '2031-05-02', end: '2031-06-02', lines: [['plan', '40.00']] });
    await invoice('E', { pkg: 'P40', start: '2031-06-02', end: '2031-07-02', status: 'open', due: '2031-06-09', lines: [['plan', '40.00']] });
    // the platform cancelled G during its trial (the shape the company edit writes)
    await statusAudit('G', '2031-02-01T10:00:00Z', { billing_status: { from: 'trialing', to: 'cancelled' } });
    // the platform ended K's trial by hand (the company edit's shape): no invoice, its package from then on
    await statusAudit('K', '2031-03-15T10:00:00Z', { billing_status: { from: 'trialing', to: 'active' }, trial_ends_at: { from: '2031-03-20T00:00:00.000Z', to: null } });
    await invoice('I', { pkg: 'P100', reason: 'new_subscription', start: '2031-06-20', end: '2031-07-20', status: 'open', due: '2031-06-27', lines: [['plan', '100.00']] });

    // activity: B's admin signs in and renews the session on 06-13, E's employee renews on 06-14,
    // D's admin last signed in 40 days ago, a superadmin signs in (not counted)
    await signIn(co.B.admin.id, daysBefore(2));
    await session(co.B.admin.id, new Date(daysBefore(2).getTime() + 3_600_000));
    await session(co.E.employeeUser.id, daysBefore(1));
    await signIn(co.D.admin.id, daysBefore(40));
    await signIn(superUser.id, daysBefore(1));
    // J's users never signed in
    await sql(`delete from refresh_tokens where user_id in (?, ?)`, [co.J.admin.id, co.J.employeeUser.id]);
    await sql(`delete from audit_logs where action = 'sign_in' and user_id in (?, ?)`, [co.J.admin.id, co.J.employeeUser.id]);
    // module usage: A and E added an employee 3 days ago
    await sql(`update employees set created_at = ? where company_id in (?, ?)`, [daysBefore(3), co.A.company.id, co.E.company.id]);

    const res = await get(superadmin, '?months=6');
    expect(res.status).toBe(200);
    after = res.body.data;
  });
  afterAll(async () => {
    clock.set(null);
    // the other test files share the database: they find neither these companies nor these packages
    for (const c of Object.values(co)) await t.app.get(CompaniesService).remove(c.company.id);
    await sql(`delete from packages where id in (?, ?, ?)`, [pk.P100, pk.P250, pk.P40]);
    await t.close();
  });

  const delta = (field: string) => after.months.map((m: any, i: number) => (typeof m[field] === 'string' ? cents(m[field]) - cents(before.months[i][field]) : m[field] - before.months[i][field]) / (typeof m[field] === 'string' ? 100 : 1));

  it('answers the months of the window, oldest first', () => {
    expect(after.months.map((m: any) => m.month)).toEqual(['2031-01', '2031-02', '2031-03', '2031-04', '2031-05', '2031-06']);
    expect(after.currency).toMatch(/^[A-Z]{3}$/);
  });

  it('counts the companies, the new ones, the trials started and converted, and the churned ones per month', () => {
    expect(delta('companies')).toEqual([5, 6, 7, 8, 9, 10]);
    expect(delta('new_companies')).toEqual([2, 1, 1, 1, 1, 1]);
    expect(delta('trials_started')).toEqual([2, 1, 1, 1, 0, 1]);
    expect(delta('trials_converted')).toEqual([1, 1, 0, 0, 0, 0]);
    // G cancelled in February (audit), H at its last update in April (no audit row), C in May (audit)
    expect(delta('churned')).toEqual([0, 1, 0, 1, 1, 0]);
    // this file's trials: 6 started (B, G, K, D, J, I), 2 converted (B, K): 2 of 6 = 33.3 %, beside
    // whatever the window held before (nothing, as the other files write no row in 2031)
    const sum = (field: string) => before.months.reduce((n: number, m: any) => n + m[field], 0);
    const [started, converted] = [sum('trials_started') + 6, sum('trials_converted') + 2];
    expect(after.conversion_rate).toBe(started === 6 && converted === 2 ? 33.3 : Math.round((converted / started) * 1000) / 10);
  });

  it('answers MRR and its movement per month from the invoices, else from the subscription', () => {
    expect(delta('mrr')).toEqual([240, 340, 380, 430, 430, 430]);
    expect(delta('mrr_new')).toEqual([0, 100, 40, 0, 40, 0]);
    expect(delta('mrr_expansion')).toEqual([0, 0, 0, 150, 0, 0]);
    expect(delta('mrr_contraction')).toEqual([0, 0, 0, 60, 0, 0]);
    expect(delta('mrr_churn')).toEqual([0, 0, 0, 40, 40, 0]);
    for (const m of after.months) for (const f of ['mrr', 'mrr_new', 'mrr_expansion', 'mrr_contraction', 'mrr_churn']) expect(m[f]).toMatch(/^-?\d+\.\d{2}$/);
    // each month's MRR is the previous one moved by its movement
    for (let i = 1; i < after.months.length; i++) {
      const [m, prev] = [after.months[i], after.months[i - 1]];
      expect(cents(m.mrr)).toBe(cents(prev.mrr) + cents(m.mrr_new) + cents(m.mrr_expansion) - cents(m.mrr_contraction) - cents(m.mrr_churn));
    }
  });

  it('counts the active users per day and per week, superadmins excepted', () => {
    expect(after.active_users_daily).toHaveLength(30);
    expect(after.active_users_daily.at(-1).date).toBe('2031-06-15');
    const day = (d: any, date: string) => d.active_users_daily.find((r: any) => r.date === date).users;
    expect(day(after, '2031-06-13') - day(before, '2031-06-13')).toBe(1);
    expect(day(after, '2031-06-14') - day(before, '2031-06-14')).toBe(1);
    expect(day(after, '2031-06-15') - day(before, '2031-06-15')).toBe(0);
    expect(after.active_users_weekly).toHaveLength(12);
    expect(after.active_users_weekly.at(-1).week_start).toBe('2031-06-09');
    const week = (d: any, start: string) => d.active_users_weekly.find((r: any) => r.week_start === start).users;
    expect(week(after, '2031-06-09') - week(before, '2031-06-09')).toBe(2);
    // D's admin, 40 days before: 2031-05-06, in the week from 2031-05-05
    expect(week(after, '2031-05-05') - week(before, '2031-05-05')).toBe(1);
  });

  it('answers module usage per package', () => {
    const usage = (p: string) => Object.fromEntries(after.module_usage.filter((u: any) => u.package_id === pk[p]).map((u: any) => [u.module, [u.companies, u.active_companies]]));
    expect(usage('P100')).toEqual({ employees: [5, 1], attendance: [5, 0], leave: [5, 0], payroll: [5, 0], tasks: [5, 0], kpi: [5, 0] });
    expect(usage('P40')).toEqual({ employees: [4, 1], attendance: [4, 0], leave: [4, 0], payroll: [4, 0], tasks: [4, 0], kpi: [4, 0] });
    expect(usage('P250').employees).toEqual([1, 0]);
  });

  it('lists the companies at risk: trial ending without a plan, past due, no sign-in for 30 days', () => {
    const mine = new Map(Object.entries(co).map(([k, c]) => [c.company.id, k]));
    const risks = after.at_risk
      .filter((r: any) => mine.has(r.company_id))
      .map((r: any) => [mine.get(r.company_id), r.reason, r.date, r.detail]);
    expect(risks).toEqual([
      ['J', 'trial_ending', '2031-05-01', 'Trial ended on 2031-05-01 without a plan'],
      ['D', 'trial_ending', '2031-06-18', 'Trial ends on 2031-06-18, no plan chosen'],
      ['E', 'past_due', '2031-06-09', `1 invoice overdue since 2031-06-09: 40.00 ${after.currency} due`],
      // A's and K's users last signed in when the fixtures were made (today, years before the clock); J's never did
      ['J', 'inactive', null, 'No sign-in since the company was created'],
      ['A', 'inactive', expect.any(String), expect.stringMatching(/^No sign-in for \d+ days$/)],
      ['K', 'inactive', expect.any(String), expect.stringMatching(/^No sign-in for \d+ days$/)],
      ['D', 'inactive', '2031-05-06', 'No sign-in for 40 days'],
    ]);
    const row = after.at_risk.find((r: any) => r.company_id === co.E.company.id);
    expect(row).toEqual(expect.objectContaining({ company_name: co.E.company.company_name, billing_status: 'past_due' }));
  });

  it('takes 1 to 36 months, 12 by default', async () => {
    expect((await get(superadmin)).body.data.months).toHaveLength(12);
    expect((await get(superadmin, '?months=36')).body.data.months).toHaveLength(36);
    expect((await get(superadmin, '?months=1')).body.data.months.map((m: any) => m.month)).toEqual(['2031-06']);
    for (const bad of ['0', '37', 'abc', '2.5', '']) {
      const res = await get(superadmin, `?months=${bad}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Months must be a whole number from 1 to 36');
    }
  });

  it("refuses the superadmin while impersonating a company: the session is the company's", async () => {
    const impersonation = await t.http().post(`/api/auth/impersonate/${co.B.company.id}`).set(bearer(superadmin));
    expect(impersonation.status).toBe(200);
    const res = await get(impersonation.body.data.access_token, '?months=6');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("Exit impersonation to use the platform's tools: while impersonating, you work as the company");
  });

  it('is for the superadmin only', async () => {
    const a = co.A;
    for (const token of [a.tokens.company_admin, a.tokens.employee]) expect((await get(token)).status).toBe(403);
    expect((await t.http().get('/api/analytics')).status).toBe(401);
  });
});
