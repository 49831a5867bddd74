import { BillingClock } from '../src/modules/billing/clock';
import { Company } from '../src/modules/companies/company.entity';
import { Package } from '../src/modules/packages/package.entity';
import { createTestApp, type TestApp } from './support/app';
import { paidPeriod } from './support/billing';
import { bearer, createCompany, createUser, login, unique, type CompanyFixture } from './support/fixtures';

const DAY = 86_400_000;
const cents = (amount: string) => Math.round(Number(amount) * 100);
const NUMBER = /^INV-(\d{4})-(\d{6})$/;

describe('subscriptions and billing', () => {
  let t: TestApp;
  let superadmin: string;
  let clock: BillingClock;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    clock = t.app.get(BillingClock);
    superadmin = await login(t, (await createUser(t.em(), 'superadmin')).email);
    for (const p of await t.em().find(Package, {})) ids[p.package_code] = p.id;
    // the platform's settings are shared by the test files: start from the defaults
    await t.em().execute(`update billing_settings set currency = 'USD', due_days = 14, grace_days = 14, reminder_days = 3, seller_name = 'HR Platform' where id = 1`);
  });
  afterEach(() => clock.set(null));
  afterAll(() => t.close());

  const at = (day: string) => clock.set(new Date(`${day}T12:00:00Z`));
  const today = () => clock.now().toISOString().slice(0, 10);
  const setCompany = (c: CompanyFixture, fields: Record<string, unknown>) => t.em().nativeUpdate(Company, { id: c.company.id }, fields);
  const stored = (c: CompanyFixture) => t.em().fork().findOneOrFail(Company, { id: c.company.id }, { filters: false });
  const subscription = async (token: string) => (await t.http().get('/api/packages/subscription').set(bearer(token))).body.data;
  const preview = (token: string, body: object) => t.http().post('/api/packages/subscription/preview').set(bearer(token)).send(body);
  const choose = (token: string, body: object) => t.http().post('/api/packages/subscription').set(bearer(token)).send(body);
  const pay = (id: number, body: Record<string, unknown>, token = superadmin) =>
    t.http().post(`/api/billing/invoices/${id}/payments`).set(bearer(token)).send({ paid_on: today(), method: 'bank_transfer', ...body });
  const invoicesOf = (c: CompanyFixture) =>
    t.em().execute<Array<{ id: number; invoice_number: string; status: string; reason: string; total: string }>>(
      // the invoices issued here (not the paid period a test starts from, support/billing.ts)
      `select id, invoice_number, status, reason, total::text as total from invoices where company_id = ? and invoice_number not like 'TST-%' order by id`,
      [c.company.id],
    );
  const createDepartment = (token: string) =>
    t.http().post('/api/hr/departments').set(bearer(token)).send({ department_code: unique('D').slice(0, 10), department_name: 'Sales' });

  /** A company in a trial of `days` more days (negative: ended). */
  async function trialCompany(days: number): Promise<CompanyFixture> {
    const c = await createCompany(t, 'Trial');
    await setCompany(c, { trial_ends_at: new Date(Date.now() + days * DAY), billing_status: 'trialing' });
    return c;
  }

  /** A company that paid for `code` on `cycle` for the period [start, end) (its plan invoice, paid). */
  async function paying(code: string, cycle: 'monthly' | 'annual', start: string, end: string, taxRate = '0.00'): Promise<CompanyFixture> {
    const c = await createCompany(t, 'Paying');
    const pkg = await t.em().fork().findOneOrFail(Package, { id: ids[code] });
    const amount = cycle === 'annual' ? pkg.annual_price : pkg.monthly_price;
    await paidPeriod(t.em(), { companyId: c.company.id, packageId: pkg.id, cycle, start, end, amount, taxRate });
    await setCompany(c, {
      package: ids[code],
      subscription_plan: code,
      billing_cycle: cycle,
      billing_status: 'active',
      current_period_start: start,
      current_period_end: end,
      tax_rate: taxRate,
    });
    return c;
  }

  describe('from a trial to a paid plan', () => {
    it('issues the first invoice, keeps the trial (and its limits) until it is paid, then is active on the plan', async () => {
      const c = await trialCompany(3);
      const mrrBefore = (await t.http().get('/api/dashboard/platform').set(bearer(superadmin))).body.data.mrr;
      const shown = await preview(c.tokens.company_admin, { package_id: ids.standard, billing_cycle: 'monthly' });
      expect(shown.status).toBe(200);
      expect(shown.body.data).toMatchObject({
        change: 'new_subscription',
        effective_date: today(),
        total: '79.00',
        lines: [{ line_no: 1, kind: 'plan', description: 'Standard plan (monthly)', amount: '79.00' }],
      });
      expect(await invoicesOf(c)).toEqual([]);

      const res = await choose(c.tokens.company_admin, { package_id: ids.standard });
      expect(res.status).toBe(200);
      const invoice = res.body.data.invoice;
      expect(invoice).toMatchObject({ status: 'open', reason: 'new_subscription', total: '79.00', amount_due: '79.00', currency: 'USD', package_name: 'Standard' });
      expect(invoice.invoice_number).toMatch(NUMBER);
      expect(res.body.message).toBe(`Invoice ${invoice.invoice_number} of 79.00 USD for the Standard package (monthly) was issued: the plan applies as soon as it is paid`);
      expect(Date.parse(invoice.due_date) - Date.parse(invoice.issue_date)).toBe(14 * DAY);
      // still the trial: its package, its access
      expect(res.body.data.subscription).toMatchObject({ subscription_plan: 'enterprise', billing_status: 'trialing', state: 'trial' });
      expect(res.body.data.subscription.pending_invoice).toMatchObject({ id: invoice.id, invoice_number: invoice.invoice_number });
      expect((await createDepartment(c.tokens.company_admin)).status).toBe(201);
      // the same choice again is refused; it waits for payment
      const again = await choose(c.tokens.company_admin, { package_id: ids.standard });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(`Invoice ${invoice.invoice_number} for the Standard package already waits for payment`);
      // the trial ends unpaid: the company reads but does not write, and its plan has not changed
      await setCompany(c, { trial_ends_at: new Date(Date.now() - DAY) });
      expect((await createDepartment(c.tokens.company_admin)).status).toBe(402);
      expect(await subscription(c.tokens.company_admin)).toMatchObject({ state: 'trial_ended', subscription_plan: 'enterprise' });

      // partial payments add up
      const part = await pay(invoice.id, { amount: '50', reference: 'TRX-1' });
      expect(part.status).toBe(200);
      expect(part.body.message).toBe(`Payment recorded: 29.00 USD of invoice ${invoice.invoice_number} is still due`);
      expect(part.body.data).toMatchObject({ status: 'open', amount_paid: '50.00', amount_due: '29.00' });
      expect((await createDepartment(c.tokens.company_admin)).status).toBe(402);
      const over = await pay(invoice.id, { amount: '29.01' });
      expect(over.status).toBe(422);
      expect(over.body.errors).toEqual([{ field: 'amount', message: 'Amount is more than the 29.00 USD still due on this invoice' }]);
      const rest = await pay(invoice.id, { amount: '29.00', method: 'card' });
      expect(rest.status).toBe(200);
      expect(rest.body.message).toBe(`Invoice ${invoice.invoice_number} is paid`);
      expect(rest.body.data).toMatchObject({ status: 'paid', amount_paid: '79.00', amount_due: '0.00' });
      expect(rest.body.data.payments.map((p: any) => [p.amount, p.method, p.provider])).toEqual([
        ['50.00', 'bank_transfer', 'manual'],
        ['29.00', 'card', 'manual'],
      ]);
      expect((await pay(invoice.id, { amount: '1' })).status).toBe(409);

      const company = await stored(c);
      expect(company).toMatchObject({
        subscription_plan: 'standard',
        billing_status: 'active',
        subscription_status: 'active',
        trial_ends_at: null,
        billing_cycle: 'monthly',
        current_period_start: invoice.period_start,
        current_period_end: invoice.period_end,
      });
      expect((await createDepartment(c.tokens.company_admin)).status).toBe(201);
      const mrrAfter = (await t.http().get('/api/dashboard/platform').set(bearer(superadmin))).body.data.mrr;
      expect(cents(mrrAfter) - cents(mrrBefore)).toBe(7900);
    });

    it('replaces an unpaid choice by a newer one, and lets the company withdraw it', async () => {
      const c = await trialCompany(5);
      const first = (await choose(c.tokens.company_admin, { package_id: ids.standard })).body.data.invoice;
      const second = await choose(c.tokens.company_admin, { package_id: ids.premium, billing_cycle: 'annual' });
      expect(second.status).toBe(200);
      expect(second.body.data.invoice).toMatchObject({ total: '1490.00', billing_cycle: 'annual' });
      expect((await invoicesOf(c)).map((i) => [i.invoice_number, i.status])).toEqual([
        [first.invoice_number, 'void'],
        [second.body.data.invoice.invoice_number, 'open'],
      ]);
      const withdrawn = await t.http().delete('/api/packages/subscription/scheduled-change').set(bearer(c.tokens.company_admin));
      expect(withdrawn.status).toBe(200);
      expect(withdrawn.body.message).toBe(`Invoice ${second.body.data.invoice.invoice_number} is void: your plan stays as it is`);
      expect(withdrawn.body.data).toMatchObject({ pending_invoice: null, billing_status: 'trialing' });
      expect((await t.http().delete('/api/packages/subscription/scheduled-change').set(bearer(c.tokens.company_admin))).status).toBe(409);
    });

    it('applies a package that costs nothing at once', async () => {
      const c = await trialCompany(-1);
      const em = t.em();
      const free = em.create(Package, { package_code: unique('free').toLowerCase(), package_name: 'Starter', monthly_price: '0.00', annual_price: '0.00', max_employees: -1 });
      await em.flush();
      const res = await choose(c.tokens.company_admin, { package_id: free.id });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Your company is on the Starter package (monthly) from today');
      expect(res.body.data).toMatchObject({ invoice: null, subscription: { package: { id: free.id }, state: 'active', billing_status: 'active', trial_ends_at: null } });
      expect(await invoicesOf(c)).toEqual([]);
    });

    it('refuses a bad billing cycle, an unavailable package and a suspended company', async () => {
      const c = await trialCompany(5);
      const bad = await choose(c.tokens.company_admin, { package_id: ids.standard, billing_cycle: 'weekly' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual([{ field: 'billing_cycle', message: 'Billing cycle must be monthly or annual' }]);
      const missing = await choose(c.tokens.company_admin, { package_id: 999999 });
      expect(missing.status).toBe(400);
      expect(missing.body.errors).toEqual([{ field: 'package_id', message: 'The selected package is not available' }]);
      await setCompany(c, { subscription_status: 'suspended', billing_status: 'suspended' });
      const suspended = await choose(c.tokens.company_admin, { package_id: ids.standard });
      expect(suspended.status).toBe(403);
      expect(suspended.body.message).toBe('Your subscription is suspended. Please contact the platform administrator.');
      expect((await choose(c.tokens.employee, { package_id: ids.standard })).status).toBe(403);
      expect(await invoicesOf(c)).toEqual([]);
    });
  });

  describe('an upgrade during a period: prorated to the cent', () => {
    // [from, cycle, period start, period end, today, to, new cycle, tax rate, credit, charge, subtotal, tax, total]
    const CASES: Array<[string, 'monthly' | 'annual', string, string, string, string, 'monthly' | 'annual', string, string, string, string, string, string]> = [
      // 17 of 30 days: 29 × 17/30 = 16.4333…, 79 × 17/30 = 44.7666…
      ['basic', 'monthly', '2026-11-01', '2026-12-01', '2026-11-14', 'standard', 'monthly', '0.00', '-16.43', '44.77', '28.34', '0.00', '28.34'],
      // 15 of 31 days, with 7.25 % tax: 149 × 15/31 = 72.0967…, tax 58.07 × 7.25 % = 4.210075
      ['basic', 'monthly', '2026-01-01', '2026-02-01', '2026-01-17', 'premium', 'monthly', '7.25', '-14.03', '72.10', '58.07', '4.21', '62.28'],
      // on the first day of a 28-day period: the whole of both prices
      ['basic', 'monthly', '2026-02-01', '2026-03-01', '2026-02-01', 'enterprise', 'monthly', '0.00', '-29.00', '299.00', '270.00', '0.00', '270.00'],
      // on the last day: 1 of 31 days (0.935…, 2.548…)
      ['basic', 'monthly', '2026-03-01', '2026-04-01', '2026-03-31', 'standard', 'monthly', '0.00', '-0.94', '2.55', '1.61', '0.00', '1.61'],
      // annual to annual, 184 of 365 days, 20 % tax: 790 × 184/365 = 398.2465…, 1490 × 184/365 = 751.1232…
      ['standard', 'annual', '2026-01-01', '2027-01-01', '2026-07-01', 'premium', 'annual', '20.00', '-398.25', '751.12', '352.87', '70.57', '423.44'],
      // monthly to annual: the unused month is credited, the new year charged in full from today
      ['basic', 'monthly', '2026-11-01', '2026-12-01', '2026-11-21', 'standard', 'annual', '0.00', '-9.67', '790.00', '780.33', '0.00', '780.33'],
    ];

    it.each(CASES)('%s %s [%s, %s) on %s → %s %s (tax %s%%)', async (from, cycle, start, end, day, to, newCycle, rate, credit, charge, subtotal, tax, total) => {
      at(day);
      const c = await paying(from, cycle, start, end, rate);
      const body = { package_id: ids[to], billing_cycle: newCycle };
      const shown = await preview(c.tokens.company_admin, body);
      expect(shown.status).toBe(200);
      expect(shown.body.data).toMatchObject({ change: 'upgrade', effective_date: day, subtotal, tax, total, tax_rate: rate });
      expect(shown.body.data.lines.map((l: any) => [l.kind, l.amount])).toEqual([
        ['proration_credit', credit],
        [newCycle === cycle ? 'proration_charge' : 'plan', charge],
      ]);
      const res = await choose(c.tokens.company_admin, body);
      expect(res.status).toBe(200);
      expect(res.body.data.invoice).toMatchObject({ reason: 'upgrade', subtotal, tax, total, status: 'open', issue_date: day });
      expect(res.body.data.invoice.lines).toEqual(shown.body.data.lines);
      const company = await stored(c);
      expect(company.subscription_plan).toBe(to);
      expect(company.billing_cycle).toBe(newCycle);
      if (newCycle === cycle) {
        expect([company.current_period_start, company.current_period_end]).toEqual([start, end]);
      } else {
        expect(company.current_period_start).toBe(day);
        expect(res.body.data.invoice.period_end).toBe(company.current_period_end);
      }
    });

    it('applies one change and issues one invoice when 50 requests arrive at once', async () => {
      at('2026-11-14');
      const c = await paying('basic', 'monthly', '2026-11-01', '2026-12-01');
      const answers = await Promise.all(Array.from({ length: 50 }, () => choose(c.tokens.company_admin, { package_id: ids.standard })));
      expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
      const refused = answers.filter((r) => r.status !== 200);
      expect(refused.map((r) => r.status + ' ' + r.body.message)).toEqual(Array(49).fill('409 Your company is already on the Standard package'));
      expect(refused[0].body.message).toBe('Your company is already on the Standard package');
      expect((await invoicesOf(c)).map((i) => [i.reason, i.total])).toEqual([['upgrade', '28.34']]);
      const changes = await t.em().execute(`select count(*)::int as n from audit_logs where company_id = ? and action = 'subscription.plan_changed'`, [c.company.id]);
      expect(changes[0].n).toBe(1);
    });
  });

  describe('a downgrade', () => {
    it('is refused now when the company is over the new limits, with the limit named', async () => {
      at('2026-11-14');
      const c = await paying('premium', 'monthly', '2026-11-01', '2026-12-01');
      const em = t.em();
      const tiny = em.create(Package, { package_code: unique('tiny').toLowerCase(), package_name: 'Tiny', monthly_price: '5.00', annual_price: '50.00', max_employees: 0 });
      const solo = em.create(Package, { package_code: unique('solo').toLowerCase(), package_name: 'Solo', monthly_price: '9.00', annual_price: '90.00', max_admins: 0 });
      await em.flush();
      for (const [pkg, message] of [
        [tiny, 'The Tiny package allows at most 0 employees; the company has 1'],
        [solo, 'The Solo package allows at most 0 admins; the company has 1'],
      ] as const) {
        const res = await choose(c.tokens.company_admin, { package_id: pkg.id });
        expect(res.status).toBe(422);
        expect(res.body.errors).toEqual([{ field: 'package_id', message }]);
        expect((await preview(c.tokens.company_admin, { package_id: pkg.id })).body.errors).toEqual([{ field: 'package_id', message }]);
      }
      expect((await stored(c)).subscription_plan).toBe('premium');
      expect(await invoicesOf(c)).toEqual([]);
    });

    it('is scheduled for the period end otherwise, shown with the next invoice, and can be withdrawn', async () => {
      at('2026-11-14');
      const c = await paying('premium', 'monthly', '2026-11-01', '2026-12-01', '10.00');
      const shown = await preview(c.tokens.company_admin, { package_id: ids.basic });
      expect(shown.body.data).toMatchObject({ change: 'downgrade', effective_date: '2026-12-01', lines: [], total: '0.00' });
      const res = await choose(c.tokens.company_admin, { package_id: ids.basic });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Your plan changes to the Basic package (monthly) on 1 December 2026; until then nothing changes');
      expect(res.body.data.invoice).toBeNull();
      expect(res.body.data.subscription).toMatchObject({
        subscription_plan: 'premium',
        scheduled_change: { package_id: ids.basic, package_name: 'Basic', billing_cycle: 'monthly', effective_date: '2026-12-01' },
        next_invoice: { issue_date: '2026-12-01', package_name: 'Basic', subtotal: '29.00', tax: '2.90', total: '31.90', currency: 'USD' },
      });
      expect(await invoicesOf(c)).toEqual([]);
      expect((await choose(c.tokens.company_admin, { package_id: ids.basic })).status).toBe(409);
      const withdrawn = await t.http().delete('/api/packages/subscription/scheduled-change').set(bearer(c.tokens.company_admin));
      expect(withdrawn.status).toBe(200);
      expect(withdrawn.body.message).toBe('The change to the Basic package is withdrawn: you stay on the Premium package');
      expect(withdrawn.body.data).toMatchObject({ scheduled_change: null, next_invoice: { package_name: 'Premium', total: '163.90' } });
    });

    it('annual to monthly on the same package waits for the period end too', async () => {
      at('2026-06-01');
      const c = await paying('standard', 'annual', '2026-01-01', '2027-01-01');
      const res = await choose(c.tokens.company_admin, { package_id: ids.standard, billing_cycle: 'monthly' });
      expect(res.status).toBe(200);
      expect(res.body.data.subscription.scheduled_change).toMatchObject({ package_name: 'Standard', billing_cycle: 'monthly', effective_date: '2027-01-01' });
    });
  });

  describe('cancelling', () => {
    it('at the period end, and resuming', async () => {
      at('2026-11-14');
      const c = await paying('standard', 'monthly', '2026-11-01', '2026-12-01');
      const res = await t.http().post('/api/packages/subscription/cancel').set(bearer(c.tokens.company_admin));
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Your subscription ends on 1 December 2026; until then nothing changes');
      expect(res.body.data).toMatchObject({ cancel_at_period_end: true, next_invoice: null, billing_notice: 'Your subscription ends on 1 December 2026.' });
      expect((await t.http().post('/api/packages/subscription/cancel').set(bearer(c.tokens.company_admin))).status).toBe(409);
      const resumed = await t.http().post('/api/packages/subscription/resume').set(bearer(c.tokens.company_admin));
      expect(resumed.status).toBe(200);
      expect(resumed.body.data).toMatchObject({ cancel_at_period_end: false, next_invoice: { total: '79.00' } });
      const trial = await trialCompany(3);
      expect((await t.http().post('/api/packages/subscription/cancel').set(bearer(trial.tokens.company_admin))).status).toBe(409);
    });

    it('immediately by the superadmin', async () => {
      const c = await paying('standard', 'monthly', '2026-11-01', '2026-12-01');
      const res = await t.http().put(`/api/auth/companies/${c.company.id}`).set(bearer(superadmin)).send({ subscription_status: 'cancelled' });
      expect(res.status).toBe(200);
      expect(await stored(c)).toMatchObject({ subscription_status: 'cancelled', billing_status: 'cancelled' });
      const [audit] = await t.em().execute(
        `select user_email, details from audit_logs where company_id = ? and action = 'subscription.status_changed'`,
        [c.company.id],
      );
      expect(audit.details).toEqual({ billing_status: { from: 'active', to: 'cancelled' } });
      expect(audit.user_email).toMatch(/^superadmin/);
    });
  });

  describe('invoices', () => {
    it('numbers invoices without gaps, also when issued at once by many companies', async () => {
      const companies = await Promise.all(Array.from({ length: 12 }, () => trialCompany(5)));
      const answers = await Promise.all(companies.map((c) => choose(c.tokens.company_admin, { package_id: ids.basic })));
      expect(answers.map((r) => r.status)).toEqual(Array(12).fill(200));
      const numbers = (await t.em().execute<Array<{ invoice_number: string }>>(`select invoice_number from invoices`))
        .map((r) => NUMBER.exec(r.invoice_number))
        .filter((m): m is RegExpExecArray => !!m);
      const byYear = new Map<string, number[]>();
      for (const m of numbers) byYear.set(m[1], [...(byYear.get(m[1]) ?? []), Number(m[2])]);
      for (const list of byYear.values()) {
        list.sort((a, b) => a - b);
        expect(list).toEqual(Array.from({ length: list.length }, (_, i) => i + 1));
      }
    });

    it('shows a company its own invoices only; the superadmin every company, or the impersonated one', async () => {
      const a = await trialCompany(5);
      const b = await trialCompany(5);
      const invA = (await choose(a.tokens.company_admin, { package_id: ids.basic })).body.data.invoice;
      const invB = (await choose(b.tokens.company_admin, { package_id: ids.basic })).body.data.invoice;
      const listA = await t.http().get('/api/billing/invoices').set(bearer(a.tokens.company_admin));
      expect(listA.status).toBe(200);
      expect(listA.body.data.map((i: any) => i.id)).toEqual([invA.id]);
      const filtered = await t.http().get(`/api/billing/invoices?filter=${encodeURIComponent(JSON.stringify({ company_id: b.company.id }))}`).set(bearer(a.tokens.company_admin));
      // the filter narrows the company's own list, as on every list: another company's id finds nothing
      expect(filtered.status).toBe(200);
      expect(filtered.body.data).toEqual([]);
      for (const path of [`/api/billing/invoices/${invB.id}`, `/api/billing/invoices/${invB.id}/pdf`]) {
        expect((await t.http().get(path).set(bearer(a.tokens.company_admin))).status).toBe(404);
      }
      expect((await pay(invB.id, { amount: '1' }, a.tokens.company_admin)).status).toBe(403);
      expect((await t.http().get('/api/billing/invoices').set(bearer(a.tokens.employee))).status).toBe(403);
      // the superadmin reads either company's (by its filter: a database kept between runs holds
      // more open invoices than a page)
      for (const [company, invoice] of [
        [a, invA],
        [b, invB],
      ] as const) {
        const filter = encodeURIComponent(JSON.stringify({ status: 'open', company_id: company.company.id }));
        const one = await t.http().get(`/api/billing/invoices?filter=${filter}`).set(bearer(superadmin));
        expect(one.body.data.map((i: any) => i.id)).toEqual([invoice.id]);
      }
      const imp = (await t.http().post(`/api/auth/impersonate/${a.company.id}`).set(bearer(superadmin))).body.data.access_token;
      const asA = await t.http().get('/api/billing/invoices').set(bearer(imp));
      expect(asA.body.data.map((i: any) => i.id)).toEqual([invA.id]);
      expect((await t.http().get(`/api/billing/invoices/${invB.id}`).set(bearer(imp))).status).toBe(404);
      // recording a payment is the platform's act: while impersonating, the session is the company's
      const refused = await pay(invA.id, { amount: invA.total }, imp);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe("Exit impersonation to use the platform's tools: while impersonating, you work as the company");
      // a billing change made while impersonating is audit-logged as the superadmin's, saying so
      expect((await t.http().delete('/api/packages/subscription/scheduled-change').set(bearer(imp))).status).toBe(200);
      const [audit] = await t.em().execute(`select user_email, details from audit_logs where company_id = ? and action = 'subscription.change_withdrawn'`, [a.company.id]);
      expect(audit.details).toMatchObject({ invoice_number: invA.invoice_number, impersonating: true });
    });

    it('filters overdue invoices and searches by number', async () => {
      const c = await trialCompany(5);
      const inv = (await choose(c.tokens.company_admin, { package_id: ids.basic })).body.data.invoice;
      const q = (filter: object) =>
        t.http().get(`/api/billing/invoices?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,999]`).set(bearer(superadmin));
      expect((await q({ q: inv.invoice_number })).body.data.map((i: any) => i.id)).toEqual([inv.id]);
      expect((await q({ overdue: true, company_id: c.company.id })).body.data).toEqual([]);
      clock.set(new Date(Date.parse(`${inv.due_date}T12:00:00Z`) + DAY));
      const overdue = (await q({ overdue: true, company_id: c.company.id })).body.data;
      expect(overdue.map((i: any) => [i.id, i.overdue])).toEqual([[inv.id, true]]);
    });

    it('voids an open invoice without payments, with a reason; not one with payments', async () => {
      const c = await trialCompany(5);
      const inv = (await choose(c.tokens.company_admin, { package_id: ids.standard })).body.data.invoice;
      const noReason = await t.http().post(`/api/billing/invoices/${inv.id}/void`).set(bearer(superadmin)).send({ reason: ' ' });
      expect(noReason.status).toBe(400);
      expect(noReason.body.errors).toEqual([{ field: 'reason', message: 'A reason is required' }]);
      await pay(inv.id, { amount: '1' });
      const withPayment = await t.http().post(`/api/billing/invoices/${inv.id}/void`).set(bearer(superadmin)).send({ reason: 'Duplicate' });
      expect(withPayment.status).toBe(409);
      expect(withPayment.body.message).toBe('An invoice with payments cannot be voided');
      const d = await trialCompany(5);
      const other = (await choose(d.tokens.company_admin, { package_id: ids.standard })).body.data.invoice;
      const voided = await t.http().post(`/api/billing/invoices/${other.id}/void`).set(bearer(superadmin)).send({ reason: 'Agreed by phone' });
      expect(voided.status).toBe(200);
      expect(voided.body.data).toMatchObject({ status: 'void', void_reason: 'Agreed by phone' });
      expect((await subscription(d.tokens.company_admin)).pending_invoice).toBeNull();
      expect((await pay(other.id, { amount: '1' })).status).toBe(409);
    });

    it('refuses a payment dated in the future, of nothing, or without a method', async () => {
      const c = await trialCompany(5);
      const inv = (await choose(c.tokens.company_admin, { package_id: ids.standard })).body.data.invoice;
      const future = await pay(inv.id, { amount: '1', paid_on: '2999-01-01' });
      expect(future.status).toBe(422);
      expect(future.body.errors).toEqual([{ field: 'paid_on', message: 'Payment date cannot be in the future' }]);
      expect((await pay(inv.id, { amount: '0' })).status).toBe(422);
      const noMethod = await pay(inv.id, { amount: '1', method: 'bitcoin' });
      expect(noMethod.status).toBe(400);
      expect(noMethod.body.errors[0].field).toBe('method');
      expect((await stored(c)).billing_status).toBe('trialing');
      const [row] = await t.em().execute(`select count(*)::int as n from payments where invoice_id = ?`, [inv.id]);
      expect(row.n).toBe(0);
    });

    it('answers the invoice as a PDF with the seller, the company and the total', async () => {
      const c = await trialCompany(5);
      const inv = (await choose(c.tokens.company_admin, { package_id: ids.premium })).body.data.invoice;
      const res = await t.http().get(`/api/billing/invoices/${inv.id}/pdf`).set(bearer(c.tokens.company_admin)).buffer(true)
        .parse((r, done) => {
          const chunks: Buffer[] = [];
          r.on('data', (chunk: Buffer) => chunks.push(chunk));
          r.on('end', () => done(null, Buffer.concat(chunks)));
        });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('application/pdf');
      expect(res.headers['content-disposition']).toContain(`${inv.invoice_number}.pdf`);
      expect((res.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    });

    it('reports revenue by month: invoiced and collected, outstanding and overdue', async () => {
      const before = (await t.http().get('/api/billing/revenue').set(bearer(superadmin))).body.data;
      expect(before.months).toHaveLength(12);
      const c = await trialCompany(5);
      const inv = (await choose(c.tokens.company_admin, { package_id: ids.standard })).body.data.invoice;
      await pay(inv.id, { amount: '30' });
      const after = (await t.http().get('/api/billing/revenue').set(bearer(superadmin))).body.data;
      const month = inv.issue_date.slice(0, 7);
      const m = (r: any) => r.months.find((x: any) => x.month === month);
      expect(cents(m(after).invoiced) - cents(m(before).invoiced)).toBe(7900);
      expect(cents(m(after).collected) - cents(m(before).collected)).toBe(3000);
      expect(cents(after.outstanding) - cents(before.outstanding)).toBe(4900);
      expect((await t.http().get('/api/billing/revenue').set(bearer(c.tokens.company_admin))).status).toBe(403);
    });
  });

  describe("the company's tax rate", () => {
    it('is set by the superadmin on the company, refused in words out of range, and used by the next invoice', async () => {
      const c = await trialCompany(5);
      const put = (tax_rate: unknown) => t.http().put(`/api/auth/companies/${c.company.id}`).set(bearer(superadmin)).send({ tax_rate });
      const bad = await put('120');
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual([{ field: 'tax_rate', message: 'Tax rate must be a percent from 0 to 100 with at most 2 decimals' }]);
      const ok = await put(8.5);
      expect(ok.status).toBe(200);
      expect(ok.body.data).toMatchObject({ tax_rate: '8.50', billing_status: 'trialing' });
      const inv = (await choose(c.tokens.company_admin, { package_id: ids.standard })).body.data.invoice;
      // 79.00 × 8.5 % = 6.715 → 6.72
      expect(inv).toMatchObject({ subtotal: '79.00', tax_rate: '8.50', tax: '6.72', total: '85.72' });
    });
  });

  describe('billing settings', () => {
    it('lets the superadmin change the due days and the currency of new invoices, in words when refused', async () => {
      const bad = await t.http().put('/api/billing/settings').set(bearer(superadmin)).send({ currency: 'euro', due_days: -1 });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual(
        expect.arrayContaining([
          { field: 'currency', message: 'Currency must be a three-letter code such as USD' },
          { field: 'due_days', message: 'Days until due must be at least 0' },
        ]),
      );
      const res = await t.http().put('/api/billing/settings').set(bearer(superadmin)).send({ due_days: 30, seller_name: 'People Cloud Ltd' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ due_days: 30, seller_name: 'People Cloud Ltd', currency: 'USD', grace_days: 14 });
      const c = await trialCompany(5);
      const inv = (await choose(c.tokens.company_admin, { package_id: ids.basic })).body.data.invoice;
      expect(Date.parse(inv.due_date) - Date.parse(inv.issue_date)).toBe(30 * DAY);
      await t.http().put('/api/billing/settings').set(bearer(superadmin)).send({ due_days: 14, seller_name: 'HR Platform' });
      expect((await t.http().get('/api/billing/settings').set(bearer(c.tokens.company_admin))).status).toBe(403);
    });
  });
});
