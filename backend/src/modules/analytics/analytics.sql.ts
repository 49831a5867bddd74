import { COMPANY_MRR_CTE } from '../billing/mrr';

/**
 * The platform's analytics, each a single set-based statement over all companies. Every statement
 * starts from `p` (now, and for MONTHS the window's length) bound as parameters; months and days
 * are UTC.
 */

/**
 * A company's billing status changes from the audit log, in the two shapes it is written in:
 * the billing jobs and payments write `{from, to}` (subscription.status_changed), the platform's
 * edit of a company `{billing_status: {from, to}}` (subscription.status_changed or plan_changed).
 */
const STATUS_EVENTS = `
  status_events as (
    select a.company_id, a.created_at,
           coalesce(a.details->'billing_status'->>'from', case when a.action = 'subscription.status_changed' then a.details->>'from' end) as from_status,
           coalesce(a.details->'billing_status'->>'to', case when a.action = 'subscription.status_changed' then a.details->>'to' end) as to_status
      from audit_logs a, p
     where a.action in ('subscription.status_changed', 'subscription.plan_changed') and a.company_id is not null and a.created_at <= p.now
  )`;

/**
 * The companies with what the monthly figures need:
 * - sub_mrr: the current package and cycle normalised to a month (annual / 12, rounded to the cent);
 * - churned_at: for a company suspended or cancelled now, when that happened (its last audit row
 *   of a change to suspended or cancelled, else its last update);
 * - had_trial: it is in a trial, or the audit log shows it leaving one; trial_left_at: when it
 *   left it for an active or past-due subscription (the first such audit row);
 * - paying_now: it paid an invoice, or is now out of trial on an active or past-due paid
 *   subscription; a trial converted when the company had one and is paying_now.
 */
const COMPANIES = `
  co as (
    select c.id, c.created_at, c.billing_status, c.trial_ends_at,
           case when c.billing_cycle = 'annual' then round(pk.annual_price / 12, 2) else pk.monthly_price end as sub_mrr,
           case when c.billing_status in ('suspended', 'cancelled') then coalesce(ch.at, c.updated_at) end as churned_at,
           (c.trial_ends_at is not null or tr.company_id is not null) as had_trial, tr.left_at as trial_left_at,
           (pd.company_id is not null
             or (c.trial_ends_at is null and c.billing_status in ('active', 'past_due') and pk.monthly_price + pk.annual_price > 0)) as paying_now
      from companies c
      join p on c.created_at <= p.now
      join packages pk on pk.id = c.package_id
      left join (select company_id, max(created_at) as at from status_events where to_status in ('suspended', 'cancelled') group by company_id) ch
        on ch.company_id = c.id
      left join (select company_id, min(created_at) filter (where to_status in ('active', 'past_due')) as left_at
                   from status_events where from_status = 'trialing' group by company_id) tr on tr.company_id = c.id
      left join (select distinct company_id from invoices where amount_paid > 0) pd on pd.company_id = c.id
  )`;

