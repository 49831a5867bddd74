import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, devices, expect, test, type BrowserContext, type Page } from '@playwright/test';
import { COMPANY_ADMIN, SUPERADMIN } from '../fixtures/users';
import { LoginPage } from '../pages/LoginPage';
import { emulateStandalone, PwaApp, serviceWorkerInControl } from '../pages/PwaApp';
import { PwaApi } from '../pages/PwaApi';
import { PwaProxy } from '../pages/PwaProxy';

// the employee app is used on a phone: every test here runs in a phone-sized Chromium
const { defaultBrowserType: _browser, ...PHONE } = devices['Pixel 7'];
test.use(PHONE);

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const FLAGS = { installed: 'pwa_installed', dismissed: 'pwa_install_dismissed' };

/** Width and height of a PNG, read from its IHDR chunk. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

const flags = (page: Page) =>
  page.evaluate((keys) => ({ installed: localStorage.getItem(keys.installed), dismissed: localStorage.getItem(keys.dismissed) }), FLAGS);

/** A fake `beforeinstallprompt` whose dialog answers `outcome` (Chromium's own dialog cannot be answered headless). */
const offerInstall = (page: Page, outcome: 'accepted' | 'dismissed') =>
  page.evaluate((answer) => {
    const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & Record<string, unknown>;
    (window as unknown as { promptCalls: number }).promptCalls = 0;
    event.prompt = async () => {
      (window as unknown as { promptCalls: number }).promptCalls += 1;
    };
    event.userChoice = Promise.resolve({ outcome: answer, platform: 'web' });
    window.dispatchEvent(event);
  }, outcome);

