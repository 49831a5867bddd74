import { SetMetadata } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { APP_ROLE } from '../../database/row-level-security';

const OWN_TRANSACTIONS = 'tenancy:own-transactions';

/**
 * A company route whose handler opens its own transactions (each with {@link inCompany}) instead
 * of running in the request's one: a long employee import records its progress in transactions
 * that commit while it runs, so they are seen (and hold the company's one running import) at once.
 */
export const OwnTransactions = () => SetMetadata(OWN_TRANSACTIONS, true);

export function ownsTransactions(handler: object): boolean {
  return Reflect.getMetadata(OWN_TRANSACTIONS, handler) === true;
}

/** A transaction as the company, as a company request's is: the application role, `app.company_id` set. */
export function inCompany<T>(em: EntityManager, companyId: number, work: (em: EntityManager) => Promise<T>): Promise<T> {
  return em.transactional(async (tx) => {
    await tx.execute(`select set_config('app.company_id', ?, true), set_config('role', '${APP_ROLE}', true)`, [String(Number(companyId))]);
    return work(tx as EntityManager);
  });
}
