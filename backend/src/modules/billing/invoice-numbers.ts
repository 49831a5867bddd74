import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Reserves `count` consecutive invoice numbers of a year in the caller's transaction and answers
 * the first. The year's row of invoice_number_sequences stays locked until that transaction ends,
 * so numbers are handed out in order and a rolled-back transaction gives its numbers back: the
 * sequence has no gaps (unlike a database sequence).
 */
export async function reserveInvoiceNumbers(em: EntityManager, year: number, count: number): Promise<number> {
  const rows = await em.execute<Array<{ first: number }>>(
    `insert into invoice_number_sequences (year, last_number) values (?, ?)
     on conflict (year) do update set last_number = invoice_number_sequences.last_number + excluded.last_number
     returning last_number - ? + 1 as first`,
    [year, count, count],
  );
  return Number(rows[0].first);
}

/** INV-2026-000123 */
export const formatInvoiceNumber = (year: number, n: number): string => `INV-${year}-${String(n).padStart(6, '0')}`;

/** The same format in SQL, for set-based issuing: `year` and `n` are SQL expressions. */
export const invoiceNumberSql = (year: string, n: string): string => `'INV-' || (${year})::text || '-' || lpad((${n})::text, 6, '0')`;
