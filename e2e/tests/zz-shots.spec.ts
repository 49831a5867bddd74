import { test, type Page } from '@playwright/test';
import { COMPANY_ADMIN, SUPERADMIN, newClient } from '../fixtures/users';
import { LoginPage } from '../pages/LoginPage';
import { PwaApi } from '../pages/PwaApi';

const DIR = '/tmp/shots';
const PHONE = { width: 390, height: 844 };
const DESK = { width: 1440, height: 900 };

async function signIn(page: Page, user: { email: string; password: string }) {
  const login = new LoginPage(page);
  await login.goto();
  await login.signInAndExpectDashboard(user.email, user.password);
}
const shot = async (page: Page, name: string) => {
  await page.waitForTimeout(1200);
  await page.screenshot({ path: `${DIR}/${name}.png`, fullPage: false });
  const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  console.log(name, 'overflow', over);
};

test.setTimeout(240_000);

test('superadmin', async ({ page }) => {
  for (const [n, size] of [['desk', DESK], ['phone', PHONE]] as const) {
    await page.setViewportSize(size);
    if (n === 'desk') await signIn(page, SUPERADMIN);
    await page.goto('/admin/landing-page');
    await shot(page, `sa-landing-${n}`);
    await page.goto('/companies');
    await page.getByRole('button', { name: 'Edit' }).first().click();
    await page.getByRole('combobox', { name: 'Industry' }).click();
    await shot(page, `sa-company-industry-${n}`);
    await page.keyboard.press('Escape');
    await page.goto('/settings?tab=system');
    await shot(page, `sa-system-${n}`);
  }
});

test('company admin', async ({ page }) => {
  for (const [n, size] of [['desk', DESK], ['phone', PHONE]] as const) {
    await page.setViewportSize(size);
    if (n === 'desk') await signIn(page, COMPANY_ADMIN);
    await page.goto('/hr/kpi-bonus?tab=kpis');
    await shot(page, `ad-kpis-${n}`);
    await page.getByTestId('resource-kpi/bonus-rules').scrollIntoViewIfNeeded();
    await shot(page, `ad-rules-${n}`);
    await page.getByRole('button', { name: 'New Bonus Rule' }).click();
    await shot(page, `ad-rule-form-${n}`);
    await page.keyboard.press('Escape');
    await page.goto('/payroll');
    await shot(page, `ad-payroll-${n}`);
    await page.goto('/settings?tab=attendance');
    await shot(page, `ad-att-settings-${n}`);
    await page.goto('/settings?tab=platform');
    await shot(page, `ad-platform-${n}`);
  }
});

test('new employee', async ({ page, request }) => {
  const api = await PwaApi.signIn(request);
  const person = await api.newEmployee();
  await page.setViewportSize(PHONE);
  await signIn(page, person);
  await shot(page, 'emp-home-phone');
  await page.goto('/leave');
  await page.getByRole('button', { name: /Request Leave/ }).first().click();
  await shot(page, 'emp-leave-form-phone');
  await page.keyboard.press('Escape');
  await page.goto('/payroll');
  await shot(page, 'emp-payroll-phone');
  await page.setViewportSize(DESK);
  await page.goto('/leave');
  await shot(page, 'emp-leave-desk');
});

test('self-registered client', async ({ page }) => {
  const client = newClient();
  await page.setViewportSize(PHONE);
  await page.goto('/admin/register');
  await shot(page, 'cl-register-phone');
  await page.getByRole('button', { name: /Register|Create/ }).first().click();
  await shot(page, 'cl-register-errors-phone');
  void client;
});
