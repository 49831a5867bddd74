/* eslint-disable @typescript-eslint/no-require-imports */
import { EventEmitter } from 'node:events';
/** The members of knex's transaction used here by name; knex's typings do not export the class. */
interface KnexTransaction {
  isolationLevel?: string;
  readOnly?: boolean;
  begin(conn: unknown): Promise<unknown>;
  [member: string]: any;
}

// knex's PostgreSQL transaction and knex builder
const KnexPgTransaction: new (...args: any[]) => KnexTransaction = require('knex/lib/dialects/postgres/execution/pg-transaction');
const makeKnex: (client: unknown) => any = require('knex/lib/knex-builder/make-knex');

/**
 * knex's PostgreSQL transaction with a lighter transactor (the object queries run on with
 * `.transacting(trx)`). knex makes each one a whole knex instance: about a hundred new closures and
 * property definitions per transaction, which cost more than the rest of the transaction's own
 * JavaScript and feed the garbage collector on every request. Here a transactor inherits those
 * from one instance built once and owns only its context (its client, bound to the transaction's
 * connection) and its commit, rollback and savepoint. What knex does otherwise is kept as it is
 * in knex 3.2 (`_onAcquire`, `makeTxClient`, `makeTransactor` in lib/execution/transaction.js).
 */
export class PgTransaction extends KnexPgTransaction {
  async _onAcquire(container: (trx: unknown) => unknown, connection: unknown): Promise<unknown> {
    const trxClient = (this.trxClient = makeTxClient(this, this.client, connection));
    const init = this.client.transacting ? this.savepoint(connection) : this.begin(connection);
    const executionPromise = new Promise((resolver, rejecter) => {
      this._resolver = resolver;
      this._rejecter = rejecter;
    });
    init
      .then(() => {
        const transactor = makeTransactor(this, connection, trxClient);
        this.transactor = transactor;
        if (this.outerTx) transactor.parentTransaction = this.outerTx.transactor;
        transactor.executionPromise = executionPromise;
        let result;
        try {
          result = container(transactor);
        } catch (err) {
          result = Promise.reject(err);
        }
        if (result && typeof (result as Promise<unknown>).then === 'function') {
          (result as Promise<unknown>).then((val) => transactor.commit(val)).catch((err) => transactor.rollback(err));
        }
        return null;
      })
      .catch((e: unknown) => this._rejecter(e));
    return executionPromise;
  }
}

/** The knex instance every transactor inherits its query-builder methods from. */
let template: any;

function makeTransactor(trx: any, connection: unknown, trxClient: any): any {
  // its client is never used (each transactor's context has its own); it only hosts the template's listeners
  template ??= makeKnex(new EventEmitter());
  const transactor: any = function (tableName?: string, options?: unknown) {
    const builder = transactor.context.queryBuilder();
    return tableName ? builder.table(tableName, options) : builder;
  };
  Object.setPrototypeOf(transactor, template);
  transactor._events = Object.create(null);
  transactor._eventsCount = 0;
  transactor.context = Object.create(template.context);
  transactor.context.client = trxClient;
  transactor.context.userParams = trx.userParams || {};
  transactor.context.withUserParams = () => {
    throw new Error('Cannot set user params on a transaction - it can only inherit params from main knex instance');
  };
  transactor.context.transaction = function (container: unknown, options?: { doNotRejectOnRollback?: boolean }) {
    if (!options) options = { doNotRejectOnRollback: true };
    else if (options.doNotRejectOnRollback === undefined) options.doNotRejectOnRollback = true;
    return this._transaction(container, options, trx);
  };
  transactor.isTransaction = true;
  transactor.savepoint = (container: unknown, options?: object) => transactor.transaction(container, options);
  if (trx.client.transacting) {
    transactor.commit = (value: unknown) => trx.release(connection, value);
    transactor.rollback = (error: unknown) => trx.rollbackTo(connection, error);
  } else {
    transactor.commit = (value: unknown) => trx.commit(connection, value);
    transactor.rollback = (error: unknown) => trx.rollback(connection, error);
  }
  transactor.isCompleted = () => trx.isCompleted();
  return transactor;
}

/** A client that always uses the transaction's connection and never releases it (knex's own). */
function makeTxClient(trx: any, client: any, connection: unknown): any {
  const trxClient = Object.create(client.constructor.prototype);
  trxClient.version = client.version;
  trxClient.config = client.config;
  trxClient.driver = client.driver;
  trxClient.connectionSettings = client.connectionSettings;
  trxClient.transacting = true;
  trxClient.valueForUndefined = client.valueForUndefined;
  trxClient.logger = client.logger;
  for (const event of ['start', 'query', 'query-error', 'query-response']) {
    trxClient.on(event, (...args: unknown[]) => {
      trx.emit(event, ...args);
      client.emit(event, ...args);
    });
  }
  // statements and streams run on the transaction's connection only, and not after it ended
  const onConnection =
    (run: (...args: unknown[]) => unknown) =>
    (conn: unknown, ...rest: unknown[]) => {
      const completed = trx.isCompleted();
      return new Promise((resolve, reject) => {
        try {
          if (conn !== connection) throw new Error('Invalid connection for transaction query.');
          if (completed) throw new Error('Transaction query already complete, run with DEBUG=knex:tx for more info');
          resolve(run.call(trxClient, conn, ...rest));
        } catch (e) {
          reject(e);
        }
      });
    };
  trxClient.query = onConnection(trxClient.query);
  trxClient.stream = onConnection(trxClient.stream);
  trxClient.acquireConnection = () => Promise.resolve(connection);
  trxClient.releaseConnection = () => Promise.resolve();
  return trxClient;
}
