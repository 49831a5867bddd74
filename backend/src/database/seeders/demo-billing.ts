import type { EntityManager } from '@mikro-orm/postgresql';
import type { Company } from '../../modules/companies/company.entity';
import { invoiceNumberSql } from '../../modules/billing/invoice-numbers';
import { DEMO_BILLED_MONTHS } from './demo-subscription';

/**
 * A demo company's billing history: a monthly invoice for each month since it joined, the
 * current one included (DEMO_BILLED_MONTHS), each paid by bank transfer on its issue date, so
 * Subscription, Billing and Analytics show invoices and revenue from the first start. Numbers
 * come from the invoice sequence, in order.
 */
export async function seedDemoBilling(em: EntityManager, company: Company): Promise<void> {
  // k months before the current period: the first invoice, the company's subscription, is the oldest
  const oldest = DEMO_BILLED_MONTHS - 1;
  await em.execute(
    `with periods as (
       select k, (c.current_period_start - (k || ' months')::interval)::date as period_start,
              (c.current_period_start - ((k - 1) || ' months')::interval)::date as period_end
         from companies c cross join generate_series(0, ?) k where c.id = ?
     ),
     numbered as (
       select p.*, extract(year from p.period_start)::int as year,
              row_number() over (partition by extract(year from p.period_start) order by p.period_start) as n
         from periods p
     ),
     reserved as (
       insert into invoice_number_sequences (year, last_number)
       select year, count(*) from numbered group by year
       on conflict (year) do update set last_number = invoice_number_sequences.last_number + excluded.last_number
       returning year, last_number
     ),
     issued as (
       insert into invoices (company_id, invoice_number, reason, package_id, billing_cycle, period_start, period_end, currency,
                             subtotal, tax_rate, tax, total, amount_paid, status, issue_date, due_date, paid_at)
       select c.id, ${invoiceNumberSql('nb.year', 'r.last_number - cnt.total + nb.n')},
              case when nb.k = ? then 'new_subscription' else 'renewal' end, c.package_id, 'monthly', nb.period_start, nb.period_end,
              coalesce((select currency from billing_settings where id = 1), 'USD'),
              p.monthly_price, 0, 0, p.monthly_price, p.monthly_price, 'paid', nb.period_start, nb.period_start + 14,
              nb.period_start::timestamptz + interval '10 hours'
         from numbered nb
         join reserved r on r.year = nb.year
         join (select year, count(*) as total from numbered group by year) cnt on cnt.year = nb.year
         join companies c on c.id = ?
         join packages p on p.id = c.package_id
       returning id, company_id, period_start, total
     ),
     lines as (
       insert into invoice_lines (company_id, invoice_id, line_no, kind, description, period_start, period_end, amount)
       select i.company_id, i.id, 1, 'plan', p.package_name || ' plan (monthly)', i.period_start, (i.period_start + interval '1 month')::date, i.total
         from issued i join companies c on c.id = i.company_id join packages p on p.id = c.package_id
       returning 1
     )
     insert into payments (company_id, invoice_id, amount, paid_on, method, reference, provider)
     select i.company_id, i.id, i.total, i.period_start, 'bank_transfer', c.company_code || '-' || to_char(i.period_start, 'YYYYMM'), 'manual'
       from issued i join companies c on c.id = i.company_id`,
    [oldest, company.id, oldest, company.id],
  );
}
