import { expect, test, type Page } from '@playwright/test';
import { COMPANY_ADMIN, EMPLOYEE } from '../fixtures/users';
import { LoginPage } from '../pages/LoginPage';
import { PHONE } from '../pages/phone';

// A company's first week, in its words (issue: words, formats, first look): one date format and
// one time format on every screen, days counted in words, "Required" under an empty field, and
// no toast over the field it is about. On a desktop and on a phone.

/** The sign-in page, given time to load on a busy machine (its first load is the console's largest). */
async function openSignIn(page: Page) {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible({ timeout: 60_000 });
}
const signIn = async (page: Page, user: { email: string; password: string }) => {
  await openSignIn(page);
  const login = new LoginPage(page);
  await login.goto();
  await login.signInAndExpectDashboard(user.email, user.password);
};

/** Dates and times written some other way than "Nov 27, 2026" and "09:05 AM". */
const OTHER_FORMATS: Array<[string, RegExp]> = [
  ['an ISO date (2026-11-27)', /\b(19|20)\d{2}-\d{2}-\d{2}\b/],
  ['a day-first date (27 Nov 2026)', /\b\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* (19|20)\d{2}\b/],
  ['a month in full (December 27, 2026)', /\b(January|February|March|April|June|July|August|September|October|November|December) \d{1,2}, \d{4}\b/],
  ['a numeric date (11/27/2026)', /\b\d{1,2}\/\d{1,2}\/\d{4}\b/],
  ['a 24-hour time (17:30)', /\b([01]\d|2[0-3]):[0-5]\d\b(?!\s?[AP]M)/],
  ['"1 Days"', /\b1 Days\b/],
];

async function otherFormatsOn(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('main').locator('.MuiSkeleton-root, [role="progressbar"]:not([aria-valuenow])')).toHaveCount(0, { timeout: 15_000 });
  // the screen and the header above it (its date: Saturday, Nov 28, 2026)
  const text = `${await page.getByRole('banner').first().innerText()}\n${await page.getByRole('main').innerText()}`;
  return OTHER_FORMATS.filter(([, re]) => re.test(text)).map(([name]) => `${path}: ${name} in "${(re(text, OTHER_FORMATS.find(([n]) => n === name)![1]))}"`);
}
const re = (text: string, pattern: RegExp) => {
  const m = pattern.exec(text);
  return m ? text.slice(Math.max(0, m.index - 30), m.index + m[0].length + 10).replace(/\s+/g, ' ') : '';
};

const boxesOverlap = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

for (const device of ['desktop', 'phone'] as const) {
  test.describe(`first-week words on a ${device}`, () => {
    if (device === 'phone') test.use({ viewport: PHONE, hasTouch: true, isMobile: true });
    else test.use({ viewport: { width: 1280, height: 800 } });

    test("the admin's screens write dates, times and days one way", async ({ page }) => {
      await signIn(page, COMPANY_ADMIN);
      const found: string[] = [];
      for (const path of ['/hr/leave', '/hr/attendance', '/hr/kpi-bonus?tab=bonuses', '/hr/kpi-bonus']) found.push(...(await otherFormatsOn(page, path)));
      expect(found).toEqual([]);
    });

    test("the employee's attendance card: the shift's start and the check-in in one time format", async ({ page }) => {
      await signIn(page, EMPLOYEE);
      expect(await otherFormatsOn(page, '/hr/attendance')).toEqual([]);
      expect(await otherFormatsOn(page, '/hr/leave')).toEqual([]);
    });

    test('an empty required field says "Required" under itself and no toast covers it', async ({ page }) => {
      await signIn(page, COMPANY_ADMIN);
      await page.goto('/settings/leave');
      const list = page.getByTestId('resource-hr/leave-types');
      await list.getByRole('button', { name: /^(Add|New)(?! filter)/ }).first().click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: /^Save/ }).click();
      const invalid = dialog.locator('[aria-invalid="true"]');
      await expect(invalid.first()).toBeVisible();
      // the field's own words: "Required", or the spec's sentence for this form's required fields
      await expect(dialog.getByText(/^(Required|Type name and code are required)$/).first()).toBeVisible();
      await expect(dialog.getByText(/should not be empty|Please fill in all required fields| ID /)).toHaveCount(0);
      // whatever toast shows, it is not over a field that has an error
      await page.waitForTimeout(500);
      const toasts = page.getByTestId('toast-stack').locator('.MuiAlert-root');
      for (let i = 0; i < (await toasts.count()); i++) {
        const toast = await toasts.nth(i).boundingBox();
        for (let j = 0; j < (await invalid.count()); j++) {
          const field = await invalid.nth(j).boundingBox();
          if (toast && field) expect(boxesOverlap(toast, field), `toast ${i} covers field ${j}`).toBe(false);
        }
      }
      if (device === 'desktop') await page.screenshot({ path: '/tmp/h5-shots/words-required-desktop.png' });
      else await page.screenshot({ path: '/tmp/h5-shots/words-required-phone.png' });
    });
  });
}
