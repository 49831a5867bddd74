/** `node backend/dist/database/migrate-cli.js`: applies migrations and seeds, then exits (production's own step). */
import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { loadConfig, loadEnvFile } from '../config/config';
import { ormConfig } from './mikro-orm.config';
import { migrate } from './migrate';
import { seedDatabase } from './seeders/seed';

async function main() {
  loadEnvFile();
  const config = loadConfig();
  if (!config.databaseUrl) throw new Error('DATABASE_URL is required (the embedded database migrates on start)');
  const orm = await MikroORM.init(ormConfig({ clientUrl: config.databaseUrl, poolMax: 2 }));
  try {
    const applied = await migrate(orm, config.databaseUrl, false);
    console.log(applied.length ? `applied: ${applied.join(', ')}` : 'the database is up to date');
    await seedDatabase(orm.em.fork(), config);
  } finally {
    await orm.close(true);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
