// The suite measures the production build; a missing or out-of-date workspace is built first
// (the same rule `npm start` applies, so the startup figure never includes a build).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { log, ROOT } from './env.mjs';

const WORKSPACES = [
  ['landing', 'index.html'],
  ['admin', 'index.html'],
  ['backend', 'main.js'],
];

function newest(dir) {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

function stale(ws, marker) {
  const built = join(ROOT, ws, 'dist', marker);
  if (!existsSync(built)) return true;
  const sources = [join(ROOT, ws, 'src'), join(ROOT, ws, 'index.html'), join(ROOT, ws, 'vite.config.ts')].filter(existsSync);
  const src = Math.max(...sources.map((p) => (statSync(p).isDirectory() ? newest(p) : statSync(p).mtimeMs)));
  return src > statSync(built).mtimeMs;
}

export function staleWorkspaces() {
  return WORKSPACES.filter(([ws, marker]) => stale(ws, marker)).map(([ws]) => ws);
}

export function ensureBuilt({ build }) {
  const todo = staleWorkspaces();
  if (!todo.length) return;
  if (!build) throw new Error(`${todo.join(', ')}: the build is missing or older than the sources (run npm run build, or drop --no-build)`);
  for (const ws of todo) {
    log(`building ${ws} ...`);
    const r = spawnSync('npm', ['run', 'build', '-w', ws], { cwd: ROOT, stdio: ['ignore', 2, 2] });
    if (r.status !== 0) throw new Error(`npm run build -w ${ws} failed`);
  }
}
