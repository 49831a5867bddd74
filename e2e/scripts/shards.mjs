// Runs the browser tests as N side-by-side runs ("shards"), each with its own server on its own
// port and its own fresh database, so a 2-core machine is kept busy while one run waits on the
// other (one run alone leaves about 40 % of the CPU idle). The spec files, in name order, are dealt
// out in turn (1st to shard 1, 2nd to shard 2, …), which spreads the long ones.
//
//   node scripts/shards.mjs [N]        (N: E2E_SHARDS, or 2)
//
// Each shard's output goes to its own log, printed when all have ended (the failed ones last, so a
// log's end shows the failure); its tests' artifacts to test-results/shard-K. The flaky tests of
// every shard are written together to E2E_FLAKY_FILE (test-results/flaky.txt by default), and only
// when every shard wrote its list. Exit code: 0 when every shard passed.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const count = Math.max(1, Number(process.argv[2] ?? process.env.E2E_SHARDS ?? 2));
const basePort = Number(process.env.E2E_PORT ?? 3100);
const flakyFile = path.resolve(process.env.E2E_FLAKY_FILE || path.join(root, 'test-results', 'flaky.txt'));
fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });
const work = fs.mkdtempSync(path.join(root, 'test-results', '.shards-'));

const specs = fs
  .readdirSync(path.join(root, 'tests'))
  .filter((name) => name.endsWith('.spec.ts'))
  .sort();
const shards = Array.from({ length: count }, (_, k) => ({
  k: k + 1,
  files: specs.filter((_, i) => i % count === k).map((name) => `tests/${name}`),
  log: path.join(work, `shard-${k + 1}.log`),
  flaky: path.join(work, `flaky-${k + 1}.txt`),
}));

const started = Date.now();
console.log(`browser tests in ${count} shards, ${specs.length} spec files:`);
for (const s of shards) console.log(`  shard ${s.k} (port ${basePort + s.k}): ${s.files.map((f) => path.basename(f, '.spec.ts')).join(', ')}`);

const run = (s) =>
  new Promise((resolve) => {
    const out = fs.openSync(s.log, 'w');
    // each shard's own server, port and fresh database (the config makes the data directory)
    const env = { ...process.env, E2E_PORT: String(basePort + s.k), E2E_FLAKY_FILE: s.flaky };
    delete env.E2E_DATA_DIR;
    const child = spawn('npx', ['playwright', 'test', ...s.files, `--output=test-results/shard-${s.k}`], {
      cwd: root,
      stdio: ['ignore', out, out],
      env,
    });
    // a stopped run (CI stopping after another step failed) stops the shards too
    const stop = () => child.kill('SIGTERM');
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
    child.on('exit', (code, signal) => {
      fs.closeSync(out);
      const minutes = ((Date.now() - started) / 60_000).toFixed(1);
      console.log(`shard ${s.k} ended after ${minutes} min: ${code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`}`);
      resolve({ ...s, ok: code === 0 });
    });
  });

const results = await Promise.all(shards.map(run));
for (const r of [...results.filter((r) => r.ok), ...results.filter((r) => !r.ok)]) {
  console.log(`\n--- browser tests, shard ${r.k} of ${count} (${r.ok ? 'passed' : 'FAILED'})`);
  process.stdout.write(fs.readFileSync(r.log, 'utf8'));
}
if (results.every((r) => fs.existsSync(r.flaky))) {
  fs.mkdirSync(path.dirname(flakyFile), { recursive: true });
  fs.writeFileSync(flakyFile, results.map((r) => fs.readFileSync(r.flaky, 'utf8')).join(''));
} else {
  fs.rmSync(flakyFile, { force: true });
}
fs.rmSync(work, { recursive: true, force: true });
process.exit(results.every((r) => r.ok) ? 0 : 1);
