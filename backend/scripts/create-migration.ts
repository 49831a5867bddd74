/**
 * Writes a migration for the difference between the entities and the committed migrations:
 * applies the committed ones to a throw-away embedded database, diffs, writes
 * src/database/migrations/Migration<timestamp>.ts and updates the migrations index.
 * Usage: npm run migration:create -w backend [-- --blank]
 */
import 'reflect-metadata';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MikroORM } from '@mikro-orm/postgresql';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres';
import { ormConfig } from '../src/database/mikro-orm.config';

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'migration-'));
  const pg = await startEmbeddedPostgres(dir, 4);
  const migrationsDir = join(__dirname, '../src/database/migrations');
  try {
    const config = ormConfig({ clientUrl: pg.url });
    config.migrations = { ...config.migrations, path: migrationsDir, pathTs: migrationsDir, emit: 'ts' };
    const orm = await MikroORM.init(config);
    const migrator = orm.getMigrator();
    await migrator.up();
    const result = await migrator.createMigration(migrationsDir, process.argv.includes('--blank'));
    console.log(result.fileName ? `wrote ${result.fileName}` : 'no changes: nothing written');
    await orm.close(true);
  } finally {
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  const names = readdirSync(migrationsDir)
    .filter((f) => /^Migration\d+.*\.ts$/.test(f))
    .map((f) => f.replace(/\.ts$/, ''))
    .sort();
  writeFileSync(
    join(migrationsDir, 'index.ts'),
    names.map((n) => `import { ${n} } from './${n}';`).join('\n') +
      '\n\n/** Applied in this order; listed explicitly so no file discovery is needed at run time. */\n' +
      'export const MIGRATIONS = [\n' +
      names.map((n) => `  { name: '${n}', class: ${n} },`).join('\n') +
      '\n];\n',
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
