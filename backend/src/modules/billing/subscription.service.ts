import { requireCompany } from '../../common/auth/require-company';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../common/auth/auth-context';
import { badRequest, conflict, forbidden, notFound } from '../../common/http/errors';
import { Company, type BillingCycle } from '../companies/company.entity';
import { CompanySetup, type NewCompany } from '../companies/company-setup';
import type { ChoosePlanResultDto, SubscriptionResponseDto } from '../packages/dto/package.dto';
import { Package } from '../packages/package.entity';
import { PackagesService } from '../packages/packages.service';
import { PlanService, WRITE_BLOCKED } from '../permissions/plan.service';
import { BillingSettingsService } from './billing-settings.service';
import { BillingClock } from './clock';
import type { InvoiceLineDto, NextInvoiceDto, PlanChangePreviewDto } from './dto/billing.dto';
import { Invoice } from './invoice.entity';
import { invoiceFigures, InvoicesService, type Actor, type NewLine } from './invoices.service';
import { fromCents, prorate, toCents } from './money';
import {
  assignPackage,
  companyToday,
  daysBetween,
  inWords,
  periodEnd,
  priceOf,
  setBillingStatus,
} from './subscription-state';

const DAY_MS = 86_400_000;

type Change = PlanChangePreviewDto['change'];

/** What choosing a package does, worked out with the company's row locked (or read, for a preview). */
interface Plan {
  change: Change;
  effective_date: string;
  lines: NewLine[];
  /** the period the invoice pays for */
  period: { start: string; end: string } | null;
}

const lineDto = (l: NewLine, i: number): InvoiceLineDto => ({
  line_no: i + 1,
  kind: l.kind,
  description: l.description,
  period_start: l.period_start,
  period_end: l.period_end,
  amount: fromCents(l.amount),
});

/**
 * The company's subscription: its state, and changing it. From a trial, a cancelled or a free
 * subscription a paid package is a new subscription: an invoice now, the package once it is paid.
 * On a paid subscription an upgrade applies now with a prorated invoice (credit for the unused
 * part of the old package, charge for the rest of the period on the new one) and a downgrade at
 * the period end, if the company fits the package's limits. Each change holds the company's row
 * lock, so concurrent choices apply one after the other.
 */
@Injectable()
export class SubscriptionService implements OnModuleInit {
  constructor(
    private readonly em: EntityManager,
    private readonly plans: PlanService,
    private readonly packages: PackagesService,
    private readonly invoices: InvoicesService,
    private readonly settings: BillingSettingsService,
    private readonly clock: BillingClock,
    private readonly setup: CompanySetup,
  ) {}

  onModuleInit(): void {
    // once the admin exists: the first invoice's e-mail goes to the company's admins
    this.setup.registerReady('billing-no-trial', (created) => this.startWithoutTrial(created));
  }

  /**
   * A package with 0 trial days offers no trial: a company signing up for it is on the package
   * from today (writes allowed), in its first monthly period, with that period's invoice to pay
   * (due after the platform's due days, then the usual reminders and dunning). A free package
   * issues nothing. Runs in the transaction creating the company, once its admin exists, for a
   * trial that is over at its creation.
   */
  async startWithoutTrial({ em, company }: Pick<NewCompany, 'em' | 'company'>): Promise<void> {
    // the trial's end is set from the wall clock at creation (companies.service.ts createTrial)
    if (company.billing_status !== 'trialing' || !company.trial_ends_at || company.trial_ends_at.getTime() > Date.now()) return;
    const tx = em;
    await tx.populate(company, ['package'], { filters: false });
    const pkg = company.package;
    const today = this.today(company);
    company.trial_ends_at = null;
    this.startPeriod(company, company.billing_cycle, today);
    setBillingStatus(company, 'active');
    await tx.flush();
    const price = toCents(priceOf(pkg, company.billing_cycle));
    if (price === 0n) return;
    const system: Actor = { ctx: { userId: 0, role: 'superadmin', companyId: company.id, employeeId: null, impersonatorId: null } };
    await this.invoices.issue(
      tx,
      {
        company,
        pkg,
        cycle: company.billing_cycle,
        reason: 'renewal',
        period_start: company.current_period_start!,
        period_end: company.current_period_end!,
        lines: [
          {
            kind: 'plan',
            description: `${pkg.package_name} plan (${company.billing_cycle})`,
            period_start: company.current_period_start!,
            period_end: company.current_period_end!,
            amount: price,
          },
        ],
        today,
      },
      system,
    );
  }

