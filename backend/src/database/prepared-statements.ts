import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { setRecent } from '../common/recent-map';
import { transactionOf } from './transaction-connection';

/**
 * Statements PostgreSQL plans once per connection rather than on every request: a list page's
 * statement took longer to plan than to run. Each statement's text (with `?` for its parameters)
 * is PREPAREd on a connection the first time that connection runs it, in the same message as
 * its first EXECUTE, and EXECUTEd with its parameters as literals afterwards, with its generic
 * plan: left to choose, PostgreSQL costs a LIMIT and OFFSET given as parameters as a tenth of the
 * rows and goes on planning a page each time. A generic plan knows nothing of its parameters'
 * values, so what the right plan depends on (the company, whose size varies a thousandfold)
 * belongs in the text rather than in a parameter.
 *
 * A prepared statement belongs to a session, so this needs a session per pool connection (not the
 * embedded database, whose connections share one): elsewhere the statement runs as it is. A
 * connection keeps its most recently used statements (each holds a few hundred KB in PostgreSQL).
 */
const PREPARED = Symbol('statements prepared on the connection');

interface PreparedOnConnection {
  /** PREPAREs (and DEALLOCATEs) to send before the connection runs its next statement */
  toPrepare: string[];
  /** names, least recently used first */
  names: Set<string>;
  /** a message with PREPARE or EXECUTE failed: what the session holds is not known */
  unsure: boolean;
}

const preparedOn = (connection: object): PreparedOnConnection =>
  ((connection as { [PREPARED]?: PreparedOnConnection })[PREPARED] ??= { toPrepare: [], names: new Set(), unsure: false });

interface Statement {
  name: string;
  text: string;
}

/** Names and texts of recently run statements by their SQL (a name is the hash of its text). */
const statements = new Map<string, Statement>();
const MAX_STATEMENTS = 1000;
/** Statements kept prepared on one connection; the least recently used one is dropped past it. */
export const MAX_PER_CONNECTION = 24;

/** `?` placeholders as `$1`, `$2`…: every `?` is a parameter, as for `em.execute`. */
export function numberedParameters(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

function statementOf(sql: string): Statement {
  let statement = statements.get(sql);
  if (!statement) {
    const text = numberedParameters(sql);
    statement = { name: `hr_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`, text };
  }
  setRecent(statements, sql, statement, MAX_STATEMENTS);
  return statement;
}

/**
 * Runs `sql` with `params` as a prepared statement of `em`'s transaction's connection where
 * connections have sessions of their own, and as it is otherwise (or outside a transaction).
 */
export async function executePrepared<T>(em: EntityManager, sql: string, params: unknown[]): Promise<T[]> {
  const trx = transactionOf(em);
  if (!trx?.client.config.sessionPerConnection) return em.execute<T[]>(sql, params);
  const statement = statementOf(sql);
  const state = preparedOn(trx.connection);
  if (state.unsure) {
    // DEALLOCATE ALL never fails, whatever the session holds; what was queued is prepared again as used
    state.unsure = false;
    state.names.clear();
    state.toPrepare = ['DEALLOCATE ALL'];
  }
  if (state.names.delete(statement.name)) {
    state.names.add(statement.name);
  } else {
    if (state.names.size >= MAX_PER_CONNECTION) {
      const oldest = state.names.values().next().value!;
      state.names.delete(oldest);
      state.toPrepare.push(`deallocate ${oldest}`);
    }
    const prepare = `prepare ${statement.name} as ${statement.text}`;
    state.toPrepare.push(prepare);
    state.names.add(statement.name);
    // in the query log when it is queued, as BEGIN is
    (em.getConnection() as unknown as { logQuery(query: string): void }).logQuery(prepare);
  }
  const args = params.length ? `(${params.map(() => '?').join(', ')})` : '';
  const [, rows] = await em.execute<[unknown, T[], unknown]>(
    `set local plan_cache_mode = force_generic_plan;\nexecute ${statement.name}${args};\nset local plan_cache_mode to default`,
    params,
  );
  return rows;
}

/** The PREPAREs (and a DEALLOCATE ALL) the connection's next message must carry, taken off it. */
export function takePreparations(connection: object): string[] {
  const state = (connection as { [PREPARED]?: PreparedOnConnection })[PREPARED];
  if (!state?.toPrepare.length) return [];
  const pending = state.toPrepare;
  state.toPrepare = [];
  return pending;
}

const PREPARED_STATEMENT = /\b(prepare|execute) hr_[0-9a-f]{24}\b/i;

/**
 * A message that failed may have left a PREPARE done (PREPARE is not undone with the
 * transaction) or found a statement gone: the connection's statements are dropped before its next
 * PREPARE.
 */
export function messageFailed(connection: object, sql: string): void {
  if (PREPARED_STATEMENT.test(sql)) preparedOn(connection).unsure = true;
}