test.describe('installable app', () => {
  test('the manifest, its icons and the service worker are served, and the worker takes control', async ({ page, request, baseURL }) => {
    const manifestRes = await request.get('/manifest.webmanifest');
    expect(manifestRes.status()).toBe(200);
    expect(manifestRes.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = await manifestRes.json();
    expect(manifest).toMatchObject({
      name: 'HR Platform',
      short_name: 'HR',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      theme_color: '#2563eb',
      background_color: '#ffffff',
    });
    // the sizes installers ask for: Android 48–192, splash and stores 512, maskable 192 and 512
    const sizes = (purpose: string) =>
      (manifest.icons as Array<{ sizes: string; purpose: string }>).filter((i) => i.purpose === purpose).map((i) => i.sizes);
    expect(sizes('any')).toEqual(expect.arrayContaining(['48x48', '72x72', '96x96', '144x144', '192x192', '512x512']));
    expect(sizes('maskable')).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons as Array<{ src: string; sizes: string; type: string }>) {
      const res = await request.get(icon.src);
      expect(res.status(), icon.src).toBe(200);
      expect(res.headers()['content-type']).toBe(icon.type);
      const { width, height } = pngSize(await res.body());
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }

    const html = await (await request.get('/login')).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(html).toContain('<meta name="theme-color" content="#2563eb"');
    expect(html).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png"');

    const worker = await request.get('/sw.js');
    expect(worker.status()).toBe(200);
    expect(worker.headers()['content-type']).toMatch(/javascript/);
    // never cached by the browser, so an update is seen at the next check
    expect(worker.headers()['cache-control']).toBe('no-cache');
    expect(await worker.text()).toContain('importScripts("/offline-sync-sw.js")');

    await page.goto('/login');
    const control = await serviceWorkerInControl(page);
    expect(control).toEqual({ scriptURL: `${baseURL}/sw.js`, scope: `${baseURL}/` });

    // a SKIP_WAITING message posted to the window is relayed to the service worker
    const relayed = await page.evaluate(async () => {
      const seen: unknown[] = [];
      const post = ServiceWorker.prototype.postMessage;
      ServiceWorker.prototype.postMessage = function (this: ServiceWorker, message: unknown, ...rest: unknown[]) {
        if (this === navigator.serviceWorker.controller) seen.push(message);
        return (post as (...args: unknown[]) => void).call(this, message, ...rest);
      };
      window.postMessage({ type: 'SKIP_WAITING' }, window.location.origin);
      window.postMessage({ type: 'SKIP_WAITING' }, '*');
      await new Promise((resolve) => setTimeout(resolve, 300));
      ServiceWorker.prototype.postMessage = post;
      return seen;
    });
    expect(relayed.length).toBeGreaterThanOrEqual(1);
    expect(relayed[0]).toEqual({ type: 'SKIP_WAITING' });

    // an update installed while a controller exists: the new worker takes over and the page reloads
    const proxy = new PwaProxy(baseURL!);
    const origin = await proxy.start();
    try {
      await page.goto(`${origin}/login`);
      await serviceWorkerInControl(page);
      await page.evaluate(() => {
        (window as unknown as { beforeUpdate: boolean }).beforeUpdate = true;
      });
      proxy.workerSuffix = `\n// next version ${Date.now()}\n`;
      const reloaded = page.waitForEvent('load');
      await page.evaluate(() => navigator.serviceWorker.getRegistration('/').then((registration) => registration!.update()));
      await reloaded;
      expect(await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate)).toBeUndefined();
      await serviceWorkerInControl(page);
    } finally {
      await proxy.stop();
    }
    await page.goto('/login');

    // no install offer in this (private) browser context: the prompt stays hidden
    await expect(new LoginPage(page).heading).toBeVisible();
    await expect(new PwaApp(page).installPrompt).toHaveCount(0);
  });

  test.describe('install prompt', () => {
    let context: BrowserContext;
    let page: Page;

    // Chromium offers installation (beforeinstallprompt) only to a profile on disk, not to a
    // private context; engagement checks are bypassed so the offer comes at once.
    test.beforeEach(async ({ baseURL }) => {
      const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'hr-pwa-profile-'));
      context = await chromium.launchPersistentContext(profile, {
        ...PHONE,
        baseURL,
        headless: true,
        executablePath: '/usr/bin/chromium',
        args: [...CHROMIUM_ARGS, '--bypass-app-banner-engagement-checks'],
      });
      await context.addInitScript(() => {
        const w = window as unknown as { offers: number };
        w.offers = 0;
        window.addEventListener('beforeinstallprompt', () => (w.offers += 1));
      });
      page = context.pages()[0] ?? (await context.newPage());
    });

    test.afterEach(async () => {
      await context.close();
    });

    const offers = () => page.evaluate(() => (window as unknown as { offers: number }).offers);

    test('shows on the browser offer, Maybe later and the close icon dismiss it for good', async () => {
      const app = new PwaApp(page);
      await page.goto('/login');
      await expect.poll(offers).toBeGreaterThanOrEqual(1);
      await expect(app.installPrompt).toBeVisible();
      await expect(app.installPrompt).toContainText('Install the HR Platform app on this device');
      await app.installPrompt.getByRole('button', { name: 'Maybe later' }).click();
      await expect(app.installPrompt).toBeHidden();
      expect(await flags(page)).toEqual({ installed: null, dismissed: 'true' });

      // the browser offers again on the next load, the dismissed flag keeps the prompt away
      await page.reload();
      await expect.poll(offers).toBeGreaterThanOrEqual(1);
      await page.waitForTimeout(500);
      await expect(app.installPrompt).toHaveCount(0);

      await page.evaluate((keys) => localStorage.removeItem(keys.dismissed), FLAGS);
      await page.reload();
      await expect(app.installPrompt).toBeVisible();
      await app.installPrompt.getByRole('button', { name: 'Close' }).click();
      await expect(app.installPrompt).toBeHidden();
      expect(await flags(page)).toEqual({ installed: null, dismissed: 'true' });
    });

    test('Install opens the browser dialog and hides the prompt whatever the outcome; an installed app is recorded', async () => {
      const app = new PwaApp(page);
      await page.goto('/login');
      await expect(app.installPrompt).toBeVisible();
      await app.installPrompt.getByRole('button', { name: 'Install' }).click();
      // headless Chromium dismisses its dialog (and offers again at once): the prompt stays hidden
      await page.waitForTimeout(1_000);
      await expect(app.installPrompt).toHaveCount(0);
      expect(await flags(page)).toEqual({ installed: null, dismissed: null });

      // the browser reports an install (what it sends once its dialog was accepted)
      await page.reload();
      await expect(app.installPrompt).toBeVisible();
      await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
      await expect(app.installPrompt).toBeHidden();
      expect(await flags(page)).toEqual({ installed: 'true', dismissed: null });
      await page.reload();
      await expect.poll(offers).toBeGreaterThanOrEqual(1);
      await page.waitForTimeout(500);
      await expect(app.installPrompt).toHaveCount(0);
    });

    test('hides by itself after 20 seconds without storing a flag', async () => {
      const app = new PwaApp(page);
      // the page's clock stands still until the test moves it, so a busy machine's real time does
      // not count towards the 20 seconds
      await context.clock.install();
      await page.clock.pauseAt(Date.now() + 60_000);
      await page.goto('/login');
      await expect(app.installPrompt).toBeVisible();
      await page.clock.runFor(19_000);
      // a prompt closing now would have slid out of view by the time the real half second is over
      await page.waitForTimeout(500);
      await expect(app.installPrompt).toBeInViewport();
      await page.clock.runFor(1_500);
      // the clock runs again for the closing transition
      await page.clock.resume();
      await expect(app.installPrompt).toBeHidden();
      expect(await flags(page)).toEqual({ installed: null, dismissed: null });
    });
  });

  test('an accepted install dialog is recorded as installed', async ({ page }) => {
    const app = new PwaApp(page);
    await page.goto('/login');
    await serviceWorkerInControl(page);
    await offerInstall(page, 'accepted');
    await expect(app.installPrompt).toBeVisible();
    await app.installPrompt.getByRole('button', { name: 'Install' }).click();
    await expect(app.installPrompt).toBeHidden();
    expect(await page.evaluate(() => (window as unknown as { promptCalls: number }).promptCalls)).toBe(1);
    await expect.poll(() => flags(page)).toEqual({ installed: 'true', dismissed: null });
  });
});

