import { expect, test } from '@playwright/test';
import { COMPANY_ADMIN, newClient } from '../fixtures/users';
import { LayoutPage } from '../pages/LayoutPage';
import { LoginPage } from '../pages/LoginPage';
import { invitationLinkFor } from '../pages/PasswordPages';
import { SchemaResourcePage } from '../pages/SchemaResourcePage';
import { LeavePage } from '../pages/LeavePage';
import { ChangePasswordForm } from '../pages/PasswordPages';
import { weekThisYear } from '../pages/dates';
import { PHONE, sidewaysOverflow } from '../pages/phone';

const uniqueId = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** Platform rule: an employee or a client is asked to use the installed app, and may go on in the browser. */
const continueInBrowser = async (page: import('@playwright/test').Page) => {
  await expect(page).toHaveURL(/\/pwa-install$/);
  await page.getByRole('button', { name: 'Continue in Browser (Limited Access)' }).click();
};

// inside Acme's head office of the attendance tests, should it exist (a check-in far from it is refused)
const HERE = { latitude: 37.79395, longitude: -122.3965, accuracy: 8 };

test.describe('invitations on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, geolocation: HERE, permissions: ['geolocation'] });

  test('an admin invites a new employee, who chooses a password from the e-mailed link and lands in the app', async ({ page }) => {
    const id = uniqueId();
    const email = `iris.${id}@acme.example.com`;
    const last = `Invited${id}`;

    const login = new LoginPage(page);
    await login.goto();
    await login.signInAndExpectDashboard(COMPANY_ADMIN.email, COMPANY_ADMIN.password);
    await page.goto('/hr/employees');
    await expect(page.getByRole('heading', { name: 'Employees', level: 1 })).toBeVisible({ timeout: 20_000 });
    const employees = new SchemaResourcePage(page, 'hr/employees');
    await employees.openAdd('Add Employee');
    await employees.fill({
      'Employee Code': `I${id}`.slice(0, 20).toUpperCase(),
      'First Name': 'Iris',
      'Last Name': last,
      Email: email,
      'Hire Date': '2026-03-02',
    });
    // an invitation in place of a password: the password fields are not offered with it
    await employees.fill({ 'Send an invitation': true });
    const enableLogin = /^Enable login/;
    await expect(employees.dialog.getByRole('checkbox', { name: enableLogin }).or(employees.dialog.getByRole('switch', { name: enableLogin }))).toHaveCount(0);
    await employees.save();
    await employees.expectSaved('Employee created successfully');
    await page.getByPlaceholder('Search employees...').fill(last);
    await expect(employees.row(`Iris ${last}`)).toBeVisible();
    await expect(page.getByRole('button', { name: `Revoke invitation Iris ${last}` })).toBeVisible();
    await new LayoutPage(page).logout();

    // the mail in the development mailbox leads to the invitation page
    const link = await invitationLinkFor(email);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: /^Join Acme/ })).toBeVisible();
    await expect(page.getByText(email, { exact: false }).first()).toBeVisible();
    const password = page.locator('input[name="password"]');
    const confirm = page.locator('input[name="confirmPassword"]');
    const submit = page.getByRole('button', { name: 'Accept and sign in' });
    // the server's rules, checked before sending
    await password.fill('short');
    await confirm.fill('short');
    await submit.click();
    await expect(page.getByText('Password must be at least 8 characters').first()).toBeVisible();
    await password.fill('Tulip#Garden42');
    await confirm.fill('Tulip#Garden43');
    await submit.click();
    await expect(page.getByText('Passwords do not match').first()).toBeVisible();
    await confirm.fill('Tulip#Garden42');
    await submit.click();
    await expect(page.getByText('Welcome! Your account is ready.').first()).toBeVisible();
    await continueInBrowser(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

    // day one, with no rights from the permission matrix (no position, no department): the
    // self-service policy lets the new employee check in, request leave and change the password
    const today = page.getByTestId('home-today');
    await today.getByRole('button', { name: 'Check In', exact: true }).click();
    await expect(page.getByText('Check-in successful!', { exact: true }).first()).toBeVisible();
    await expect(page.getByTestId('home-today-status')).toContainText('Checked in at');
    const { start, end } = weekThisYear(4);
    await new LeavePage(page).requestLeave('Annual Leave', start, end, 3, 'Moving house');
    await expect(page.getByTestId('home-pending-requests')).toContainText('Annual Leave');
    await page.getByRole('button', { name: 'Settings' }).click();
    await new ChangePasswordForm(page).change('Tulip#Garden42', 'Tulip#Harbour77');
    await expect(page.getByText('Password changed successfully', { exact: true }).first()).toBeVisible();

    // the link worked once; the new password signs in
    await page.evaluate(() => window.scrollTo(0, 0));
    await new LayoutPage(page).logout();
    await page.goto(link);
    await expect(page.getByText('This invitation has already been used. Sign in with your email and password.').first()).toBeVisible();
    await login.goto();
    await login.signIn(email, 'Tulip#Harbour77');
    await login.expectMessage('Login successful! Redirecting...');
  });

  test('a self-registered client lands on a start screen that says how to join a company', async ({ page, request }) => {
    const client = newClient();
    expect((await request.post('/api/auth/register', { data: client })).status()).toBe(201);
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(client.email, client.password);
    await login.expectMessage('Login successful! Redirecting...');
    // a client is no employee: the install page ("Employees must use the PWA") is not for them
    await expect(page).toHaveURL(/\/start$/);
    await expect(page.getByText('Employees must use the PWA')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Ask your company for an invitation' })).toBeVisible();
    await expect(page.getByText(client.email, { exact: false }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Start a free trial for your company' })).toBeVisible();
    // the trial starts here, from the signed-in account (first-week-signup follows it to the end)
    await expect(page.getByRole('button', { name: 'Start a free trial' })).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  });
});
