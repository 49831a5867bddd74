import { inflateSync } from 'node:zlib';
import { BillingJobsService } from '../src/modules/billing/billing-jobs.service';
import { BillingClock } from '../src/modules/billing/clock';
import { Company } from '../src/modules/companies/company.entity';
import { CompaniesService } from '../src/modules/companies/companies.service';
import { Package } from '../src/modules/packages/package.entity';
import { createTestApp, type TestApp } from './support/app';
import { bearer, createCompany, createUser, login, unique, type CompanyFixture } from './support/fixtures';

const DAY = 86_400_000;
const INSTRUCTIONS = 'Bank transfer to HR Platform Ltd\nIBAN DE89 3704 0044 0532 0130 00\nBIC COBADEFFXXX';

/** The text a PDF shows: its content streams inflated, the hex strings of each TJ joined. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(m[1], 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const tj of content.matchAll(/\[(.*?)\]\s*TJ/g)) {
      lines.push([...tj[1].matchAll(/<([0-9a-fA-F]+)>/g)].map((h) => Buffer.from(h[1], 'hex').toString('latin1')).join(''));
    }
  }
  return lines.join('\n');
}

const binary = (res: any, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

describe('paying an invoice: payment instructions, "I have paid", and what an unpaid choice does', () => {
  let t: TestApp;
  let superadmin: string;
  let superadminId: number;
  let clock: BillingClock;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    clock = t.app.get(BillingClock);
    const su = await createUser(t.em(), 'superadmin');
    superadminId = su.id;
    superadmin = await login(t, su.email);
    for (const p of await t.em().find(Package, {})) ids[p.package_code] = p.id;
    await t.em().execute(
      `update billing_settings set currency = 'USD', due_days = 14, grace_days = 14, reminder_days = 3, seller_name = 'HR Platform', payment_instructions = null where id = 1`,
    );
  });
  afterEach(() => clock.set(null));
  afterAll(async () => {
    await t.em().execute(`update billing_settings set payment_instructions = null where id = 1`);
    await t.close();
  });

  const setCompany = (c: CompanyFixture, fields: Record<string, unknown>) => t.em().nativeUpdate(Company, { id: c.company.id }, fields);
  const settings = (body: object) => t.http().put('/api/billing/settings').set(bearer(superadmin)).send(body);
  const choose = (token: string, body: object) => t.http().post('/api/packages/subscription').set(bearer(token)).send(body);
  const report = (id: number, token: string, body: object = {}) =>
    t.http().post(`/api/billing/invoices/${id}/report-payment`).set(bearer(token)).send(body);
  const notices = (userId: number, like: string) =>
    t.em().execute<Array<{ subject: string; body: string }>>(
      `select subject, body from notifications where user_id = ? and subject like ? order by id`,
      [userId, like],
    );

  async function trialWithInvoice(): Promise<{ c: CompanyFixture; invoice: any }> {
    const c = await createCompany(t, 'Payer');
    await setCompany(c, { trial_ends_at: new Date(Date.now() + 5 * DAY), billing_status: 'trialing' });
    const res = await choose(c.tokens.company_admin, { package_id: ids.standard });
    expect(res.status).toBe(200);
    return { c, invoice: res.body.data.invoice };
  }

  it('keeps the payment instructions in the billing settings and refuses too long ones in words', async () => {
    const saved = await settings({ payment_instructions: `  ${INSTRUCTIONS}  ` });
    expect(saved.status).toBe(200);
    expect(saved.body.data.payment_instructions).toBe(INSTRUCTIONS);
    expect((await t.http().get('/api/billing/settings').set(bearer(superadmin))).body.data.payment_instructions).toBe(INSTRUCTIONS);
    const long = await settings({ payment_instructions: 'x'.repeat(2001) });
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual([{ field: 'payment_instructions', message: 'Payment instructions must be at most 2000 characters' }]);
  });

  it('tells the company how to pay: on the invoice, the subscription screen, the PDF and the invoice e-mail, quoting the invoice number', async () => {
    await settings({ payment_instructions: INSTRUCTIONS });
    const { c, invoice } = await trialWithInvoice();
    const detail = await t.http().get(`/api/billing/invoices/${invoice.id}`).set(bearer(c.tokens.company_admin));
    expect(detail.body.data.how_to_pay).toEqual({ instructions: INSTRUCTIONS, reference: invoice.invoice_number, checkout_url: null });

    const sub = (await t.http().get('/api/packages/subscription').set(bearer(c.tokens.company_admin))).body.data;
    expect(sub.open_invoices).toHaveLength(1);
    expect(sub.open_invoices[0]).toMatchObject({ invoice_number: invoice.invoice_number, payment_reported_at: null });
    expect(sub.open_invoices[0].how_to_pay.instructions).toBe(INSTRUCTIONS);

    const pdf = await t.http().get(`/api/billing/invoices/${invoice.id}/pdf`).set(bearer(c.tokens.company_admin)).buffer(true).parse(binary);
    const text = pdfText(pdf.body as Buffer);
    expect(text).toContain('How to pay');
    expect(text).toContain('IBAN DE89 3704 0044 0532 0130 00');
    expect(text).toContain(`Payment reference: ${invoice.invoice_number}`);

    const [mail] = await notices(c.admin.id, `Invoice ${invoice.invoice_number} issued`);
    expect(mail.body).toContain(`How to pay: ${INSTRUCTIONS}`);
    expect(mail.body).toContain(`Quote ${invoice.invoice_number} as the payment reference.`);
  });

  it('"I have paid" is kept on the invoice, audited once, tells the platform once, and the operator finds it as payment reported', async () => {
    const { c, invoice } = await trialWithInvoice();
    const first = await report(invoice.id, c.tokens.company_admin, { note: 'Paid by transfer on Friday' });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(`Thank you: the platform is told you paid invoice ${invoice.invoice_number} and confirms it once the money arrives`);
    expect(first.body.data).toMatchObject({ status: 'open', payment_report_note: 'Paid by transfer on Friday' });
    expect(first.body.data.payment_reported_at).toBeTruthy();
    expect(first.body.data.payment_reported_by_name).toBeTruthy();

    const again = await report(invoice.id, c.tokens.company_admin);
    expect(again.status).toBe(200);
    expect(again.body.message).toBe(`The platform already knows you paid invoice ${invoice.invoice_number}: it is confirmed once the money arrives`);
    expect(again.body.data.payment_reported_at).toBe(first.body.data.payment_reported_at);

    const audits = await t.em().execute(`select details from audit_logs where action = 'invoice.payment_reported' and company_id = ?`, [c.company.id]);
    expect(audits).toHaveLength(1);
    const told = await notices(superadminId, `% says invoice ${invoice.invoice_number} is paid`);
    expect(told).toHaveLength(1);
    expect(told[0].body).toContain('Paid by transfer on Friday');
    expect(told[0].body).toContain('record the payment on the Billing screen');

    const list = await t
      .http()
      .get('/api/billing/invoices')
      .query({ filter: JSON.stringify({ payment_reported: true, company_id: c.company.id }) })
      .set(bearer(superadmin));
    expect(list.body.data.map((i: any) => i.invoice_number)).toEqual([invoice.invoice_number]);

    // the operator confirms it with the existing flow: the invoice is paid, no longer "reported"
    const paid = await t
      .http()
      .post(`/api/billing/invoices/${invoice.id}/payments`)
      .set(bearer(superadmin))
      .send({ amount: invoice.total, paid_on: new Date().toISOString().slice(0, 10), method: 'bank_transfer' });
    expect(paid.body.data.status).toBe('paid');
    const after = await t
      .http()
      .get('/api/billing/invoices')
      .query({ filter: JSON.stringify({ payment_reported: true, company_id: c.company.id }) })
      .set(bearer(superadmin));
    expect(after.body.data).toEqual([]);
    const late = await report(invoice.id, c.tokens.company_admin);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(`Invoice ${invoice.invoice_number} is already paid: nothing to report`);
  });

  it('"I have paid" is the company\'s own: another company answers 404, an employee 403, the superadmin outside a company 403', async () => {
    const { c, invoice } = await trialWithInvoice();
    const other = await createCompany(t, 'Other');
    expect((await report(invoice.id, other.tokens.company_admin)).status).toBe(404);
    expect((await report(invoice.id, c.tokens.employee)).status).toBe(403);
    const su = await report(invoice.id, superadmin);
    expect(su.status).toBe(403);
    expect(su.body.message).toBe('Only the company says it has paid: record the payment instead');
    const long = await report(invoice.id, c.tokens.company_admin, { note: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual([{ field: 'note', message: 'Note must be at most 500 characters' }]);
  });

  it('a company on a free package that chose a paid one and did not pay stays on its free plan, never past due or suspended', async () => {
    const code = unique('free');
    const [free] = await t.em().execute<Array<{ id: number }>>(
      `insert into packages (package_code, package_name, monthly_price, annual_price) values (?, 'Free', 0, 0) returning id`,
      [code],
    );
    const c = await createCompany(t, 'FreeCo');
    const start = new Date().toISOString().slice(0, 10);
    await setCompany(c, {
      package: free.id,
      subscription_plan: code,
      billing_status: 'active',
      subscription_status: 'active',
      trial_ends_at: null,
      current_period_start: start,
      current_period_end: new Date(Date.now() + 60 * DAY).toISOString().slice(0, 10),
    });
    const chosen = await choose(c.tokens.company_admin, { package_id: ids.standard });
    expect(chosen.status).toBe(200);
    const invoice = chosen.body.data.invoice;
    expect(invoice).toMatchObject({ reason: 'new_subscription', status: 'open' });

    // well past its due date and the grace period
    await t.app.get(BillingJobsService).dunning(new Date(Date.now() + 40 * DAY));
    const sub = (await t.http().get('/api/packages/subscription').set(bearer(c.tokens.company_admin))).body.data;
    expect(sub).toMatchObject({ billing_status: 'active', state: 'active', write_blocked_reason: null, subscription_plan: code });
    // the change waits: the invoice is still there to pay, and the company can withdraw it
    expect(sub.pending_invoice).toMatchObject({ invoice_number: invoice.invoice_number, status: 'open' });
    const suspended = await t.em().execute(`select 1 from audit_logs where company_id = ? and action = 'subscription.status_changed'`, [c.company.id]);
    expect(suspended).toEqual([]);
  });

  it('a package with 0 trial days offers no trial: the company starts on it with its first invoice and can write', async () => {
    const [pkg] = await t.em().execute<Array<{ id: number }>>(
      `insert into packages (package_code, package_name, monthly_price, annual_price, trial_days, is_active)
       values (?, 'Pay as you go', 49, 490, 0, true) returning id`,
      [unique('payg')],
    );
    await t.em().execute(
      `insert into package_features (package_id, feature_id, is_included)
       select ?, pf.feature_id, true from package_features pf where pf.package_id = ? and pf.is_included`,
      [pkg.id, ids.standard],
    );
    const email = `${unique('nt')}@example.com`;
    const { company } = await t.app.get(CompaniesService).createTrial(
      { company_name: `No Trial ${unique('N')}`, email, package_id: pkg.id },
      { username: unique('nt'), email, password: 'Orchid#Lake2026', first_name: 'Nora', last_name: 'Notrial' },
    );
    const token = await login(t, email, 'Orchid#Lake2026');
    const sub = (await t.http().get('/api/packages/subscription').set(bearer(token))).body.data;
    expect(sub).toMatchObject({ state: 'active', billing_status: 'active', trial_ends_at: null, write_blocked_reason: null, amount_due: '49.00' });
    expect(sub.open_invoices.map((i: any) => [i.package_name, i.total, i.status])).toEqual([['Pay as you go', '49.00', 'open']]);
    // the new admin is told of it, with how to pay
    const [admin] = await t.em().execute<Array<{ id: number }>>(`select id from users where email = ?`, [email]);
    const number = sub.open_invoices[0].invoice_number;
    const mails = await notices(admin.id, 'Invoice % issued');
    expect(mails.map((m) => m.subject)).toEqual([`Invoice ${number} issued`]);
    expect(mails[0].body).toContain(`Invoice ${number} of 49.00 USD for the Pay as you go package was issued.`);
    expect(mails[0].body).toContain(`${number} as the payment reference`);
    const write = await t.http().post('/api/hr/departments').set(bearer(token)).send({ department_code: 'SAL', department_name: 'Sales' });
    expect(write.status).toBe(201);
    expect(company.id).toBeGreaterThan(0);
  });
});
