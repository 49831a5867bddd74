import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { COMPANY_ADMIN, EMPLOYEE, SUPERADMIN } from '../fixtures/users';
import { LayoutPage } from '../pages/LayoutPage';
import { LeavePage } from '../pages/LeavePage';
import { LoginPage } from '../pages/LoginPage';
import { PwaApi } from '../pages/PwaApi';
import { SettingsPage } from '../pages/SettingsPage';

interface Access {
  allowWebAccess: boolean;
  allowPWAAccess: boolean;
  forcePWA: boolean;
}
/** A position's web / app access, without its note. */
const pick = (a: Access | undefined) => a && { allowWebAccess: a.allowWebAccess, allowPWAAccess: a.allowPWAAccess, forcePWA: a.forcePWA };

/** The migrations in the build the server runs (backend/dist): a fresh database has them all applied. */
const MIGRATIONS_BUILT = fs
  .readdirSync(path.join(__dirname, '..', '..', 'backend', 'dist', 'database', 'migrations'))
  .filter((f) => /^Migration\d+\.js$/.test(f)).length;

const signIn = async (page: Page, user: { email: string; password: string }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signInAndExpectDashboard(user.email, user.password);
};

test.describe('settings', () => {
  test('a company admin sees the settings menu of the role and starts on the permission matrix', async ({ page }) => {
    await signIn(page, COMPANY_ADMIN);
    const settings = new SettingsPage(page);
    await settings.goto();
    await expect(page).toHaveURL(/\/settings\/permissions$/);
    for (const entry of ['Permission Management', 'Platform Access', 'Subscription', 'Leave Settings', 'Attendance Settings', 'Profile', 'Notifications']) {
      await expect(settings.menuEntry(entry)).toBeVisible();
    }
    await expect(settings.menuEntry('System')).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Positions', exact: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Departments', exact: true })).toBeVisible();

    await settings.open('Profile');
    await expect(page.getByRole('textbox', { name: 'Company' })).toHaveValue('Acme Corporation');
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(COMPANY_ADMIN.email);
  });

  test('a position granted leave view and create gives its employee My Leave', async ({ browser, request }) => {
    // two users, a permission round trip and a leave request: longer than one screen's test
    test.slow();
    // the matrix alone: with self-service on (tests/self-service.spec.ts) Jane keeps her own leave anyway
    const api = await PwaApi.signIn(request, COMPANY_ADMIN);
    await api.send('put', '/api/settings/self-service', { enabled: false });
    try {
      await matrixRoundTrip(browser);
    } finally {
      await api.send('put', '/api/settings/self-service', { enabled: true });
    }
  });

  /** The leave module taken from Jane's department and given to her position, in the matrix screen. */
  const matrixRoundTrip = async (browser: Browser) => {
    const admin = await browser.newPage();
    await signIn(admin, COMPANY_ADMIN);
    const settings = new SettingsPage(admin);
    await settings.goto('permissions');

    // the demo grants leave through the departments: take it from Jane's department first
    await settings.selectSubject('Departments', 'Engineering');
    await expect(settings.moduleSwitch('Leave Management')).toBeChecked();
    await settings.moduleSwitch('Leave Management').uncheck();
    await expect(settings.moduleAction('Leave Management', 'Create')).toBeDisabled();
    await settings.savePermissions('Engineering');

    const employee = await browser.newPage();
    await signIn(employee, EMPLOYEE);
    const layout = new LayoutPage(employee);
    await expect(layout.menuEntry('My Attendance')).toBeVisible();
    await expect(layout.menuEntry('My Leave')).toHaveCount(0);
    await layout.logout();

    // grant leave view + create to Jane's position
    await settings.selectSubject('Positions', 'Software Engineer');
    await expect(settings.moduleSwitch('Leave Management')).not.toBeChecked();
    await expect(settings.moduleAction('Leave Management', 'Create')).toBeDisabled();
    await settings.moduleSwitch('Leave Management').check();
    // enabling grants view only
    await expect(settings.moduleAction('Leave Management', 'View')).toBeChecked();
    await expect(settings.moduleAction('Leave Management', 'Create')).not.toBeChecked();
    await settings.moduleAction('Leave Management', 'Create').check();
    await settings.savePermissions('Software Engineer');

    // the matrix is what the server stored
    await admin.reload();
    await settings.selectSubject('Positions', 'Software Engineer');
    await expect(settings.moduleAction('Leave Management', 'View')).toBeChecked();
    await expect(settings.moduleAction('Leave Management', 'Create')).toBeChecked();
    await expect(settings.moduleAction('Leave Management', 'Edit')).not.toBeChecked();

    await signIn(employee, EMPLOYEE);
    await expect(layout.menuEntry('My Leave')).toBeVisible();
    await layout.menuEntry('My Leave').click();
    await expect(employee).toHaveURL(/\/hr\/leave/);
    await expect(employee.getByRole('heading', { name: 'Leave Management' })).toBeVisible();
    // and can request leave with it
    const leave = new LeavePage(employee);
    await expect(leave.requestButton).toBeEnabled();
    await leave.requestLeave('Unpaid Leave', '2026-02-02', '2026-02-03', 2);
    await expect(leave.status(leave.row('2026-02-02', '2026-02-03'))).toHaveText('Pending');

    // give the department its leave back, as the demo had it
    await settings.selectSubject('Departments', 'Engineering');
    await settings.moduleSwitch('Leave Management').check();
    await settings.moduleAction('Leave Management', 'Create').check();
    await settings.savePermissions('Engineering');
  };

  test('attendance settings are saved per company, checked on the server, and survive a reload', async ({ page }) => {
    await signIn(page, COMPANY_ADMIN);
    const settings = new SettingsPage(page);
    await settings.goto('attendance');
    await settings.attendanceTab('Geolocation').click();
    const radius = settings.field('Default radius (m)');
    await expect(radius).toHaveValue('100');

    await radius.fill('150');
    await settings.saveSettings();
    await settings.expectToast('Settings saved successfully');

    await page.reload();
    await settings.attendanceTab('Geolocation').click();
    await expect(settings.field('Default radius (m)')).toHaveValue('150');

    // out of bounds: the server refuses and names the field
    await settings.field('Accuracy threshold (m)').fill('150');
    await settings.saveSettings();
    await settings.expectToast('Failed to save settings');
    await expect(page.getByText('geolocation.accuracy_threshold must be a whole number from 1 to 100 m')).toBeVisible();
    await page.reload();
    await settings.attendanceTab('Geolocation').click();
    await expect(settings.field('Accuracy threshold (m)')).toHaveValue('50');

    await settings.attendanceTab('Network').click();
    // the sample ranges around the address the browser connects from (hr.md 9: {ip}/24 and {ip}/8)
    await expect(page.getByTestId('sample-ip-ranges')).toContainText('You are connected from 127.0.0.1. Sample ranges around it:');
    await page.getByRole('button', { name: 'Add 127.0.0.0/24' }).click();
    await expect(settings.field('Allowed IP ranges')).toHaveValue('127.0.0.0/24');
    await expect(page.getByRole('button', { name: 'Add 127.0.0.0/24' })).toBeDisabled();
    await page.getByRole('button', { name: 'Add 127.0.0.0/8' }).click();
    await expect(settings.field('Allowed IP ranges')).toHaveValue('127.0.0.0/24\n127.0.0.0/8');
    await settings.field('Allowed IP ranges').fill('10.0.0.0/33');
    await settings.saveSettings();
    await expect(page.getByText(/"10\.0\.0\.0\/33" is not a CIDR range or an IP address/)).toBeVisible();

    // back to the default for the other tests of the run
    await page.reload();
    await settings.attendanceTab('Geolocation').click();
    await settings.field('Default radius (m)').fill('100');
    await settings.saveSettings();
    await settings.expectToast('Settings saved successfully');
  });

  test("'Test Current Location' reads the browser's position with the configured timeout", async ({ page, context }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 40.7128, longitude: -74.006, accuracy: 20 });
    await signIn(page, COMPANY_ADMIN);
    const settings = new SettingsPage(page);
    await settings.goto('attendance');
    await settings.attendanceTab('Geolocation').click();
    await page.getByRole('button', { name: 'Test Current Location' }).click();
    await settings.expectToast('Geolocation test successful');
    await expect(page.getByTestId('location-result')).toContainText('Latitude 40.712800, longitude -74.006000, accuracy 20 m');
    await expect(page.getByTestId('location-result')).toContainText('Within the accuracy threshold');
  });

  test('platform access: positions with toggles, quick templates and save', async ({ page, request }) => {
    const api = await PwaApi.signIn(request, COMPANY_ADMIN);
    const stored = async () => (await api.get<{ settings: Record<string, Access> }>('/api/hr/platform-access-settings')).settings;
    const before = await stored();
    const engineer = (await api.get('/api/hr/positions')).find((p) => p.position_title === 'Software Engineer')!;
    const webSwitch = page.getByRole('switch', { name: 'Software Engineer Web Access' });
    const appSwitch = page.getByRole('switch', { name: 'Software Engineer PWA Access' });
    const forceSwitch = page.getByRole('switch', { name: 'Software Engineer Force PWA' });
    try {
      await signIn(page, COMPANY_ADMIN);
      const settings = new SettingsPage(page);
      await settings.goto('platform');
      await expect(page.getByRole('cell', { name: 'Software Engineer', exact: true })).toBeVisible();

      await page.getByRole('button', { name: 'Mobile Only', exact: true }).click();
      await settings.expectToast('Template applied: Mobile Only');
      await expect(forceSwitch).toBeChecked();
      await expect(webSwitch).not.toBeChecked();

      // Flexible (the app, the browser refused) saved: the server and a reload both have it
      await page.getByRole('button', { name: 'Flexible', exact: true }).click();
      await settings.expectToast('Template applied: Flexible Access');
      await page.getByRole('button', { name: 'Save Settings' }).click();
      await settings.expectToast('Platform access settings saved successfully');
      await expect.poll(async () => pick((await stored())[String(engineer.id)])).toEqual({ allowWebAccess: false, allowPWAAccess: true, forcePWA: false });
      await page.reload();
      await expect(webSwitch).not.toBeChecked();
      await expect(appSwitch).toBeChecked();
      await expect(forceSwitch).not.toBeChecked();

      // the demo's setting (web and app) is the Management template: apply it, save and read it back
      await page.getByRole('button', { name: 'Management', exact: true }).click();
      await settings.expectToast('Template applied: Management Access');
      await expect(webSwitch).toBeChecked();
      await page.getByRole('button', { name: 'Save Settings' }).click();
      await settings.expectToast('Platform access settings saved successfully');
      await expect.poll(async () => pick((await stored())[String(engineer.id)])).toEqual({ allowWebAccess: true, allowPWAAccess: true, forcePWA: false });
      await page.reload();
      await expect(webSwitch).toBeChecked();
      await expect(appSwitch).toBeChecked();
      await expect(forceSwitch).not.toBeChecked();
    } finally {
      // whatever happened above, the positions keep the setting they had for the other tests
      await api.send('post', '/api/hr/platform-access-settings', { settings: before }, 200);
    }
  });

  test('the superadmin has the System tools with real figures', async ({ page }) => {
    await signIn(page, SUPERADMIN);
    const settings = new SettingsPage(page);
    await settings.goto();
    await expect(page).toHaveURL(/\/settings\/permissions$/);
    await expect(settings.menuEntry('Platform Access')).toHaveCount(0);
    await settings.open('System');

    await page.getByRole('button', { name: 'System Health Check' }).click();
    const health = page.getByTestId('health-result');
    await expect(health).toContainText('Status: ok');
    await expect(health).toContainText('clean-old-records (cron)');
    // a fresh database has every migration of the build applied and none waiting
    const row = (name: string) => health.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
    await expect(row('Migrations')).toHaveText(`MigrationsApplied ${MIGRATIONS_BUILT} · Pending 0`);
    await expect(row('Database')).toHaveText(/^DatabaseOK · Round trip \d+(\.\d+)? ms$/);
    // the server runs on the same Node as this test
    await expect(row('Node.js')).toHaveText(`Node.js${process.version}`);

    // a clean names what it removed, each with its count; right after it nothing is left to remove
    await page.getByRole('button', { name: 'Clean Old Records' }).click();
    await page.getByRole('button', { name: 'Clean', exact: true }).click();
    const clean = page.getByTestId('clean-result');
    await expect(clean).toContainText(/expired sessions: \d+/);
    await page.getByRole('button', { name: 'Clean Old Records' }).click();
    await page.getByRole('button', { name: 'Clean', exact: true }).click();
    await settings.expectToast('Cleaned 0 old records');
    await expect(clean.locator('p').filter({ hasText: /^expired sessions: 0$/ })).toHaveCount(1);
    await expect(clean.locator('p').filter({ hasNotText: /: 0$/ })).toHaveCount(0);

    // the backup is Acme's own: its row, its people, nothing of another company
    const download = page.waitForEvent('download');
    await page.getByRole('combobox', { name: 'Company' }).click();
    await page.getByRole('option', { name: 'Acme Corporation' }).click();
    await page.getByRole('button', { name: 'Backup Database' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^company-ACME-export-\d{4}-\d{2}-\d{2}\.json$/);
    const backup = JSON.parse(fs.readFileSync((await file.path())!, 'utf8')) as {
      format: string;
      company: { id: number; company_code: string; company_name: string };
      tables: Record<string, Array<{ company_id: number; email?: string }>>;
    };
    expect(backup.format).toBe('hr-platform.company-export');
    expect(backup.company).toMatchObject({ company_code: 'ACME', company_name: 'Acme Corporation' });
    expect(backup.tables.employees.map((e) => e.email)).toContain(EMPLOYEE.email);
    for (const [table, rows] of Object.entries(backup.tables)) {
      expect(rows.filter((r) => r.company_id !== backup.company.id), `${table} rows of another company`).toEqual([]);
    }
  });

  test("the superadmin's audit log lists the sign-in with its time in words", async ({ page }) => {
    await signIn(page, SUPERADMIN);
    const settings = new SettingsPage(page);
    await settings.goto();
    await settings.open('System');
    await page.getByRole('button', { name: 'View Logs' }).click();
    const dialog = page.getByRole('dialog', { name: 'View Logs' });
    const row = dialog.getByRole('row').filter({ hasText: SUPERADMIN.email }).filter({ hasText: 'sign_in' }).first();
    await expect(row).toBeVisible();
    // the one formatter's words (Nov 26, 2026, 09:05 AM), not the browser's 11/26/2026
    await expect(row.getByRole('cell').first()).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2}\s[AP]M$/);
  });
});

