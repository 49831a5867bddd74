import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The embedded PostgreSQL: PGlite served over the PostgreSQL wire protocol on loopback, so the app
 * uses the same driver, migrations and SQL as on a PostgreSQL server. PGlite has no lock of its
 * own and two processes on one directory corrupt it, hence the pid file.
 */
export interface EmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e: any) {
    return e.code === 'EPERM';
  }
}

function takeLock(dataDir: string): string {
  const lock = join(dataDir, 'pglite.pid');
  if (existsSync(lock)) {
    const pid = Number(readFileSync(lock, 'utf8'));
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new Error(
        `The embedded database in ${dataDir} is in use by process ${pid}. ` +
          'Stop it first, or set DATA_DIR to another directory.',
      );
    }
  }
  writeFileSync(lock, String(process.pid));
  return lock;
}

/** Marks the embedded database's URL: its pool connections share one session. */
export const EMBEDDED_APPLICATION_NAME = 'hr-embedded';

export function isEmbeddedDatabaseUrl(url: string): boolean {
  return new URL(url).searchParams.get('application_name') === EMBEDDED_APPLICATION_NAME;
}

export async function startEmbeddedPostgres(dataDir: string, maxConnections: number): Promise<EmbeddedPostgres> {
  mkdirSync(dataDir, { recursive: true });
  const lock = takeLock(dataDir);
  // Both packages ship CommonJS builds; loaded lazily so a PostgreSQL deployment never opens them.
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  const db = await PGlite.create({ dataDir: join(dataDir, 'pgdata') });
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections });
  await server.start();
  const port = Number(server.getServerConn().split(':').pop());
  if (!port) throw new Error('The embedded database did not report its port');
  let stopped = false;
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres?application_name=${EMBEDDED_APPLICATION_NAME}`,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop();
      await db.close();
      rmSync(lock, { force: true });
    },
  };
}
