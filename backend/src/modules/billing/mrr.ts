/**
 * The one MRR rule of the platform, used by the platform dashboard and by analytics (its current
 * month), so the two never disagree:
 *
 * - a company counts while its subscription runs and is paid for: billing status active or
 *   past_due (a past-due company still owes the period and keeps its plan until it is suspended),
 *   not in a trial; trialing, suspended and cancelled companies count nothing;
 * - it counts the monthly price of its package at its billing cycle (an annual price / 12,
 *   rounded to the cent): the list price, which its renewal invoice charges;
 * - an upgrade counts only once its invoice is paid: while an upgrade invoice is open, the company
 *   counts the package and cycle it had before that upgrade (as the upgrade's audit row names
 *   them), or nothing if they are not known.
 *
 * A CTE `company_mrr(company_id, package_id, mrr)`: for every company, the package its MRR is
 * counted on and the amount (0 when it does not count). It reads the companies as they are now.
 */
export const COMPANY_MRR_CTE = `
  company_mrr as (
    select c.id as company_id,
           case when up.open then coalesce(fp.id, c.package_id) else c.package_id end as package_id,
           case
             when c.billing_status not in ('active', 'past_due') or c.trial_ends_at is not null then 0
             when not up.open then ${monthly('pk', 'c.billing_cycle')}
             else coalesce(${monthly('fp', 'up.from_cycle')}, 0)
           end::numeric(14, 2) as mrr
      from companies c
      join packages pk on pk.id = c.package_id
      cross join lateral (
        -- the oldest open upgrade invoice, and the plan its audit row says the company left
        select i.id is not null as open, a.details->>'from' as from_code, a.details->>'from_cycle' as from_cycle
          from (select 1) one
          left join lateral (select * from invoices i where i.company_id = c.id and i.status = 'open' and i.reason = 'upgrade'
                              order by i.issue_date, i.id limit 1) i on true
          left join lateral (select a.details from audit_logs a
                              where a.company_id = c.id and a.action = 'subscription.plan_changed'
                                and a.details->>'invoice_number' = i.invoice_number
                              order by a.id limit 1) a on true
      ) up
      left join packages fp on fp.package_code = up.from_code
  )`;

/** A package's (alias `p`) price for a cycle (an SQL expression) normalised to a month. */
function monthly(p: string, cycle: string): string {
  return `case when ${cycle} = 'annual' then round(${p}.annual_price / 12, 2) when ${cycle} = 'monthly' then ${p}.monthly_price end`;
}
