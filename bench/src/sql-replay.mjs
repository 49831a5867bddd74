// "The same SQL run straight through the driver": the statements a request ran, as MikroORM
// printed them (MIKRO_ORM_DEBUG, parameters inlined), replayed in order on one pg connection.
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

export async function connect(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

/** Runs the statements once, in order; returns the wall time in ms. */
export async function replay(client, statements) {
  const started = process.hrtime.bigint();
  try {
    for (const sql of statements) await client.query(sql);
  } catch (e) {
    await client.query('rollback').catch(() => undefined);
    throw e;
  }
  return Number(process.hrtime.bigint() - started) / 1e6;
}
