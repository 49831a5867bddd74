import type { MikroORM } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { ensureRowLevelSecurity } from './row-level-security';

/**
 * Applies pending migrations, then the row-level security of every tenant table. On a
 * PostgreSQL server an advisory lock, held on a connection of its own, keeps two instances from
 * migrating at once (the embedded database has one process,
 * and its shared session must not hold session-level locks).
 */
export async function migrate(orm: MikroORM, clientUrl: string, embedded: boolean): Promise<string[]> {
  const lock = embedded ? null : new Client({ connectionString: clientUrl });
  if (lock) {
    await lock.connect();
    await lock.query('select pg_advisory_lock(727274)');
  }
  try {
    const done = await orm.getMigrator().up();
    await ensureRowLevelSecurity(orm);
    return done.map((m) => m.name);
  } finally {
    if (lock) {
      await lock.query('select pg_advisory_unlock(727274)').catch(() => undefined);
      await lock.end();
    }
  }
}
