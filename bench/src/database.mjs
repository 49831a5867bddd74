// The bench's own PostgreSQL database. The seeded data set is kept as a template database
// (`<name>_seed_<profile>`), rebuilt only when the migrations, the seeder or the profile change;
// every phase of a run starts from an identical copy of it (CREATE DATABASE ... TEMPLATE).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JWT_SECRET, log, pg, ROOT } from './env.mjs';
import { seed } from './seed.mjs';

const ident = (name) => `"${name.replace(/"/g, '""')}"`;

export function databaseName(url) {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

export function withDatabase(url, name) {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(name)}`;
  return u.toString();
}

async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Connects to the server's maintenance database to create and drop the bench's databases. */
const withServer = (url, fn) => withClient(withDatabase(url, 'postgres'), fn);

/** Migrations, the seeder and the sizes: when any of them changes, the template is rebuilt. */
function fingerprint(size) {
  const dir = join(ROOT, 'backend/src/database/migrations');
  const hash = createHash('sha256');
  hash.update(JSON.stringify(size));
  for (const file of readdirSync(dir).sort()) hash.update(`${file}\n`).update(readFileSync(join(dir, file)));
  hash.update(readFileSync(new URL('./seed.mjs', import.meta.url)));
  // the data is relative to today (a year up to yesterday), so a template is good for one day
  hash.update(new Date().toISOString().slice(0, 10));
  return `hr-bench ${hash.digest('hex').slice(0, 16)}`;
}

export function runNode(args, env, { quiet = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) return resolve(out);
      if (!quiet) process.stderr.write(out + err);
      reject(new Error(`node ${args.join(' ')} exited with ${code}`));
    });
  });
}

/** The backend's migrations (and its superadmin seed), exactly as a deployment applies them. */
export function migrate(url) {
  return runNode(['backend/dist/database/migrate-cli.js'], {
    DATABASE_URL: url,
    SEED_DEMO: 'false',
    JWT_SECRET,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
  });
}

export async function hashPassword(plain) {
  const { hashPassword: hash } = await import(join(ROOT, 'backend/dist/modules/users/password.js'));
  return hash(plain);
}

/**
 * Makes sure the seeded template for `size` exists on the server of `url`; returns its name.
 */
export async function ensureTemplate(url, size, profileName, passwordHash) {
  const template = `${databaseName(url)}_seed_${profileName}`;
  const wanted = fingerprint(size);
  const current = await withServer(url, async (db) => {
    const { rows } = await db.query(
      `select shobj_description(oid, 'pg_database') as note from pg_database where datname = $1`,
      [template],
    );
    return rows[0]?.note;
  });
  if (current === wanted) {
    log(`data set: template ${template} is up to date`);
    return { template, seeded: null };
  }
  log(`data set: building template ${template} (${current ? 'out of date' : 'missing'})`);
  const started = Date.now();
  await withServer(url, async (db) => {
    await db.query(`drop database if exists ${ident(template)} with (force)`);
    await db.query(`create database ${ident(template)}`);
  });
  const templateUrl = withDatabase(url, template);
  await migrate(templateUrl);
  const seeded = await withClient(templateUrl, async (db) => {
    await db.query('set synchronous_commit = off');
    const result = await seed(db, size, passwordHash, log);
    await db.query('vacuum analyze');
    return result;
  });
  await withServer(url, (db) => db.query(`comment on database ${ident(template)} is '${wanted}'`));
  log(`data set: template built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { template, seeded: { ...seeded, seconds: (Date.now() - started) / 1000 } };
}

/** Replaces the working database with a fresh copy of the template. */
export async function freshCopy(url, template) {
  const name = databaseName(url);
  if (name === 'test') throw new Error('the bench never uses the database named test (CI runs the API tests on it)');
  await withServer(url, async (db) => {
    await db.query(`drop database if exists ${ident(name)} with (force)`);
    await db.query(`create database ${ident(name)} template ${ident(template)}`);
  });
}

export { withClient };