  async current(ctx: AuthContext): Promise<SubscriptionResponseDto> {
    const companyId = requireCompany(ctx);
    const company = await this.em.findOne(Company, { id: companyId }, { populate: ['package', 'scheduled_package'], filters: false });
    if (!company) throw notFound('Company');
    const now = this.clock.now();
    const today = companyToday(company.time_zone, now);
    const [plan, usage, settings, pendingRows, open, refusals] = await Promise.all([
      this.plans.plan(companyId),
      this.packages.usage(companyId),
      this.settings.get(),
      this.em.execute<Array<{ id: number; reason: string }>>(
        `select id, reason from invoices where company_id = ? and status = 'open' order by due_date, id`,
        [companyId],
      ),
      this.em.execute<Array<{ amount_due: string; overdue_since: string | null; overdue_number: string | null; overdue_due: string | null }>>(
        `select coalesce(sum(total - amount_paid), 0)::text as amount_due,
                min(due_date) filter (where due_date < ?)::text as overdue_since,
                (array_agg(invoice_number order by due_date) filter (where due_date < ?))[1] as overdue_number,
                (array_agg((total - amount_paid)::text order by due_date) filter (where due_date < ?))[1] as overdue_due
           from invoices where company_id = ? and status = 'open'`,
        [today, today, today, companyId],
      ),
      // a scheduled change the renewal starting this period did not make (billing-jobs.service.ts)
      this.em.execute<Array<{ reason: string }>>(
        `select details->>'reason' as reason from audit_logs
          where company_id = ? and action = 'subscription.change_refused' and details->>'period_start' = ?
          order by id desc limit 1`,
        [companyId, company.current_period_start ?? ''],
      ),
    ]);
    const pkg = company.package;
    const state = plan?.state ?? 'active';
    const trialEndsAt = company.trial_ends_at ?? null;
    const openInvoices = await Promise.all(pendingRows.map((r) => this.invoices.get({ ...ctx, companyId }, r.id)));
    const pending = openInvoices.find((i) => i.reason === 'new_subscription') ?? null;
    const { overdue_since, overdue_number, overdue_due } = open[0];
    const scheduled = company.scheduled_package ?? null;
    return {
      company_id: company.id,
      company_name: company.company_name,
      package: {
        id: pkg.id,
        package_code: pkg.package_code,
        package_name: pkg.package_name,
        monthly_price: pkg.monthly_price,
        annual_price: pkg.annual_price,
        max_employees: pkg.max_employees,
        max_admins: pkg.max_admins,
      },
      subscription_plan: company.subscription_plan,
      subscription_status: company.subscription_status,
      trial_ends_at: trialEndsAt,
      state,
      trial_days_left: state === 'trial' && trialEndsAt ? Math.max(0, Math.ceil((trialEndsAt.getTime() - now.getTime()) / DAY_MS)) : null,
      write_blocked_reason: state === 'trial_ended' || state === 'suspended' || state === 'cancelled' ? WRITE_BLOCKED[state] : null,
      modules: [...(plan?.modules ?? [])],
      features: [...(plan?.features ?? [])].sort(),
      employees_count: usage.employees,
      admins_count: usage.admins,
      files_bytes: usage.files_bytes,
      billing_cycle: company.billing_cycle,
      billing_status: company.billing_status,
      current_period_start: company.current_period_start ?? null,
      current_period_end: company.current_period_end ?? null,
      cancel_at_period_end: company.cancel_at_period_end,
      scheduled_change:
        scheduled && company.current_period_end
          ? {
              package_id: scheduled.id,
              package_name: scheduled.package_name,
              billing_cycle: company.scheduled_billing_cycle ?? company.billing_cycle,
              effective_date: company.current_period_end,
            }
          : null,
      scheduled_change_refused: refusals[0]?.reason ?? null,
      pending_invoice: pending,
      next_invoice: this.nextInvoice(company, settings.currency),
      open_invoices: openInvoices,
      amount_due: open[0].amount_due,
      overdue_since,
      billing_notice: this.notice(company, settings.currency, settings.grace_days, overdue_since, overdue_number, overdue_due),
      tax_rate: company.tax_rate,
      currency: settings.currency,
    };
  }

