import type { EntityManager } from '@mikro-orm/postgresql';

import { randomUUID } from 'node:crypto';


/**
 * A paid invoice for a company's period [start, end) on a package at a cycle: one plan line of
 * `amount`, with tax at `taxRate`, paid `paid` (the whole total unless said). What a company that
 * paid its period has, so a plan change credits it (the credit reads the period's plan line).
 */
export async function paidPeriod(
  em: EntityManager,
  o: { companyId: number; packageId: number; cycle: 'monthly' | 'annual'; start: string; end: string; amount: string; taxRate?: string; paid?: string },
): Promise<number> {
  // unique across the test files that share a worker process and its database
  const number = `TST-${randomUUID().slice(0, 13)}`;
  const [row] = await em.execute<Array<{ id: number }>>(
    `with v as (select ?::numeric(12,2) as subtotal, ?::numeric(5,2) as rate),
     inv as (
       insert into invoices (company_id, invoice_number, reason, package_id, billing_cycle, period_start, period_end, currency,
                             subtotal, tax_rate, tax, total, amount_paid, status, issue_date, due_date, paid_at)
       select ?, ?, 'renewal', ?, ?, ?::date, ?::date, 'USD', v.subtotal, v.rate, round(v.subtotal * v.rate / 100, 2),
              v.subtotal + round(v.subtotal * v.rate / 100, 2),
              coalesce(?::numeric(12,2), v.subtotal + round(v.subtotal * v.rate / 100, 2)),
              case when ?::numeric is null or ?::numeric >= v.subtotal + round(v.subtotal * v.rate / 100, 2) then 'paid' else 'open' end,
              ?::date, ?::date + 14, case when ?::numeric is null then now() end
         from v
       returning id, company_id
     ),
     line as (
       insert into invoice_lines (company_id, invoice_id, line_no, kind, description, period_start, period_end, amount)
       select inv.company_id, inv.id, 1, 'plan', 'Plan (' || ? || ')', ?::date, ?::date, ? from inv
     )
     select id from inv`,
    [
      o.amount,
      o.taxRate ?? '0.00',
      o.companyId,
      number,
      o.packageId,
      o.cycle,
      o.start,
      o.end,
      o.paid ?? null,
      o.paid ?? null,
      o.paid ?? null,
      o.start,
      o.start,
      o.paid ?? null,
      o.cycle,
      o.start,
      o.end,
      o.amount,
    ],
  );
  return row.id;
}
