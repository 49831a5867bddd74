import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';

const LANDING_DIR = resolve(__dirname, '../../landing');
/** Budget of the public landing page: JavaScript that `/` loads, gzip-compressed. */
const BUDGET_BYTES = 60 * 1024;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** The entry's file and every chunk it imports statically (what the browser loads before rendering). */
function staticClosure(manifest: Record<string, ManifestChunk>, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

describe('landing site budget', () => {
  let outDir: string;
  beforeAll(async () => {
    outDir = mkdtempSync(join(tmpdir(), 'hr-landing-budget-'));
    const vite = join(resolve(require.resolve('vite/package.json', { paths: [LANDING_DIR] }), '..'), 'bin', 'vite.js');
    await promisify(execFile)(
      process.execPath,
      [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'error'],
      { cwd: LANDING_DIR, timeout: 120_000 },
    );
  }, 150_000);
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it(`/ loads at most ${BUDGET_BYTES / 1024} KB of gzip JavaScript`, () => {
    const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
    const html = readFileSync(join(outDir, 'index.html'), 'utf8');
    const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
    expect(entry).toBeDefined();

    const files = new Set([...staticClosure(manifest, entry!)].map((key) => manifest[key].file));
    // whatever else the HTML itself loads counts too
    for (const match of html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/([^"]+\.js)"/g)) files.add(match[1]);

    const sizes = [...files].map((file) => {
      const path = join(outDir, file);
      expect(existsSync(path)).toBe(true);
      return { file, gzip: gzipSync(readFileSync(path)).length };
    });
    const total = sizes.reduce((sum, s) => sum + s.gzip, 0);
    console.log(`landing / JavaScript: ${(total / 1024).toFixed(1)} KB gzip (${sizes.map((s) => s.file).join(', ')})`);
    expect(total).toBeGreaterThan(1024);
    expect(total).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it('keeps the server-rendered head markers in the built HTML', () => {
    const html = readFileSync(join(outDir, 'index.html'), 'utf8');
    expect(html).toMatch(/<!--seo:start-->[\s\S]*<title>[\s\S]*<!--seo:end-->/);
  });
});
