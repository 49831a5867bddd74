/* global process, console */
// Shared by backup.mjs and restore.mjs: where the database is, and the PostgreSQL client tools.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

export class BackupError extends Error {}

/** PostgreSQL (DATABASE_URL) or the embedded database under DATA_DIR, as the app chooses. */
export function target(env = process.env) {
  const url = env.DATABASE_URL || '';
  if (url) {
    if (!/^postgres(ql)?:\/\//.test(url)) throw new BackupError('DATABASE_URL must be a postgres:// URL');
    return { kind: 'postgres', url };
  }
  const dataDir = resolve(env.DATA_DIR || './data');
  return { kind: 'embedded', dataDir, pgdata: join(dataDir, 'pgdata'), lock: join(dataDir, 'pglite.pid') };
}

/** The embedded database has no lock of its own: the app's pid file tells whether it is in use. */
export function assertEmbeddedStopped(t) {
  if (!existsSync(t.lock)) return;
  const pid = Number(readFileSync(t.lock, 'utf8'));
  if (!pid) return;
  let alive = false;
  try {
    process.kill(pid, 0);
    alive = true;
  } catch (e) {
    alive = e.code === 'EPERM';
  }
  if (alive) {
    throw new BackupError(
      `The embedded database in ${t.dataDir} is in use by process ${pid} (${t.lock}). ` +
        'Stop the app first: a copy of a running database directory is not a consistent backup.',
    );
  }
}

/**
 * pg_dump / pg_restore: PG_BIN_DIR, else the newest /usr/lib/postgresql/<version>/bin (Debian
 * installs them there; the client must not be older than the server), else the PATH.
 */
export function pgTool(name, env = process.env) {
  if (env.PG_BIN_DIR) return join(env.PG_BIN_DIR, name);
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    const versions = readdirSync(base)
      .filter((v) => existsSync(join(base, v, 'bin', name)))
      .sort((a, b) => Number(b) - Number(a));
    if (versions.length) return join(base, versions[0], 'bin', name);
  }
  return name;
}

export function run(command, args, options = {}) {
  const r = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (r.error) throw new BackupError(`${command}: ${r.error.message} (set PG_BIN_DIR to the folder of the PostgreSQL client tools)`);
  if (r.status !== 0) throw new BackupError(`${command} failed (exit ${r.status}):\n${(r.stderr || r.stdout || '').trim()}`);
  return r.stdout;
}

export const timestamp = () => new Date().toISOString().replace(/[:.]/g, '-').replace(/-\d{3}Z$/, 'Z');

/** `--force` and the positional arguments. */
export function parseArgs(argv) {
  const force = argv.includes('--force');
  const positional = argv.filter((a) => !a.startsWith('--'));
  return { force, positional };
}

export function main(fn) {
  fn(process.argv.slice(2)).catch((e) => {
    console.error(e instanceof BackupError ? `Error: ${e.message}` : e);
    process.exit(1);
  });
}