  async preview(ctx: AuthContext, packageId: number, cycle: BillingCycle): Promise<PlanChangePreviewDto> {
    const company = await this.em.findOne(Company, { id: requireCompany(ctx) }, { populate: ['package'], filters: false });
    if (!company) throw notFound('Company');
    const pkg = await this.availablePackage(this.em, packageId);
    const plan = await this.plan(this.em, company, pkg, cycle);
    const settings = await this.settings.get();
    const { subtotal, tax, total } = invoiceFigures(plan.lines, company.tax_rate);
    return {
      change: plan.change,
      package_id: pkg.id,
      package_name: pkg.package_name,
      billing_cycle: cycle,
      effective_date: plan.effective_date,
      lines: plan.lines.map(lineDto),
      subtotal: fromCents(subtotal),
      tax_rate: company.tax_rate,
      tax: fromCents(tax),
      total: fromCents(total),
      currency: settings.currency,
      message: this.message(plan, pkg, cycle, fromCents(total), settings.currency, null),
    };
  }

  async choose(a: Actor, packageId: number, cycle: BillingCycle): Promise<{ result: ChoosePlanResultDto; message: string }> {
    const companyId = requireCompany(a.ctx);
    const { message, invoiceId } = await this.em.transactional(async (txEm) => {
      const tx = txEm as EntityManager;
      const company = await this.lockCompany(tx, companyId);
      const pkg = await this.availablePackage(tx, packageId);
      const plan = await this.plan(tx, company, pkg, cycle);
      const today = this.today(company);
      const settings = await this.settings.get(tx);
      const before = { package: company.subscription_plan, billing_cycle: company.billing_cycle };
      let invoice: Invoice | null = null;
      if (plan.change === 'new_subscription' || plan.change === 'free') await this.voidPending(tx, company, 'Replaced by a newer choice', a);
      if (plan.change === 'free') {
        assignPackage(company, pkg);
        this.startPeriod(company, cycle, today);
        company.trial_ends_at = null;
        setBillingStatus(company, 'active');
      } else if (plan.change === 'downgrade') {
        company.scheduled_package = pkg;
        company.scheduled_billing_cycle = cycle;
      } else if (plan.change === 'upgrade') {
        assignPackage(company, pkg);
        if (cycle !== company.billing_cycle) this.startPeriod(company, cycle, today);
        company.scheduled_package = null;
        company.scheduled_billing_cycle = null;
      }
      await tx.flush();
      if (plan.lines.length && plan.period) {
        invoice = await this.invoices.issue(
          tx,
          {
            company,
            pkg,
            cycle,
            reason: plan.change === 'upgrade' ? 'upgrade' : 'new_subscription',
            period_start: plan.period.start,
            period_end: plan.period.end,
            lines: plan.lines,
            today,
          },
          a,
        );
      }
      const audit = plan.change === 'downgrade' ? 'subscription.change_scheduled' : plan.change === 'new_subscription' ? null : 'subscription.plan_changed';
      if (audit) {
        await this.invoices.record(a, company.id, audit, {
          from: before.package,
          to: pkg.package_code,
          from_cycle: before.billing_cycle,
          billing_cycle: cycle,
          change: plan.change,
          effective_date: plan.effective_date,
          invoice_number: invoice?.invoice_number ?? null,
        });
      }
      return {
        message: this.message(plan, pkg, cycle, invoice?.total ?? '0.00', settings.currency, invoice),
        invoiceId: invoice?.id ?? null,
      };
    });
    this.plans.forget(companyId);
    const ctx = { ...a.ctx, companyId };
    return {
      result: { subscription: await this.current(ctx), invoice: invoiceId ? await this.invoices.get(ctx, invoiceId) : null },
      message,
    };
  }