export const MONTHS_SQL = `
with p as (select ?::timestamptz as now, ?::int as n),
${STATUS_EVENTS},
${COMPANIES},
${COMPANY_MRR_CTE},
mo as (
  -- the window and the month before it (the base of the first month's movement); d: the day that counts
  select to_char(g, 'YYYY-MM') as month, g::date as first,
         least((g + interval '1 month')::date - 1, (p.now at time zone 'UTC')::date) as d
    from p, generate_series(date_trunc('month', p.now at time zone 'UTC') - p.n * interval '1 month',
                            date_trunc('month', p.now at time zone 'UTC'), interval '1 month') g
),
-- the invoices that carry revenue, each normalised to a month: its plan lines over its period's
-- months; an upgrade (proration lines only) at its package's price once paid (billing/mrr.ts);
-- an unpaid first plan is not yet applied
inv as (
  select i.id, i.company_id, i.period_start, i.period_end, i.issue_date,
         coalesce(round(sum(l.amount) filter (where l.kind = 'plan')
                        / greatest(1, extract(year from age(i.period_end, i.period_start)) * 12 + extract(month from age(i.period_end, i.period_start))), 2),
                  case when i.billing_cycle = 'annual' then round(pk.annual_price / 12, 2) else pk.monthly_price end) as mrr
    from invoices i
    join packages pk on pk.id = i.package_id
    left join invoice_lines l on l.invoice_id = i.id
   where i.status <> 'void' and not (i.status = 'open' and i.reason in ('new_subscription', 'upgrade'))
   group by i.id, pk.id
),
first_inv as (select company_id, min(period_start) as first_start from inv group by company_id),
-- per company and month, the invoice covering the day that counts (the latest issued)
in_force as (
  select distinct on (i.company_id, mo.month) i.company_id, mo.month, i.mrr
    from inv i join mo on i.period_start <= mo.d and i.period_end > mo.d
   order by i.company_id, mo.month, i.issue_date desc, i.id desc
),
cm as (
  select co.id, mo.month, mo.first,
         case
           when (co.created_at at time zone 'UTC')::date > mo.d then null
           -- the month now running: the platform's one MRR rule, the figure the dashboard shows
           when mo.first = date_trunc('month', p.now at time zone 'UTC')::date then coalesce(cmr.mrr, 0)
           when co.churned_at is not null and (co.churned_at at time zone 'UTC')::date <= mo.d then 0
           when f.first_start <= mo.d then coalesce(ix.mrr, 0)
           -- before any invoice: the subscription, from the company's creation or the end of its trial
           when co.trial_ends_at is null and co.billing_status <> 'trialing'
                and (not co.had_trial or (co.trial_left_at at time zone 'UTC')::date <= mo.d) then co.sub_mrr
           else 0
         end as mrr
    from co cross join mo cross join p
    left join company_mrr cmr on cmr.company_id = co.id
    left join first_inv f on f.company_id = co.id
    left join in_force ix on ix.company_id = co.id and ix.month = mo.month
),
mv as (
  select cm.month, cm.first, cm.mrr, coalesce(lag(cm.mrr) over (partition by cm.id order by cm.first), 0) as prev from cm
),
money as (
  select month,
         count(*) filter (where mrr is not null) as companies,
         coalesce(sum(mrr), 0) as mrr,
         coalesce(sum(mrr) filter (where prev = 0 and mrr > 0), 0) as mrr_new,
         coalesce(sum(mrr - prev) filter (where prev > 0 and mrr > prev), 0) as mrr_expansion,
         coalesce(sum(prev - mrr) filter (where mrr > 0 and mrr < prev), 0) as mrr_contraction,
         coalesce(sum(prev) filter (where prev > 0 and coalesce(mrr, 0) = 0), 0) as mrr_churn
    from mv group by month
),
churn as (
  select distinct e.company_id, to_char(e.created_at at time zone 'UTC', 'YYYY-MM') as month
    from status_events e where e.to_status in ('suspended', 'cancelled')
  union
  select co.id, to_char(co.churned_at at time zone 'UTC', 'YYYY-MM') from co
   where co.churned_at is not null and not exists (select 1 from status_events e where e.company_id = co.id and e.to_status in ('suspended', 'cancelled'))
),
churn_m as (select month, count(*) as churned from churn group by month),
created_m as (
  select to_char(co.created_at at time zone 'UTC', 'YYYY-MM') as month, count(*) as new_companies,
         count(*) filter (where co.had_trial) as trials_started, count(*) filter (where co.had_trial and co.paying_now) as trials_converted
    from co group by 1
)
select mo.month, coalesce(m.companies, 0)::int as companies,
       coalesce(cr.new_companies, 0)::int as new_companies, coalesce(cr.trials_started, 0)::int as trials_started,
       coalesce(cr.trials_converted, 0)::int as trials_converted, coalesce(ch.churned, 0)::int as churned,
       coalesce(m.mrr, 0)::numeric(14,2)::text as mrr, coalesce(m.mrr_new, 0)::numeric(14,2)::text as mrr_new,
       coalesce(m.mrr_expansion, 0)::numeric(14,2)::text as mrr_expansion, coalesce(m.mrr_contraction, 0)::numeric(14,2)::text as mrr_contraction,
       coalesce(m.mrr_churn, 0)::numeric(14,2)::text as mrr_churn
  from mo
  left join money m on m.month = mo.month
  left join created_m cr on cr.month = mo.month
  left join churn_m ch on ch.month = mo.month
 where mo.first > (select min(first) from mo)
 order by mo.month`;