test.describe('install and platform pages', () => {
  test('/pwa-install in a browser: instructions for iOS, Android and desktop, Install when the browser offers it', async ({ page }) => {
    await page.goto('/pwa-install');
    await expect(page.getByRole('heading', { name: 'Install the App' })).toBeVisible();
    await expect(page.getByText('Employees must use the PWA (Progressive Web App). Please install the app.')).toBeVisible();
    for (const platform of ['iPhone and iPad (Safari)', 'Android (Chrome)', 'Desktop (Chrome or Edge)']) {
      await expect(page.getByRole('heading', { name: platform })).toBeVisible();
    }
    const install = page.getByRole('main').getByRole('button', { name: 'Install', exact: true });
    await expect(install).toHaveCount(0);
    await offerInstall(page, 'dismissed');
    await expect(install).toBeVisible();
    // the screen has its own Install button: no overlay on top of it
    await expect(new PwaApp(page).installPrompt).toHaveCount(0);
    await install.click();
    await expect(install).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { promptCalls: number }).promptCalls)).toBe(1);
    await expect(page.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  });

  test('/pwa-install in the app: App Already Installed with Open App', async ({ browser }) => {
    const context = await browser.newContext(PHONE);
    await emulateStandalone(context);
    const page = await context.newPage();
    await page.goto('/pwa-install');
    await expect(page.getByText('App Already Installed')).toBeVisible();
    await expect(page.getByText('iPhone and iPad (Safari)')).toHaveCount(0);
    await page.getByRole('button', { name: 'Open App' }).click();
    // signed out, the app opens on its sign-in screen
    await expect(page).toHaveURL(/\/login$/);
    await context.close();
  });

  test('/platform-warning: Platform Access Restricted, Back to Login, Open Website in Browser', async ({ page }) => {
    await page.goto('/platform-warning');
    await expect(page.getByRole('heading', { name: 'Platform Access Restricted' })).toBeVisible();
    const website = page.getByRole('link', { name: 'Open Website in Browser' });
    await expect(website).toHaveAttribute('href', /\/login$/);
    await expect(website).toHaveAttribute('target', '_blank');
    await page.getByRole('button', { name: 'Back to Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('platform rule after sign-in', () => {
  const signIn = async (page: Page, user: { email: string; password: string }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(user.email, user.password);
    await login.expectMessage('Login successful! Redirecting...');
  };

  test('an employee whose position allows only the app: /pwa-install in a browser, the app in standalone mode', async ({ browser, request }) => {
    const admin = await PwaApi.signIn(request);
    const position = await admin.newPosition();
    const employee = await admin.newEmployee(position);

    const web = await browser.newContext(PHONE);
    const page = await web.newPage();
    await signIn(page, employee);
    await expect(page).toHaveURL(/\/pwa-install$/);
    await expect(page.getByRole('heading', { name: 'Install the App' })).toBeVisible();
    // any console screen sends the employee back here
    await page.goto('/hr/attendance');
    await expect(page).toHaveURL(/\/pwa-install$/);
    await page.getByRole('button', { name: 'Continue in Browser (Limited Access)' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await new PwaApp(page).expectBrowserMode();
    await web.close();

    const installed = await browser.newContext(PHONE);
    await emulateStandalone(installed);
    const app = await installed.newPage();
    await signIn(app, employee);
    await expect(app).toHaveURL(/\/dashboard$/);
    await new PwaApp(app).expectAppMode();
    await app.goto('/hr/attendance');
    await expect(app.getByRole('heading', { name: 'Attendance', exact: true })).toBeVisible();
    await installed.close();

    // a position that forces the app: no way to continue in the browser
    await admin.platformAccess(position.id, { allowWebAccess: false, allowPWAAccess: true, forcePWA: true });
    const forced = await browser.newContext(PHONE);
    const again = await forced.newPage();
    await signIn(again, employee);
    await expect(again).toHaveURL(/\/pwa-install$/);
    await expect(again.getByRole('heading', { name: 'Install the App' })).toBeVisible();
    await expect(again.getByRole('button', { name: 'Continue in Browser (Limited Access)' })).toHaveCount(0);
    await forced.close();
  });

  test('superadmin never in the app; a company admin in either', async ({ browser }) => {
    const context = await browser.newContext(PHONE);
    await emulateStandalone(context);
    const page = await context.newPage();
    await signIn(page, SUPERADMIN);
    await expect(page).toHaveURL(/\/platform-warning$/);
    await expect(page.getByRole('heading', { name: 'Platform Access Restricted' })).toBeVisible();
    await expect(page.getByText('Superadmin must use the web application, not PWA mode.')).toBeVisible();
    await page.getByRole('button', { name: 'Back to Login' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await signIn(page, COMPANY_ADMIN);
    await expect(page).toHaveURL(/\/dashboard$/);
    await new PwaApp(page).expectAppMode();
    await context.close();
  });
});
