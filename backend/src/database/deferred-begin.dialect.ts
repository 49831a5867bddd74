import { PostgreSqlKnexDialect, type EntityManager } from '@mikro-orm/postgresql';
import { PgTransaction } from './pg-transaction';
import { messageFailed, takePreparations } from './prepared-statements';
import { CONNECTION, transactionOf } from './transaction-connection';

/**
 * Statements a connection's transaction has not sent yet: `BEGIN`, and what was deferred to it
 * (the request's company and role). They go out in one message with the transaction's first
 * statement, so a request's transaction costs no round trips of its own: PostgreSQL runs the
 * statements of one simple-query message in order, and an explicit `BEGIN` among them keeps the
 * transaction open after the message.
 */
const PENDING = Symbol('statements not sent yet');
const TURN = Symbol('statement the connection runs now');
const DEFERRED_COMMIT = Symbol('a read-only transaction ended; its COMMIT is not sent yet');

/** How long a read-only transaction's COMMIT waits for the connection's next statement. */
export const COMMIT_DELAY_MS = 20;

interface PgConnection {
  [PENDING]?: string[];
  [TURN]?: Promise<unknown>;
  [DEFERRED_COMMIT]?: boolean;
}

interface QueryObject {
  sql: string;
  bindings?: unknown[];
  options?: Record<string, unknown>;
  response?: unknown;
}

class DeferredBeginTransaction extends PgTransaction {
  begin(conn: PgConnection): Promise<unknown> {
    if (this.isolationLevel) return super.begin(conn);
    conn[PENDING] = [this.readOnly ? 'BEGIN READ ONLY' : 'BEGIN'];
    this.trxClient[CONNECTION] = conn;
    return Promise.resolve();
  }

  /**
   * A read-only transaction has nothing to make durable: where the connection has a session of
   * its own, its COMMIT travels with the connection's next statement (or goes alone after
   * COMMIT_DELAY_MS), and the request is answered without waiting for that round trip.
   */
  commit(conn: PgConnection, value: unknown): Promise<unknown> {
    const dialect = this.client as DeferredBeginDialect;
    if (!this.readOnly || conn[PENDING] || !dialect.defersReadOnlyCommits) return super.commit(conn, value);
    dialect.deferCommit(conn);
    this._completed = true;
    this._resolver(value);
    return Promise.resolve();
  }
}

/** Connections whose read-only transaction's COMMIT is not sent yet, with their dialect (a transaction's client is a copy of it). */
const deferredCommits = new Map<PgConnection, DeferredBeginDialect>();
let flushTimer: NodeJS.Timeout | undefined;

/** The deferred COMMITs of connections no statement has used since. */
function flushDeferredCommits(): void {
  flushTimer = undefined;
  for (const [connection, dialect] of deferredCommits) dialect.sendDeferredCommit(connection).catch(() => undefined);
}

/** A transaction that ends before any statement of it was sent has nothing to commit or undo. */
const ENDS_TRANSACTION = /^(COMMIT|ROLLBACK);?$/i;

/** MikroORM's PostgreSQL dialect whose transactions begin with their first statement. */
export class DeferredBeginDialect extends PostgreSqlKnexDialect {
  /** sessionPerConnection: each pool connection is a session of its own (not the embedded database's). */
  declare config: { sessionPerConnection?: boolean };

  transaction(...args: unknown[]) {
    return new DeferredBeginTransaction(this, ...args);
  }

  /** Off where pool connections share one session (the embedded database). */
  get defersReadOnlyCommits(): boolean {
    return this.config.sessionPerConnection === true;
  }

  deferCommit(connection: PgConnection): void {
    connection[DEFERRED_COMMIT] = true;
    deferredCommits.set(connection, this);
    flushTimer ??= setTimeout(flushDeferredCommits, COMMIT_DELAY_MS).unref();
  }