  /** Withdraws a downgrade waiting for the period end, or a chosen plan waiting for payment (its invoice is voided). */
  async withdrawChange(a: Actor): Promise<{ subscription: SubscriptionResponseDto; message: string }> {
    const companyId = requireCompany(a.ctx);
    const message = await this.em.transactional(async (txEm) => {
      const tx = txEm as EntityManager;
      const company = await this.lockCompany(tx, companyId);
      if (company.scheduled_package) {
        const name = company.scheduled_package.package_name;
        company.scheduled_package = null;
        company.scheduled_billing_cycle = null;
        await tx.flush();
        await this.invoices.record(a, company.id, 'subscription.change_withdrawn', { scheduled: name });
        return `The change to the ${name} package is withdrawn: you stay on the ${company.package.package_name} package`;
      }
      const voided = await this.voidPending(tx, company, 'Withdrawn by the company', a);
      if (!voided) throw conflict('No plan change is waiting');
      await this.invoices.record(a, company.id, 'subscription.change_withdrawn', { invoice_number: voided.invoice_number });
      return `Invoice ${voided.invoice_number} is void: your plan stays as it is`;
    });
    this.plans.forget(companyId);
    return { subscription: await this.current({ ...a.ctx, companyId }), message };
  }

  async cancelAtPeriodEnd(a: Actor, cancel: boolean): Promise<{ subscription: SubscriptionResponseDto; message: string }> {
    const companyId = requireCompany(a.ctx);
    const message = await this.em.transactional(async (txEm) => {
      const tx = txEm as EntityManager;
      const company = await this.lockCompany(tx, companyId);
      const end = company.current_period_end;
      if (!end || (company.billing_status !== 'active' && company.billing_status !== 'past_due')) {
        throw conflict('Only a paid subscription that renews can be cancelled at the period end');
      }
      if (company.cancel_at_period_end === cancel) {
        throw conflict(cancel ? `Your subscription already ends on ${inWords(end)}` : 'Your subscription is not set to end');
      }
      company.cancel_at_period_end = cancel;
      await tx.flush();
      await this.invoices.record(a, company.id, cancel ? 'subscription.cancel_scheduled' : 'subscription.resumed', { period_end: end });
      return cancel
        ? `Your subscription ends on ${inWords(end)}; until then nothing changes`
        : `Your subscription renews on ${inWords(end)}`;
    });
    return { subscription: await this.current({ ...a.ctx, companyId }), message };
  }

  // ---- the rules

