// Child processes of a run: the built backend, and the bare Fastify floor. Each is stopped by the
// process id it was started with.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { BENCH_DIR, JWT_SECRET, ROOT } from './env.mjs';
import { request } from './http.mjs';

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export async function waitHealthy(base, timeoutMs, path = '/api/health', child) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before answering`);
    try {
      const res = await request(`${base}${path}`, { timeoutMs: 1000, fresh: true });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${base}${path} did not answer 200 within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

function stopper(child) {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode) return resolve();
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
}

/**
 * The production backend (`backend/dist/main.js`) on a free port against `databaseUrl`. With
 * `captureSql`, MikroORM prints every statement it runs, so a request's SQL can be replayed.
 */
export async function startBackend(databaseUrl, { captureSql = false, serveStatic = true } = {}) {
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    JWT_SECRET,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    SERVE_STATIC: String(serveStatic),
    MIGRATE_ON_START: 'true',
    DB_POOL_MAX: '10',
    ...(captureSql ? { MIKRO_ORM_DEBUG: 'true', MIKRO_ORM_COLORS: 'false' } : {}),
  };
  // --trace-gc: one line per collection on stdout, so a run can tell when the server's full
  // collections (Mark-Compact) came; kept out of `output`, which carries the SQL log
  const child = spawn(process.execPath, ['--trace-gc', join(ROOT, 'backend/dist/main.js')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let fullCollections = 0;
  let partial = '';
  child.stdout.on('data', (d) => {
    const lines = (partial + d).split('\n');
    partial = lines.pop();
    for (const line of lines) {
      if (/^\[\d+:0x[0-9a-f]+\]\s+\d+ ms: /.test(line)) {
        if (/Mark-Compact/.test(line)) fullCollections++;
      } else output += `${line}\n`;
    }
  });
  child.stderr.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitHealthy(base, 60_000, '/api/health', child);
  } catch (e) {
    child.kill('SIGKILL');
    throw new Error(`${e.message}\n${output.slice(-3000)}`);
  }
  return {
    base,
    pid: child.pid,
    stop: stopper(child),
    /** Everything the server printed since `mark` (a position returned by `mark()`). */
    mark: () => output.length,
    /** How many full garbage collections (Mark-Compact) the server has made so far. */
    fullCollections: () => fullCollections,
    since: (mark) => output.slice(mark),
    tail: () => output.slice(-3000),
  };
}

/** A bare Fastify route answering a small JSON body: the floor of any API route. */
export async function startBareFastify() {
  const port = await freePort();
  const child = spawn(process.execPath, [join(BENCH_DIR, 'src/bare-fastify.mjs')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitHealthy(base, 15_000, '/bare', child);
  return { base, pid: child.pid, stop: stopper(child) };
}