  /** The connection's deferred COMMIT, sent alone. */
  async sendDeferredCommit(connection: PgConnection): Promise<void> {
    if (this.takeDeferredCommit(connection)) await this.inTurn(connection, () => super._query(connection, { sql: 'COMMIT' }));
  }

  private takeDeferredCommit(connection: PgConnection): boolean {
    if (!connection[DEFERRED_COMMIT]) return false;
    delete connection[DEFERRED_COMMIT];
    deferredCommits.delete(connection);
    return true;
  }

  /** Whatever a transaction left unsent never reaches the connection's next user (a deferred COMMIT does). */
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
    return this.inTurn(connection, () => this.send(connection, obj));
  }

  /** A stream's statement goes in the extended protocol: what is not sent yet goes before it. */
  async _stream(connection: PgConnection, obj: QueryObject, stream: unknown, options: unknown): Promise<unknown> {
    const prelude = this.prelude(connection);
    if (prelude.length) await this.inTurn(connection, () => super._query(connection, { sql: prelude.join(';\n') }));
    return super._stream(connection, obj, stream, options);
  }

  private inTurn<T>(connection: PgConnection, run: () => Promise<T>): Promise<T> {
    const previous = connection[TURN];
    const result = previous ? previous.then(run) : run();
    const turn = result.catch(() => undefined);
    connection[TURN] = turn;
    void turn.then(() => {
      if (connection[TURN] === turn) delete connection[TURN];
    });
    return result;
  }

  /**
   * The statements to send before the next one, taken off the connection: a deferred COMMIT, a
   * transaction's BEGIN and settings, then the PREPAREs of statements about to be executed (not
   * before a COMMIT or ROLLBACK, which must not fail with them).
   */
  private prelude(connection: PgConnection, preparations = true): string[] {
    const pending = connection[PENDING] ?? [];
    delete connection[PENDING];
    const prepare = preparations ? takePreparations(connection) : [];
    return [...(this.takeDeferredCommit(connection) ? ['COMMIT'] : []), ...pending, ...prepare];
  }

  private async send(connection: PgConnection, obj: QueryObject): Promise<QueryObject> {
    const ends = ENDS_TRANSACTION.test(obj.sql.trim());
    if (connection[PENDING] && ends) {
      // a transaction that sent nothing ends without a message (a deferred COMMIT keeps waiting)
      delete connection[PENDING];
      obj.response = { command: obj.sql.trim().replace(/;$/, '').toUpperCase(), rows: [], rowCount: null, fields: [] };
      return obj;
    }
    const pending = this.prelude(connection, !ends);
    const prelude = pending.join(';\n');
    try {
      if (!pending.length) return await super._query(connection, obj);
      if (obj.bindings?.length || Object.keys(obj.options ?? {}).length) {
        // a statement with parameters travels in the extended protocol, which takes one statement
        await super._query(connection, { sql: prelude });
        return await super._query(connection, obj);
      }
      const sent = await super._query(connection, { ...obj, sql: `${prelude};\n${obj.sql}` });
      const results = sent.response as unknown[];
      const own = results.slice(pending.length);
      obj.response = own.length === 1 ? own[0] : own;
      return obj;
    } catch (e) {
      messageFailed(connection, `${prelude}\n${obj.sql}`);
      throw e;
    }
  }
}

/**
 * Sends `sql` with the first statement of `em`'s transaction when that transaction has not sent
 * anything yet (it then costs no round trip), and otherwise runs it at once.
 */
export async function runWithFirstStatement(em: EntityManager, sql: string): Promise<void> {
  const pending = (transactionOf(em)?.connection as PgConnection | undefined)?.[PENDING];
  if (!pending) {
    await em.execute(sql);
    return;
  }
  pending.push(sql);
  // in the query log as MikroORM logs BEGIN: when it is queued, not when it goes out
  (em.getConnection() as unknown as { logQuery(query: string): void }).logQuery(sql);
}
