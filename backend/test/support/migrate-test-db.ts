/** Applies the migrations to the test database (run by global setup in a process of its own). */
import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { ormConfig } from '../../src/database/mikro-orm.config';
import { migrate } from '../../src/database/migrate';

async function main() {
  const [url, embedded] = process.argv.slice(2);
  const orm = await MikroORM.init(ormConfig({ clientUrl: url, poolMax: 2 }));
  try {
    await migrate(orm, url, embedded === 'embedded');
  } finally {
    await orm.close(true);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
