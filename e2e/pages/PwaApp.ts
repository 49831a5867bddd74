import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';

/**
 * Makes the pages of `context` run as the installed app: `matchMedia('(display-mode: standalone)')`
 * matches, which is what the console reads to tell the app from a browser tab (src/pwa/displayMode.ts).
 * Playwright cannot open an installed app window, so this stands in for one.
 */
export async function emulateStandalone(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const original = window.matchMedia.bind(window);
    window.matchMedia = (query: string) => {
      if (!/display-mode:\s*standalone/.test(query)) return original(query);
      const list = {
        matches: true,
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      };
      return list as unknown as MediaQueryList;
    };
  });
}

/** Waits until the service worker controls the page; its script URL and registration scope. */
export async function serviceWorkerInControl(page: Page): Promise<{ scriptURL: string; scope: string }> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
    return { scriptURL: navigator.serviceWorker.controller!.scriptURL, scope: registration.scope };
  });
}

/** The installable app's own parts of the layout: mode, offline state, the queue of offline changes, the install prompt. */
export class PwaApp {
  readonly headerTitle: Locator;
  readonly modeBanner: Locator;
  readonly offlineBanner: Locator;
  readonly queueButton: Locator;
  readonly queue: Locator;
  readonly queuedWrites: Locator;
  readonly installPrompt: Locator;

  constructor(readonly page: Page) {
    this.headerTitle = page.getByTestId('header-title');
    this.modeBanner = page.getByTestId('mode-banner');
    this.offlineBanner = page.getByTestId('offline-banner');
    this.queueButton = page.getByRole('button', { name: /^Changes made offline: \d+ waiting$/ });
    this.queue = page.getByRole('dialog', { name: 'Changes made offline' });
    this.queuedWrites = this.queue.getByTestId('queued-write');
    this.installPrompt = page.getByRole('dialog', { name: 'Install ERP App' });
  }

  async expectAppMode() {
    // the installed app says in plain words that it works offline, with its version
    await expect(this.headerTitle).toBeVisible();
    await expect(this.modeBanner).toContainText('Installed app: works offline, and what you change offline is sent once you are back online');
    await expect(this.page.getByText('v1.0.0', { exact: true })).toBeVisible();
  }

  async expectBrowserMode() {
    // in a browser every feature is there: the header names the company, and no mode line is shown
    await expect(this.headerTitle).toBeVisible();
    await expect(this.headerTitle).not.toHaveText(/^(Web Application|Mobile App)$/);
    await expect(this.modeBanner).toHaveCount(0);
  }

  /** Opens the list of changes made offline (the header's badge). */
  async openQueue() {
    await this.queueButton.click();
    await expect(this.queue).toBeVisible();
  }

  async closeQueue() {
    // on the list itself: its Send now button may have lost the focus by being disabled
    await this.queue.press('Escape');
    await expect(this.queue).toBeHidden();
  }

  /**
   * Phone first: nothing wider than the screen, no table (cards instead), and every button, link,
   * tab and form field of the screen at least 44 px high.
   */
  async expectPhoneLayout() {
    const layout = await this.page.evaluate(() => {
      const content = document.getElementById('main-content') ?? document.body;
      const small: string[] = [];
      for (const element of Array.from(content.querySelectorAll('button, a[href], [role="tab"], .MuiInputBase-root'))) {
        const box = element.getBoundingClientRect();
        if (!box.width || !box.height) continue;
        const name = (element.getAttribute('aria-label') || element.textContent || element.tagName).trim().slice(0, 40);
        if (box.height < 43.5) small.push(`${name} (${Math.round(box.width)}×${Math.round(box.height)})`);
      }
      return {
        overflow: document.documentElement.scrollWidth - window.innerWidth,
        tables: content.querySelectorAll('table').length,
        small,
      };
    });
    expect(layout.overflow, 'wider than the screen').toBeLessThanOrEqual(0);
    expect(layout.tables, 'tables on a phone').toBe(0);
    expect(layout.small, 'touch targets under 44 px').toEqual([]);
  }

  /** A toast or message, exactly. */
  async expectToast(text: string | RegExp) {
    const locator = typeof text === 'string' ? this.page.getByText(text, { exact: true }) : this.page.getByText(text);
    await expect(locator.first()).toBeVisible();
  }
}
