import { IsolationLevel } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { ormConfig } from '../src/database/mikro-orm.config';
import { COMMIT_DELAY_MS, runWithFirstStatement } from '../src/database/deferred-begin.dialect';
import { isEmbeddedDatabaseUrl } from '../src/database/embedded-postgres';
import { testDatabaseUrl } from './support/database';

/**
 * Transactions send BEGIN (and what was deferred to it) with their first statement: what goes over
 * the wire, and that the transaction behaves as one sent statement by statement.
 */
describe('transactions that begin with their first statement', () => {
  let orm: MikroORM;
  let sent: string[] = [];
  /** statements pg had to queue behind another (deprecated in pg 8, refused in pg 9) */
  let queued: string[] = [];
  const realQuery = Client.prototype.query;

  beforeAll(async () => {
    // one connection, so the session's temporary table is seen by every transaction
    orm = await MikroORM.init(ormConfig({ clientUrl: testDatabaseUrl(), poolMax: 1 }));
    await orm.em.execute('create temporary table deferred_probe (v int)');
    jest.spyOn(Client.prototype, 'query').mockImplementation(function (this: Client, ...args: any[]) {
      const config = args[0];
      const text = typeof config === 'string' ? config : config.text;
      sent.push(text);
      if ((this as unknown as { _queryQueue: unknown[] })._queryQueue.length > 0) queued.push(text);
      return (realQuery as any).apply(this, args);
    });
  });

  beforeEach(async () => {
    await orm.em.execute('truncate deferred_probe');
    sent = [];
    queued = [];
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await orm.close(true);
  });

  const count = async () => (await orm.em.execute<Array<{ n: number }>>('select count(*)::int as n from deferred_probe'))[0].n;

  it('sends BEGIN and the deferred setting with the first statement, and COMMIT on its own', async () => {
    const rows = await orm.em.fork().transactional(async (em) => {
      await runWithFirstStatement(em, "select set_config('app.company_id', '7', true)");
      expect(sent).toEqual([]);
      const first = await em.execute<Array<{ company: string }>>("select current_setting('app.company_id') as company");
      await em.execute('insert into deferred_probe values (1)');
      return first;
    });
    expect(rows).toEqual([{ company: '7' }]);
    expect(sent).toHaveLength(3);
    expect(sent[0]).toMatch(/^BEGIN;\nselect set_config\('app\.company_id', '7', true\);\nselect current_setting/);
    expect(sent[1]).toBe('insert into deferred_probe values (1)');
    expect(sent[2]).toMatch(/^COMMIT/);
    expect(await count()).toBe(1);
    // the setting was the transaction's own
    expect(await orm.em.execute("select current_setting('app.company_id', true) as company")).toEqual([{ company: '' }]);
  });

  it('sends nothing for a transaction that ran no statement', async () => {
    await orm.em.fork().transactional(async (em) => {
      await runWithFirstStatement(em, "select set_config('app.company_id', '7', true)");
    });
    await orm.em
      .fork()
      .transactional(async () => {
        throw new Error('given up before any statement');
      })
      .catch(() => undefined);
    expect(sent).toEqual([]);
  });

  it('leaves nothing unsent on the connection for its next user', async () => {
    await orm.em.fork().transactional(async (em) => {
      await runWithFirstStatement(em, "select set_config('app.company_id', '7', true)");
    });
    const probe = "select current_setting('app.company_id', true) as company";
    expect(await orm.em.execute(probe)).toEqual([{ company: '' }]);
    expect(sent).toEqual([probe]);
  });

  it('rolls back what the transaction wrote when it fails, the first statement included', async () => {
    await expect(
      orm.em.fork().transactional(async (em) => {
        await em.execute('insert into deferred_probe values (1)');
        throw new Error('undone');
      }),
    ).rejects.toThrow('undone');
    await expect(
      orm.em.fork().transactional(async (em) => {
        await em.execute('insert into deferred_probe values (1); select 1 / 0');
      }),
    ).rejects.toThrow(/division by zero/);
    expect(sent.filter((s) => /^ROLLBACK/.test(s))).toHaveLength(2);
    expect(await count()).toBe(0);
  });

  it('runs statements sent together as the first ones inside the transaction, in order', async () => {
    await expect(
      orm.em.fork().transactional(async (em) => {
        await runWithFirstStatement(em, "select set_config('app.company_id', '7', true)");
        const [, [seen]] = await Promise.all([
          em.execute('insert into deferred_probe values (1)'),
          em.execute<Array<{ company: string; n: number }>>(
            "select current_setting('app.company_id') as company, (select count(*)::int from deferred_probe) as n",
          ),
        ]);
        expect(seen).toEqual({ company: '7', n: 1 });
        throw new Error('undone');
      }),
    ).rejects.toThrow('undone');
    expect(await count()).toBe(0);
  });

  it('runs statements issued together one after the other, without queueing them in pg', async () => {
    const results = await orm.em.fork().transactional((em) =>
      Promise.all([
        em.execute('insert into deferred_probe values (1)'),
        em.execute("select pg_sleep(0.05), 'slow' as v"),
        em.execute('insert into deferred_probe values (2)'),
        em.execute<Array<{ n: number }>>('select count(*)::int as n from deferred_probe'),
      ]),
    );
    expect(results[1]).toEqual([{ pg_sleep: '', v: 'slow' }]);
    expect(results[3]).toEqual([{ n: 2 }]);
    expect(sent.slice(1, 4)).toEqual([
      "select pg_sleep(0.05), 'slow' as v",
      'insert into deferred_probe values (2)',
      'select count(*)::int as n from deferred_probe',
    ]);
    expect(queued).toEqual([]);
  });

  it('answers each statement of a multi-statement text, and nested transactions keep their savepoints', async () => {
    await orm.em.fork().transactional(async (em) => {
      const results = await em.execute<unknown[]>('select 1 as a; select 2 as b');
      expect(results).toEqual([[{ a: 1 }], [{ b: 2 }]]);
      await em.execute('insert into deferred_probe values (1)');
      await em
        .transactional(async (inner) => {
          await inner.execute('insert into deferred_probe values (2)');
          throw new Error('inner undone');
        })
        .catch(() => undefined);
    });
    expect(await orm.em.execute('select v from deferred_probe order by v')).toEqual([{ v: 1 }]);
  });

  it('sends the deferred statements first when the first statement has parameters', async () => {
    const [row] = await orm.em.fork().transactional(async (em) => {
      await runWithFirstStatement(em, "select set_config('app.company_id', '9', true)");
      const trx = em.getTransactionContext();
      return em.getKnex().raw("select current_setting('app.company_id') as company, ?::int as n", [5]).transacting(trx) as unknown as Promise<{ rows: unknown[] }>;
    }).then((r) => r.rows);
    expect(row).toEqual({ company: '9', n: 5 });
    expect(sent[0]).toBe("BEGIN;\nselect set_config('app.company_id', '9', true)");
  });

  describe('a read-only transaction', () => {
    // the embedded database's pool connections share one session: there, COMMIT is sent at once
    const defers = !isEmbeddedDatabaseUrl(testDatabaseUrl());
    const read = () => orm.em.fork().transactional((em) => em.execute<Array<{ n: number }>>('select 1 as n'), { readOnly: true });
    const idle = () => new Promise((r) => setTimeout(r, COMMIT_DELAY_MS * 3));

    it("sends its COMMIT with the connection's next statement", async () => {
      expect(await read()).toEqual([{ n: 1 }]);
      expect(sent).toEqual(defers ? ['BEGIN READ ONLY;\nselect 1 as n'] : ['BEGIN READ ONLY;\nselect 1 as n', 'COMMIT;']);
      expect(await orm.em.execute('select 2 as n')).toEqual([{ n: 2 }]);
      expect(sent.slice(-1)).toEqual([defers ? 'COMMIT;\nselect 2 as n' : 'select 2 as n']);
      // the next statement runs in a transaction of its own, not in the read-only one
      expect(await orm.em.execute("select current_setting('transaction_read_only') as read_only, now() = statement_timestamp() as fresh")).toEqual([
        { read_only: 'off', fresh: true },
      ]);
    });

    it('sends its COMMIT alone when the connection stays idle', async () => {
      await read();
      await idle();
      expect(sent).toEqual(['BEGIN READ ONLY;\nselect 1 as n', defers ? 'COMMIT' : 'COMMIT;']);
    });

    it('keeps its COMMIT waiting through a transaction that sent nothing, and ahead of the next BEGIN', async () => {
      await read();
      await orm.em.fork().transactional(async (em) => {
        await runWithFirstStatement(em, "select set_config('app.company_id', '7', true)");
      });
      await orm.em.fork().transactional((em) => em.execute('insert into deferred_probe values (1)'));
      expect(sent.slice(1)).toEqual(
        defers
          ? ['COMMIT;\nBEGIN;\ninsert into deferred_probe values (1)', 'COMMIT;']
          : ['COMMIT;', 'BEGIN;\ninsert into deferred_probe values (1)', 'COMMIT;'],
      );
      expect(await count()).toBe(1);
    });

    it('sends its COMMIT first when the next statement has parameters', async () => {
      await read();
      const res = (await orm.em.getKnex().raw('select ?::int as n', [5])) as unknown as { rows: unknown[] };
      expect(res.rows).toEqual([{ n: 5 }]);
      expect(sent.slice(1)).toEqual(defers ? ['COMMIT', 'select $1::int as n'] : ['COMMIT;', 'select $1::int as n']);
    });

    it('refuses a write to a table', async () => {
      await expect(
        orm.em.fork().transactional((em) => em.execute('insert into companies (company_name) values (null)'), { readOnly: true }),
      ).rejects.toThrow(/read-only transaction/);
      expect(sent.filter((s) => /^ROLLBACK/.test(s))).toHaveLength(1);
    });
  });

  it('begins at once when the transaction asks for an isolation level', async () => {
    const [row] = await orm.em.fork().transactional(
      async (em) => em.execute<Array<{ transaction_isolation: string }>>('show transaction_isolation'),
      { isolationLevel: IsolationLevel.SERIALIZABLE },
    );
    expect(row.transaction_isolation).toBe('serializable');
    expect(sent[0]).toMatch(/^BEGIN TRANSACTION ISOLATION LEVEL serializable/i);
  });
});
