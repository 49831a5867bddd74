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

/**
 * The statements grouped as the server sends them (backend/src/database/deferred-begin.dialect.ts):
 * a transaction's BEGIN and the settings deferred to it go out with its first statement, a
 * transaction that ran no statement sends nothing, and a read-only transaction's COMMIT goes with
 * the connection's next statement: replayed in a loop, with the next replay's first message.
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
    } else if (pending.length && DEFERRED.test(sql)) {
      pending.push(sql);
    } else if (pending.length) {
      if (!ENDS.test(sql)) out.push([...pending, sql].join(';\n'));
      pending = [];
    } else if (readOnly && COMMIT.test(sql)) {
      carried = sql;
      readOnly = false;
    } else {
      out.push(sql);
    }
  }
  if (carried && out.length) out[0] = `${carried};\n${out[0]}`;
  return out;
}

export async function connect(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

/** Sends the messages once, in order; returns the wall time in ms. */
export async function replay(client, messages) {
  const started = process.hrtime.bigint();
  try {
    for (const sql of messages) await client.query(sql);
  } catch (e) {
    await client.query('rollback').catch(() => undefined);
    throw e;
  }
  return Number(process.hrtime.bigint() - started) / 1e6;
}
