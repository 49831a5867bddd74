import { Inject, Injectable } from '@nestjs/common';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../common/auth/auth-context';
import { conflict, notFound, unprocessable } from '../../common/http/errors';
import { escapeLike } from '../../common/http/fields';
import { Filter, type ListQuery } from '../../common/http/list-query';
import { AuditService } from '../audit/audit.service';
import type { AuditAction } from '../audit/audit-log.entity';
import { Company, type BillingCycle } from '../companies/company.entity';
import { NotificationsService } from '../notifications/notifications.service';
import type { Package } from '../packages/package.entity';
import { PlanService } from '../permissions/plan.service';
import { User } from '../users/user.entity';
import { howToPayText, queueBillingNotices } from './billing-mail';
import { BillingSettingsService } from './billing-settings.service';
import { BillingClock } from './clock';
import type { HowToPayDto, InvoiceDetailDto, InvoiceLineDto, InvoiceResponseDto, PaymentDto, RecordPaymentDto, RevenueDto } from './dto/billing.dto';
import { InvoiceLine, type InvoiceLineKind } from './invoice-line.entity';
import { formatInvoiceNumber, reserveInvoiceNumbers } from './invoice-numbers';
import { Invoice, INVOICE_STATUSES, type InvoiceReason } from './invoice.entity';
import { fromCents, taxOf, toCents } from './money';
import { ManualPaymentProvider, PAYMENT_PROVIDERS, type PaymentProvider } from './payment-provider';
import { Payment } from './payment.entity';
import { addDays, assignPackage, companyToday, inWords, setBillingStatus } from './subscription-state';

export const INVOICE_LIST = {
  sortable: ['id', 'invoice_number', 'issue_date', 'due_date', 'total', 'status', 'company_name'],
  filterable: ['status', 'overdue', 'company_id', 'q', 'payment_reported'],
  defaultSort: ['issue_date', 'DESC'] as ['issue_date', 'DESC'],
  filters: { status: Filter.oneOf(INVOICE_STATUSES), payment_reported: Filter.flag() },
};

export interface Actor {
  ctx: AuthContext;
  ip?: string;
  path?: string;
  method?: string;
}

export interface Buyer {
  company_name: string;
  company_code: string;
  email: string | null;
  address: string | null;
  phone: string | null;
}

export interface NewLine {
  kind: InvoiceLineKind;
  description: string;
  period_start: string;
  period_end: string;
  amount: bigint;
}

export interface NewInvoice {
  company: Company;
  pkg: Package;
  cycle: BillingCycle;
  reason: InvoiceReason;
  period_start: string;
  period_end: string;
  lines: NewLine[];
  today: string;
}

/** The figures of an invoice before it exists: subtotal, tax at the company's rate, total. */
export function invoiceFigures(lines: readonly NewLine[], taxRate: string) {
  const subtotal = lines.reduce((sum, l) => sum + l.amount, 0n);
  const tax = taxOf(subtotal, taxRate);
  return { subtotal, tax, total: subtotal + tax };
}

const SELECT = `select i.id, i.invoice_number, i.company_id, c.company_name, i.reason, i.package_id, p.package_name, i.billing_cycle,
       i.period_start::text as period_start, i.period_end::text as period_end, i.currency,
       i.subtotal::text as subtotal, i.tax_rate::text as tax_rate, i.tax::text as tax, i.total::text as total,
       i.amount_paid::text as amount_paid, (i.total - i.amount_paid)::text as amount_due, i.status,
       (i.status = 'open' and i.due_date < (?::timestamptz at time zone c.time_zone)::date) as overdue,
       i.issue_date::text as issue_date, i.due_date::text as due_date, i.paid_at, i.voided_at, i.void_reason,
       i.payment_reported_at, coalesce(nullif(trim(concat_ws(' ', ru.first_name, ru.last_name)), ''), ru.email) as payment_reported_by_name,
       i.payment_report_note, i.created_at
  from invoices i
  join companies c on c.id = i.company_id
  join packages p on p.id = i.package_id
  left join users ru on ru.id = i.payment_reported_by_id`;

