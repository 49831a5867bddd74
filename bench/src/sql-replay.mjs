// "The same SQL run straight through the driver": the statements a request ran, as MikroORM
// printed them (MIKRO_ORM_DEBUG, parameters inlined), replayed in order on one pg connection in
// the messages the server sends them in.
import { pg } from './env.mjs';

const QUERY = '[query] ';
const TOOK = /\s\[took [^\]]*\]\s*$/;
// transaction control is printed without a [took ...] suffix
const CONTROL = /^(begin|commit|rollback|savepoint \S+|release savepoint \S+|rollback to savepoint \S+)$/i;
const complete = (s) => TOOK.test(s) || CONTROL.test(s.trim());

/** The statements in a stretch of the server's output, in the order they finished. */
export function parseStatements(output) {
  const statements = [];
  let current = null;
  for (const line of output.split('\n')) {
    if (line.startsWith(QUERY)) {
      if (current !== null) statements.push(current);
      current = line.slice(QUERY.length);
    } else if (current !== null && !complete(current)) {
      // a statement written over several lines continues until its [took ...] suffix
      current += `\n${line}`;
    } else if (current !== null) {
      statements.push(current);
      current = null;
    }
  }
  if (current !== null) statements.push(current);
  return statements.map((s) => s.replace(TOOK, '').trim()).filter(Boolean);
}

const BEGIN = /^(begin|start transaction read only)$/i;
const READ_ONLY = /read only$/i;
const DEFERRED = /^select set_config\(/i;
const ENDS = /^(commit|rollback)$/i;
const COMMIT = /^commit$/i;
const PREPARE = /^prepare (\S+) as\s/i;

/**
 * The statements grouped as the server sends them (backend/src/database/deferred-begin.dialect.ts),
 * each message a list of statements: a transaction's BEGIN and the settings deferred to it go out
 * with its first statement, a transaction that ran no statement sends nothing, a read-only
 * transaction's COMMIT goes with the connection's next statement (replayed in a loop: with the
 * next replay's first message), and a statement's PREPARE with its EXECUTE (when the request's
 * connection had not prepared it yet; backend/src/database/prepared-statements.ts).
 */
export function messages(statements) {
  const out = [];
  let pending = [];
  let readOnly = false;
  let carried = null;
  for (const sql of statements) {
    if (BEGIN.test(sql)) {
      readOnly = READ_ONLY.test(sql);
      pending.push(sql);
    } else if ((pending.length && DEFERRED.test(sql)) || PREPARE.test(sql)) {
      pending.push(sql);
    } else if (pending.length) {
      if (!ENDS.test(sql)) out.push([...pending, sql]);
      pending = [];
    } else if (readOnly && COMMIT.test(sql)) {
      carried = sql;
      readOnly = false;
    } else {
      out.push([sql]);
    }
  }
  if (carried && out.length) out[0] = [carried, ...out[0]];
  return out;
}

const EXECUTE = /\bexecute (hr_[0-9a-f]+)\b/i;

/**
 * The statements of one request with the PREPARE of each prepared statement it executes before
 * its EXECUTE, taken from `earlier` statements when the request's connection had prepared it
 * already (a replay connection prepares it once, as the server's does).
 */
export function withPreparations(statements, earlier) {
  const prepares = new Map([...earlier, ...statements].filter((sql) => PREPARE.test(sql)).map((sql) => [PREPARE.exec(sql)[1], sql]));
  const out = [];
  const seen = new Set();
  for (const sql of statements) {
    const prepared = PREPARE.exec(sql)?.[1];
    if (prepared) {
      if (!seen.has(prepared)) out.push(sql);
      seen.add(prepared);
      continue;
    }
    const executed = EXECUTE.exec(sql)?.[1];
    if (executed && !seen.has(executed)) {
      if (!prepares.has(executed)) throw new Error(`the server's log has no PREPARE of ${executed}`);
      out.push(prepares.get(executed));
      seen.add(executed);
    }
    out.push(sql);
  }
  return out;
}

/** How many statements a request runs once its connection has prepared its statements. */
export const steadyStatements = (statements) => statements.filter((sql) => !PREPARE.test(sql)).length;

export async function connect(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

const preparedOn = new WeakMap();

/**
 * Sends the messages once, in order, as the server's connection would: a statement is prepared
 * on the client the first time only; returns the wall time in ms.
 */
export async function replay(client, messages) {
  if (!preparedOn.has(client)) preparedOn.set(client, new Set());
  const prepared = preparedOn.get(client);
  const texts = messages.map((statements) =>
    statements
      .filter((sql) => {
        const name = PREPARE.exec(sql)?.[1];
        if (!name) return true;
        if (prepared.has(name)) return false;
        prepared.add(name);
        return true;
      })
      .join(';\n'),
  );
  const started = process.hrtime.bigint();
  try {
    for (const sql of texts) await client.query(sql);
  } catch (e) {
    await client.query('rollback').catch(() => undefined);
    throw e;
  }
  return Number(process.hrtime.bigint() - started) / 1e6;
}
