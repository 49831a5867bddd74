import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, devices, expect, test } from '@playwright/test';
import { serviceWorkerInControl } from '../pages/PwaApp';

const { defaultBrowserType: _browser, ...PHONE } = devices['Pixel 7'];
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
// installed with the bench workspace; npm workspaces put its command in the root node_modules
const LIGHTHOUSE = path.resolve(__dirname, '../../node_modules/.bin/lighthouse');

interface LighthouseAudit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
}
interface LighthouseReport {
  lighthouseVersion: string;
  finalDisplayedUrl: string;
  configSettings: { formFactor: string };
  categories: Record<string, { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>;
  audits: Record<string, LighthouseAudit>;
  runtimeError?: { code: string; message: string };
}

/** One Lighthouse run (mobile, its default) of `url` in the system Chromium; nothing is downloaded. */
function lighthouse(url: string, categories: string[]): Promise<LighthouseReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      LIGHTHOUSE,
      [url, '--output=json', '--output-path=stdout', `--only-categories=${categories.join(',')}`, `--chrome-flags=--headless ${CHROMIUM_ARGS.join(' ')}`, '--quiet'],
      { env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse exited with ${code}: ${err.slice(-2000)}`));
      try {
        resolve(JSON.parse(out) as LighthouseReport);
      } catch (error) {
        reject(new Error(`lighthouse printed no report: ${(error as Error).message} ${err.slice(-2000)}`));
      }
    });
  });
}

test.describe('installability and best practices', () => {
  test('Chromium finds nothing that keeps the app from being installed', async ({ baseURL }) => {
    // a profile on disk: Chromium does not offer installation in a private context at all
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'hr-pwa-audit-'));
    const context = await chromium.launchPersistentContext(profile, {
      ...PHONE,
      baseURL,
      headless: true,
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      const cdp = await context.newCDPSession(page);
      for (const screen of ['/login', '/pwa-install']) {
        await page.goto(screen);
        await serviceWorkerInControl(page);
        const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
        console.log(`${screen}: ${installabilityErrors.length} installability errors`);
        expect(installabilityErrors, screen).toEqual([]);
        const manifest = await cdp.send('Page.getAppManifest');
        expect(manifest.url).toBe(`${baseURL}/manifest.webmanifest`);
        expect(manifest.errors, screen).toEqual([]);
      }
    } finally {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });

  test('a Lighthouse best-practices audit of the app fails no check', async ({ baseURL }) => {
    test.setTimeout(120_000);
    const report = await lighthouse(`${baseURL}/login`, ['best-practices']);
    expect(report.runtimeError).toBeUndefined();
    const category = report.categories['best-practices'];
    const audits = category.auditRefs.map((ref) => report.audits[ref.id]);
    const scored = audits.filter((a) => a.scoreDisplayMode === 'binary' || a.scoreDisplayMode === 'numeric');
    const failed = scored.filter((a) => (a.score ?? 0) < 1).map((a) => `${a.id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
    console.log(
      `Lighthouse ${report.lighthouseVersion} (${report.configSettings.formFactor}) best-practices ${Math.round((category.score ?? 0) * 100)}: ` +
        `${scored.length - failed.length} of ${scored.length} scored checks passed${failed.length ? `; failed: ${failed.join('; ')}` : ''}`,
    );
    expect(failed).toEqual([]);
    expect(category.score).toBe(1);
  });
});