  /** What choosing `pkg` for `cycle` does now, for this company. */
  private async plan(em: EntityManager, company: Company, pkg: Package, cycle: BillingCycle): Promise<Plan> {
    if (company.billing_status === 'suspended' || company.subscription_status === 'suspended') throw forbidden(WRITE_BLOCKED.suspended);
    const today = this.today(company);
    const current = company.package;
    const currentPrice = toCents(priceOf(current, company.billing_cycle));
    const newPrice = toCents(priceOf(pkg, cycle));
    const paidSubscription =
      company.subscription_status === 'active' &&
      (company.billing_status === 'active' || company.billing_status === 'past_due') &&
      !company.trial_ends_at &&
      !!company.current_period_start &&
      !!company.current_period_end &&
      currentPrice > 0n;

    if (!paidSubscription) {
      await this.packages.assertFits(company.id, pkg, pkg.package_name);
      const samePlan = current.id === pkg.id && company.billing_cycle === cycle;
      if (samePlan && company.billing_status === 'active' && !company.trial_ends_at) {
        throw conflict(`Your company is already on the ${pkg.package_name} package`, 'package_id');
      }
      const pending = await em.findOne(Invoice, { company: company.id, status: 'open', reason: 'new_subscription' }, { filters: false });
      if (pending && pending.package.id === pkg.id && pending.billing_cycle === cycle) {
        throw conflict(`Invoice ${pending.invoice_number} for the ${pkg.package_name} package already waits for payment`, 'package_id');
      }
      if (newPrice === 0n) return { change: 'free', effective_date: today, lines: [], period: null };
      const end = periodEnd(today, cycle);
      return {
        change: 'new_subscription',
        effective_date: today,
        lines: [{ kind: 'plan', description: `${pkg.package_name} plan (${cycle})`, period_start: today, period_end: end, amount: newPrice }],
        period: { start: today, end },
      };
    }

    const start = company.current_period_start!;
    const end = company.current_period_end!;
    const scheduledSame = company.scheduled_package?.id === pkg.id && (company.scheduled_billing_cycle ?? company.billing_cycle) === cycle;
    if (current.id === pkg.id && company.billing_cycle === cycle) {
      throw conflict(`Your company is already on the ${pkg.package_name} package`, 'package_id');
    }
    if (scheduledSame) throw conflict(`Your plan already changes to the ${pkg.package_name} package on ${inWords(end)}`, 'package_id');

    const upgrade =
      company.billing_cycle === cycle
        ? newPrice > currentPrice || (newPrice === currentPrice && current.id !== pkg.id)
        : cycle === 'annual' && newPrice >= currentPrice;
    await this.packages.assertFits(company.id, pkg, pkg.package_name);
    if (!upgrade) return { change: 'downgrade', effective_date: end, lines: [], period: null };
    // an upgrade applies before it is paid: not while an earlier invoice is already overdue
    const [overdue] = await em.execute<Array<{ invoice_number: string; due: string; due_date: string; currency: string }>>(
      `select invoice_number, (total - amount_paid)::text as due, due_date::text as due_date, currency
         from invoices where company_id = ? and status = 'open' and due_date < ? order by due_date, id limit 1`,
      [company.id, today],
    );
    if (overdue) {
      throw conflict(
        `Invoice ${overdue.invoice_number} (${overdue.due} ${overdue.currency}) was due on ${inWords(overdue.due_date)}: pay the overdue invoice first, then upgrade`,
        'package_id',
      );
    }

    const periodDays = Math.max(1, daysBetween(start, end));
    const left = Math.min(periodDays, Math.max(0, daysBetween(today, end)));
    const credit: NewLine = {
      kind: 'proration_credit',
      description: `Unused time on ${current.package_name} (${company.billing_cycle}): ${left} of ${periodDays} days`,
      period_start: today,
      period_end: end,
      amount: -(await this.unusedPaid(em, company.id, today, end)),
    };
    if (company.billing_cycle === cycle) {
      const charge: NewLine = {
        kind: 'proration_charge',
        description: `Remaining time on ${pkg.package_name} (${cycle}): ${left} of ${periodDays} days`,
        period_start: today,
        period_end: end,
        amount: prorate(newPrice, left, periodDays),
      };
      return { change: 'upgrade', effective_date: today, lines: [credit, charge], period: { start: today, end } };
    }
    const newEnd = periodEnd(today, cycle);
    const charge: NewLine = {
      kind: 'plan',
      description: `${pkg.package_name} plan (${cycle})`,
      period_start: today,
      period_end: newEnd,
      amount: newPrice,
    };
    return { change: 'upgrade', effective_date: today, lines: [credit, charge], period: { start: today, end: newEnd } };
  }

  /**
   * What the company paid for the days from `today` to `end` of its running plan: the line that
   * charged its present plan for today (the period's plan line, or the charge of an upgrade made
   * during the period), prorated to those days and capped at what was paid on that line. An
   * invoice's payments go to its other lines and its tax first, so an unpaid or partly paid line
   * credits at most what it received. Never today's list price: a package whose price was raised
   * since credits what was invoiced; a period without such an invoice credits nothing.
   */
  private async unusedPaid(em: EntityManager, companyId: number, today: string, end: string): Promise<bigint> {
    const [line] = await em.execute<Array<{ amount: string; period_start: string; period_end: string; total: string; amount_paid: string }>>(
      `select l.amount::text as amount, l.period_start::text as period_start, l.period_end::text as period_end,
              i.total::text as total, i.amount_paid::text as amount_paid
         from invoice_lines l join invoices i on i.id = l.invoice_id
        where i.company_id = ? and l.company_id = ? and i.status <> 'void'
          and not (i.status = 'open' and i.reason = 'new_subscription')
          and l.kind in ('plan', 'proration_charge') and l.period_start <= ? and l.period_end > ?
        order by i.issue_date desc, i.id desc, l.line_no desc
        limit 1`,
      [companyId, companyId, today, today],
    );
    if (!line) return 0n;
    const amount = toCents(line.amount);
    const days = Math.max(1, daysBetween(line.period_start, line.period_end));
    const left = Math.min(days, Math.max(0, daysBetween(today, end < line.period_end ? end : line.period_end)));
    const unused = prorate(amount, left, days);
    const rest = toCents(line.total) - amount;
    const paid = toCents(line.amount_paid) - rest;
    const paidOnLine = paid < 0n ? 0n : paid > amount ? amount : paid;
    return unused < paidOnLine ? unused : paidOnLine;
  }

