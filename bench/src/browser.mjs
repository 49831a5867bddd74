// The console in Chromium: how long a person waits for a screen to become usable, beside the
// floors of the same run (the API answering the screen's own requests, the files it loads
// fetched without a browser). Chromium is the system's (/usr/bin/chromium or CHROME_PATH),
// driven by the e2e workspace's Playwright; nothing is downloaded and no network is needed.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import http from 'node:http';
import { ROOT } from './env.mjs';
import { median } from './stats.mjs';

export const SUPERADMIN = {
  email: process.env.SUPERADMIN_EMAIL || 'superadmin@example.com',
  password: process.env.SUPERADMIN_PASSWORD || 'Super#Admin2026',
};

/**
 * The screens measured and what makes each usable: the superadmin's dashboard with its figures,
 * the packages with their cards, Analytics with its MRR chart drawn.
 */
export const SCREENS = [
  { path: '/dashboard', name: 'dashboard', usable: (page) => page.getByLabel('Total Companies').first() },
  { path: '/packages', name: 'packages', usable: (page) => page.locator('.MuiCard-root h2').first() },
  { path: '/analytics', name: 'analytics', usable: (page) => page.locator('[data-testid="analytics-mrr"] svg.recharts-surface').first() },
];

const CHROME_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-extensions'];
const VIEWPORT = { width: 1280, height: 800 };
const TIMEOUT_MS = 60_000;

function chromium() {
  const e2eRequire = createRequire(join(ROOT, 'e2e/package.json'));
  try {
    return e2eRequire('@playwright/test').chromium;
  } catch (e) {
    throw new Error(`Playwright is not installed (npm ci installs it with the e2e workspace): ${e.message}`);
  }
}

/** Every request a page makes from now on, with its method, headers, body and whether the service worker answered. */
function recorder(page) {
  const requests = [];
  page.on('requestfinished', async (req) => {
    const res = await req.response().catch(() => null);
    requests.push({
      url: req.url(),
      method: req.method(),
      headers: req.headers(),
      body: req.postData(),
      fromServiceWorker: res?.fromServiceWorker() ?? false,
    });
  });
  return requests;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 6 });

function fetchOnce(url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.request(url, { method, agent, headers: { ...headers, 'accept-encoding': 'gzip, br' } }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => resolve({ status: res.statusCode, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}

/**
 * The floors of one flow: its API requests as the browser sent them (same method, token and body),
 * one after another (their sum), and its other files fetched six at a time, as Chromium fetches
 * from one HTTP/1.1 origin (the transfer floor). Each the median of three.
 */
async function floors(requests, base) {
  const api = requests.filter((r) => new URL(r.url).pathname.startsWith('/api/'));
  const files = [...new Set(requests.filter((r) => !new URL(r.url).pathname.startsWith('/api/') && r.method === 'GET').map((r) => r.url))];
  const apiRun = async () => {
    let total = 0;
    for (const r of api) {
      const headers = { ...r.headers };
      delete headers['accept-encoding'];
      const res = await fetchOnce(r.url, { method: r.method, headers, body: r.body ?? undefined });
      if (res.status >= 400) throw new Error(`${r.method} ${new URL(r.url).pathname} answered ${res.status} when replayed`);
      total += res.ms;
    }
    return total;
  };
  const filesRun = async () => {
    const started = process.hrtime.bigint();
    const queue = [...files];
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        for (let url = queue.shift(); url; url = queue.shift()) {
          const res = await fetchOnce(url);
          if (res.status !== 200) throw new Error(`${url.replace(base, '')} answered ${res.status}`);
        }
      }),
    );
    return Number(process.hrtime.bigint() - started) / 1e6;
  };
  const apiMs = [];
  const filesMs = [];
  for (let i = 0; i < 3; i++) {
    apiMs.push(await apiRun());
    filesMs.push(await filesRun());
  }
  return { apiMs: median(apiMs), filesMs: median(filesMs), apiRequests: api.length, files: files.length };
}

const since = (t0) => Number(process.hrtime.bigint() - t0) / 1e6;

/** Waits for what makes a screen usable; a failure names the step and the address the page was at. */
async function usable(page, screen, step) {
  try {
    await screen.usable(page).waitFor({ timeout: TIMEOUT_MS });
  } catch (e) {
    throw new Error(`${step}: ${screen.path} not usable within ${TIMEOUT_MS / 1000} s (the page at ${new URL(page.url()).pathname}): ${e.message.split('\n')[0]}`);
  }
}

