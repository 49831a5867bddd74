import { Inject, Injectable, Logger } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { MikroORM } from '@mikro-orm/postgresql';
import type { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { NotificationsService } from '../notifications/notifications.service';
import { howToPaySql, queueBillingNotices } from './billing-mail';
import { BillingSettingsService } from './billing-settings.service';
import { BillingClock } from './clock';
import { invoiceNumberSql, reserveInvoiceNumbers } from './invoice-numbers';
import { MeasuredJob } from '../metrics/job-metrics';

export const BILLING_JOB = 'billing-renew-and-dunning';
/** A company several periods behind (no instance ran) catches up one period per pass, this many at most per run. */
export const MAX_RENEWAL_PASSES = 36;

/** The time zones PostgreSQL knows, once per statement: an unknown company zone reads as UTC. */
const ZONES = `zones as materialized (select name from pg_timezone_names)`;
/** The company's calendar day at the statement's first parameter (`now`), with `c` and `z` joined. */
const LOCAL_TODAY = `(?::timestamptz at time zone coalesce(z.name, 'UTC'))::date`;

/**
 * Why a scheduled change was not made at the renewal (columns of `due` and the renewed row `c`,
 * `p` its package): the limit of the waiting package the company is over.
 */
const REFUSAL_REASON = `case when due.refused then
  'The change to the ' || due.scheduled_name || ' package was not made on ' || to_char(due.old_end, 'FMDD FMMonth YYYY') || ': the '
    || due.scheduled_name || ' package allows at most '
    || case when due.max_employees <> -1 and due.employees > due.max_employees
         then due.max_employees || ' employees and the company has ' || due.employees
         else due.max_admins || ' admins and the company has ' || due.admins end
    || '. The company stays on the ' || p.package_name || ' package; choose ' || due.scheduled_name
    || ' again once it fits the limits.' end`;

/**
 * An open invoice the company owes for a plan it has (`i` the invoice): a renewal or an upgrade.
 * The invoice of a chosen plan (new_subscription: from a trial, a free or a cancelled plan) is
 * not owed: the plan applies only once it is paid, so leaving it unpaid never makes the company
 * past due or suspends it; it stays on its plan and the change waits (or is withdrawn).
 */
const OWED = `i.status = 'open' and i.reason <> 'new_subscription'`;

/** A job's audit rows (no user: 'system'); the SELECT goes on with company_id, company_name, action, details. */
const AUDIT_INSERT = `insert into audit_logs (user_id, user_email, company_id, company_name, action, details) select null, 'system',`;

/** An int[] parameter (knex would spread a JS array into a list of parameters). */
const intArray = (ids: number[]): string => `{${ids.join(',')}}`;
/** A text[] parameter, each element quoted. */
const textArray = (items: string[]): string => `{${items.map((t) => `"${t.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;

export interface RenewalResult {
  /** passes that found something due (one period per company per pass) */
  passes: number;
  /** periods advanced */
  renewed: number;
  /** subscriptions ended at their period end (cancel_at_period_end) */
  cancelled: number;
  /** scheduled changes not made: the company is over the waiting package's limits (it keeps its plan) */
  refused: number;
  /** renewal invoices issued (a free package issues none) */
  invoices: number;
  /** invoice e-mails queued (one per active company admin) */
  notices: number;
}

export interface DunningResult {
  /** reminders sent before the due date */
  reminded: number;
  /** companies moved active → past_due */
  pastDue: number;
  /** companies moved past_due → suspended */
  suspended: number;
}

interface Claimed {
  id: number;
  cancel: boolean;
  year: number;
  billable: boolean;
  /** the scheduled change was not made: the company is over the waiting package's limits */
  refused: boolean;
  refusal: string | null;
}

/**
 * The subscription jobs, set-based over all companies, each run in one transaction.
 *
 * renew: the periods that ended (each company's local today) advance, applying a scheduled change,
 * and issue their renewal invoice; or the subscription ends when it was cancelled for the period
 * end. Advancing the period is the claim: a conditional UPDATE of rows locked with SKIP LOCKED,
 * so several instances (or two runs) never renew one period twice.
 *
 * dunning: a reminder before the due date (once per invoice), past_due after it, suspended once
 * the grace period is over too; each with its e-mail to the company's admins and an audit row.
 */
@Injectable()
export class BillingJobsService {
  private readonly logger = new Logger('BillingJobs');

  constructor(
    private readonly orm: MikroORM,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: BillingClock,
    private readonly settings: BillingSettingsService,
    private readonly notifications: NotificationsService,
  ) {}

  /** Hourly, so every time zone's midnight is seen within the hour: renewals first, then dunning. */
  @Cron('0 15 * * * *', { name: BILLING_JOB })
  async tick(): Promise<void> {
    if (this.config.nodeEnv === 'test') return;
    try {
      const r = await this.renew(this.clock.now());
      if (r.renewed || r.cancelled) {
        this.logger.log(`renewal: ${r.renewed} period(s) renewed, ${r.invoices} invoice(s), ${r.cancelled} cancelled`);
      }
    } catch (e) {
      this.logger.error(`renewal failed: ${(e as Error).message}`);
    }
    try {
      const d = await this.dunning(this.clock.now());
      if (d.reminded || d.pastDue || d.suspended) {
        this.logger.log(`dunning: ${d.reminded} reminder(s), ${d.pastDue} past due, ${d.suspended} suspended`);
      }
    } catch (e) {
      this.logger.error(`dunning failed: ${(e as Error).message}`);
    }
  }

  /**
   * Renews the subscriptions (active or past_due) whose period ended on or before the company's
   * today at `now`: one period per pass, passes repeated until nothing is due (at most
   * MAX_RENEWAL_PASSES), all in one transaction.
   */
  @MeasuredJob('billing-renewal')
  async renew(now: Date): Promise<RenewalResult> {
    return this.orm.em.fork().transactional(async (em) => {
      const settings = await this.settings.get(em);
      const result: RenewalResult = { passes: 0, renewed: 0, cancelled: 0, refused: 0, invoices: 0, notices: 0 };
      for (let pass = 0; pass < MAX_RENEWAL_PASSES; pass++) {
        const claimed = await this.claimPeriods(em, now);
        if (!claimed.length) break;
        result.passes++;
        result.cancelled += claimed.filter((c) => c.cancel).length;
        result.renewed += claimed.filter((c) => !c.cancel).length;
        const refused = claimed.filter((c) => c.refused);
        result.refused += refused.length;
        if (refused.length) {
          result.notices += await queueBillingNotices(
            this.notifications,
            em,
            `select r.company_id, 'Your plan change was not made' as subject, r.body
               from unnest(?::int[], ?::text[]) as r(company_id, body)`,
            [intArray(refused.map((c) => c.id)), textArray(refused.map((c) => c.refusal ?? ''))],
          );
        }
        const issued = await this.issueRenewalInvoices(
          em,
          claimed.filter((c) => c.billable),
          settings,
        );
        result.invoices += issued.invoices;
        result.notices += issued.notices;
      }
      return result;
    });
  }

  /**
   * Advances every due period by one (or ends the cancelled subscriptions), with their audit rows.
   * The rows are locked SKIP LOCKED and updated only while still due with the period read, so a
   * period another transaction is renewing (or has renewed) is left to it.
   */
  private claimPeriods(em: EntityManager, now: Date): Promise<Claimed[]> {
    return em.execute<Claimed[]>(
      `with ${ZONES},
       locked as (
         select c.id, c.current_period_end as old_end, c.cancel_at_period_end as cancel, c.billing_status as old_status,
                c.package_id as old_package_id, c.billing_cycle as old_cycle,
                c.scheduled_package_id, c.scheduled_billing_cycle
           from companies c
           left join zones z on z.name = c.time_zone
          where c.billing_status in ('active', 'past_due')
            and c.current_period_end <= ${LOCAL_TODAY}
          order by c.id
            for update of c skip locked
       ),
       -- a scheduled change is checked against its package's limits again now: a company that grew
       -- past them since it chose the change keeps its plan (the change is dropped, the admins told)
       checked as (
         select l.*, sp.package_name as scheduled_name, sp.max_employees, sp.max_admins, u.employees, u.admins,
                (sp.id is not null and not l.cancel
                  and ((sp.max_employees <> -1 and u.employees > sp.max_employees) or (sp.max_admins <> -1 and u.admins > sp.max_admins))) as refused
           from locked l
           left join packages sp on sp.id = l.scheduled_package_id
           cross join lateral (
             select (select count(*) from employees e where e.company_id = l.id and e.employment_status <> 'terminated')::int as employees,
                    (select count(*) from users u where u.company_id = l.id and u.role = 'company_admin' and u.is_active)::int as admins
           ) u
       ),
       due as (
         select k.id, k.old_end, k.cancel, k.old_status, k.old_package_id, k.old_cycle, k.refused, k.scheduled_package_id,
                k.scheduled_name, k.max_employees, k.max_admins, k.employees, k.admins,
                case when k.refused then k.old_package_id else coalesce(k.scheduled_package_id, k.old_package_id) end as package_id,
                case when k.refused then k.old_cycle else coalesce(k.scheduled_billing_cycle, k.old_cycle) end as cycle
           from checked k
       ),
       renewed as (
         update companies c set
                billing_status = case when due.cancel then 'cancelled' else c.billing_status end,
                subscription_status = case when due.cancel then 'cancelled' else c.subscription_status end,
                cancel_at_period_end = false,
                package_id = case when due.cancel then c.package_id else due.package_id end,
                subscription_plan = case when due.cancel then c.subscription_plan else p.package_code end,
                billing_cycle = case when due.cancel then c.billing_cycle else due.cycle end,
                scheduled_package_id = null,
                scheduled_billing_cycle = null,
                current_period_start = case when due.cancel then c.current_period_start else due.old_end end,
                current_period_end = case when due.cancel then c.current_period_end
                  else (due.old_end + case when due.cycle = 'annual' then interval '1 year' else interval '1 month' end)::date end,
                updated_at = now()
           from due
           join packages p on p.id = due.package_id
          where c.id = due.id and c.current_period_end = due.old_end and c.billing_status in ('active', 'past_due')
         returning c.id, c.company_name, due.cancel, due.old_status, due.old_package_id, due.old_cycle,
                   c.package_id, p.package_code, c.billing_cycle, c.current_period_start, c.current_period_end,
                   case when c.billing_cycle = 'annual' then p.annual_price else p.monthly_price end as price,
                   due.refused, due.scheduled_package_id, due.scheduled_name, p.package_name,
                   ${REFUSAL_REASON} as refusal
       ),
       refused as (
         ${AUDIT_INSERT}
                r.id, r.company_name, 'subscription.change_refused',
                jsonb_build_object('package_id', r.scheduled_package_id, 'package_name', r.scheduled_name,
                                   'period_start', r.current_period_start, 'reason', r.refusal)
           from renewed r where r.refused
         returning 1
       ),
       audited as (
         ${AUDIT_INSERT}
                r.id, r.company_name,
                case when r.cancel then 'subscription.status_changed' else 'subscription.renewed' end,
                case when r.cancel
                  then jsonb_build_object('from', r.old_status, 'to', 'cancelled', 'reason', 'cancelled at the period end',
                                          'period_end', r.current_period_end)
                  else jsonb_build_object('period_start', r.current_period_start, 'period_end', r.current_period_end,
                                          'package_id', r.package_id, 'package_code', r.package_code, 'billing_cycle', r.billing_cycle,
                                          'changed_from', case when r.package_id <> r.old_package_id or r.billing_cycle <> r.old_cycle
                                            then jsonb_build_object('package_id', r.old_package_id, 'billing_cycle', r.old_cycle) end)
                end
           from renewed r
         returning 1
       )
       select r.id, r.cancel, extract(year from r.current_period_start)::int as year, (not r.cancel and r.price > 0) as billable,
              r.refused, r.refusal
         from renewed r
        order by r.id`,
      [now],
    );
  }

  /**
   * The renewal invoice of each company just renewed (its new period, package and cycle), numbered
   * from one reservation per issue year in company order, with its plan line, e-mail and audit row.
   */
  private async issueRenewalInvoices(
    em: EntityManager,
    billable: Claimed[],
    settings: { currency: string; due_days: number; payment_instructions: string | null },
  ): Promise<{ invoices: number; notices: number }> {
    if (!billable.length) return { invoices: 0, notices: 0 };
    const perYear = new Map<number, number>();
    for (const c of billable) perYear.set(c.year, (perYear.get(c.year) ?? 0) + 1);
    const years = [...perYear.keys()].sort((a, b) => a - b);
    const firsts: number[] = [];
    for (const year of years) firsts.push(await reserveInvoiceNumbers(em, year, perYear.get(year)!));

    const rows = await em.execute<Array<{ id: number }>>(
      `with b as (
         select c.id as company_id, c.company_name, c.package_id, c.billing_cycle, c.tax_rate,
                c.current_period_start as period_start, c.current_period_end as period_end,
                p.package_name, extract(year from c.current_period_start)::int as year,
                (case when c.billing_cycle = 'annual' then p.annual_price else p.monthly_price end)::numeric(12, 2) as subtotal
           from companies c join packages p on p.id = c.package_id
          where c.id = any(?::int[])
       ),
       n as materialized (
         -- each invoice id is taken here, so its line and audit row need no join back to the insert
         select b.*, nextval(pg_get_serial_sequence('invoices', 'id'))::int as id,
                round(b.subtotal * b.tax_rate / 100, 2) as tax,
                f.first + row_number() over (partition by b.year order by b.company_id) - 1 as seq
           from b join unnest(?::int[], ?::int[]) as f(year, first) on f.year = b.year
       ),
       inv as (
         insert into invoices (id, company_id, invoice_number, reason, package_id, billing_cycle, period_start, period_end,
                               currency, subtotal, tax_rate, tax, total, issue_date, due_date)
         select n.id, n.company_id, ${invoiceNumberSql('n.year', 'n.seq')}, 'renewal', n.package_id, n.billing_cycle, n.period_start, n.period_end,
                ?, n.subtotal, n.tax_rate, n.tax, n.subtotal + n.tax, n.period_start, n.period_start + ?::int
           from n
         returning id
       ),
       lines as (
         insert into invoice_lines (company_id, invoice_id, line_no, kind, description, period_start, period_end, amount)
         select n.company_id, n.id, 1, 'plan', n.package_name || ' plan (' || n.billing_cycle || ')', n.period_start, n.period_end, n.subtotal
           from n
       ),
       audited as (
         ${AUDIT_INSERT}
                n.company_id, n.company_name, 'invoice.issued',
                jsonb_build_object('invoice_id', n.id, 'invoice_number', ${invoiceNumberSql('n.year', 'n.seq')}, 'reason', 'renewal',
                                   'total', n.subtotal + n.tax, 'due_date', n.period_start + ?::int)
           from n
       )
       select inv.id from inv`,
      [intArray(billable.map((c) => c.id)), intArray(years), intArray(firsts), settings.currency, settings.due_days, settings.due_days],
    );
    if (rows.length !== billable.length) {
      // the numbers reserved must all be used, or the sequence would have a gap: roll back
      throw new Error(`renewal: ${billable.length} invoices numbered, ${rows.length} issued`);
    }
    const notices = await queueBillingNotices(
      this.notifications,
      em,
      `select i.company_id,
              'Invoice ' || i.invoice_number || ' issued' as subject,
              'Invoice ' || i.invoice_number || ' for ' || l.description || ', ' || to_char(i.period_start, 'YYYY-MM-DD')
                || ' to ' || to_char(i.period_end - 1, 'YYYY-MM-DD') || ': ' || i.currency || ' ' || i.total::text
                || ', due on ' || to_char(i.due_date, 'YYYY-MM-DD') || '.' || ${howToPaySql('i.invoice_number')} as body
         from invoices i join invoice_lines l on l.invoice_id = i.id and l.line_no = 1
        where i.id = any(?::int[])`,
      [settings.payment_instructions, settings.payment_instructions, intArray(rows.map((r) => r.id))],
    );
    return { invoices: rows.length, notices };
  }

  /**
   * Reminders, past_due and suspension at `now` (each company's today), in one transaction:
   * (a) a reminder once per open invoice from reminder_days before its due date until it is due;
   * (b) an active company with an open invoice past its due date becomes past_due (it can still
   * write); (c) a past_due company whose oldest open invoice is more than grace_days past its due
   * date is suspended (writes answer 402). Trialing companies are reminded but not moved.
   */
  @MeasuredJob('billing-dunning')
  async dunning(now: Date): Promise<DunningResult> {
    return this.orm.em.fork().transactional(async (em) => {
      const s = await this.settings.get(em);
      const reminded = await em.execute<Array<{ id: number }>>(
        `with ${ZONES},
         reminded as (
           update invoices i set reminder_sent_at = ?, updated_at = now()
             from companies c
             left join zones z on z.name = c.time_zone
            where c.id = i.company_id and i.status = 'open' and i.reminder_sent_at is null
              and ${LOCAL_TODAY} >= i.due_date - ?::int and ${LOCAL_TODAY} < i.due_date
           returning i.id, i.company_id, c.company_name, i.invoice_number, i.due_date
         ),
         audited as (
           ${AUDIT_INSERT}
                  r.company_id, r.company_name, 'invoice.reminded',
                  jsonb_build_object('invoice_id', r.id, 'invoice_number', r.invoice_number, 'due_date', r.due_date)
             from reminded r
           returning 1
         )
         select r.id from reminded r`,
        [now, now, s.reminder_days, now],
      );
      if (reminded.length) {
        await queueBillingNotices(
          this.notifications,
          em,
          `select i.company_id,
                  'Invoice ' || i.invoice_number || ' is due on ' || to_char(i.due_date, 'YYYY-MM-DD') as subject,
                  'A reminder: invoice ' || i.invoice_number || ' (' || i.currency || ' ' || (i.total - i.amount_paid)::text
                    || ' to pay) is due on ' || to_char(i.due_date, 'YYYY-MM-DD') || '.' as body
             from invoices i where i.id = any(?::int[])`,
          [intArray(reminded.map((r) => r.id))],
        );
      }

      const pastDue = await this.moveStatus(em, {
        from: 'active',
        to: 'past_due',
        // an open invoice past its due date, of a plan the company has (a chosen plan's invoice only waits: see OWED)
        when: `exists (select 1 from invoices i where i.company_id = c.id and ${OWED} and i.due_date < ${LOCAL_TODAY})`,
        params: [now],
      });
      if (pastDue.length) {
        await queueBillingNotices(
          this.notifications,
          em,
          `select c.id as company_id,
                  'Invoice ' || i.invoice_number || ' is overdue' as subject,
                  'Invoice ' || i.invoice_number || ' (' || i.currency || ' ' || (i.total - i.amount_paid)::text || ' to pay) was due on '
                    || to_char(i.due_date, 'YYYY-MM-DD') || '. Please pay it by ' || to_char(i.due_date + ?::int, 'YYYY-MM-DD')
                    || ': after that the subscription is suspended and the company''s data becomes read-only.' as body
             from companies c
             cross join lateral (select * from invoices i where i.company_id = c.id and ${OWED}
                                  order by i.due_date, i.id limit 1) i
            where c.id = any(?::int[])`,
          [s.grace_days, intArray(pastDue)],
        );
      }

      const suspended = await this.moveStatus(em, {
        from: 'past_due',
        to: 'suspended',
        // the oldest open invoice is past its due date by more than the grace period
        when: `(select min(i.due_date) from invoices i where i.company_id = c.id and ${OWED}) + ?::int < ${LOCAL_TODAY}`,
        params: [s.grace_days, now],
      });
      if (suspended.length) {
        await queueBillingNotices(
          this.notifications,
          em,
          `select c.id as company_id,
                  'Subscription suspended: invoice ' || i.invoice_number || ' is unpaid' as subject,
                  'Invoice ' || i.invoice_number || ' (' || i.currency || ' ' || (i.total - i.amount_paid)::text || ' to pay), due on '
                    || to_char(i.due_date, 'YYYY-MM-DD') || ', is still unpaid after the grace period: the subscription is suspended '
                    || 'and the company''s data is read-only until the invoice is paid.' as body
             from companies c
             cross join lateral (select * from invoices i where i.company_id = c.id and ${OWED}
                                  order by i.due_date, i.id limit 1) i
            where c.id = any(?::int[])`,
          [intArray(suspended)],
        );
      }
      return { reminded: reminded.length, pastDue: pastDue.length, suspended: suspended.length };
    });
  }

  /**
   * Moves the companies in billing status `from` for which `when` holds (a condition on `c`, with
   * `z` its zone; its parameters `params`) to `to`, with subscription_status following, and an
   * audit row each. The row's status is re-checked under its lock, so a company another
   * transaction has just moved (a payment, another instance) is left alone. Answers the ids moved.
   */
  private async moveStatus(
    em: EntityManager,
    move: { from: 'active' | 'past_due'; to: 'past_due' | 'suspended'; when: string; params: unknown[] },
  ): Promise<number[]> {
    const subscription = move.to === 'suspended' ? `'suspended'` : 'c.subscription_status';
    // the candidates are locked first: a payment committing meanwhile is waited for, and the
    // update below (a statement of its own, so a fresh snapshot) sees its invoice paid
    const candidates = await em.execute<Array<{ id: number }>>(
      `with ${ZONES}
       select c.id from companies c left join zones z on z.name = c.time_zone
        where c.billing_status = '${move.from}' and ${move.when}
        order by c.id for update of c skip locked`,
      move.params,
    );
    if (!candidates.length) return [];
    const rows = await em.execute<Array<{ id: number }>>(
      `with ${ZONES},
       moved as (
         update companies c set billing_status = '${move.to}', subscription_status = ${subscription}, updated_at = now()
           from companies c0
           left join zones z on z.name = c0.time_zone
          where c0.id = c.id and c.id = any(?::int[]) and c.billing_status = '${move.from}' and ${move.when}
         returning c.id, c.company_name
       ),
       audited as (
         ${AUDIT_INSERT}
                m.id, m.company_name, 'subscription.status_changed',
                jsonb_build_object('from', '${move.from}', 'to', '${move.to}',
                                   'reason', ${move.to === 'past_due' ? `'an invoice is past its due date'` : `'unpaid after the grace period'`})
           from moved m
         returning 1
       )
       select m.id from moved m order by m.id`,
      [intArray(candidates.map((r) => r.id)), ...move.params],
    );
    return rows.map((r) => r.id);
  }
}
