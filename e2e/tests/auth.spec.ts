import { expect, test } from '@playwright/test';
import { COMPANY_ADMIN, SUPERADMIN, newClient } from '../fixtures/users';
import { LayoutPage } from '../pages/LayoutPage';
import { LoginPage } from '../pages/LoginPage';
import { ChangePasswordForm, ForgotPasswordPage, ResetPasswordPage, resetLinkFor } from '../pages/PasswordPages';
import { RegisterPage } from '../pages/RegisterPage';
import { SettingsPage } from '../pages/SettingsPage';

test.describe('sign-in', () => {
  test('the superadmin signs in to the platform console', async ({ page }) => {
    const login = new LoginPage(page);
    const layout = new LayoutPage(page);
    await login.goto();
    await login.signInAndExpectDashboard(SUPERADMIN.email, SUPERADMIN.password);

    await expect(layout.sidebarSubtitle('Platform Admin')).toBeVisible();
    await layout.expectWebMode();
  });

  test('a company admin signs in to the HR console', async ({ page }) => {
    const login = new LoginPage(page);
    const layout = new LayoutPage(page);
    await login.goto();
    await login.signInAndExpectDashboard(COMPANY_ADMIN.email, COMPANY_ADMIN.password);

    await expect(layout.sidebarSubtitle('HR Management')).toBeVisible();
    await expect(layout.menuEntry('Employees')).toBeVisible();
    await layout.expectWebMode();
  });

  test('a wrong password is refused', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(SUPERADMIN.email, 'Wrong#Password1');

    await login.expectMessage('Invalid email or password. Please try again.');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the form asks for an email and a long enough password', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();

    await login.fill('', 'Super#Admin2026');
    await login.submit.click();
    await login.expectMessage('Please enter your email address');

    await login.fill(SUPERADMIN.email, 'abc');
    await login.submit.click();
    await login.expectMessage('Password must be at least 6 characters long');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('registration', () => {
  test('a new client registers, then signs in', async ({ page }) => {
    const client = newClient();
    const register = new RegisterPage(page);
    await register.goto();
    await register.register(client);

    await register.expectMessage('Registration successful! Please login.');
    await expect(page).toHaveURL(/\/login$/);

    const login = new LoginPage(page);
    await expect(login.heading).toBeVisible();
    await login.signIn(client.email, client.password);
    await login.expectMessage('Login successful! Redirecting...');
    // a client without a company is not an employee: no "use the app" page, the start screen says
    // how to join a company or start one
    await expect(page).toHaveURL(/\/start$/);
    await expect(page.getByText('Employees must use the PWA (Progressive Web App). Please install the app.')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Ask your company for an invitation' })).toBeVisible();
    await expect(new LayoutPage(page).sidebarSubtitle('HR Management')).toBeVisible();
    // and stays there on a reload
    await page.reload();
    await expect(page).toHaveURL(/\/start$/);
  });

  test('the passwords must match', async ({ page }) => {
    const register = new RegisterPage(page);
    await register.goto();
    await register.register({ ...newClient(), confirmPassword: 'Something#Else1' });

    await register.expectMessage('Passwords do not match');
    await expect(page).toHaveURL(/\/register$/);
  });

  test("a value the server refuses is answered beside its field in the server's words", async ({ page, request }) => {
    const client = { ...newClient(), username: 'ab', password: 'short' };
    const refused = await request.post('/api/auth/register', { data: { ...client, role: 'client' } });
    expect(refused.status()).toBe(400);
    const errors = ((await refused.json()) as { errors: Array<{ field: string; message: string }> }).errors;
    const said = (field: string) => errors.find((e) => e.field === field)?.message;
    expect(said('username')).toBeTruthy();
    expect(said('password')).toBeTruthy();

    const register = new RegisterPage(page);
    await register.goto();
    await register.register(client);
    await register.expectMessage(said('username')!);
    await register.expectMessage(said('password')!);
    await expect(page).toHaveURL(/\/register$/);
  });

  test('the login page links to registration', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.registerLink.click();
    await expect(new RegisterPage(page).heading).toBeVisible();
  });
});

test.describe('session and routing', () => {
  test('logout ends the session', async ({ page }) => {
    const login = new LoginPage(page);
    const layout = new LayoutPage(page);
    await login.goto();
    await login.signInAndExpectDashboard(COMPANY_ADMIN.email, COMPANY_ADMIN.password);

    await layout.logout();
    await expect(login.heading).toBeVisible();

    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await expect(login.heading).toBeVisible();
  });

  test('an unauthenticated visit to /dashboard goes to /login', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an unknown path leads to the landing page', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page).toHaveURL(/\/$/);
    // The landing site itself, not an admin screen at '/'.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Start Free Trial' })).toBeVisible();
  });
});

test.describe('passwords', () => {
  test('a forgotten password is reset through the e-mailed link, once', async ({ page, request }) => {
    const client = newClient();
    expect((await request.post('/api/auth/register', { data: { ...client, role: 'client' } })).status()).toBe(201);

    const login = new LoginPage(page);
    await login.goto();
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    const forgot = new ForgotPasswordPage(page);
    await expect(forgot.heading).toBeVisible();
    await forgot.request(client.email);
    await login.expectMessage('If an account exists for this email, we have sent a link to reset the password. Please check your inbox.');

    const link = await resetLinkFor(client.email);
    await page.goto(link);
    const reset = new ResetPasswordPage(page);
    await expect(reset.heading).toBeVisible();
    await reset.choose('Tulip#Garden42', 'Tulip#Garden43');
    await login.expectMessage('Passwords do not match');
    await reset.choose('Tulip#Garden42');
    await login.expectMessage('Your password has been reset. Please sign in with your new password.');
    await expect(page).toHaveURL(/\/login$/);

    await login.signIn(client.email, client.password);
    await login.expectMessage('Invalid email or password. Please try again.');
    await login.signIn(client.email, 'Tulip#Garden42');
    await login.expectMessage('Login successful! Redirecting...');

    // the link worked once
    await page.goto(link);
    await reset.choose('Another#Choice7');
    await login.expectMessage('This password reset link is invalid or has expired. Please request a new one.');
    await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
  });

  test('an unknown email gets the same answer', async ({ page }) => {
    await page.goto('/forgot-password');
    const forgot = new ForgotPasswordPage(page);
    await forgot.request(`nobody.${Date.now()}@example.com`);
    await new LoginPage(page).expectMessage(
      'If an account exists for this email, we have sent a link to reset the password. Please check your inbox.',
    );
  });

  test('a reset page without a token says the link is invalid', async ({ page }) => {
    await page.goto('/reset-password');
    await new LoginPage(page).expectMessage('This password reset link is invalid or has expired. Please request a new one.');
    await page.getByRole('link', { name: 'Request a new link' }).click();
    await expect(new ForgotPasswordPage(page).heading).toBeVisible();
  });

  test('a company admin changes the password in Settings → Profile and stays signed in', async ({ page, request }) => {
    const admin = newClient();
    const trial = await request.post('/api/auth/register', {
      data: { ...admin, role: 'company_admin', create_company: true, company_name: `Pw ${admin.username}` },
    });
    expect(trial.status()).toBe(201);

    const login = new LoginPage(page);
    await login.goto();
    await login.signInAndExpectDashboard(admin.email, admin.password);
    const settings = new SettingsPage(page);
    await settings.goto('profile');
    const form = new ChangePasswordForm(page);

    await form.change('Not#MyPassword1', 'Tulip#Garden42');
    await settings.expectToast('The current password is incorrect');
    await form.change(admin.password, 'password123');
    await settings.expectToast('This password is too common. Please choose one that is harder to guess.');
    await form.change(admin.password, 'Tulip#Garden42');
    await settings.expectToast('Password changed successfully');

    // this browser's session goes on with the new tokens
    await page.reload();
    await expect(page).toHaveURL(/\/settings\/profile$/);
    await new LayoutPage(page).logout();
    await login.signIn(admin.email, admin.password);
    await login.expectMessage('Invalid email or password. Please try again.');
    await login.signInAndExpectDashboard(admin.email, 'Tulip#Garden42');
  });
});