type Row = InvoiceResponseDto & {
  paid_at: Date | string | null;
  voided_at: Date | string | null;
  payment_reported_at: Date | string | null;
  created_at: Date | string;
};
const date = (v: Date | string | null) => (v === null ? null : new Date(v));
const toDto = (r: Row): InvoiceResponseDto => ({
  ...r,
  paid_at: date(r.paid_at),
  voided_at: date(r.voided_at),
  payment_reported_at: date(r.payment_reported_at),
  created_at: new Date(r.created_at),
});

const SORT_COLUMNS: Record<string, string> = { company_name: 'c.company_name' };

/**
 * Invoices and payments: issuing (from plan changes; renewals are issued set-based by the jobs),
 * listing, recording payments (the manual provider) and voiding, with their effects on the
 * subscription. A company sees its own invoices; the superadmin every company's.
 */
@Injectable()
export class InvoicesService {
  constructor(
    private readonly em: EntityManager,
    private readonly settings: BillingSettingsService,
    private readonly clock: BillingClock,
    private readonly audit: AuditService,
    private readonly notifications: NotificationsService,
    private readonly plans: PlanService,
    private readonly manual: ManualPaymentProvider,
    @Inject(PAYMENT_PROVIDERS) private readonly providers: PaymentProvider[],
  ) {}

