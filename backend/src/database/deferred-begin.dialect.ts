import { PostgreSqlKnexDialect, type EntityManager } from '@mikro-orm/postgresql';
import { PgTransaction } from './pg-transaction';

/**
 * Statements a connection's transaction has not sent yet: `BEGIN`, and what was deferred to it
 * (the request's company and role). They go out in one message with the transaction's first
 * statement, so a request's transaction costs no round trips of its own: PostgreSQL runs the
 * statements of one simple-query message in order, and an explicit `BEGIN` among them keeps the
 * transaction open after the message.
 */
const PENDING = Symbol('statements not sent yet');
const CONNECTION = Symbol('transaction connection');
const TURN = Symbol('statement the connection runs now');

interface PgConnection {
  [PENDING]?: string[];
  [TURN]?: Promise<unknown>;
}

interface QueryObject {
  sql: string;
  bindings?: unknown[];
  options?: Record<string, unknown>;
  response?: unknown;
}

class DeferredBeginTransaction extends PgTransaction {
  begin(conn: PgConnection): Promise<unknown> {
    if (this.isolationLevel || this.readOnly) return super.begin(conn);
    conn[PENDING] = ['BEGIN'];
    this.trxClient[CONNECTION] = conn;
    return Promise.resolve();
  }
}

/** A transaction that ends before any statement of it was sent has nothing to commit or undo. */
const ENDS_TRANSACTION = /^(COMMIT|ROLLBACK);?$/i;

/** MikroORM's PostgreSQL dialect whose transactions begin with their first statement. */
export class DeferredBeginDialect extends PostgreSqlKnexDialect {
  transaction(...args: unknown[]) {
    return new DeferredBeginTransaction(this, ...args);
  }

  /** Whatever a transaction left unsent never reaches the connection's next user. */
  releaseConnection(connection: PgConnection): Promise<void> {
    delete connection[PENDING];
    return super.releaseConnection(connection);
  }

  /**
   * A connection runs one statement at a time. Statements issued together on one transaction's
   * connection (`Promise.all` inside a request) wait their turn here, in the order issued, rather
   * than in pg's own queue, which is deprecated and goes away in pg 9.
   */
  _query(connection: PgConnection, obj: QueryObject): Promise<QueryObject> {
    const previous = connection[TURN];
    const run = previous ? previous.then(() => this.send(connection, obj)) : this.send(connection, obj);
    const turn = run.catch(() => undefined);
    connection[TURN] = turn;
    void turn.then(() => {
      if (connection[TURN] === turn) delete connection[TURN];
    });
    return run;
  }

  private async send(connection: PgConnection, obj: QueryObject): Promise<QueryObject> {
    const pending = connection[PENDING];
    if (!pending) return super._query(connection, obj);
    delete connection[PENDING];
    if (ENDS_TRANSACTION.test(obj.sql.trim())) {
      obj.response = { command: obj.sql.trim().replace(/;$/, '').toUpperCase(), rows: [], rowCount: null, fields: [] };
      return obj;
    }
    const prelude = pending.join(';\n');
    if (obj.bindings?.length || Object.keys(obj.options ?? {}).length) {
      // a statement with parameters travels in the extended protocol, which takes one statement
      await super._query(connection, { sql: prelude });
      return super._query(connection, obj);
    }
    const sent = await super._query(connection, { ...obj, sql: `${prelude};\n${obj.sql}` });
    const results = sent.response as unknown[];
    const own = results.slice(pending.length);
    obj.response = own.length === 1 ? own[0] : own;
    return obj;
  }
}

/**
 * Sends `sql` with the first statement of `em`'s transaction when that transaction has not sent
 * anything yet (it then costs no round trip), and otherwise runs it at once.
 */
export async function runWithFirstStatement(em: EntityManager, sql: string): Promise<void> {
  const trx = em.getTransactionContext() as { client?: Record<symbol, PgConnection | undefined> } | undefined;
  const pending = trx?.client?.[CONNECTION]?.[PENDING];
  if (!pending) {
    await em.execute(sql);
    return;
  }
  pending.push(sql);
  // in the query log as MikroORM logs BEGIN: when it is queued, not when it goes out
  (em.getConnection() as unknown as { logQuery(query: string): void }).logQuery(sql);
}