/**
 * Who was active: a sign-in (audit log) or a session renewal (a refresh token issued), users of
 * the companies only. Days: the last 30, today last. Weeks: the last 12 from Monday, this one last.
 */
export const ACTIVE_USERS_SQL = `
with p as (select ?::timestamptz as now, date_trunc('week', ?::timestamptz at time zone 'UTC') - interval '11 weeks' as since),
act as (
  select a.user_id, (a.created_at at time zone 'UTC')::date as day from audit_logs a, p
   where a.action = 'sign_in' and a.user_id is not null and a.created_at >= p.since at time zone 'UTC' and a.created_at <= p.now
  union all
  select r.user_id, (r.created_at at time zone 'UTC')::date from refresh_tokens r, p
   where r.created_at >= p.since at time zone 'UTC' and r.created_at <= p.now and r.impersonated_company_id is null
),
-- each user once a day
u_act as (
  select d.user_id, d.day from (select user_id, day from act group by user_id, day) d
    join users u on u.id = d.user_id and u.role <> 'superadmin'
),
days as (
  select g::date as day from p, generate_series(((p.now at time zone 'UTC')::date - 29)::timestamp, (p.now at time zone 'UTC')::date::timestamp, interval '1 day') g
),
weeks as (
  select g::date as week from p,
         generate_series(date_trunc('week', p.now at time zone 'UTC') - interval '11 weeks', date_trunc('week', p.now at time zone 'UTC'), interval '1 week') g
)
select 'day' as kind, to_char(d.day, 'YYYY-MM-DD') as at, coalesce(n.users, 0)::int as users
  from days d left join (select day, count(*) as users from u_act group by day) n on n.day = d.day
union all
select 'week', to_char(w.week, 'YYYY-MM-DD'), coalesce(n.users, 0)::int
  from weeks w left join (select date_trunc('week', day)::date as week, count(distinct user_id) as users from u_act group by 1) n on n.week = w.week
order by kind, at`;

/**
 * The modules and what shows a company used one in the last 30 days, each answered by an index
 * that starts with company_id (x: the module's table, p.now, today: the UTC day of p.now).
 */
const USAGE: Array<[string, string, string]> = [
  ['employees', 'employees', `x.created_at > p.now - interval '30 days' and x.created_at <= p.now`],
  ['attendance', 'attendance_records', `x.attendance_date > p.today - 30 and x.attendance_date <= p.today`],
  ['leave', 'leave_requests', `x.requested_at > p.now - interval '30 days' and x.requested_at <= p.now`],
  ['payroll', 'payroll_runs', `coalesce(x.last_run_at, x.created_at) > p.now - interval '30 days' and x.created_at <= p.now`],
  ['tasks', 'tasks', `x.created_at > p.now - interval '30 days' and x.created_at <= p.now`],
  ['kpi', 'kpi_values', `x.created_at > p.now - interval '30 days' and x.created_at <= p.now`],
];
export const USAGE_MODULES = USAGE.map(([module]) => module);

