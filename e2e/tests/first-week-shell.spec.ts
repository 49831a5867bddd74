import { expect, test, type Page } from '@playwright/test';
import { COMPANY_ADMIN, SUPERADMIN } from '../fixtures/users';
import { LoginPage } from '../pages/LoginPage';
import { CompaniesPage } from '../pages/PlatformPages';
import { PwaApi } from '../pages/PwaApi';
import { PHONE } from '../pages/phone';

/** Brightside Bakery's admin: the demo's company on the Basic plan (no KPI & Bonus, no Operational Monitoring). */
const BRIGHTSIDE_ADMIN = { email: 'owner@brightside.example.com', password: 'Bakery#Admin2026' };
const ACME = 'Acme Corporation';
/** What Acme's admin (Enterprise) has in the menu, in order. */
const ACME_ADMIN_MENU = [
  'Dashboard',
  'Employees',
  'Departments',
  'Positions',
  'Org chart',
  'Attendance',
  'Shift Roster',
  'Leave Management',
  'Payroll',
  'Operational Monitoring',
  'KPI & Bonus',
  'Reports',
  'Settings',
];

const VIEWPORTS = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', PHONE],
] as const;

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 600;

/** The sidebar: on a phone a drawer opened from the header. */
async function openMenu(page: Page) {
  if (isPhone(page)) await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByTestId('sidebar-subtitle')).toBeVisible();
}
async function closeMenu(page: Page) {
  if (isPhone(page)) await page.keyboard.press('Escape');
}

/** The sidebar (react-admin's menu, the one holding the company's name and subtitle). */
const sidebar = (page: Page) => page.getByRole('menu').filter({ has: page.getByTestId('sidebar-subtitle') });

/** The sidebar's entries, in order. */
async function menuLabels(page: Page): Promise<string[]> {
  await openMenu(page);
  const entries = sidebar(page).getByRole('menuitem');
  await expect(entries.first()).toBeVisible();
  const labels = (await entries.allInnerTexts()).map((text) => text.trim()).filter(Boolean);
  await closeMenu(page);
  return labels;
}

/** The header names the company (or the product) and the person, and carries no mode jargon. */
async function expectHeader(page: Page, title: string, person: string) {
  const header = page.getByRole('banner');
  await expect(page.getByTestId('header-title')).toHaveText(title);
  await expect(page.getByTestId(isPhone(page) ? 'header-person-phone' : 'header-person')).toHaveText(person);
  await expect(header.getByText('Web Application')).toHaveCount(0);
  await expect(page.getByText('Web Browser Mode - Full Feature Access')).toHaveCount(0);
  await expect(page.getByText('Enterprise Resource Planning Platform')).toHaveCount(0);
}

