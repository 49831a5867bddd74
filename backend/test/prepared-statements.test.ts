import { MikroORM } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { ormConfig } from '../src/database/mikro-orm.config';
import { executePrepared, MAX_PER_CONNECTION, numberedParameters } from '../src/database/prepared-statements';
import { isEmbeddedDatabaseUrl } from '../src/database/embedded-postgres';
import { testDatabaseUrl } from './support/database';

/**
 * Statements prepared once per connection: what goes over the wire, that the answers are those of
 * the statement run as it is, and that a failure leaves the connection usable.
 */
describe('prepared statements', () => {
  // the embedded database's pool connections share one session: there, statements run as they are
  const prepares = !isEmbeddedDatabaseUrl(testDatabaseUrl());
  let orm: MikroORM;
  let sent: string[] = [];
  const realQuery = Client.prototype.query;
  const SQL = "select ?::int * n as v, ?::text as label, 'fixed' as q from generate_series(1, 3) n where n <= ?";

  beforeAll(async () => {
    // one connection, so every transaction runs in the same session
    orm = await MikroORM.init(ormConfig({ clientUrl: testDatabaseUrl(), poolMax: 1 }));
    jest.spyOn(Client.prototype, 'query').mockImplementation(function (this: Client, ...args: any[]) {
      const config = args[0];
      sent.push(typeof config === 'string' ? config : config.text);
      return (realQuery as any).apply(this, args);
    });
  });

  beforeEach(() => {
    sent = [];
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await orm.close(true);
  });

  /** How a prepared statement is executed: with its generic plan, the setting restored after. */
  const execute = (call: string) => `set local plan_cache_mode = force_generic_plan;\nexecute ${call};\nset local plan_cache_mode to default`;
  const run = (params: unknown[], sql = SQL) => orm.em.fork().transactional((em) => executePrepared<Record<string, unknown>>(em, sql, params));

  it('numbers the placeholders', () => {
    expect(numberedParameters(SQL)).toBe("select $1::int * n as v, $2::text as label, 'fixed' as q from generate_series(1, 3) n where n <= $3");
  });

  it('prepares a statement with its first run on a connection and executes it after', async () => {
    expect(await run([10, 'it\'s "x"', 2])).toEqual([
      { v: 10, label: 'it\'s "x"', q: 'fixed' },
      { v: 20, label: 'it\'s "x"', q: 'fixed' },
    ]);
    expect(await run([3, 'b', 3])).toEqual([
      { v: 3, label: 'b', q: 'fixed' },
      { v: 6, label: 'b', q: 'fixed' },
      { v: 9, label: 'b', q: 'fixed' },
    ]);
    const statements = sent.filter((s) => !/^COMMIT;?$/.test(s));
    if (!prepares) {
      expect(statements).toEqual([expect.stringMatching(/^BEGIN;\nselect 10::int \* n/), expect.stringMatching(/^BEGIN;\nselect 3::int \* n/)]);
      return;
    }
    const name = /prepare (hr_[0-9a-f]{24}) as /.exec(statements[0])?.[1];
    expect(name).toBeDefined();
    expect(statements[0]).toBe(`BEGIN;\nprepare ${name} as ${numberedParameters(SQL)};\n${execute(`${name}(10, 'it''s "x"', 2)`)}`);
    expect(statements[1]).toBe(`BEGIN;\n${execute(`${name}(3, 'b', 3)`)}`);
    // planned once: each run used the statement's generic plan
    const [stats] = await orm.em.execute<Array<{ generic_plans: string; custom_plans: string }>>(
      'select generic_plans::int, custom_plans::int from pg_prepared_statements where name = ?',
      [name],
    );
    expect(stats).toEqual({ generic_plans: 2, custom_plans: 0 });
    expect(await orm.em.execute("select current_setting('plan_cache_mode') as mode")).toEqual([{ mode: 'auto' }]);
  });

  it('runs the statement as it is outside a transaction', async () => {
    expect(await executePrepared(orm.em.fork(), 'select ?::int as n', [4])).toEqual([{ n: 4 }]);
    expect(sent).toEqual(['select 4::int as n']);
  });

  it('prepares again, after dropping what the session held, once a message with a prepared statement failed', async () => {
    const divide = 'select 10 / ?::int as q';
    expect(await run([2], divide)).toEqual([{ q: 5 }]);
    await expect(run([0], divide)).rejects.toThrow(/division by zero/);
    expect(await run([5], divide)).toEqual([{ q: 2 }]);
    expect(await run([1], divide)).toEqual([{ q: 10 }]);
    if (!prepares) return;
    const statements = sent.filter((s) => !/^(COMMIT|ROLLBACK);?$/.test(s));
    const name = /execute (hr_\w+)/.exec(statements[0])![1];
    expect(statements[1]).toBe(`BEGIN;\n${execute(`${name}(0)`)}`);
    expect(statements[2]).toBe(`BEGIN;\nDEALLOCATE ALL;\nprepare ${name} as select 10 / $1::int as q;\n${execute(`${name}(5)`)}`);
    expect(statements[3]).toBe(`BEGIN;\n${execute(`${name}(1)`)}`);
  });

  it('leaves a statement whose PREPARE failed to be prepared again, and the connection usable', async () => {
    const broken = 'select ?::int as n from prepared_probe_missing';
    await expect(run([1], broken)).rejects.toThrow(/relation "prepared_probe_missing" does not exist/);
    // not "prepared statement already exists": nothing is taken for prepared that may not be
    await expect(run([1], broken)).rejects.toThrow(/relation "prepared_probe_missing" does not exist/);
    expect(await run([7], 'select ?::int + 1 as n')).toEqual([{ n: 8 }]);
  });

  it('keeps the most recently used statements of a connection and drops the oldest', async () => {
    const nth = (i: number) => `select ?::int + ${i} as n`;
    for (let i = 0; i <= MAX_PER_CONNECTION; i++) expect(await run([1], nth(i))).toEqual([{ n: 1 + i }]);
    const held = () =>
      orm.em.fork().transactional((em) =>
        em.execute<Array<{ statement: string }>>("select statement from pg_prepared_statements where name like 'hr\\_%' order by statement"),
      );
    if (!prepares) {
      expect(await held()).toEqual([]);
      return;
    }
    // the first of these was the oldest one used: the last one's message dropped it
    const last = sent.filter((s) => /prepare hr_/.test(s)).at(-1)!;
    expect(last).toMatch(/^BEGIN;\ndeallocate hr_\w+;\nprepare hr_\w+ as select \$1::int \+ \d+ as n;\nset local plan_cache_mode = force_generic_plan;\nexecute hr_\w+\(1\);/);
    expect(last).toContain(`+ ${MAX_PER_CONNECTION} as n`);
    const statements = (await held()).map((r) => r.statement);
    expect(statements).toHaveLength(MAX_PER_CONNECTION);
    expect(statements).not.toContainEqual(expect.stringContaining('+ 0 as n'));
    expect(statements).toContainEqual(expect.stringContaining(`+ ${MAX_PER_CONNECTION} as n`));
    // used again, it is prepared again
    sent = [];
    expect(await run([2], nth(0))).toEqual([{ n: 2 }]);
    expect(sent[0]).toMatch(/^BEGIN;\ndeallocate hr_\w+;\nprepare hr_\w+ as select \$1::int \+ 0 as n;/);
  });
});
