import 'reflect-metadata';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startEmbeddedPostgres } from '../../src/database/embedded-postgres';
import { resetSchema } from './database';

/** Once per run: a database with every migration applied (the embedded one unless TEST_DATABASE_URL). */
export default async function globalSetup(): Promise<void> {
  let url = process.env.TEST_DATABASE_URL;
  const embedded = !url;
  if (!url) {
    const dir = mkdtempSync(join(tmpdir(), 'hr-test-db-'));
    const pg = await startEmbeddedPostgres(dir, 30);
    (globalThis as any).__embeddedTestDb = { pg, dir };
    url = pg.url;
    process.env.__EMBEDDED_TEST_DB_URL = url;
  } else {
    await resetSchema(url);
  }
  // MikroORM keeps metadata in globals, so it must not be loaded in Jest's outer realm; the child
  // runs asynchronously because the embedded database is served from this process's event loop
  await promisify(execFile)(
    process.execPath,
    ['-r', '@swc-node/register', join(__dirname, 'migrate-test-db.ts'), url, embedded ? 'embedded' : 'server'],
    { cwd: join(__dirname, '../..') },
  );
  console.log(`\nAPI tests on ${embedded ? 'the embedded PostgreSQL (PGlite)' : 'TEST_DATABASE_URL'}`);
}
