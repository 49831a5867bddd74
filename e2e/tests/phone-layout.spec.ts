import { expect, test, type Page } from '@playwright/test';
import { COMPANY_ADMIN, EMPLOYEE, SUPERADMIN } from '../fixtures/users';
import { LoginPage } from '../pages/LoginPage';
import { PHONE, sidewaysOverflow } from '../pages/phone';
import { selectTab } from '../pages/tabs';

// Every screen of the sidebar, with the demo company's data in it: its lists are long and its
// tables wide, so a screen whose content widens the page, or a table that scrolls sideways inside
// its frame, shows here. The role's own menu adds whatever it offers beyond these.
const SCREENS = {
  company: ['/dashboard', '/hr/employees', '/hr/attendance', '/hr/shift-roster', '/hr/leave', '/hr/payroll', '/hr/operational-monitoring', '/hr/kpi-bonus', '/hr/reports', '/settings'],
  employee: ['/dashboard', '/hr/attendance', '/hr/leave', '/settings'],
  platform: ['/dashboard', '/companies', '/packages', '/billing', '/admin/landing-page', '/analytics', '/settings'],
};

/** The screens the role's menu links to (opened from the phone's menu button). */
async function menuScreens(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Open menu' }).first().click();
  const links = page.locator('.MuiDrawer-root a[href], .RaSidebar-fixed a[href]');
  await expect(links.first()).toBeVisible();
  const paths = await links.evaluateAll((anchors) => anchors.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  await page.keyboard.press('Escape');
  return [...new Set(paths)].filter((path) => path.startsWith('/') && path !== '/');
}

/**
 * The frames inside the screen that scroll sideways (a table wider than its card): each named by
 * what it holds. A row of tabs scrolls by design and a text box is the reader's to scroll.
 */
const framesScrollingSideways = (page: Page): Promise<string[]> =>
  page.getByRole('main').evaluate((main) => {
    const found: string[] = [];
    for (const el of Array.from(main.querySelectorAll<HTMLElement>('*'))) {
      if (el.closest('[role="tablist"], .MuiTabs-root, textarea, input, pre, [role="img"]')) continue;
      const overflow = getComputedStyle(el).overflowX;
      if (overflow !== 'auto' && overflow !== 'scroll') continue;
      const extra = el.scrollWidth - el.clientWidth;
      if (el.clientWidth === 0 || extra <= 1) continue;
      const inside = el.querySelector('table[aria-label], [data-testid], table');
      const name = el.getAttribute('data-testid') ?? inside?.getAttribute('aria-label') ?? inside?.getAttribute('data-testid') ?? el.className.split(' ')[0];
      found.push(`frame "${name}" +${extra}px`);
    }
    return found;
  });

/** A screen that failed: an error alert (a load error with Retry, a refused request), the access page. */
const ERROR_STATE = '.MuiAlert-standardError, .MuiAlert-filledError, .MuiAlert-outlinedError, [data-testid="access-denied"]';
/** A screen still loading: a placeholder or a spinning indicator (a progress bar with a value is a figure). */
const LOADING = '.MuiSkeleton-root, [role="progressbar"]:not([aria-valuenow])';
/** What a loaded screen shows below its heading. */
const CONTENT = 'table, ul, form, .MuiCard-root, [role="tabpanel"], [data-testid]';

/**
 * How far the page scrolls sideways once the screen has loaded (0 when it fits): the network quiet,
 * nothing loading, its content shown and no error, or the test fails naming the screen.
 */
async function sidewaysScroll(page: Page, screen: string) {
  await page.waitForLoadState('networkidle', { timeout: 15_000 });
  const main = page.getByRole('main');
  await expect(main.locator(LOADING), `${screen} is still loading`).toHaveCount(0, { timeout: 15_000 });
  await expect(main.locator(CONTENT).or(page.locator(ERROR_STATE)).first(), `${screen} shows its content`).toBeVisible();
  await expect(page.locator(ERROR_STATE), `${screen} shows an error`).toHaveCount(0);
  await expect(main.locator(CONTENT).first(), `${screen} shows its content`).toBeVisible();
  // PHONE_SHOTS=<folder>: a picture of each screen and tab, to compare before and after a change
  if (process.env.PHONE_SHOTS) await page.screenshot({ path: `${process.env.PHONE_SHOTS}/${screen.replace(/[^a-z0-9]+/gi, '_')}.png`, fullPage: true });
  return { page: await sidewaysOverflow(page), frames: await framesScrollingSideways(page) };
}

const report = (where: string, found: { page: number; frames: string[] }) => [
  ...(found.page > 0 ? [`${where} (page +${found.page}px)`] : []),
  ...found.frames.map((frame) => `${where}: ${frame}`),
];

/** Opens each screen and each of its tabs; returns those wider than the phone. */
async function screensWiderThanPhone(page: Page, paths: string[]) {
  const wide: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    wide.push(...report(path, await sidewaysScroll(page, path)));
    const tabs = page.getByRole('tab');
    const count = await tabs.count();
    for (let i = 1; i < count; i++) {
      const tab = tabs.nth(i);
      const name = (await tab.textContent()) ?? String(i);
      await selectTab(tab);
      wide.push(...report(`${path} → ${name}`, await sidewaysScroll(page, `${path} → ${name}`)));
    }
  }
  return wide;
}

/** The sign-in page, given time to load on a busy machine (its first load is the console's largest). */
async function openSignIn(page: Page) {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible({ timeout: 60_000 });
}

test.describe('on a phone, no screen scrolls sideways', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });
  // every screen and every tab, each loaded in full before it is measured: several minutes on a busy machine
  test.slow();

  test("the company admin's screens, with the demo company's data", async ({ page }) => {
    await openSignIn(page);
    const login = new LoginPage(page);
    await login.goto();
    await login.signInAndExpectDashboard(COMPANY_ADMIN.email, COMPANY_ADMIN.password);
    const screens = [...new Set([...SCREENS.company, ...(await menuScreens(page))])];
    expect(await screensWiderThanPhone(page, screens)).toEqual([]);
  });

  test("an employee's screens", async ({ page }) => {
    await openSignIn(page);
    const login = new LoginPage(page);
    await login.goto();
    await login.signInAndExpectDashboard(EMPLOYEE.email, EMPLOYEE.password);
    const screens = [...new Set([...SCREENS.employee, ...(await menuScreens(page))])];
    expect(await screensWiderThanPhone(page, screens)).toEqual([]);
  });

  test("the platform operator's screens", async ({ page }) => {
    await openSignIn(page);
    const login = new LoginPage(page);
    await login.goto();
    await login.signInAndExpectDashboard(SUPERADMIN.email, SUPERADMIN.password);
    const screens = [...new Set([...SCREENS.platform, ...(await menuScreens(page))])];
    expect(await screensWiderThanPhone(page, screens)).toEqual([]);
  });
});
