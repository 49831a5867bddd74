import { expect, test, type Page } from '@playwright/test';

const header = (page: Page) => page.getByRole('banner');
const footer = (page: Page) => page.getByRole('contentinfo');

test.describe('landing page', () => {
  test('renders the header, the hero and the footer', async ({ page }) => {
    await page.goto('/');

    await expect(header(page).getByRole('link', { name: 'Login', exact: true })).toHaveAttribute('href', '/login');
    await expect(header(page).getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/free-trial');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(footer(page)).toContainText(String(new Date().getFullYear()));
  });

  test('a signed-in visitor sees Dashboard instead of the trial button', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('token', 'any-token'));
    await page.goto('/');

    await expect(header(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    await expect(header(page).getByRole('link', { name: 'Start Free Trial' })).toHaveCount(0);
  });

  test('the header turns solid after scrolling', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(header(page)).toHaveAttribute('data-solid', 'false');

    await page.evaluate(() => window.scrollTo(0, 400));
    await expect(header(page)).toHaveAttribute('data-solid', 'true');
  });

  test('without CMS content it shows the built-in texts', async ({ page }) => {
    await page.route('**/api/cms/landing-page', (route) =>
      route.fulfill({ status: 404, json: { success: false, message: 'No active landing page' } }),
    );
    await page.goto('/');

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Manage your workforce in one place');
    await expect(page.getByText('500+')).toBeVisible();
  });

  test('when the content cannot be loaded it says so', async ({ page }) => {
    await page.route('**/api/cms/landing-page', (route) => route.fulfill({ status: 503, body: 'unavailable' }));
    await page.goto('/');

    await expect(page.getByText('Unable to load content')).toBeVisible();
    await expect(page.getByText('Please try again later.')).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  });

  test('shows CMS content and the public packages', async ({ page }) => {
    await page.route('**/api/cms/landing-page', (route) =>
      route.fulfill({ json: { success: true, data: { hero_title: 'Hello from the CMS', hero_subtitle: null } } }),
    );
    await page.route('**/api/packages/packages/public', (route) =>
      route.fulfill({
        json: {
          success: true,
          data: [
            {
              id: 1,
              package_name: 'Starter Plan',
              description: 'For small teams',
              monthly_price: '29.00',
              annual_price: '290.00',
              trial_days: 14,
              max_employees: -1,
              is_popular: true,
              included_features: [{ feature_name: 'Employee Management' }],
            },
          ],
        },
      }),
    );
    await page.goto('/');

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello from the CMS');
    const card = page.locator('#pricing article').filter({ hasText: 'Starter Plan' });
    await expect(card).toContainText('For small teams');
    await expect(card).toContainText('$29/month');
    await expect(card).toContainText('Save 17%');
    await expect(card).toContainText('Unlimited employees');
    await expect(card).toContainText('14-day free trial');
    await expect(card).toContainText('Employee Management');
    await expect(card).toContainText('Most Popular');
  });
});
