import 'reflect-metadata';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startEmbeddedPostgres } from '../../src/database/embedded-postgres';
import { resetSchema } from './database';

/** What global-teardown.ts needs from global-setup.ts (both run in Jest's outer process). */
export interface TestRun {
  /** This run's temporary folder: os.tmpdir() of the tests and their child processes. */
  root: string;
  /** TMPDIR before the run, restored at its end. */
  previousTmpdir: string | undefined;
  embedded?: { pg: Awaited<ReturnType<typeof startEmbeddedPostgres>>; dir: string };
}

/** Once per run: a database with every migration applied (the embedded one unless TEST_DATABASE_URL). */
export default async function globalSetup(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'hr-test-run-'));
  // a private PostgreSQL cluster runs as the postgres user, under this folder
  chmodSync(root, 0o755);
  const run: TestRun = { root, previousTmpdir: process.env.TMPDIR };
  (globalThis as any).__testRun = run;
  try {
    await prepareDatabase(run);
  } catch (e) {
    await run.embedded?.pg.stop().catch(() => undefined);
    rmSync(root, { recursive: true, force: true });
    throw e;
  }
  // from here on every temporary file of the tests and their child processes lands in the run's folder
  process.env.TMPDIR = root;
}

async function prepareDatabase(run: TestRun): Promise<void> {
  let url = process.env.TEST_DATABASE_URL;
  const embedded = !url;
  if (!url) {
    const dir = join(run.root, 'embedded-db');
    mkdirSync(dir);
    const pg = await startEmbeddedPostgres(dir, 30);
    run.embedded = { pg, dir };
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
