import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { COMPANY_ADMIN, SUPERADMIN } from '../fixtures/users';
import { LoginPage } from '../pages/LoginPage';
import { PwaApi, uniqueId } from '../pages/PwaApi';

// The company works in Tokyo, the browser is in Los Angeles: 00:20 UTC is 09:20 AM for the company
// (and 04:20 PM the day before on the device's clock, which no screen may show).
const COMPANY_ZONE = 'Asia/Tokyo';
const BROWSER_ZONE = 'America/Los_Angeles';

async function newEmployee(request: APIRequestContext, admin: PwaApi) {
  const departments = await admin.get<Array<{ id: number; department_code: string }>>('/api/hr/departments');
  const positions = await admin.get<Array<{ id: number; position_code: string }>>('/api/hr/positions');
  const id = uniqueId();
  const person = { email: `tz.${id}@acme.example.com`, password: 'Zone#Clock2026' };
  const employee = await admin.send<{ id: number }>('post', '/api/hr/employees', {
    employee_code: `TZ${id}`.slice(0, 20).toUpperCase(),
    first_name: 'Tomo',
    last_name: `Zone${id}`,
    email: person.email,
    hire_date: '2024-01-15',
    department_id: departments.find((d) => d.department_code === 'ENG')!.id,
    position_id: positions.find((p) => p.position_code === 'SWE')!.id,
    enable_login: true,
    username: `tz.${id}`,
    password: person.password,
  });
  return { ...person, id: employee.id, last_name: `Zone${id}` };
}

async function signedIn(browser: Browser, person: { email: string; password: string }) {
  const context = await browser.newContext({ timezoneId: BROWSER_ZONE, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const login = new LoginPage(page);
  await login.goto();
  await login.signInAndExpectDashboard(person.email, person.password);
  return { context, page };
}

test('a record shows the same company time on every screen, for a browser in another time zone', async ({ browser, request }) => {
  const admin = await PwaApi.signIn(request);
  const platform = await PwaApi.signIn(request, SUPERADMIN);
  const { company_id } = await admin.get<{ company_id: number }>('/api/auth/me');
  const { time_zone } = await platform.get<{ time_zone: string }>(`/api/auth/companies/${company_id}`);
  await platform.send('put', `/api/auth/companies/${company_id}`, { time_zone: COMPANY_ZONE });
  try {
    const employee = await newEmployee(request, admin);
    const day = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    await admin.send('post', '/api/hr/attendance', {
      employee_id: employee.id,
      attendance_date: day,
      status: 'present',
      check_in_time: `${day}T00:20:00.000Z`,
      check_out_time: `${day}T08:35:00.000Z`,
      notes: 'Recorded by the office',
    });

    // the employee's own history
    const mine = await signedIn(browser, employee);
    await mine.page.goto('/hr/attendance');
    await mine.page.getByRole('tab', { name: 'History', exact: true }).click();
    const own = mine.page.getByRole('row').filter({ hasText: '09:20 AM' });
    await expect(own).toBeVisible();
    await expect(own).toContainText('05:35 PM');
    await expect(mine.page.getByText('04:20 PM')).toHaveCount(0);
    await mine.context.close();

    // the admin's list of everyone, and the correction form
    const office = await signedIn(browser, COMPANY_ADMIN);
    await office.page.goto('/hr/attendance');
    await office.page.getByRole('tab', { name: 'All Employees', exact: true }).click();
    // the demo's week of everyone's records fills the first pages: the office looks the employee up
    await office.page.getByRole('textbox', { name: 'Search employee', exact: true }).fill(employee.last_name);
    const row = office.page.getByRole('row').filter({ hasText: employee.last_name });
    await expect(row).toContainText('09:20 AM');
    await expect(row).toContainText('05:35 PM');
    await row.getByRole('button').last().click();
    const dialog = office.page.getByRole('dialog');
    await expect(dialog.getByRole('textbox', { name: 'Check-in time', exact: true })).toHaveValue(`${day}T09:20`);
    await expect(dialog.getByRole('textbox', { name: 'Check-out time', exact: true })).toHaveValue(`${day}T17:35`);
    // a corrected time is read on the company's clock too
    await dialog.getByRole('textbox', { name: 'Check-in time', exact: true }).fill(`${day}T09:05`);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(office.page.getByText('Attendance record updated successfully').first()).toBeVisible();
    await expect(row).toContainText('09:05 AM');
    const stored = await admin.get<Array<{ check_in_time: string }>>(`/api/hr/attendance?filter=${encodeURIComponent(JSON.stringify({ employee_id: employee.id }))}`);
    expect(stored[0].check_in_time).toBe(`${day}T00:05:00.000Z`);
    await office.context.close();
  } finally {
    await platform.send('put', `/api/auth/companies/${company_id}`, { time_zone });
  }
});
