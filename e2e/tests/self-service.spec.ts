import { expect, test, type Page } from '@playwright/test';
import { COMPANY_ADMIN } from '../fixtures/users';
import { AttendancePage } from '../pages/AttendancePage';
import { LayoutPage } from '../pages/LayoutPage';
import { LeavePage } from '../pages/LeavePage';
import { LoginPage } from '../pages/LoginPage';
import { PwaApi, uniqueId, type Person } from '../pages/PwaApi';
import { PHONE, sidewaysOverflow } from '../pages/phone';

// Acme's head office: the browser's mocked position is about 30 m from it
const HERE = { latitude: 37.79395, longitude: -122.3965, accuracy: 8 };

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** A Monday to Tuesday of this year, some weeks ahead (two working days; the demo has no holidays). */
function twoDaysThisYear(weeksAhead: number): { start: string; end: string } {
  const now = new Date();
  const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() + ((8 - monday.getUTCDay()) % 7 || 7) + 7 * weeksAhead);
  while (monday.getUTCFullYear() !== now.getUTCFullYear() || new Date(monday.getTime() + 86400000).getUTCFullYear() !== now.getUTCFullYear()) {
    monday.setUTCDate(monday.getUTCDate() - 28);
  }
  return { start: iso(monday), end: iso(new Date(monday.getTime() + 86400000)) };
}

/** A department and a position of Acme whose permission matrix is empty, and an employee with a sign-in on them. */
async function employeeWithoutRights(admin: PwaApi): Promise<Person> {
  const id = uniqueId();
  const department = await admin.send('post', '/api/hr/departments', {
    department_code: `SS${id}`.slice(0, 20).toUpperCase(),
    department_name: `Front desk ${id}`,
  });
  const position = await admin.send('post', '/api/hr/positions', {
    position_code: `SSP${id}`.slice(0, 20).toUpperCase(),
    position_title: `Receptionist ${id}`,
    department_id: department.id,
  });
  expect(await admin.get(`/api/permissions/positions/${position.id}/permissions`)).toEqual([]);
  expect(await admin.get(`/api/permissions/departments/${department.id}/permissions`)).toEqual([]);
  // signs in from a browser tab, not only from the app
  await admin.platformAccess(position.id as number, { allowWebAccess: true, allowPWAAccess: true, forcePWA: false });
  return admin.newEmployee({ id: position.id as number, departmentId: department.id as number });
}

/** The sidebar's entries: on a phone the menu is a drawer, opened from the header. */
async function menuLabels(page: Page): Promise<string[]> {
  await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
  const layout = new LayoutPage(page);
  await expect(layout.menuEntry('Dashboard')).toBeVisible();
  const entries = page.getByRole('menuitem').or(page.getByRole('navigation').getByRole('link'));
  const labels = (await entries.allInnerTexts()).map((text) => text.trim()).filter(Boolean);
  await page.keyboard.press('Escape');
  return labels;
}

test.describe('self-service', () => {
  test.use({ viewport: PHONE, geolocation: HERE, permissions: ['geolocation'] });

  test('an employee whose position and department have no rights checks in and requests leave on a phone', async ({ page, request }) => {
    const admin = await PwaApi.signIn(request, COMPANY_ADMIN);
    expect((await admin.get<{ enabled: boolean }>('/api/settings/self-service')).enabled).toBe(true);
    const person = await employeeWithoutRights(admin);

    const login = new LoginPage(page);
    await login.goto();
    await login.signInAndExpectDashboard(person.email, person.password);
    const labels = await menuLabels(page);
    // Settings is everyone's (their own profile and notifications); the company's screens are not theirs
    for (const entry of ['Dashboard', 'My Attendance', 'My Leave', 'My Payroll', 'Settings']) expect(labels).toContain(entry);
    for (const entry of ['Employees', 'Departments', 'Positions']) expect(labels).not.toContain(entry);

    const attendance = new AttendancePage(page);
    await attendance.goto();
    await attendance.openCheckInOut();
    await attendance.location.fill('Front desk');
    const checkIn = page.waitForResponse((r) => r.url().endsWith('/api/hr/attendance/check-in'));
    await attendance.checkInButton.click();
    expect((await checkIn).status()).toBe(201);
    await attendance.expectToast('Check-in successful!');
    await expect(attendance.checkOutButton).toBeEnabled();

    const { start, end } = twoDaysThisYear(5);
    const leave = new LeavePage(page);
    await leave.goto();
    await leave.requestLeave('Annual Leave', start, end, 2, 'Dentist');
    const row = leave.row(start, end);
    await expect(row).toHaveCount(1);
    await expect(leave.status(row)).toHaveText('Pending');
    await expect(row.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  });

  test('the admin turns self-service off in Settings → Permissions, and the employee keeps only the dashboard', async ({ browser, request }) => {
    const admin = await PwaApi.signIn(request, COMPANY_ADMIN);
    const person = await employeeWithoutRights(admin);
    const adminPage = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await new LoginPage(adminPage).goto();
      await new LoginPage(adminPage).signInAndExpectDashboard(COMPANY_ADMIN.email, COMPANY_ADMIN.password);
      await adminPage.goto('/settings/permissions');
      const card = adminPage.getByTestId('self-service-card');
      await expect(card.getByRole('heading', { name: 'Self-service' })).toBeVisible();
      const toggle = card.getByRole('switch', { name: 'Allow self-service' }).or(card.getByRole('checkbox', { name: 'Allow self-service' }));
      await expect(toggle).toBeChecked();
      await toggle.click();
      const confirm = adminPage.getByRole('dialog', { name: 'Turn self-service off?' });
      await expect(confirm).toBeVisible();
      await confirm.getByRole('button', { name: 'Turn off' }).click();
      await expect(adminPage.getByText('Self-service turned off', { exact: true }).first()).toBeVisible();
      await expect(toggle).not.toBeChecked();
      await expect(card.getByRole('status')).toHaveText('Off: only the matrix below gives access.');

      const signedIn = await request.post('/api/auth/login', { data: { email: person.email, password: person.password } });
      const token = (await signedIn.json()).data.access_token as string;
      const denied = await request.post('/api/hr/attendance/check-in', { headers: { Authorization: `Bearer ${token}` }, data: {} });
      expect(denied.status()).toBe(403);
      expect((await denied.json()).message).toBe('Self-service is turned off for your company: ask your administrator for access');

      const page = await browser.newPage({ viewport: PHONE });
      await new LoginPage(page).goto();
      await new LoginPage(page).signInAndExpectDashboard(person.email, person.password);
      const labels = await menuLabels(page);
      expect(labels).toContain('Dashboard');
      for (const entry of ['My Attendance', 'My Leave', 'My Payroll']) expect(labels).not.toContain(entry);
      await page.close();

      await toggle.click();
      await expect(adminPage.getByText('Self-service turned on', { exact: true }).first()).toBeVisible();
      await expect(toggle).toBeChecked();
    } finally {
      await admin.send('put', '/api/settings/self-service', { enabled: true });
      await adminPage.close();
    }
  });
});
