/* global console */
// `npm run restore -- <backup> [--force]`: restores a backup made by `npm run backup`.
//  - PostgreSQL (DATABASE_URL): pg_restore of a .dump in one transaction, as the role of
//    DATABASE_URL. The database must be empty (no table in public) unless --force, which drops
//    the objects the backup contains first.
//  - Embedded (no DATABASE_URL): copies the backup's pgdata into DATA_DIR while the app is
//    stopped. With --force an existing database is moved aside to pgdata.before-restore-<time>.
import { cpSync, existsSync, readdirSync, renameSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { BackupError, assertEmbeddedStopped, main, parseArgs, pgTool, run, target, timestamp } from './backup-lib.mjs';

/** The role tenant requests run as (backend/src/database/row-level-security.ts): the dump's grants and policies name it. */
const APP_ROLE = 'hr_app';

main(async (argv) => {
  const { force, positional } = parseArgs(argv);
  if (!positional[0]) throw new BackupError('Usage: npm run restore -- <backup file or folder> [--force]');
  const source = resolve(positional[0]);
  if (!existsSync(source)) throw new BackupError(`${source} does not exist`);
  const t = target();

  if (t.kind === 'postgres') {
    if (!statSync(source).isFile()) throw new BackupError(`${source} is not a PostgreSQL backup file (.dump); was DATABASE_URL meant to be unset?`);
    const client = new pg.Client({ connectionString: t.url });
    await client.connect();
    try {
      const { rows } = await client.query(`select count(*)::int as n from pg_tables where schemaname = 'public'`);
      if (rows[0].n > 0 && !force) {
        throw new BackupError(
          `The database of DATABASE_URL is not empty (${rows[0].n} tables). Restore into an empty database, or add --force to replace what it holds.`,
        );
      }
      // roles belong to the server, not to the dump: the app role must exist before its grants and policies
      await client.query(`do $$ begin
          if not exists (select 1 from pg_roles where rolname = '${APP_ROLE}') then
            create role ${APP_ROLE} nologin nosuperuser nobypassrls;
          end if;
        end $$`);
    } finally {
      await client.end();
    }
    const args = ['--no-owner', '--single-transaction', '--exit-on-error', '--no-password', `--dbname=${t.url}`];
    // --force: what the database held moves to a schema of its own while the backup is restored
    // into an empty public schema, then goes (or comes back if the restore fails). pg_restore's
    // --clean cannot drop the constraints partitions inherit (attendance_records_YYYY_MM).
    const aside = force ? `public_before_restore_${timestamp().replace(/\W/g, '_').toLowerCase()}` : undefined;
    if (aside) await sql(t.url, `alter schema public rename to ${aside}; create schema public; ${moveExtensions(aside, 'public')}`);
    try {
      run(pgTool('pg_restore'), [...args, source]);
    } catch (e) {
      if (aside) await sql(t.url, `${moveExtensions('public', aside)} drop schema public cascade; alter schema ${aside} rename to public;`);
      throw e;
    }
    if (aside) await sql(t.url, `drop schema ${aside} cascade`);
    console.log(`Restored ${source} into the database of DATABASE_URL`);
    return;
  }

  const pgdata = existsSync(join(source, 'pgdata')) ? join(source, 'pgdata') : source;
  if (!existsSync(join(pgdata, 'PG_VERSION'))) throw new BackupError(`${source} is not a backup of the embedded database (no pgdata/PG_VERSION)`);
  assertEmbeddedStopped(t);
  if (existsSync(t.pgdata) && readdirSync(t.pgdata).length) {
    if (!force) {
      throw new BackupError(`${t.pgdata} already holds a database. Restore into an empty DATA_DIR, or add --force to move it aside.`);
    }
    const aside = `${t.pgdata}.before-restore-${timestamp()}`;
    renameSync(t.pgdata, aside);
    console.log(`The database that was there is kept in ${aside}`);
  }
  cpSync(pgdata, t.pgdata, { recursive: true });
  console.log(`Restored ${source} into ${t.dataDir}`);
});

/** Extensions (pg_trgm) stay where the tables' indexes expect them: in the schema named public. */
const moveExtensions = (from, to) => `do $$ declare x text; begin
    for x in select e.extname from pg_extension e join pg_namespace n on n.oid = e.extnamespace where n.nspname = '${from}' loop
      execute format('alter extension %I set schema ${to}', x);
    end loop;
  end $$;`;

async function sql(url, text) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
