// `node seed-embedded.mjs <dataDir> <size JSON>`: opens the embedded database of a stopped app
// (as the app itself does) and seeds the smaller data set into it.
import { join } from 'node:path';
import { log, pg, ROOT } from './env.mjs';
import { hashPassword } from './database.mjs';
import { ADMIN_PASSWORD, seed } from './seed.mjs';

const [dataDir, sizeJson] = process.argv.slice(2);
const { startEmbeddedPostgres } = await import(join(ROOT, 'backend/dist/database/embedded-postgres.js'));
const embedded = await startEmbeddedPostgres(dataDir, 4);
try {
  const client = new pg.Client({ connectionString: embedded.url });
  await client.connect();
  try {
    const result = await seed(client, JSON.parse(sizeJson), await hashPassword(ADMIN_PASSWORD), log);
    await client.query('vacuum analyze');
    process.stdout.write(JSON.stringify(result));
  } finally {
    await client.end();
  }
} finally {
  await embedded.stop();
}
