import type { EntityManager } from '@mikro-orm/postgresql';

/** The pool connection a transaction runs on, kept on its knex client when the transaction begins. */
export const CONNECTION = Symbol('transaction connection');

/** A transaction's client: a copy of the dialect bound to the transaction's connection. */
export interface TransactionClient {
  [CONNECTION]?: object;
  config: { sessionPerConnection?: boolean };
}

/** The connection and client of `em`'s transaction, when it runs in one that has begun. */
export function transactionOf(em: EntityManager): { connection: object; client: TransactionClient } | undefined {
  const trx = em.getTransactionContext() as { client?: TransactionClient } | undefined;
  const connection = trx?.client?.[CONNECTION];
  return connection && trx?.client ? { connection, client: trx.client } : undefined;
}