/** Per package and module: companies on the package, and of them those that used the module in the last 30 days. */
export const MODULE_USAGE_SQL = `
with p as (select ?::timestamptz as now, (?::timestamptz at time zone 'UTC')::date as today),
used as (
  ${USAGE.map(
    ([module, table, when]) =>
      `select '${module}' as module, c.id as company_id from companies c, p where exists (select 1 from ${table} x where x.company_id = c.id and ${when})`,
  ).join('\n  union all\n  ')}
),
modules as (select m.module, m.ord from unnest(array[${USAGE_MODULES.map((m) => `'${m}'`).join(', ')}]) with ordinality m(module, ord))
select pk.id as package_id, pk.package_code, pk.package_name, m.module,
       count(c.id)::int as companies, count(u.company_id)::int as active_companies
  from packages pk
  cross join modules m
  left join companies c on c.package_id = pk.id
  left join used u on u.company_id = c.id and u.module = m.module
 group by pk.id, m.module, m.ord
 order by pk.sort_order, pk.id, m.ord`;

/**
 * Companies at risk, one row per company and reason:
 * - trial_ending: in trial, the trial ends within 7 days (or has ended), no plan chosen (no
 *   invoice for a first plan, paid or open, and no change scheduled);
 * - past_due: an open invoice is past its due date (the oldest, and what all of them still owe);
 * - inactive: active, created over 30 days ago, no sign-in or session renewal by its users in
 *   the last 30 days (the last one, if any).
 */
export const AT_RISK_SQL = `
with p as (select ?::timestamptz as now),
-- the companies whose users were active in the last 30 days
recent as (
  select distinct u.company_id
    from (select a.user_id from audit_logs a, p where a.action = 'sign_in' and a.user_id is not null and a.created_at > p.now - interval '30 days' and a.created_at <= p.now
          union
          select r.user_id from refresh_tokens r, p where r.impersonated_company_id is null and r.created_at > p.now - interval '30 days' and r.created_at <= p.now) s
    join users u on u.id = s.user_id
   where u.company_id is not null
),
-- the active companies older than 30 days without it, and when their users were last active
idle as (
  select c.id,
         greatest((select max(a.created_at) from audit_logs a join users u on u.id = a.user_id
                    where u.company_id = c.id and a.action = 'sign_in' and a.created_at <= p.now),
                  (select max(r.created_at) from refresh_tokens r join users u on u.id = r.user_id
                    where u.company_id = c.id and r.impersonated_company_id is null and r.created_at <= p.now)) as at
    from companies c, p
   where c.subscription_status = 'active' and c.created_at <= p.now - interval '30 days'
     and not exists (select 1 from recent where recent.company_id = c.id)
),
overdue as (
  select i.company_id, min(i.due_date) as since, count(*) as invoices, sum(i.total - i.amount_paid) as due
    from invoices i, p
   where i.status = 'open' and i.due_date < (p.now at time zone 'UTC')::date
   group by i.company_id
),
risk as (
  select c.id, 'trial_ending' as reason, 1 as ord, (c.trial_ends_at at time zone 'UTC')::date as date,
         null::bigint as invoices, null::numeric as due, (c.trial_ends_at <= p.now) as ended
    from companies c, p
   where c.billing_status = 'trialing' and c.trial_ends_at is not null and c.trial_ends_at <= p.now + interval '7 days'
     and c.scheduled_package_id is null
     and not exists (select 1 from invoices i where i.company_id = c.id and i.reason = 'new_subscription' and i.status <> 'void')
  union all
  select c.id, 'past_due', 2, o.since, o.invoices, o.due, null
    from companies c join overdue o on o.company_id = c.id
   where c.billing_status = 'past_due'
  union all
  select idle.id, 'inactive', 3, (idle.at at time zone 'UTC')::date, null, null, null from idle
)
select r.id as company_id, c.company_name, pk.package_name, c.billing_status, r.reason,
       to_char(r.date, 'YYYY-MM-DD') as date, r.invoices::int as invoices, r.due::numeric(14,2)::text as due, r.ended,
       ((p.now at time zone 'UTC')::date - r.date)::int as days_ago
  from risk r cross join p
  join companies c on c.id = r.id
  join packages pk on pk.id = c.package_id
 order by r.ord, r.date nulls first, c.company_name, c.id`;
