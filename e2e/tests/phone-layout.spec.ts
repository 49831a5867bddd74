import { expect, test, type Page } from '@playwright/test';
import { COMPANY_ADMIN, SUPERADMIN } from '../fixtures/users';
import { LoginPage } from '../pages/LoginPage';
import { PHONE, sidewaysOverflow } from '../pages/phone';
import { selectTab } from '../pages/tabs';

// Every screen of the sidebar, with the demo company's data in it: its lists are long and its
// tables wide, so a screen whose content widens the page shows here.
const SCREENS = {
  company: ['/dashboard', '/hr/employees', '/hr/attendance', '/hr/shift-roster', '/hr/leave', '/hr/payroll', '/hr/operational-monitoring', '/hr/kpi-bonus', '/hr/reports', '/settings'],
  platform: ['/dashboard', '/companies', '/packages', '/billing', '/admin/landing-page', '/analytics'],
};

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
  return sidewaysOverflow(page);
}

/** Opens each screen and each of its tabs; returns those wider than the phone. */
async function screensWiderThanPhone(page: Page, paths: string[]) {
  const wide: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    const overflow = await sidewaysScroll(page, path);
    if (overflow > 0) wide.push(`${path} (+${overflow}px)`);
    const tabs = page.getByRole('tab');
    const count = await tabs.count();
    for (let i = 1; i < count; i++) {
      const tab = tabs.nth(i);
      const name = (await tab.textContent()) ?? String(i);
      await selectTab(tab);
      const tabOverflow = await sidewaysScroll(page, `${path} → ${name}`);
      if (tabOverflow > 0) wide.push(`${path} → ${name} (+${tabOverflow}px)`);
    }
  }
  return wide;
}

test.describe('on a phone, no screen scrolls sideways', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });
  // every screen and every tab, each loaded in full before it is measured: several minutes on a busy machine
  test.slow();

  test("the company admin's screens, with the demo company's data", async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signInAndExpectDashboard(COMPANY_ADMIN.email, COMPANY_ADMIN.password);
    expect(await screensWiderThanPhone(page, SCREENS.company)).toEqual([]);
  });

  test("the platform operator's screens", async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signInAndExpectDashboard(SUPERADMIN.email, SUPERADMIN.password);
    expect(await screensWiderThanPhone(page, SCREENS.platform)).toEqual([]);
  });
});
