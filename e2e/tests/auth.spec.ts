import { expect, test } from '@playwright/test';
import { COMPANY_ADMIN, SUPERADMIN, newClient } from '../fixtures/users';
import { LayoutPage } from '../pages/LayoutPage';
import { LoginPage } from '../pages/LoginPage';
import { RegisterPage } from '../pages/RegisterPage';

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
    // platform rule: a client without a position that allows the web is asked to use the app
    await expect(page).toHaveURL(/\/pwa-install$/);
    await login.expectMessage('Employees must use the PWA (Progressive Web App). Please install the app.');
    await page.getByRole('button', { name: 'Continue in Browser (Limited Access)' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(new LayoutPage(page).sidebarSubtitle('HR Management')).toBeVisible();
    // the choice holds for the rest of the visit
    await page.reload();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the passwords must match', async ({ page }) => {
    const register = new RegisterPage(page);
    await register.goto();
    await register.register({ ...newClient(), confirmPassword: 'Something#Else1' });

    await register.expectMessage('Passwords do not match');
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
