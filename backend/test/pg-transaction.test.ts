import { MikroORM } from '@mikro-orm/postgresql';
import { ormConfig } from '../src/database/mikro-orm.config';
import { testDatabaseUrl } from './support/database';

/**
 * Transactions whose transactor inherits knex's query-builder methods instead of rebuilding them:
 * each runs on its own connection, sees its own writes, nests with savepoints, and is done after
 * it ends, as with knex's own transactor.
 */
describe('transactions and their transactors', () => {
  let orm: MikroORM;
  const TABLE = 'transactor_probe';

  beforeAll(async () => {
    orm = await MikroORM.init(ormConfig({ clientUrl: testDatabaseUrl(), poolMax: 3 }));
    await orm.em.execute(`create table if not exists ${TABLE} (v int not null)`);
  });

  beforeEach(async () => {
    await orm.em.execute(`truncate ${TABLE}`);
  });

  afterAll(async () => {
    await orm.em.execute(`drop table if exists ${TABLE}`);
    await orm.close(true);
  });

  const values = async () =>
    (await orm.em.execute<Array<{ v: number }>>(`select v from ${TABLE} order by v`)).map((r) => r.v);

  it('runs knex builders, raw SQL and MikroORM statements on the transaction, which commits them together', async () => {
    const knex = orm.em.getConnection().getKnex();
    const seen = await knex.transaction(async (trx) => {
      await trx(TABLE).insert({ v: 1 });
      await trx.raw(`insert into ${TABLE} values (2)`);
      await orm.em.getConnection().execute(`insert into ${TABLE} values (3)`, [], 'run', trx);
      return (await trx(TABLE).select('v').orderBy('v')).map((r: { v: number }) => r.v);
    });
    expect(seen).toEqual([1, 2, 3]);
    expect(await values()).toEqual([1, 2, 3]);
  });

  // the embedded database's connections share one session: a second one waits for the first's transaction
  (process.env.TEST_DATABASE_URL ? it : it.skip)('keeps two transactions at the same time apart', async () => {
    const first = orm.em.fork().transactional(async (em) => {
      await em.execute(`insert into ${TABLE} values (10)`);
      // the other transaction, begun meanwhile, does not see this row; once it committed, this one sees its row
      expect(await second).toEqual([{ v: 20 }]);
      return em.execute<Array<{ v: number }>>(`select v from ${TABLE} order by v`);
    });
    const second = orm.em.fork().transactional(async (em) => {
      await em.execute(`insert into ${TABLE} values (20)`);
      return em.execute<Array<{ v: number }>>(`select v from ${TABLE} order by v`);
    });
    expect(await first).toEqual([{ v: 10 }, { v: 20 }]);
    expect(await values()).toEqual([10, 20]);
  });

  it('rolls back a nested transaction to its savepoint and keeps the outer one', async () => {
    await orm.em.fork().transactional(async (em) => {
      await em.execute(`insert into ${TABLE} values (1)`);
      await expect(
        em.transactional(async (inner) => {
          await inner.execute(`insert into ${TABLE} values (2)`);
          throw new Error('inner undone');
        }),
      ).rejects.toThrow('inner undone');
      await em.transactional((inner) => inner.execute(`insert into ${TABLE} values (3)`));
    });
    expect(await values()).toEqual([1, 3]);
  });

  it('rolls back everything when the outer transaction fails, and refuses statements after it ended', async () => {
    let kept: { raw(sql: string): Promise<unknown> } | undefined;
    await expect(
      orm.em
        .getConnection()
        .getKnex()
        .transaction(async (trx) => {
          kept = trx;
          await trx(TABLE).insert({ v: 5 });
          throw new Error('all undone');
        }),
    ).rejects.toThrow('all undone');
    expect(await values()).toEqual([]);
    await expect(kept!.raw('select 1')).rejects.toThrow(/Transaction query already complete/);
  });
});
