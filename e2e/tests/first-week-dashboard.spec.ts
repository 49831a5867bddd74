import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { COMPANY_ADMIN } from '../fixtures/users';
import { LoginPage } from '../pages/LoginPage';
import { PwaApi } from '../pages/PwaApi';
import { registerTrialCompany } from '../pages/TrialCompany';
import { PHONE, sidewaysOverflow } from '../pages/phone';

// A new company admin's first look at the dashboard: "Welcome, <first name>" on the first sign-in,
// and a getting-started checklist ticked from the company's data, linking to where each step is
// done, that stays hidden once hidden. And the Monthly Payroll card keeps a long figure and its
// icon inside the card.

// the first load of the console on a busy machine takes longer than the default 5 s
const expect = baseExpect.configure({ timeout: 20_000 });

/** Opens the sign-in page, waiting for the console's first load, and signs in. */
const signIn = async (page: Page, user: { email: string; password: string }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible({ timeout: 45_000 });
  await new LoginPage(page).signIn(user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 45_000 });
};

const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/h8-shots';
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

const VIEWPORTS = [
  { name: 'desktop', size: { width: 1280, height: 800 } },
  { name: 'phone', size: PHONE },
] as const;

const STEPS = [
  'Add your departments',
  'Add positions',
  'Set a work location and a shift',
  'Invite your employees',
  'Review the leave policy',
  'Set up payroll',
];

/** Whether `inner` lies wholly inside `outer` on the screen. */
const inside = async (inner: Locator, outer: Locator) => {
  const a = (await inner.boundingBox())!;
  const b = (await outer.boundingBox())!;
  return a.x >= b.x - 0.5 && a.y >= b.y - 0.5 && a.x + a.width <= b.x + b.width + 0.5 && a.y + a.height <= b.y + b.height + 0.5;
};

for (const viewport of VIEWPORTS) {
  test.describe(`the first week's dashboard on a ${viewport.name}`, () => {
    test.use({ viewport: viewport.size });

    test('a new trial admin is welcomed by first name and gets a checklist that ticks steps from the data, links to them and stays hidden once hidden', async ({
      page,
      request,
    }) => {
      test.slow();
      const owner = await registerTrialCompany(request, {
        first_name: 'Dana',
        last_name: 'Scully',
        company: 'Vandelay',
        domain: 'vandelay.example.com',
        password: 'Latex#Import2026',
      });
      await signIn(page, owner);

      // the first sign-in: welcomed by first name, not "Welcome back, <username>"
      await expect(page.getByText(`Welcome, Dana! Let's get ${owner.company} ready.`)).toBeVisible({ timeout: 60_000 });
      await expect(page.getByText(/Welcome back/)).toHaveCount(0);

      const card = page.getByTestId('getting-started');
      await expect(card.getByRole('heading', { name: 'Getting started' })).toBeVisible();
      await expect(card.getByTestId('getting-started-progress')).toHaveText('0 of 6 done');
      for (const step of STEPS) await expect(card.getByText(step, { exact: true })).toBeVisible();
      // the default leave types and tax table of a new company do not tick anything
      await expect(card.locator('[data-done="true"]')).toHaveCount(0);
      expect(await sidewaysOverflow(page)).toBe(0);
      await shot(page, `getting-started-new-${viewport.name}`);

      // each step leads to where it is done
      await card.getByRole('link', { name: 'Open: Add your departments' }).click();
      await expect(page).toHaveURL(/\/hr\/departments$/);

      // a department made (here through the API) ticks its step
      const api = await PwaApi.signIn(request, owner);
      await api.send('post', '/api/hr/departments', { department_code: 'OPS', department_name: 'Operations' });
      await page.goto('/dashboard');
      await expect(card.getByTestId('getting-started-progress')).toHaveText('1 of 6 done');
      await expect(card.getByTestId('getting-started-departments')).toHaveAttribute('data-done', 'true');
      await expect(card.getByRole('link', { name: 'Open: Add your departments' })).toHaveCount(0);
      await expect(card.getByRole('link', { name: 'Open: Add positions' })).toHaveAttribute('href', '/hr/positions');
      await expect(card.getByRole('link', { name: 'Open: Review the leave policy' })).toHaveAttribute('href', '/settings/leave');
      await shot(page, `getting-started-one-done-${viewport.name}`);

      // hidden, it stays hidden after a reload; "Show getting started" brings it back
      await card.getByRole('button', { name: 'Hide the getting-started checklist' }).click();
      await expect(card).toHaveCount(0);
      const show = page.getByRole('button', { name: 'Show getting started' });
      await expect(show).toBeVisible();
      await page.reload();
      await expect(show).toBeVisible();
      await expect(page.getByTestId('card-total-employees')).toBeVisible();
      await expect(card).toHaveCount(0);
      await shot(page, `getting-started-hidden-${viewport.name}`);
      await show.click();
      await expect(card.getByTestId('getting-started-progress')).toHaveText('1 of 6 done');
      await expect(show).toHaveCount(0);
    });

    test('the Monthly Payroll card keeps a long figure and its icon inside the card', async ({ page }) => {
      test.slow();
      // the figure as a company with a large payroll gets it
      let payroll = '179605.45';
      await page.route('**/api/dashboard/company', async (route) => {
        const response = await route.fetch();
        const body = await response.json();
        body.data.cards.monthly_payroll = payroll;
        await route.fulfill({ response, json: body });
      });
      await signIn(page, COMPANY_ADMIN);

      const card = page.getByTestId('card-monthly-payroll');
      const value = page.getByTestId('card-monthly-payroll-value');
      await expect(value).toHaveText('$179,605.45', { timeout: 60_000 });
      expect(await inside(card.locator('.MuiAvatar-root'), card)).toBe(true);
      expect(await inside(value, card)).toBe(true);
      // the whole figure shows, not cut
      expect(await value.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      expect(await sidewaysOverflow(page)).toBe(0);
      await card.scrollIntoViewIfNeeded();
      await shot(page, `monthly-payroll-${viewport.name}`);

      // and a figure of eight digits too
      payroll = '12345678.90';
      await page.reload();
      await expect(value).toHaveText('$12,345,678.90', { timeout: 60_000 });
      expect(await inside(card.locator('.MuiAvatar-root'), card)).toBe(true);
      expect(await value.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await shot(page, `monthly-payroll-large-${viewport.name}`);
    });
  });
}