const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/first-week-shell-${name}-${isPhone(page) ? 'phone' : 'desktop'}.png` });

for (const [device, viewport] of VIEWPORTS) {
  test.describe(`the console's shell on a ${device}`, () => {
    test.use({ viewport });

    test("Acme's admin: the company and the person's name in the header, every screen of the plan in the menu", async ({ page }) => {
      const login = new LoginPage(page);
      await login.goto();
      await login.signInAndExpectDashboard(COMPANY_ADMIN.email, COMPANY_ADMIN.password);
      await expectHeader(page, ACME, 'Alex Morgan');
      expect(await menuLabels(page)).toEqual(ACME_ADMIN_MENU);
      await openMenu(page);
      await expect(page.getByTestId('sidebar-title')).toHaveText(ACME);
      await expect(page.getByTestId('sidebar-subtitle')).toHaveText('HR Management');
      await shot(page, 'admin-menu');
      await closeMenu(page);
      await shot(page, 'admin');
    });

    test("the superadmin viewing Acme sees what Acme's admin sees, with the banner", async ({ page }) => {
      const login = new LoginPage(page);
      await login.goto();
      await login.signInAndExpectDashboard(SUPERADMIN.email, SUPERADMIN.password);
      await expectHeader(page, 'HR Platform', 'Platform Admin');
      await shot(page, 'superadmin');

      const companies = new CompaniesPage(page);
      await companies.goto();
      await companies.viewAsAdmin(ACME);
      await expect(page.getByTestId('impersonation-banner')).toContainText(`Impersonating ${ACME}`);
      await expectHeader(page, ACME, 'Platform Admin');
      expect(await menuLabels(page)).toEqual(ACME_ADMIN_MENU);
      await openMenu(page);
      await expect(page.getByTestId('sidebar-title')).toHaveText(ACME);
      await expect(page.getByTestId('sidebar-subtitle')).toHaveText('HR Management');
      await shot(page, 'impersonating-menu');
      await closeMenu(page);
      await shot(page, 'impersonating');

      // the admin's screens open, the platform's wait for the end of the impersonation
      for (const path of ['/hr/shift-roster', '/hr/operational-monitoring', '/hr/kpi-bonus', '/hr/reports']) {
        await page.goto(path);
        await expect(page.getByTestId('impersonation-banner')).toBeVisible();
        await expect(page.getByTestId('access-denied')).toHaveCount(0);
      }
      await page.goto('/companies');
      await expect(page.getByTestId('access-denied')).toContainText('exit impersonation to open it');

      await page.getByRole('button', { name: 'Exit Impersonation' }).click();
      await expect(page).toHaveURL(/\/companies$/);
      expect(await menuLabels(page)).toContain('Companies');
    });

    test('an employee whom the API lets read reports has Reports in the menu and opens it; one without has neither', async ({ page, request }) => {
      const admin = await PwaApi.signIn(request, COMPANY_ADMIN);
      const position = await admin.newPosition();
      await admin.platformAccess(position.id, { allowWebAccess: true, allowPWAAccess: true, forcePWA: false });
      const modules = await admin.get<Array<{ id: number; module_key: string }>>('/api/permissions/modules');
      const reports = modules.find((m) => m.module_key === 'reports')!;
      const person = await admin.newEmployee(position);

      const login = new LoginPage(page);
      await login.goto();
      await login.signInAndExpectDashboard(person.email, person.password);
      await expectHeader(page, ACME, person.name);
      expect(await menuLabels(page)).not.toContain('Reports');
      await page.goto('/hr/reports');
      await expect(page.getByTestId('access-denied')).toBeVisible();

      // the company's admin gives the position reports view: the API lets the employee read reports
      await admin.send('post', `/api/permissions/positions/${position.id}/permissions`, {
        permissions: [{ module_id: reports.id, can_view: true, can_create: false, can_edit: false, can_delete: false }],
      }, 200);
      await login.goto();
      await login.signInAndExpectDashboard(person.email, person.password);
      expect(await menuLabels(page)).toContain('Reports');
      await openMenu(page);
      await sidebar(page).getByRole('menuitem', { name: 'Reports' }).click();
      await expect(page).toHaveURL(/\/hr\/reports$/);
      await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
      await expect(page.getByTestId('access-denied')).toHaveCount(0);
      await shot(page, 'employee-reports');
    });

    test("a screen outside the plan leads its admin to Settings → Subscription to upgrade", async ({ page }) => {
      const login = new LoginPage(page);
      await login.goto();
      await login.signInAndExpectDashboard(BRIGHTSIDE_ADMIN.email, BRIGHTSIDE_ADMIN.password);
      const menu = await menuLabels(page);
      expect(menu).not.toContain('KPI & Bonus');
      expect(menu).not.toContain('Operational Monitoring');
      await page.goto('/hr/kpi-bonus');
      const denied = page.getByTestId('access-denied');
      await expect(denied).toHaveAttribute('data-reason', 'plan');
      await shot(page, 'access-denied');
      await denied.getByRole('link', { name: 'Upgrade Plan' }).click();
      await expect(page).toHaveURL(/\/settings\/subscription$/);
    });
  });
}
