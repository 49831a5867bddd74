import { Client } from 'pg';
import { BillingJobsService } from '../src/modules/billing/billing-jobs.service';
import { BillingClock } from '../src/modules/billing/clock';
import { createTestApp, type TestApp } from './support/app';
import { testDatabaseUrl } from './support/database';
import { bearer, createCompany, createUser, login, unique, type CompanyFixture } from './support/fixtures';

const onPostgres = !!process.env.TEST_DATABASE_URL;

interface InvoiceRow {
  id: number;
  invoice_number: string;
  reason: string;
  package_code: string;
  billing_cycle: string;
  period_start: string;
  period_end: string;
  currency: string;
  subtotal: string;
  tax_rate: string;
  tax: string;
  total: string;
  status: string;
  issue_date: string;
  due_date: string;
  reminder_sent_at: Date | null;
}

interface CompanyRow {
  package_code: string;
  subscription_plan: string;
  billing_cycle: string;
  billing_status: string;
  subscription_status: string;
  current_period_start: string | null;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  scheduled_package_id: number | null;
  scheduled_billing_cycle: string | null;
}

describe('billing jobs: renewal and dunning', () => {
  let t: TestApp;
  let jobs: BillingJobsService;
  let superadmin: string;

  const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => t.em().execute<T[]>(query, params);
  const at = (iso: string) => new Date(iso);

  /** Puts a company on a package and a period, directly in the database. */
  const subscribe = async (
    companyId: number,
    s: {
      package: string;
      cycle?: 'monthly' | 'annual';
      start: string;
      end: string;
      status?: string;
      taxRate?: string;
      cancel?: boolean;
      scheduled?: { package: string; cycle?: 'monthly' | 'annual' };
      zone?: string;
    },
  ) => {
    await sql(
      `update companies c set package_id = p.id, subscription_plan = p.package_code, billing_cycle = ?,
              billing_status = ?, subscription_status = case when ? in ('suspended', 'cancelled') then ? else 'active' end,
              current_period_start = ?, current_period_end = ?, tax_rate = ?, cancel_at_period_end = ?,
              scheduled_package_id = (select id from packages where package_code = ?), scheduled_billing_cycle = ?,
              time_zone = ?, trial_ends_at = null
         from packages p where p.package_code = ? and c.id = ?`,
      [
        s.cycle ?? 'monthly',
        s.status ?? 'active',
        s.status ?? 'active',
        s.status ?? 'active',
        s.start,
        s.end,
        s.taxRate ?? '0',
        s.cancel ?? false,
        s.scheduled?.package ?? null,
        s.scheduled ? (s.scheduled.cycle ?? null) : null,
        s.zone ?? 'UTC',
        s.package,
        companyId,
      ],
    );
  };
  /** Takes a company out of the later scenarios' runs (its period is no longer billed). */
  const park = (companyId: number) => sql(`update companies set current_period_end = null, billing_status = 'cancelled' where id = ?`, [companyId]);

  const company = async (id: number) =>
    (
      await sql<CompanyRow>(
        `select p.package_code, c.subscription_plan, c.billing_cycle, c.billing_status, c.subscription_status,
                c.current_period_start::text, c.current_period_end::text, c.cancel_at_period_end,
                c.scheduled_package_id, c.scheduled_billing_cycle
           from companies c join packages p on p.id = c.package_id where c.id = ?`,
        [id],
      )
    )[0];
  const invoices = (companyId: number) =>
    sql<InvoiceRow>(
      `select i.id, i.invoice_number, i.reason, p.package_code, i.billing_cycle, i.period_start::text, i.period_end::text, i.currency,
              i.subtotal::text, i.tax_rate::text, i.tax::text, i.total::text, i.status, i.issue_date::text, i.due_date::text, i.reminder_sent_at
         from invoices i join packages p on p.id = i.package_id where i.company_id = ? order by i.period_start, i.id`,
      [companyId],
    );
  const lines = (invoiceId: number) =>
    sql(`select line_no, kind, description, period_start::text, period_end::text, amount::text from invoice_lines where invoice_id = ? order by line_no`, [
      invoiceId,
    ]);
  const mails = (companyId: number) =>
    sql<{ user_id: number; topic: string; subject: string; body: string }>(
      `select user_id, topic, subject, body from notifications where company_id = ? order by id`,
      [companyId],
    );
  const audits = (companyId: number) =>
    sql<{ action: string; user_id: number | null; user_email: string; details: Record<string, unknown> }>(
      `select action, user_id, user_email, details from audit_logs where company_id = ? and action not like 'sign_in%' order by id`,
      [companyId],
    );
  /** Every invoice number of a year is 1..n: no gap, none twice. */
  const expectGapless = async (year: number) => {
    const numbers = (await sql<{ invoice_number: string }>(`select invoice_number from invoices where invoice_number like ? order by invoice_number`, [`INV-${year}-%`])).map(
      (r) => Number(r.invoice_number.slice(9)),
    );
    expect(numbers.length).toBeGreaterThan(0);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  };
  const write = (c: CompanyFixture) =>
    t.http().post('/api/hr/departments').set(bearer(c.tokens.company_admin)).send({ department_code: unique('D'), department_name: 'Billing check' });

  beforeAll(async () => {
    t = await createTestApp();
    jobs = t.app.get(BillingJobsService);
    superadmin = await login(t, (await createUser(t.em(), 'superadmin')).email);
    await sql(`update billing_settings set currency = 'EUR', due_days = 14, grace_days = 14, reminder_days = 3 where id = 1`);
  });
  afterAll(async () => {
    t.app.get(BillingClock).set(null);
    // the settings are platform-wide: the test files after this one find the defaults
    await sql(`update billing_settings set currency = 'USD', due_days = 14, grace_days = 14, reminder_days = 3 where id = 1`);
    await t.close();
  });

  it('renews a period that ended: the next period, one invoice with its tax, due date, line, e-mail and audit rows; a second run issues nothing', async () => {
    const c = await createCompany(t, 'Renewal');
    await subscribe(c.company.id, { package: 'standard', start: '2041-01-15', end: '2041-02-15', taxRate: '7.25' });

    // the day before the period end: nothing due
    await jobs.renew(at('2041-02-14T23:00:00Z'));
    expect(await invoices(c.company.id)).toEqual([]);

    const result = await jobs.renew(at('2041-02-15T08:00:00Z'));
    expect(result.renewed).toBeGreaterThanOrEqual(1);
    expect(result.invoices).toBeGreaterThanOrEqual(1);
    const after = await company(c.company.id);
    expect(after).toMatchObject({
      package_code: 'standard',
      billing_status: 'active',
      subscription_status: 'active',
      current_period_start: '2041-02-15',
      current_period_end: '2041-03-15',
    });
    const [invoice, ...more] = await invoices(c.company.id);
    expect(more).toEqual([]);
    expect(invoice.invoice_number).toMatch(/^INV-2041-\d{6}$/);
    // 79.00 at 7.25 % = 5.7275 → 5.73
    expect(invoice).toMatchObject({
      reason: 'renewal',
      package_code: 'standard',
      billing_cycle: 'monthly',
      period_start: '2041-02-15',
      period_end: '2041-03-15',
      currency: 'EUR',
      subtotal: '79.00',
      tax_rate: '7.25',
      tax: '5.73',
      total: '84.73',
      status: 'open',
      issue_date: '2041-02-15',
      due_date: '2041-03-01',
    });
    expect(await lines(invoice.id)).toEqual([
      { line_no: 1, kind: 'plan', description: 'Standard plan (monthly)', period_start: '2041-02-15', period_end: '2041-03-15', amount: '79.00' },
    ]);
    const [mail] = await mails(c.company.id);
    expect(mail).toMatchObject({ user_id: c.admin.id, topic: 'billing', subject: `Invoice ${invoice.invoice_number} issued` });
    expect(mail.body).toContain('EUR 84.73');
    expect(mail.body).toContain('due on 2041-03-01');
    const audit = await audits(c.company.id);
    expect(audit.map((a) => [a.action, a.user_id, a.user_email])).toEqual([
      ['subscription.renewed', null, 'system'],
      ['invoice.issued', null, 'system'],
    ]);
    expect(audit[1].details).toMatchObject({ invoice_number: invoice.invoice_number, total: 84.73, due_date: '2041-03-01' });

    // run again at the same time, and later the same day: the period was renewed once
    await jobs.renew(at('2041-02-15T08:00:00Z'));
    await jobs.renew(at('2041-02-15T20:00:00Z'));
    expect(await invoices(c.company.id)).toHaveLength(1);
    expect((await company(c.company.id)).current_period_end).toBe('2041-03-15');
    expect(await mails(c.company.id)).toHaveLength(1);
    await expectGapless(2041);
    await park(c.company.id);
  });

  it("reads the period end in the company's time zone", async () => {
    const east = await createCompany(t, 'Kiritimati');
    const west = await createCompany(t, 'Utc');
    await subscribe(east.company.id, { package: 'basic', start: '2041-05-01', end: '2041-06-01', zone: 'Pacific/Kiritimati' });
    await subscribe(west.company.id, { package: 'basic', start: '2041-05-01', end: '2041-06-01' });
    // 12:00 UTC on May 31 is 02:00 on June 1 at UTC+14
    await jobs.renew(at('2041-05-31T12:00:00Z'));
    expect((await company(east.company.id)).current_period_end).toBe('2041-07-01');
    expect((await company(west.company.id)).current_period_end).toBe('2041-06-01');
    expect(await invoices(east.company.id)).toHaveLength(1);
    expect(await invoices(west.company.id)).toHaveLength(0);
    await park(east.company.id);
    await park(west.company.id);
  });

  it('applies a scheduled downgrade (and cycle) at the renewal', async () => {
    const c = await createCompany(t, 'Downgrade');
    await subscribe(c.company.id, {
      package: 'premium',
      start: '2042-01-31',
      end: '2042-02-28',
      scheduled: { package: 'basic', cycle: 'annual' },
    });
    await jobs.renew(at('2042-02-28T10:00:00Z'));
    expect(await company(c.company.id)).toMatchObject({
      package_code: 'basic',
      subscription_plan: 'basic',
      billing_cycle: 'annual',
      current_period_start: '2042-02-28',
      current_period_end: '2043-02-28',
      scheduled_package_id: null,
      scheduled_billing_cycle: null,
    });
    const [invoice] = await invoices(c.company.id);
    expect(invoice).toMatchObject({ package_code: 'basic', billing_cycle: 'annual', subtotal: '290.00', tax: '0.00', total: '290.00' });
    expect((await lines(invoice.id))[0]).toMatchObject({ description: 'Basic plan (annual)', amount: '290.00' });
    const renewed = (await audits(c.company.id)).find((a) => a.action === 'subscription.renewed');
    expect(renewed?.details).toMatchObject({ package_code: 'basic', billing_cycle: 'annual', changed_from: { billing_cycle: 'monthly' } });
    await park(c.company.id);
  });

  it('ends a subscription cancelled for the period end, with no invoice; the company can no longer write', async () => {
    const c = await createCompany(t, 'Cancel');
    await subscribe(c.company.id, { package: 'standard', start: '2042-04-10', end: '2042-05-10', cancel: true });
    const result = await jobs.renew(at('2042-05-10T00:30:00Z'));
    expect(result.cancelled).toBeGreaterThanOrEqual(1);
    expect(await company(c.company.id)).toMatchObject({
      billing_status: 'cancelled',
      subscription_status: 'cancelled',
      cancel_at_period_end: false,
      current_period_end: '2042-05-10',
    });
    expect(await invoices(c.company.id)).toEqual([]);
    expect((await audits(c.company.id)).map((a) => [a.action, a.details.to])).toEqual([['subscription.status_changed', 'cancelled']]);
    expect((await write(c)).status).toBe(402);
    // a cancelled subscription is not renewed later
    await jobs.renew(at('2042-07-01T00:00:00Z'));
    expect(await invoices(c.company.id)).toEqual([]);
  });

  it('catches up the periods missed while no instance ran: one invoice per period, numbers without gaps', async () => {
    const c = await createCompany(t, 'CatchUp');
    const free = await createCompany(t, 'Free');
    await subscribe(c.company.id, { package: 'standard', start: '2043-01-10', end: '2043-02-10' });
    await sql(`insert into packages (package_code, package_name, monthly_price, annual_price) values (?, 'Free', 0, 0)`, [unique('free')]);
    await sql(`update companies set package_id = (select id from packages where package_name = 'Free' order by id desc limit 1) where id = ?`, [
      free.company.id,
    ]);
    await sql(`update companies set current_period_start = '2043-01-10', current_period_end = '2043-02-10', billing_status = 'active' where id = ?`, [
      free.company.id,
    ]);

    const result = await jobs.renew(at('2043-04-10T12:00:00Z'));
    expect(result.passes).toBeGreaterThanOrEqual(3);
    const issued = await invoices(c.company.id);
    expect(issued.map((i) => [i.period_start, i.period_end, i.issue_date, i.due_date])).toEqual([
      ['2043-02-10', '2043-03-10', '2043-02-10', '2043-02-24'],
      ['2043-03-10', '2043-04-10', '2043-03-10', '2043-03-24'],
      ['2043-04-10', '2043-05-10', '2043-04-10', '2043-04-24'],
    ]);
    expect(new Set(issued.map((i) => i.invoice_number)).size).toBe(3);
    expect((await company(c.company.id)).current_period_end).toBe('2043-05-10');
    await expectGapless(2043);
    // a package that costs nothing renews without an invoice
    expect((await company(free.company.id)).current_period_end).toBe('2043-05-10');
    expect(await invoices(free.company.id)).toEqual([]);
    await park(c.company.id);
    await park(free.company.id);
  });

  it('reminds before the due date, moves to past_due the day after it (writes allowed), suspends after the grace period (writes answer 402); paid, it is active again', async () => {
    const c = await createCompany(t, 'Dunning');
    const trial = await createCompany(t, 'TrialDunning');
    await subscribe(c.company.id, { package: 'basic', start: '2043-12-01', end: '2044-01-01' });
    await jobs.renew(at('2044-01-01T09:00:00Z'));
    const [invoice] = await invoices(c.company.id);
    expect(invoice.due_date).toBe('2044-01-15');
    // a trialing company with an open invoice: reminded, never moved by dunning
    await sql(`update companies set billing_status = 'trialing', trial_ends_at = '2044-03-01' where id = ?`, [trial.company.id]);
    await sql(
      `insert into invoices (company_id, invoice_number, reason, package_id, billing_cycle, period_start, period_end, currency,
                             subtotal, tax_rate, tax, total, issue_date, due_date)
       select ?, ?, 'new_subscription', id, 'monthly', '2044-01-01', '2044-02-01', 'EUR', 29, 0, 0, 29, '2044-01-01', '2044-01-15'
         from packages where package_code = 'basic'`,
      [trial.company.id, `T-${trial.company.id}`],
    );
    const stateOf = async () => (await company(c.company.id)).billing_status;
    const subjects = async (companyId: number) => (await mails(companyId)).map((m) => m.subject);

    // four days before: nothing
    await jobs.dunning(at('2044-01-11T12:00:00Z'));
    expect((await invoices(c.company.id))[0].reminder_sent_at).toBeNull();
    // three days before: one reminder, once
    const first = await jobs.dunning(at('2044-01-12T12:00:00Z'));
    expect(first.reminded).toBeGreaterThanOrEqual(2);
    await jobs.dunning(at('2044-01-13T12:00:00Z'));
    expect((await invoices(c.company.id))[0].reminder_sent_at).not.toBeNull();
    expect(await subjects(c.company.id)).toEqual([`Invoice ${invoice.invoice_number} issued`, `Invoice ${invoice.invoice_number} is due on 2044-01-15`]);
    expect(await subjects(trial.company.id)).toEqual([`Invoice T-${trial.company.id} is due on 2044-01-15`]);

    // the due date itself: still active
    await jobs.dunning(at('2044-01-15T23:00:00Z'));
    expect(await stateOf()).toBe('active');
    // the day after: past_due, and the company still writes
    const overdue = await jobs.dunning(at('2044-01-16T01:00:00Z'));
    expect(overdue.pastDue).toBeGreaterThanOrEqual(1);
    expect(await company(c.company.id)).toMatchObject({ billing_status: 'past_due', subscription_status: 'active' });
    expect((await write(c)).status).toBe(201);
    const overdueMail = (await mails(c.company.id)).at(-1)!;
    expect(overdueMail).toMatchObject({ user_id: c.admin.id, topic: 'billing', subject: `Invoice ${invoice.invoice_number} is overdue` });
    expect(overdueMail.body).toContain('EUR 29.00');
    expect(overdueMail.body).toContain('by 2044-01-29');

    // the last day of the grace period: still past_due
    await jobs.dunning(at('2044-01-29T12:00:00Z'));
    expect(await stateOf()).toBe('past_due');
    // the grace period is over: suspended, and the same write answers 402
    const after = await jobs.dunning(at('2044-01-30T12:00:00Z'));
    expect(after.suspended).toBeGreaterThanOrEqual(1);
    expect(await company(c.company.id)).toMatchObject({ billing_status: 'suspended', subscription_status: 'suspended' });
    expect((await write(c)).status).toBe(402);
    expect((await subjects(c.company.id)).at(-1)).toBe(`Subscription suspended: invoice ${invoice.invoice_number} is unpaid`);
    // a suspended company is not renewed, nor moved again
    await jobs.renew(at('2044-03-05T12:00:00Z'));
    await jobs.dunning(at('2044-03-05T12:00:00Z'));
    expect(await invoices(c.company.id)).toHaveLength(1);
    expect(await stateOf()).toBe('suspended');

    // the superadmin records the payment: nothing is overdue, the company is active and writes again
    t.app.get(BillingClock).set(at('2044-03-06T10:00:00Z'));
    const paid = await t
      .http()
      .post(`/api/billing/invoices/${invoice.id}/payments`)
      .set(bearer(superadmin))
      .send({ amount: invoice.total, paid_on: '2044-03-06', method: 'bank_transfer', reference: 'TX-1' });
    t.app.get(BillingClock).set(null);
    expect(paid.status).toBe(200);
    expect(await company(c.company.id)).toMatchObject({ billing_status: 'active', subscription_status: 'active' });
    expect((await write(c)).status).toBe(201);
    // and dunning leaves it so: its only invoice is paid
    await jobs.dunning(at('2044-03-07T12:00:00Z'));
    expect(await stateOf()).toBe('active');

    const changes = (await audits(c.company.id)).filter((a) => a.action === 'subscription.status_changed' || a.action === 'invoice.reminded');
    expect(changes.map((a) => [a.action, a.details.from ?? null, a.details.to ?? null, a.user_email])).toEqual([
      ['invoice.reminded', null, null, 'system'],
      ['subscription.status_changed', 'active', 'past_due', 'system'],
      ['subscription.status_changed', 'past_due', 'suspended', 'system'],
      ['subscription.status_changed', 'suspended', 'active', expect.stringContaining('@')],
    ]);
    // the trialing company was reminded and left as it was
    expect((await company(trial.company.id)).billing_status).toBe('trialing');
    await park(trial.company.id);
    await park(c.company.id);
  });

  (onPostgres ? it : it.skip)('two renewal runs at once (two instances) issue one invoice per company, numbers without gaps', async () => {
    const n = 300;
    const code = unique('RACE').toUpperCase();
    await sql(
      `insert into companies (company_name, company_code, package_id, subscription_plan, billing_status, current_period_start, current_period_end, tax_rate)
       select 'Race ' || g, ? || '-' || g, p.id, p.package_code, 'active', '2045-12-01', '2046-01-01', 10
         from generate_series(1, ?) g cross join (select id, package_code from packages where package_code = 'premium') p`,
      [code, n],
    );
    const ids = (await sql<{ id: number }>(`select id from companies where company_code like ? order by id`, [`${code}-%`])).map((r) => r.id);
    const now = at('2046-01-01T06:00:00Z');
    const [a, b] = await Promise.all([jobs.renew(now), jobs.renew(now)]);
    expect(a.renewed + b.renewed).toBeGreaterThanOrEqual(n);
    const perCompany = await sql<{ company_id: number; invoices: number }>(
      `select c.id as company_id, count(i.id)::int as invoices from companies c left join invoices i on i.company_id = c.id
        where c.company_code like ? group by c.id`,
      [`${code}-%`],
    );
    expect(perCompany).toHaveLength(n);
    expect(perCompany.every((r) => r.invoices === 1)).toBe(true);
    await expectGapless(2046);
    // numbered in company order within each reservation; every company's invoice totals 149.00 + 14.90
    const totals = await sql<{ total: string }>(`select distinct total::text from invoices where company_id in (${ids.join(',')})`);
    expect(totals).toEqual([{ total: '163.90' }]);
    await sql(`update companies set current_period_end = null, billing_status = 'cancelled' where company_code like ?`, [`${code}-%`]);
  });

  (onPostgres ? it : it.skip)('leaves a company another transaction holds to a later run, which renews it once', async () => {
    const held = await createCompany(t, 'Held');
    await subscribe(held.company.id, { package: 'basic', start: '2047-01-05', end: '2047-02-05' });
    const other = new Client({ connectionString: testDatabaseUrl() });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select id from companies where id = $1 for update', [held.company.id]);
      await jobs.renew(at('2047-02-05T12:00:00Z'));
      expect(await invoices(held.company.id)).toEqual([]);
      await other.query('commit');
    } finally {
      await other.end();
    }
    await jobs.renew(at('2047-02-05T13:00:00Z'));
    await jobs.renew(at('2047-02-05T14:00:00Z'));
    expect((await invoices(held.company.id)).map((i) => i.period_start)).toEqual(['2047-02-05']);
    await expectGapless(2047);
  });

  (onPostgres ? it : it.skip)('leaves past_due alone a company whose overdue invoice is being paid, so the payment keeps it active', async () => {
    const paying = await createCompany(t, 'PaysLate');
    await subscribe(paying.company.id, { package: 'basic', start: '2048-01-01', end: '2048-02-01' });
    await jobs.renew(at('2048-02-01T09:00:00Z'));
    const [invoice] = await invoices(paying.company.id);
    const other = new Client({ connectionString: testDatabaseUrl() });
    await other.connect();
    try {
      // the payment's transaction: the company locked, the invoice paid, not yet committed
      await other.query('begin');
      await other.query('select id from companies where id = $1 for update', [paying.company.id]);
      await other.query(`update invoices set status = 'paid', amount_paid = total where id = $1`, [invoice.id]);
      await jobs.dunning(at('2048-02-20T12:00:00Z'));
      expect((await company(paying.company.id)).billing_status).toBe('active');
      await other.query('commit');
    } finally {
      await other.end();
    }
    await jobs.dunning(at('2048-02-20T13:00:00Z'));
    expect((await company(paying.company.id)).billing_status).toBe('active');
    await park(paying.company.id);
  });
});
