import { expect, test, type Page } from '@playwright/test';
import { LayoutPage } from '../pages/LayoutPage';
import { LeavePage } from '../pages/LeavePage';
import { LoginPage } from '../pages/LoginPage';
import { ChangePasswordForm } from '../pages/PasswordPages';
import { PwaApi, type Person } from '../pages/PwaApi';
import { inWords, weekThisYear } from '../pages/dates';
import { PHONE, sidewaysOverflow } from '../pages/phone';

// a phone: the employee's home is laid out for it first
// inside Acme's head office of the attendance tests, should it exist (a check-in far from it is refused)
const HERE = { latitude: 37.79395, longitude: -122.3965, accuracy: 8 };

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const firstOfThisMonth = () => `${new Date().toISOString().slice(0, 7)}-01`;

/** The page is no wider than the phone: nothing to scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
}

test.describe('the employee home on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, geolocation: HERE, permissions: ['geolocation'] });

  test('an employee sees their own figures, checks in, requests leave and changes their password from Settings → Profile', async ({ page, request }) => {
    const admin = await PwaApi.signIn(request);
    // hired this month: on this month's payroll, and on no earlier month the payroll test counts
    const person: Person = await admin.newEmployee(undefined, { hire_date: firstOfThisMonth() });
    // this month's payroll, so the employee has a payslip (processing it again is allowed): it must run
    const now = new Date();
    const period = { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 };
    const run = await admin.send<{ employee_count: number }>('post', '/api/hr/payroll', period);
    expect(run.employee_count).toBeGreaterThan(0);
    const own = await PwaApi.signIn(request, person);
    const [payslip] = await own.get(`/api/hr/payroll?sort=${encodeURIComponent(JSON.stringify(['pay_period_start', 'DESC']))}`);
    // their own payslip of this month (the home never says "No payslips yet" to them)
    expect(payslip, 'the payslip of this month').toBeTruthy();
    expect(payslip.employee_id).toBe(person.id);
    expect(payslip.pay_period_start).toBe(firstOfThisMonth());
    // a whole month on 60,000.00 a year: basic 5,000.00 + the demo's allowance 150.00 = 5,150.00 gross,
    // less the pre-tax deduction 250.00 = 4,900.00 taxable, tax 480.00: net 5,150.00 − 730.00 = 4,420.00
    expect(payslip.net_salary).toBe('4420.00');
    const balances = await own.get(`/api/hr/leave-balances?filter=${encodeURIComponent(JSON.stringify({ mine: true }))}`);
    const annual = balances.find((b) => b.type_code === 'AL')!;
    // an open task of theirs, under way: the home names its status in words
    const task = `Read the staff handbook ${person.id}`;
    await admin.send('post', '/api/monitoring/tasks', { title: task, assigned_to: person.id, status: 'in_progress', progress_percentage: 20 });

    const login = new LoginPage(page);
    await login.goto();
    await login.signInAndExpectDashboard(person.email, person.password);

    // their own day, leave, payslip: never the company's figures
    const today = page.getByTestId('home-today');
    await expect(today.getByRole('button', { name: 'Check In', exact: true })).toBeVisible();
    await expect(today).toContainText('You have not checked in yet today.');
    const leave = page.getByTestId('home-leave-balance');
    await expect(leave).toContainText('Annual Leave');
    await expect(leave).toContainText(`${Number(annual.remaining)} of `);
    const payslipCard = page.getByTestId('home-payslip');
    await expect(payslipCard).toContainText(`${MONTHS[now.getUTCMonth()]} ${now.getUTCFullYear()}`);
    await expect(payslipCard).toContainText('$4,420.00');
    await expect(payslipCard).not.toContainText('No payslips yet');
    await expect(page.getByTestId('home-pending-requests')).toContainText('No pending requests');
    const tasks = page.getByTestId('home-tasks');
    await expect(tasks).toContainText(task);
    await expect(tasks).toContainText('In Progress');
    await expect(page.getByText('Present Today')).toHaveCount(0);
    await expect(page.getByText('Total Employees')).toHaveCount(0);
    await expect(page.getByText('Monthly Payroll')).toHaveCount(0);
    await expectNoSidewaysScroll(page);

    // one tap to check in, from the home
    await today.getByRole('button', { name: 'Check In', exact: true }).click();
    await expect(page.getByText('Check-in successful!', { exact: true }).first()).toBeVisible();
    await expect(page.getByTestId('home-today-status')).toContainText('Checked in at');
    await expect(today.getByRole('button', { name: 'Check Out', exact: true })).toBeEnabled();

    // Request Leave from the home: the pending request shows there
    const { start, end } = weekThisYear(3);
    await new LeavePage(page).requestLeave('Annual Leave', start, end, 3, 'Long weekend');
    const pending = page.getByTestId('home-pending-requests');
    await expect(pending).toContainText('Annual Leave');
    await expect(pending).toContainText(`${inWords(start)} – ${inWords(end)}`);
    await expect(pending).toContainText('Pending');
    await expectNoSidewaysScroll(page);

    // Settings from the header's gear: Profile and Notifications only
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings\/profile$/);
    const menu = page.getByRole('navigation', { name: 'Settings' });
    await expect(menu.getByRole('button')).toHaveText(['Profile', 'Notifications']);
    const contact = page.getByTestId('own-contact-form');
    await contact.getByRole('textbox', { name: 'Phone' }).first().fill('+1 555 0142');
    await contact.getByRole('textbox', { name: 'City' }).fill('Springfield');
    await contact.getByRole('button', { name: 'Save Profile' }).click();
    await expect(page.getByText('Profile updated successfully', { exact: true }).first()).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('own-contact-form').getByRole('textbox', { name: 'City' })).toHaveValue('Springfield');

    const next = 'Harbour#Light2026';
    await new ChangePasswordForm(page).change(person.password, next);
    await expect(page.getByText('Password changed successfully', { exact: true }).first()).toBeVisible();
    await expectNoSidewaysScroll(page);

    // the new password is the one that signs in (the phone's app bar shows again at the top)
    await page.evaluate(() => window.scrollTo(0, 0));
    await new LayoutPage(page).logout();
    await login.signInAndExpectDashboard(person.email, next);
    await expect(page.getByTestId('home-today')).toBeVisible();
  });

  test('an employee opening /hr/employees is told why instead of being sent away', async ({ page, request }) => {
    const person = await (await PwaApi.signIn(request)).newEmployee(undefined, { hire_date: firstOfThisMonth() });
    const login = new LoginPage(page);
    await login.goto();
    await login.signInAndExpectDashboard(person.email, person.password);
    await page.goto('/hr/employees');
    await expect(page).toHaveURL(/\/hr\/employees$/);
    const denied = page.getByTestId('access-denied');
    await expect(denied).toContainText('Your position has no access to Employees — ask your administrator');
    await denied.getByRole('link', { name: 'Back to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('home-today')).toBeVisible();
  });
});

