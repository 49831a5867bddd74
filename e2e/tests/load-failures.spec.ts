import { expect, test, type Page } from '@playwright/test';
import { COMPANY_ADMIN, SUPERADMIN } from '../fixtures/users';
import { LoginPage } from '../pages/LoginPage';
import { SchemaResourcePage } from '../pages/SchemaResourcePage';
import { SettingsPage } from '../pages/SettingsPage';

// A generated screen whose list cannot load says so in the resource's own words, with a way to try
// again, instead of showing an empty list; a failed edit says "update", not "create".

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

/** Answers the list's GET with a server error that carries no message of its own. */
async function failList(page: Page, path: string) {
  await page.route(
    (url) => url.pathname === path,
    (route) => (route.request().method() === 'GET' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }) : route.fallback()),
  );
}

test('the companies list that cannot load says "Failed to fetch companies" and loads on Retry; a failed edit says "Failed to update company"', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signInAndExpectDashboard(SUPERADMIN.email, SUPERADMIN.password);

  await failList(page, '/api/auth/companies');
  await page.goto('/companies');
  const alert = page.getByRole('alert').filter({ hasText: 'Failed to fetch companies' }).first();
  await expect(alert).toBeVisible();
  await expect(page.getByText('No companies yet. Add the first one.')).toHaveCount(0);
  await expect(card(page, 'Acme Corporation')).toHaveCount(0);

  await page.unrouteAll();
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(card(page, 'Acme Corporation')).toBeVisible();
  await expect(alert).toHaveCount(0);

  await page.route(
    (url) => /^\/api\/auth\/companies\/\d+$/.test(url.pathname),
    (route) => (route.request().method() === 'PUT' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }) : route.fallback()),
  );
  const companies = new SchemaResourcePage(page, 'auth/companies');
  await card(page, 'Acme Corporation').getByRole('button', { name: 'Edit' }).click();
  await expect(companies.dialog).toBeVisible();
  await companies.fill({ 'Company Name': 'Acme Corporation Renamed' });
  await companies.save();
  await expect(page.getByText('Failed to update company', { exact: true })).toBeVisible();
  await expect(page.getByText('Failed to create company', { exact: true })).toHaveCount(0);
});

test("a generated list that cannot load says so in the spec's words or the server's, never as an empty list", async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signInAndExpectDashboard(COMPANY_ADMIN.email, COMPANY_ADMIN.password);

  // no message from the server: the resource's own words
  await failList(page, '/api/hr/leave-types');
  const settings = new SettingsPage(page);
  await settings.openLeaveTab('Leave Types');
  const types = new SchemaResourcePage(page, 'hr/leave-types');
  const alert = types.root.getByRole('alert').filter({ hasText: 'Failed to fetch leave types' });
  await expect(alert).toBeVisible();
  await expect(types.root.getByText('No leave types found')).toHaveCount(0);
  await page.unrouteAll();
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(types.row('Annual Leave')).toBeVisible();
  await expect(alert).toHaveCount(0);

  // the server's reason when it gives one
  await page.route(
    (url) => url.pathname === '/api/hr/employees',
    (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'The database is not available' }) })
        : route.fallback(),
  );
  await page.goto('/hr/employees');
  const employees = new SchemaResourcePage(page, 'hr/employees');
  await expect(employees.root.getByRole('alert').filter({ hasText: 'The database is not available' })).toBeVisible();
  await expect(employees.root.getByText('No employees found')).toHaveCount(0);
});
