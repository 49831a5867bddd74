// `npm start` to a healthy /api/health on an existing embedded database (the smaller data set in
// it), against the floor of a bare Fastify process starting on the same machine.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { staleWorkspaces } from './build.mjs';
import { runNode } from './database.mjs';
import { log, ROOT } from './env.mjs';
import { freePort, startBareFastify, waitHealthy } from './server.mjs';
import { median } from './stats.mjs';

function stopGroup(child, dataDir) {
  return new Promise((resolve) => {
    const lock = join(dataDir, 'pglite.pid');
    const done = () => {
      clearInterval(poll);
      clearTimeout(timer);
      resolve();
    };
    // the app removes its lock file once the embedded database is closed
    const poll = setInterval(() => {
      if (child.exitCode !== null && !existsSync(lock)) done();
    }, 50);
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
      done();
    }, 15_000);
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      done();
    }
  });
}

/**
 * `npm start`, or, when the build is older than the sources (only with --no-build: npm start
 * would build first), the process npm start runs after its check.
 */
function startCommand() {
  return staleWorkspaces().length
    ? { cmd: process.execPath, args: [join(ROOT, 'backend/dist/main.js')], label: 'node backend/dist/main.js (build older than sources)' }
    : { cmd: 'npm', args: ['start', '--silent'], label: 'npm start' };
}

/** One start; returns ms from spawn to the first 200 of /api/health. */
async function npmStart(dataDir, timeoutMs, logLevel = 'warn') {
  const port = await freePort();
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: logLevel };
  for (const v of ['DATABASE_URL', 'JWT_SECRET', 'MIKRO_ORM_DEBUG']) delete env[v];
  env.NODE_ENV = 'production';
  const command = startCommand();
  const started = performance.now();
  // its own process group, so npm, start.mjs and the app stop together
  const child = spawn(command.cmd, command.args, { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  try {
    await waitHealthy(`http://127.0.0.1:${port}`, timeoutMs, '/api/health', child);
    const ms = performance.now() - started;
    if (/^building /m.test(output)) throw new Error('npm start rebuilt a workspace (sources changed during the run)');
    return { ms, command: command.label, output };
  } catch (e) {
    throw new Error(`${e.message}\n${output.slice(-2000)}`);
  } finally {
    await stopGroup(child, dataDir);
  }
}

async function bareStart() {
  const started = performance.now();
  const bare = await startBareFastify();
  const ms = performance.now() - started;
  await bare.stop();
  return ms;
}

export async function measureStartup(size, runs) {
  const dataDir = mkdtempSync(join(tmpdir(), 'hr-bench-embedded-'));
  try {
    log('startup: creating the embedded database and its demo (first start)');
    let t = performance.now();
    const first = await npmStart(dataDir, 120_000, 'log');
    // the app logs how long the demo's seeding took (one transaction, after the migrations)
    const demo = /seeded the demo companies[^"]* in (\d+) ms/.exec(first.output);
    if (!demo) throw new Error(`the first start did not seed the demo\n${first.output.slice(-2000)}`);
    const demoMs = Number(demo[1]);
    log(`startup: created in ${((performance.now() - t) / 1000).toFixed(1)} s, the demo seeded in ${demoMs} ms; seeding the embedded database`);
    t = performance.now();
    const seeded = JSON.parse(await runNode([join(ROOT, 'bench/src/seed-embedded.mjs'), dataDir, JSON.stringify(size)], {}));
    log(`startup: seeded in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const starts = [];
    for (let i = 0; i < runs; i++) starts.push(await npmStart(dataDir, 30_000));
    const times = starts.map((s) => s.ms);
    const floors = [];
    for (let i = 0; i < runs; i++) floors.push(await bareStart());
    log(`startup: ${times.map((t) => t.toFixed(0)).join(', ')} ms`);
    return { demoMs, ms: median(times), runs: times, floorMs: median(floors), seeded, command: [...new Set(starts.map((s) => s.command))].join(', ') };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