  private message(plan: Plan, pkg: Package, cycle: BillingCycle, total: string, currency: string, invoice: Invoice | null): string {
    const name = `the ${pkg.package_name} package (${cycle})`;
    const bill = invoice ? `Invoice ${invoice.invoice_number} of ${total} ${currency}` : `An invoice of ${total} ${currency}`;
    switch (plan.change) {
      case 'free':
        return `Your company is on ${name} from today`;
      case 'downgrade':
        return `Your plan changes to ${name} on ${inWords(plan.effective_date)}; until then nothing changes`;
      case 'upgrade':
        return `Your company is on ${name} from today. ${bill} covers the difference${invoice && invoice.status === 'open' ? `, due on ${inWords(invoice.due_date)}` : ''}`;
      case 'new_subscription':
        return `${bill} for ${name} ${invoice ? 'was issued' : 'will be issued'}: the plan applies as soon as it is paid`;
    }
  }

  private nextInvoice(company: Company, currency: string): NextInvoiceDto | null {
    if (company.billing_status !== 'active' && company.billing_status !== 'past_due') return null;
    if (!company.current_period_end || company.cancel_at_period_end || company.trial_ends_at) return null;
    const pkg = company.scheduled_package ?? company.package;
    const cycle = company.scheduled_package ? (company.scheduled_billing_cycle ?? company.billing_cycle) : company.billing_cycle;
    const price = toCents(priceOf(pkg, cycle));
    if (price === 0n) return null;
    const { subtotal, tax, total } = invoiceFigures(
      [{ kind: 'plan', description: '', period_start: '', period_end: '', amount: price }],
      company.tax_rate,
    );
    return {
      issue_date: company.current_period_end,
      package_name: pkg.package_name,
      billing_cycle: cycle,
      subtotal: fromCents(subtotal),
      tax: fromCents(tax),
      total: fromCents(total),
      currency,
    };
  }

  private notice(
    company: Company,
    currency: string,
    graceDays: number,
    overdueSince: string | null,
    overdueNumber: string | null,
    overdueDue: string | null,
  ): string | null {
    if (company.billing_status === 'past_due' && overdueSince) {
      const suspendOn = new Date(Date.parse(`${overdueSince}T00:00:00Z`) + (graceDays + 1) * DAY_MS).toISOString().slice(0, 10);
      return `Invoice ${overdueNumber} (${overdueDue} ${currency}) was due on ${inWords(overdueSince)}. Unless it is paid, your company's access is suspended on ${inWords(suspendOn)}.`;
    }
    if (company.billing_status === 'suspended' && overdueSince) {
      return `Your subscription is suspended because invoice ${overdueNumber} (${overdueDue} ${currency}) is unpaid. Your access returns as soon as it is paid.`;
    }
    if (company.cancel_at_period_end && company.current_period_end) {
      return `Your subscription ends on ${inWords(company.current_period_end)}.`;
    }
    return null;
  }

  // ---- helpers

  private startPeriod(company: Company, cycle: BillingCycle, today: string): void {
    company.billing_cycle = cycle;
    company.current_period_start = today;
    company.current_period_end = periodEnd(today, cycle);
  }

  private async voidPending(tx: EntityManager, company: Company, reason: string, a: Actor): Promise<Invoice | null> {
    const pending = await tx.findOne(
      Invoice,
      { company: company.id, status: 'open', reason: 'new_subscription' },
      { filters: false, lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (!pending) return null;
    if (toCents(pending.amount_paid) !== 0n) throw conflict(`Invoice ${pending.invoice_number} is partly paid: ask the platform to settle it first`);
    await this.invoices.voidLocked(tx, pending, reason, a);
    return pending;
  }

  private today(company: Company): string {
    return companyToday(company.time_zone, this.clock.now());
  }

  private async lockCompany(tx: EntityManager, id: number): Promise<Company> {
    // locked alone: a locking query with joins can lose a row that a concurrent change moved to another package
    const company = await tx.findOne(Company, { id }, { filters: false, lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!company) throw notFound('Company');
    await tx.populate(company, ['package', 'scheduled_package'], { filters: false });
    return company;
  }

  private async availablePackage(em: EntityManager, id: number): Promise<Package> {
    const pkg = await em.findOne(Package, { id, is_active: true });
    if (!pkg) throw badRequest('The selected package is not available', 'package_id');
    return pkg;
  }
}