  async list(ctx: AuthContext, q: ListQuery): Promise<[InvoiceResponseDto[], number]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (ctx.companyId) {
      where.push('i.company_id = ?');
      params.push(ctx.companyId);
    }
    // the filter narrows a company's own list too (another company's id: nothing), never widens it
    if (q.filter.company_id !== undefined) {
      where.push('i.company_id = ?');
      params.push(Number(q.filter.company_id) || -1);
    }
    if (q.filter.status !== undefined) {
      where.push('i.status = ?');
      params.push((INVOICE_STATUSES as readonly unknown[]).includes(q.filter.status) ? q.filter.status : '-');
    }
    if (q.filter.overdue === true || q.filter.overdue === 'true') {
      where.push(`i.status = 'open' and i.due_date < (?::timestamptz at time zone c.time_zone)::date`);
      params.push(this.clock.now());
    }
    // the company said it has paid and the platform has not recorded it yet
    if (q.filter.payment_reported === true || q.filter.payment_reported === 'true') {
      where.push(`i.status = 'open' and i.payment_reported_at is not null`);
    }
    if (typeof q.filter.q === 'string' && q.filter.q.trim()) {
      where.push(`(i.invoice_number ilike ? or c.company_name ilike ?)`);
      const like = `%${escapeLike(q.filter.q.trim())}%`;
      params.push(like, like);
    }
    const clause = where.length ? ` where ${where.join(' and ')}` : '';
    const column = SORT_COLUMNS[q.sort.field] ?? `i.${q.sort.field}`;
    const [rows, count] = await Promise.all([
      this.em.execute<Row[]>(`${SELECT}${clause} order by ${column} ${q.sort.order}, i.id ${q.sort.order} limit ? offset ?`, [
        this.clock.now(),
        ...params,
        q.limit,
        q.offset,
      ]),
      this.em.execute<Array<{ n: string }>>(`select count(*) as n from invoices i join companies c on c.id = i.company_id${clause}`, params),
    ]);
    return [rows.map(toDto), Number(count[0]?.n ?? 0)];
  }

  async get(ctx: AuthContext, id: number, em: EntityManager = this.em): Promise<InvoiceDetailDto> {
    const scope = ctx.companyId ? ' and i.company_id = ?' : '';
    const rows = await em.execute<Row[]>(`${SELECT} where i.id = ?${scope}`, [this.clock.now(), id, ...(ctx.companyId ? [ctx.companyId] : [])]);
    if (!rows[0]) throw notFound('Invoice');
    const [lines, payments] = await Promise.all([
      em.execute<InvoiceLineDto[]>(
        `select line_no, kind, description, period_start::text as period_start, period_end::text as period_end, amount::text as amount
           from invoice_lines where invoice_id = ? order by line_no`,
        [id],
      ),
      em.execute<Array<PaymentDto & { created_at: Date | string }>>(
        `select pm.id, pm.amount::text as amount, pm.paid_on::text as paid_on, pm.method, pm.reference, pm.provider, pm.created_at,
                coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email) as recorded_by_name
           from payments pm left join users u on u.id = pm.recorded_by_id
          where pm.invoice_id = ? order by pm.id`,
        [id],
      ),
    ]);
    const invoice = toDto(rows[0]);
    return {
      ...invoice,
      lines,
      payments: payments.map((p) => ({ ...p, created_at: new Date(p.created_at) })),
      how_to_pay: invoice.status === 'open' ? await this.howToPay(invoice, em) : null,
    };
  }

  /**
   * How an open invoice is paid: the platform's instructions, its number as the reference to
   * quote, and a provider's checkout page when one offers it (the manual provider has none).
   */
  private async howToPay(invoice: InvoiceResponseDto, em: EntityManager): Promise<HowToPayDto> {
    const settings = await this.settings.get(em);
    let checkout: string | null = null;
    for (const provider of this.providers) {
      checkout = await provider.checkoutUrl(invoice.id);
      if (checkout) break;
    }
    return { instructions: settings.payment_instructions, reference: invoice.invoice_number, checkout_url: checkout };
  }

  /**
   * The company says it has paid an open invoice ("I have paid"): kept on the invoice (when, by
   * whom, its note), audited, and the platform's operators are told by e-mail so they can record
   * the payment. Saying it again changes nothing and tells no one again.
   */
  async reportPayment(a: Actor, id: number, note: string | null): Promise<{ invoice: InvoiceDetailDto; already: boolean }> {
    const already = await this.em.transactional(async (txEm) => {
      const tx = txEm as EntityManager;
      const invoice = await this.lockInvoice(tx, a.ctx, id);
      if (invoice.status !== 'open') {
        throw conflict(
          invoice.status === 'paid'
            ? `Invoice ${invoice.invoice_number} is already paid: nothing to report`
            : `Invoice ${invoice.invoice_number} is void: it is not to be paid`,
        );
      }
      if (invoice.payment_reported_at) return true;
      invoice.payment_reported_at = this.clock.now();
      invoice.payment_reported_by = tx.getReference(User, a.ctx.userId);
      invoice.payment_report_note = note;
      await tx.flush();
      await this.record(a, invoice.company.id, 'invoice.payment_reported', {
        invoice_id: invoice.id,
        invoice_number: invoice.invoice_number,
        note,
      });
      const [who] = await tx.execute<Array<{ company_name: string; name: string; due: string }>>(
        `select c.company_name, coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email) as name,
                (i.total - i.amount_paid)::text as due
           from invoices i join companies c on c.id = i.company_id left join users u on u.id = ?
          where i.id = ?`,
        [a.ctx.userId, invoice.id],
      );
      await this.notifications.queue(
        tx,
        'billing',
        `select ?::int as company_id, u.id as user_id, ?::text as subject, ?::text as body
           from users u where u.role = 'superadmin'`,
        [
          invoice.company.id,
          `${who.company_name} says invoice ${invoice.invoice_number} is paid`,
          `${who.name} of ${who.company_name} says invoice ${invoice.invoice_number} (${who.due} ${invoice.currency}) is paid.` +
            (note ? `\nTheir note: ${note}` : '') +
            `\nOnce the money has arrived, record the payment on the Billing screen (/billing): the invoice is marked "Payment reported".`,
        ],
      );
      return false;
    });
    return { invoice: await this.get(a.ctx, id), already };
  }

  async buyerOf(companyId: number): Promise<Buyer> {
    const rows = await this.em.execute<Buyer[]>(
      `select company_name, company_code, email, address, phone from companies where id = ?`,
      [companyId],
    );
    if (!rows[0]) throw notFound('Company');
    return rows[0];
  }

  /**
   * Issues an invoice in the caller's transaction (the company's row locked): its number from
   * the gapless sequence, figures at the company's tax rate, due after the platform's due days.
   * An invoice of nothing is paid at once. Queues the "invoice issued" e-mail.
   */
  async issue(tx: EntityManager, inv: NewInvoice, a: Actor): Promise<Invoice> {
    const settings = await this.settings.get(tx);
    const { subtotal, tax, total } = invoiceFigures(inv.lines, inv.company.tax_rate);
    const year = Number(inv.today.slice(0, 4));
    const number = formatInvoiceNumber(year, await reserveInvoiceNumbers(tx, year, 1));
    const paidNow = total <= 0n;
    const invoice = tx.create(Invoice, {
      company: inv.company,
      invoice_number: number,
      reason: inv.reason,
      package: inv.pkg,
      billing_cycle: inv.cycle,
      period_start: inv.period_start,
      period_end: inv.period_end,
      currency: settings.currency,
      subtotal: fromCents(subtotal),
      tax_rate: inv.company.tax_rate,
      tax: fromCents(tax),
      total: fromCents(total),
      status: paidNow ? 'paid' : 'open',
      paid_at: paidNow ? this.clock.now() : null,
      issue_date: inv.today,
      due_date: addDays(inv.today, settings.due_days),
      created_by: a.ctx.userId ? tx.getReference(User, a.ctx.userId) : null,
    });
    inv.lines.forEach((l, i) =>
      tx.create(InvoiceLine, {
        company: inv.company,
        invoice,
        line_no: i + 1,
        kind: l.kind,
        description: l.description,
        period_start: l.period_start,
        period_end: l.period_end,
        amount: fromCents(l.amount),
      }),
    );
    await tx.flush();
    await this.record(a, inv.company.id, 'invoice.issued', {
      invoice_id: invoice.id,
      invoice_number: number,
      reason: inv.reason,
      total: invoice.total,
      currency: settings.currency,
    });
    if (!paidNow) {
      await this.notify(
        tx,
        inv.company.id,
        `Invoice ${number} issued`,
        `Invoice ${number} of ${invoice.total} ${settings.currency} for the ${inv.pkg.package_name} package was issued. It is due on ${inWords(invoice.due_date)}.\n` +
          howToPayText(settings.payment_instructions, number),
      );
    }
    return invoice;
  }

  /**
   * A payment against an invoice (the superadmin's, through the manual provider, or a provider's
   * from its verified webhook): partial payments add up; a paid invoice takes effect on the subscription.
   */
  async recordPayment(a: Actor, id: number, dto: RecordPaymentDto, provider: PaymentProvider = this.manual): Promise<InvoiceDetailDto> {
    const companyId = await this.em.transactional(async (txEm) => {
      const tx = txEm as EntityManager;
      const invoice = await this.lockInvoice(tx, a.ctx, id);
      if (invoice.status !== 'open') throw conflict(`Invoice ${invoice.invoice_number} is ${invoice.status}: no payment can be recorded`);
      const amount = toCents(dto.amount);
      const due = toCents(invoice.total) - toCents(invoice.amount_paid);
      if (amount <= 0n) throw unprocessable('Amount must be more than 0', 'amount');
      if (amount > due) {
        throw unprocessable(`Amount is more than the ${fromCents(due)} ${invoice.currency} still due on this invoice`, 'amount');
      }
      const company = await tx.findOneOrFail(Company, { id: invoice.company.id }, { filters: false, lockMode: LockMode.PESSIMISTIC_WRITE });
      const today = companyToday(company.time_zone, this.clock.now());
      if (dto.paid_on > today) throw unprocessable('Payment date cannot be in the future', 'paid_on');
      const payment = tx.create(Payment, {
        company,
        invoice,
        amount: fromCents(amount),
        paid_on: dto.paid_on,
        method: dto.method,
        reference: dto.reference ?? null,
        provider: provider.code,
        recorded_by: tx.getReference(User, a.ctx.userId),
      });
      invoice.amount_paid = fromCents(toCents(invoice.amount_paid) + amount);
      const paid = amount === due;
      if (paid) {
        invoice.status = 'paid';
        invoice.paid_at = this.clock.now();
      }
      await tx.flush();
      await this.record(a, company.id, 'payment.recorded', {
        invoice_id: invoice.id,
        invoice_number: invoice.invoice_number,
        payment_id: payment.id,
        amount: payment.amount,
        method: payment.method,
        reference: payment.reference,
        paid_on: payment.paid_on,
      });
      if (paid) {
        await this.record(a, company.id, 'invoice.paid', { invoice_id: invoice.id, invoice_number: invoice.invoice_number, total: invoice.total });
        await this.settle(tx, company, invoice, today, a);
      }
      return company.id;
    });
    this.plans.forget(companyId);
    return this.get(a.ctx, id);
  }

  /** Voids an open invoice without payments; a chosen plan waiting for it is withdrawn. */
  async void(a: Actor, id: number, reason: string): Promise<InvoiceDetailDto> {
    const companyId = await this.em.transactional(async (txEm) => {
      const tx = txEm as EntityManager;
      const invoice = await this.lockInvoice(tx, a.ctx, id);
      if (invoice.status !== 'open') throw conflict(`Invoice ${invoice.invoice_number} is ${invoice.status}: it cannot be voided`);
      if (toCents(invoice.amount_paid) !== 0n) throw conflict('An invoice with payments cannot be voided');
      const company = await tx.findOneOrFail(Company, { id: invoice.company.id }, { filters: false, lockMode: LockMode.PESSIMISTIC_WRITE });
      await this.voidLocked(tx, invoice, reason, a);
      await this.settle(tx, company, null, companyToday(company.time_zone, this.clock.now()), a);
      return company.id;
    });
    this.plans.forget(companyId);
    return this.get(a.ctx, id);
  }

  /** Voids an invoice the caller has locked (with its company). */
  async voidLocked(tx: EntityManager, invoice: Invoice, reason: string, a: Actor): Promise<void> {
    invoice.status = 'void';
    invoice.voided_at = this.clock.now();
    invoice.void_reason = reason;
    await tx.flush();
    await this.record(a, invoice.company.id, 'invoice.voided', { invoice_id: invoice.id, invoice_number: invoice.invoice_number, reason });
  }

  async revenue(): Promise<RevenueDto> {
    const now = this.clock.now();
    const [months, open, settings] = await Promise.all([
      this.em.execute<Array<{ month: string; invoiced: string; collected: string }>>(
        `with m as (
           select to_char(g.month, 'YYYY-MM') as month, g.month::date as first, (g.month + interval '1 month')::date as next
             from generate_series(date_trunc('month', ?::timestamptz at time zone 'UTC') - interval '11 months',
                                  date_trunc('month', ?::timestamptz at time zone 'UTC'), interval '1 month') g(month)
         )
         select m.month,
                coalesce((select sum(i.total) from invoices i where i.status <> 'void' and i.issue_date >= m.first and i.issue_date < m.next), 0)::numeric(14,2)::text as invoiced,
                coalesce((select sum(p.amount) from payments p where p.paid_on >= m.first and p.paid_on < m.next), 0)::numeric(14,2)::text as collected
           from m order by m.month`,
        [now, now],
      ),
      this.em.execute<Array<{ outstanding: string; overdue: string }>>(
        `select coalesce(sum(i.total - i.amount_paid), 0)::numeric(14,2)::text as outstanding,
                coalesce(sum(i.total - i.amount_paid) filter (where i.due_date < (?::timestamptz at time zone c.time_zone)::date), 0)::numeric(14,2)::text as overdue
           from invoices i join companies c on c.id = i.company_id where i.status = 'open'`,
        [now],
      ),
      this.settings.get(),
    ]);
    return { currency: settings.currency, months, outstanding: open[0].outstanding, overdue: open[0].overdue };
  }

  /**
   * What a paid (or voided) invoice does to the subscription, the company locked: the invoice of
   * a chosen plan puts the company on it for the invoice's period (the trial ends); a past-due or
   * suspended subscription is active again once nothing is overdue.
   */
  private async settle(tx: EntityManager, company: Company, paid: Invoice | null, today: string, a: Actor): Promise<void> {
    const before = { package: company.subscription_plan, billing_status: company.billing_status };
    if (paid?.reason === 'new_subscription') {
      const pkg = await tx.findOneOrFail('Package', { id: paid.package.id });
      assignPackage(company, pkg as Package);
      company.billing_cycle = paid.billing_cycle;
      company.current_period_start = paid.period_start;
      company.current_period_end = paid.period_end;
      company.trial_ends_at = null;
      company.cancel_at_period_end = false;
      company.scheduled_package = null;
      company.scheduled_billing_cycle = null;
      setBillingStatus(company, 'active');
      await tx.flush();
      await this.record(a, company.id, 'subscription.plan_changed', {
        from: before.package,
        to: company.subscription_plan,
        billing_cycle: company.billing_cycle,
        invoice_number: paid.invoice_number,
        period_start: paid.period_start,
        period_end: paid.period_end,
      });
    } else if (company.billing_status === 'past_due' || company.billing_status === 'suspended') {
      const overdue = await tx.execute<Array<{ n: string }>>(
        // a chosen plan's invoice (new_subscription) is not owed: it never made the company past due
        `select count(*) as n from invoices where company_id = ? and status = 'open' and reason <> 'new_subscription' and due_date < ?`,
        [company.id, today],
      );
      if (Number(overdue[0].n) > 0) return;
      setBillingStatus(company, 'active');
      await tx.flush();
      await this.notify(tx, company.id, 'Your subscription is active again', 'Thank you: nothing is overdue any more and your company has its full access again.');
    }
    if (before.billing_status !== company.billing_status) {
      await this.record(a, company.id, 'subscription.status_changed', { from: before.billing_status, to: company.billing_status });
    }
  }

  private async lockInvoice(tx: EntityManager, ctx: AuthContext, id: number): Promise<Invoice> {
    const invoice = await tx.findOne(
      Invoice,
      ctx.companyId ? { id, company: ctx.companyId } : { id },
      { filters: false, lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!invoice) throw notFound('Invoice');
    return invoice;
  }

  /** An audit entry of a billing change: who did it (the superadmin while impersonating is named so). */
  async record(a: Actor, companyId: number, action: AuditAction, details: Record<string, unknown>): Promise<void> {
    if (!a.ctx.userId) {
      // the platform itself (a company's first period at its creation): recorded as 'system', like the jobs
      await this.em.execute(
        `insert into audit_logs (user_id, user_email, company_id, company_name, action, details)
         select null, 'system', c.id, c.company_name, ?, ?::jsonb from companies c where c.id = ?`,
        [action, JSON.stringify(details), companyId],
      );
      return;
    }
    await this.audit.record({
      userId: a.ctx.userId,
      companyId,
      action,
      method: a.method ?? null,
      path: a.path ?? null,
      statusCode: 200,
      ip: a.ip ?? null,
      details: a.ctx.impersonatorId ? { ...details, impersonating: true } : details,
    });
  }

  async notify(tx: EntityManager, companyId: number, subject: string, body: string): Promise<void> {
    await queueBillingNotices(this.notifications, tx, `select ?::int as company_id, ?::text as subject, ?::text as body`, [companyId, subject, body]);
  }
}