async function signedInState(browser, base) {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await signIn(page, base);
    await usable(page, SCREENS[0], 'first sign-in');
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/** The sign-in page until its form shows and its loading has settled (the time a person takes to type), then the credentials. */
async function openSignIn(page, base) {
  await page.goto(`${base}/login`, { timeout: TIMEOUT_MS });
  await page.locator('input[name="email"]').waitFor({ timeout: TIMEOUT_MS });
  await page.waitForLoadState('networkidle');
  await page.locator('input[name="email"]').fill(SUPERADMIN.email);
  await page.locator('input[name="password"]').fill(SUPERADMIN.password);
}

async function signIn(page, base) {
  await openSignIn(page, base);
  await page.getByRole('button', { name: /sign in/i }).first().click();
}

/**
 * One measured run: sign-in → the dashboard usable; a cold load of each screen (a new browser
 * profile: nothing cached, no service worker); and a second visit of each from the service
 * worker's cache (the worker installed by a first visit of the same profile).
 */
async function measureRun(browser, base, storageState) {
  const run = { signIn: null, cold: {}, warm: {} };
  {
    const context = await browser.newContext({ serviceWorkers: 'block', viewport: VIEWPORT });
    const page = await context.newPage();
    await openSignIn(page, base);
    const requests = recorder(page);
    const t0 = process.hrtime.bigint();
    await page.getByRole('button', { name: /sign in/i }).first().click();
    await usable(page, SCREENS[0], 'sign-in');
    run.signIn = { ms: since(t0), requests: [...requests] };
    await context.close();
  }
  for (const screen of SCREENS) {
    const context = await browser.newContext({ serviceWorkers: 'block', viewport: VIEWPORT, storageState });
    const page = await context.newPage();
    const requests = recorder(page);
    const t0 = process.hrtime.bigint();
    await page.goto(`${base}${screen.path}`, { waitUntil: 'commit', timeout: TIMEOUT_MS });
    await usable(page, screen, 'cold load');
    run.cold[screen.name] = { ms: since(t0), requests: [...requests] };
    await context.close();
  }
  {
    const context = await browser.newContext({ viewport: VIEWPORT, storageState });
    const first = await context.newPage();
    await first.goto(`${base}${SCREENS[0].path}`, { timeout: TIMEOUT_MS });
    await usable(first, SCREENS[0], 'first visit installing the service worker');
    // installed (its precache complete) and controlling the page
    await first.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await first.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, { timeout: TIMEOUT_MS });
    await first.close();
    for (const screen of SCREENS) {
      const page = await context.newPage();
      const requests = recorder(page);
      const t0 = process.hrtime.bigint();
      await page.goto(`${base}${screen.path}`, { waitUntil: 'commit', timeout: TIMEOUT_MS });
      await usable(page, screen, 'second visit');
      const ms = since(t0);
      const files = requests.filter((r) => !new URL(r.url).pathname.startsWith('/api/'));
      run.warm[screen.name] = { ms, files: files.length, fromServiceWorker: files.filter((r) => r.fromServiceWorker).length };
      await page.close();
    }
    await context.close();
  }
  return run;
}

/**
 * `runs` measured runs after one unmeasured (the server's code warmed up for these requests, as
 * for the API figures); each figure is the median of the runs, beside its floors.
 */
export async function measureBrowser(base, { runs = 3, executablePath = process.env.CHROME_PATH || '/usr/bin/chromium' } = {}) {
  const browser = await chromium().launch({ executablePath, args: CHROME_ARGS, headless: true });
  try {
    const storageState = await signedInState(browser, base);
    await measureRun(browser, base, storageState);
    const all = [];
    for (let i = 0; i < runs; i++) all.push(await measureRun(browser, base, storageState));
    const last = all[all.length - 1];
    const result = { runs, signIn: null, cold: {}, warm: {} };
    result.signIn = { ms: median(all.map((r) => r.signIn.ms)), samples: all.map((r) => r.signIn.ms), ...(await floors(last.signIn.requests, base)) };
    for (const screen of SCREENS) {
      const cold = all.map((r) => r.cold[screen.name]);
      result.cold[screen.name] = { path: screen.path, ms: median(cold.map((c) => c.ms)), samples: cold.map((c) => c.ms), ...(await floors(last.cold[screen.name].requests, base)) };
      const warm = all.map((r) => r.warm[screen.name]);
      result.warm[screen.name] = {
        path: screen.path,
        ms: median(warm.map((w) => w.ms)),
        samples: warm.map((w) => w.ms),
        files: warm[warm.length - 1].files,
        fromServiceWorker: warm[warm.length - 1].fromServiceWorker,
      };
    }
    return result;
  } finally {
    await browser.close();
    agent.destroy();
  }
}

// `node bench/src/browser.mjs http://127.0.0.1:3000 [runs]`: the figures against a running server
if (import.meta.url === `file://${process.argv[1]}`) {
  const [base = 'http://127.0.0.1:3000', runs = '3'] = process.argv.slice(2);
  const r = await measureBrowser(base, { runs: Number(runs) });
  const f = (x) => `${Math.round(x)} ms`;
  console.log(`sign-in → dashboard usable: ${f(r.signIn.ms)} [${r.signIn.samples.map(Math.round).join(', ')}]; floor: API ${f(r.signIn.apiMs)} (${r.signIn.apiRequests} requests) + files ${f(r.signIn.filesMs)} (${r.signIn.files})`);
  for (const [name, c] of Object.entries(r.cold)) {
    const w = r.warm[name];
    console.log(`${c.path}: cold ${f(c.ms)} [${c.samples.map(Math.round).join(', ')}]; floor: API ${f(c.apiMs)} (${c.apiRequests}) + files ${f(c.filesMs)} (${c.files}); warm ${f(w.ms)} [${w.samples.map(Math.round).join(', ')}], ${w.fromServiceWorker}/${w.files} files from the service worker`);
  }
}
