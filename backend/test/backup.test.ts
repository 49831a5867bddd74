/**
 * npm run backup / npm run restore: a backup restored into an empty database holds the same rows
 * (compared table by table). The embedded path always runs; the PostgreSQL path (pg_dump /
 * pg_restore) runs when TEST_DATABASE_URL names a server, in two databases of its own.
 */
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { tempDir } from './support/temp';

const exec = promisify(execFile);
// every folder the tests make is in this one
const work = tempDir('hr-backup-');
afterAll(() => work.remove());
const ROOT = join(__dirname, '../..');
const BACKEND = join(__dirname, '..');

/** Runs `npm run <script>`'s file directly (what npm runs), answering its exit code and output. */
async function script(name: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await exec(process.execPath, [join(ROOT, 'scripts', `${name}.mjs`), ...args], {
      cwd: mkdtempSync(join(work.dir, 'hr-backup-cwd-')),
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    return { code: 0, out: stdout + stderr };
  } catch (e: any) {
    return { code: e.code as number, out: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

/**
 * The embedded database in a process of its own, as the app runs it (PGlite cannot start inside
 * Jest's module sandbox); its pid is the one in the lock file.
 */
async function startEmbedded(dataDir: string): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  const code = `require('./src/database/embedded-postgres').startEmbeddedPostgres(process.env.EMBEDDED_DIR, 8).then((db) => {
      console.log(db.url);
      process.on('SIGTERM', () => db.stop().then(() => process.exit(0)));
    })`;
  const child = spawn(process.execPath, ['-r', '@swc-node/register', '-e', code], {
    cwd: BACKEND,
    env: { ...process.env, EMBEDDED_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(child.stdout!, 'data')) as [Buffer];
  return {
    url: line.toString().trim(),
    pid: child.pid!,
    stop: async () => {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The app's schema, by the same migration run the test setup uses. */
const migrateInto = (url: string, kind: 'embedded' | 'server') =>
  exec(process.execPath, ['-r', '@swc-node/register', join(BACKEND, 'test/support/migrate-test-db.ts'), url, kind], { cwd: BACKEND });

async function withClient<T>(url: string, fn: (c: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Rows in a few tables of the app, and a table of its own with many rows. */
const seed = (url: string) =>
  withClient(url, async (c) => {
    await c.query(`insert into companies (company_name, company_code, package_id, subscription_plan)
                   select 'Backup ' || g, 'BK' || g, (select id from packages order by id limit 1), 'basic' from generate_series(1, 3) g`);
    await c.query(`insert into users (username, email, password_hash, role, company_id)
                   select 'bk' || g, 'bk' || g || '@example.com', 'x', 'company_admin', (select min(id) from companies) from generate_series(1, 4) g`);
    await c.query(`create table backup_probe (id serial primary key, note text not null)`);
    await c.query(`insert into backup_probe (note) select md5(g::text) from generate_series(1, 250) g`);
  });

/** Row count per table of the public schema, and the row-level security in place. */
const snapshot = (url: string) =>
  withClient(url, async (c) => {
    const { rows: tables } = await c.query<{ t: string }>(`select tablename as t from pg_tables where schemaname = 'public' order by 1`);
    const counts: Record<string, number> = {};
    for (const { t } of tables) counts[t] = (await c.query(`select count(*)::int as n from "${t}"`)).rows[0].n;
    const { rows } = await c.query(`select count(*)::int as n from pg_policies where schemaname = 'public'`);
    const { rows: forced } = await c.query(
      `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relforcerowsecurity`,
    );
    return { counts, policies: rows[0].n as number, forced: forced[0].n as number };
  });

// a fresh embedded database and the whole migration run take a while
jest.setTimeout(180_000);

describe('backup and restore of the embedded database', () => {
  it('copies the stopped database, refuses while it runs, and restores it into an empty DATA_DIR', async () => {
    const source = mkdtempSync(join(work.dir, 'hr-bk-src-'));
    const target = mkdtempSync(join(work.dir, 'hr-bk-dst-'));
    const backup = join(mkdtempSync(join(work.dir, 'hr-bk-out-')), 'copy');
    const embedded = { DATA_DIR: source, DATABASE_URL: '' };

    const db = await startEmbedded(source);
    let before: Awaited<ReturnType<typeof snapshot>>;
    try {
      await migrateInto(db.url, 'embedded');
      await seed(db.url);
      before = await snapshot(db.url);
      const running = await script('backup', [backup], embedded);
      expect(running.code).toBe(1);
      expect(running.out).toContain(`The embedded database in ${source} is in use by process ${db.pid}`);
      expect(existsSync(backup)).toBe(false);
    } finally {
      await db.stop();
    }
    expect(before.counts.backup_probe).toBe(250);
    expect(before.counts.companies).toBe(3);
    expect(before.policies).toBeGreaterThan(10);

    const made = await script('backup', [backup], embedded);
    expect(made).toMatchObject({ code: 0, out: expect.stringContaining(`Embedded database copied to ${backup}`) });
    expect(readdirSync(backup).sort()).toEqual(['backup.json', 'pgdata']);

    const restored = await script('restore', [backup], { DATA_DIR: target, DATABASE_URL: '' });
    expect(restored).toMatchObject({ code: 0, out: expect.stringContaining(`Restored ${backup} into ${target}`) });
    // a second restore would overwrite a database: refused without --force
    const again = await script('restore', [backup], { DATA_DIR: target, DATABASE_URL: '' });
    expect(again.code).toBe(1);
    expect(again.out).toContain('already holds a database');

    const copy = await startEmbedded(target);
    try {
      expect(await snapshot(copy.url)).toEqual(before);
    } finally {
      await copy.stop();
    }
  });

  it('says clearly when there is nothing to back up or restore', async () => {
    const empty = mkdtempSync(join(work.dir, 'hr-bk-empty-'));
    const nothing = await script('backup', [], { DATA_DIR: empty, DATABASE_URL: '' });
    expect(nothing.code).toBe(1);
    expect(nothing.out).toContain(`There is no embedded database in ${empty}`);
    const usage = await script('restore', [], { DATA_DIR: empty, DATABASE_URL: '' });
    expect(usage.out).toContain('Usage: npm run restore -- <backup file or folder> [--force]');
    const notBackup = await script('restore', [empty], { DATA_DIR: empty, DATABASE_URL: '' });
    expect(notBackup.out).toContain('is not a backup of the embedded database');
  });
});

const server = process.env.TEST_DATABASE_URL;
(server ? describe : describe.skip)('backup and restore on PostgreSQL (pg_dump / pg_restore)', () => {
  const suffix = `${process.pid}_${Date.now()}`;
  const urlOf = (db: string) => {
    const u = new URL(server!);
    u.pathname = `/${db}`;
    return u.toString();
  };
  const src = `hr_backup_src_${suffix}`;
  const dst = `hr_backup_dst_${suffix}`;
  const admin = (sql: string) => withClient(server!, (c) => c.query(sql));

  beforeAll(async () => {
    await admin(`create database ${src}`);
    await admin(`create database ${dst}`);
  });
  afterAll(async () => {
    for (const db of [src, dst]) await admin(`drop database if exists ${db} with (force)`);
  });

  it('dumps as the owner role and restores into an empty database with the same rows and row-level security', async () => {
    await migrateInto(urlOf(src), 'server');
    await seed(urlOf(src));
    const before = await snapshot(urlOf(src));
    expect(before.counts.backup_probe).toBe(250);

    const file = join(mkdtempSync(join(work.dir, 'hr-bk-pg-')), 'hr.dump');
    const made = await script('backup', [file], { DATABASE_URL: urlOf(src) });
    expect(made).toMatchObject({ code: 0, out: expect.stringContaining(`PostgreSQL backup written to ${file}`) });

    const restored = await script('restore', [file], { DATABASE_URL: urlOf(dst) });
    expect(restored.out).toContain('Restored');
    expect(restored.code).toBe(0);
    expect(await snapshot(urlOf(dst))).toEqual(before);

    // not into a database that holds tables, unless --force replaces them
    const refused = await script('restore', [file], { DATABASE_URL: urlOf(dst) });
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('The database of DATABASE_URL is not empty');
    await withClient(urlOf(dst), (c) => c.query(`delete from backup_probe where id <= 100`));
    const forced = await script('restore', [file, '--force'], { DATABASE_URL: urlOf(dst) });
    expect(forced.code).toBe(0);
    expect(await snapshot(urlOf(dst))).toEqual(before);
  });
});