test.describe('platform rule after sign-in', () => {
  test('a superadmin in PWA mode is sent to /platform-warning', async ({ page }) => {
    await page.addInitScript(() => {
      const original = window.matchMedia.bind(window);
      window.matchMedia = (query: string) =>
        query.includes('display-mode: standalone')
          ? ({ ...original(query), matches: true, media: query, addEventListener() {}, removeEventListener() {} } as MediaQueryList)
          : original(query);
    });
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(SUPERADMIN.email, SUPERADMIN.password);
    await expect(page).toHaveURL(/\/platform-warning$/);
    await expect(page.getByText('Superadmin must use the web application, not PWA mode.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back to Login' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open Website in Browser' })).toBeVisible();
  });

  test('an employee whose position allows the web signs in to the console; one whose position refuses it is sent to the app', async ({ page, request, browser }) => {
    // Jane's position (Software Engineer) has the demo's setting: the browser and the app
    const api = await PwaApi.signIn(request, COMPANY_ADMIN);
    const engineer = (await api.get('/api/hr/positions')).find((p) => p.position_title === 'Software Engineer')!;
    const { settings } = await api.get<{ settings: Record<string, Access> }>('/api/hr/platform-access-settings');
    expect(pick(settings[String(engineer.id)])).toEqual({ allowWebAccess: true, allowPWAAccess: true, forcePWA: false });
    await signIn(page, EMPLOYEE);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('home-today')).toBeVisible();
    // a console screen opens, and stays
    await page.goto('/hr/attendance');
    await expect(page.getByRole('heading', { name: 'Attendance', exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/hr\/attendance$/);
    await expect(page.getByRole('heading', { name: 'Install the App' })).toHaveCount(0);

    // the same sign-in on a position that allows only the app ends on the app's install page
    const appOnly = await api.newPosition();
    await api.platformAccess(appOnly.id, { allowWebAccess: false, allowPWAAccess: true, forcePWA: true });
    const person = await api.newEmployee(appOnly);
    const other = await browser.newPage();
    const login = new LoginPage(other);
    await login.goto();
    await login.signIn(person.email, person.password);
    await login.expectMessage('Login successful! Redirecting...');
    await expect(other).toHaveURL(/\/pwa-install$/);
    await expect(other.getByRole('heading', { name: 'Install the App' })).toBeVisible();
    await other.goto('/hr/attendance');
    await expect(other).toHaveURL(/\/pwa-install$/);
    await other.close();
  });
});
