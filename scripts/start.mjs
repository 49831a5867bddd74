// `npm start`: builds what is missing or out of date, then serves the whole product from one process.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const newest = (dir) => {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
};
const stale = (ws, marker) => {
  const built = join(root, ws, 'dist', marker);
  if (!existsSync(built)) return true;
  const sources = [join(root, ws, 'src'), join(root, ws, 'index.html'), join(root, ws, 'vite.config.ts')].filter(existsSync);
  const src = Math.max(...sources.map((p) => (statSync(p).isDirectory() ? newest(p) : statSync(p).mtimeMs)));
  return src > statSync(built).mtimeMs;
};

for (const [ws, marker] of [['landing', 'index.html'], ['admin', 'index.html'], ['backend', 'main.js']]) {
  if (stale(ws, marker)) {
    console.log(`building ${ws} ...`);
    const r = spawnSync('npm', ['run', 'build', '-w', ws], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}

const child = spawn(process.execPath, [join(root, 'backend/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
