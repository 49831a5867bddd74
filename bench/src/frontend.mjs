// Front end: the gzip size of what a first visit loads, and Lighthouse on mobile settings.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from './env.mjs';

/**
 * The JavaScript a built index.html makes the browser load before anything is shown: the entry
 * script and every modulepreload link (Vite lists the entry's static imports there).
 */
export function initialJs(distDir) {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const files = new Set();
  for (const m of html.matchAll(/<script[^>]*\stype="module"[^>]*\ssrc="\/([^"]+\.js)"/g)) files.add(m[1]);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*\shref="\/([^"]+\.js)"/g)) files.add(m[1]);
  if (!files.size) throw new Error(`${distDir}/index.html loads no script`);
  let gzip = 0;
  for (const file of files) {
    const path = join(distDir, file);
    if (!existsSync(path)) throw new Error(`${path} is referenced by index.html but missing`);
    gzip += gzipSync(readFileSync(path)).length;
  }
  return { files: files.size, kb: gzip / 1024 };
}

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function lighthouseBin() {
  for (const p of [join(ROOT, 'node_modules/.bin/lighthouse'), join(ROOT, 'bench/node_modules/.bin/lighthouse')]) {
    if (existsSync(p)) return p;
  }
  throw new Error('lighthouse is not installed (npm ci installs it with the bench workspace)');
}

/** One Lighthouse run with its default (mobile) settings; scores 0-100. */
export function lighthouse(url) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      lighthouseBin(),
      [
        url,
        '--output=json',
        '--output-path=stdout',
        '--only-categories=performance,accessibility',
        `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
        '--quiet',
      ],
      { cwd: ROOT, env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH || '/usr/bin/chromium' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse exited with ${code}: ${err.slice(-2000)}`));
      try {
        const report = JSON.parse(out);
        const score = (c) => Math.round((report.categories[c]?.score ?? NaN) * 100);
        const audit = (a) => report.audits[a]?.numericValue;
        resolve({
          performance: score('performance'),
          accessibility: score('accessibility'),
          fcpMs: audit('first-contentful-paint'),
          lcpMs: audit('largest-contentful-paint'),
          tbtMs: audit('total-blocking-time'),
          formFactor: report.configSettings?.formFactor,
        });
      } catch (e) {
        reject(new Error(`lighthouse printed no report: ${e.message}`));
      }
    });
  });
}
