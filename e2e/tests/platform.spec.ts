import { expect, test } from '@playwright/test';
import { SUPERADMIN } from '../fixtures/users';
import { LayoutPage } from '../pages/LayoutPage';
import { LoginPage } from '../pages/LoginPage';
import { CompaniesPage, FreeTrialPage, PackagesPage, expectToast } from '../pages/PlatformPages';
import { PHONE } from '../pages/phone';

const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test.describe('SaaS platform', () => {
  test('the superadmin creates a package with features, a company and its admin, impersonates it and exits', async ({ page }) => {
    // many steps, three sign-ins
    test.slow();
    const id = uid();
    const packageName = `Growth ${id}`;
    const featureName = `Face Check-in ${id}`;
    const companyName = `Initech ${id}`;
    const admin = { firstName: 'Peter', lastName: 'Gibbons', username: `peter.${id}`, email: `peter.${id}@initech.example.com`, password: 'Stapler#Red2026' };

    const login = new LoginPage(page);
    const layout = new LayoutPage(page);
    await login.goto();
    await login.signInAndExpectDashboard(SUPERADMIN.email, SUPERADMIN.password);

    // the platform dashboard
    for (const card of ['Total Companies', 'Active Clients', 'Total Users', 'MRR']) {
      await expect(page.getByText(card, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Manage Companies' })).toHaveAttribute('href', '/companies');

    // a package with features
    const packages = new PackagesPage(page);
    await packages.goto();
    await expect(packages.card('Enterprise')).toContainText('Unlimited employees');
    await expect(packages.card('Standard')).toContainText('Save 20%');
    await packages.createPackage({ code: `growth-${id}`, name: packageName, monthly: '59', annual: '590', maxEmployees: '40', trialDays: '21' });
    const card = packages.card(packageName);
    await expect(card).toContainText('$59');
    await expect(card).toContainText('40 employees');
    await expect(card).toContainText('21-day free trial');
    await expect(card).toContainText('No features included yet');
    await packages.createFeature({ code: `face_${id}`, name: featureName, module: 'Face recognition', type: 'Add-on' });
    await packages.includeFeatures(packageName, ['Employee Management', 'Payroll', featureName]);
    await expect(card).toContainText('Employee Management');
    await expect(card).toContainText('Payroll');
    await expect(card).toContainText(featureName);

    // a company on it, and its admin
    const companies = new CompaniesPage(page);
    await companies.goto();
    await companies.addCompany({ name: companyName, code: `INI-${id}`.toUpperCase(), email: `hello@${id}.example.com`, packageName });
    const companyCard = companies.card(companyName);
    await expect(companyCard).toContainText(packageName);
    await expect(companyCard).toContainText('0 users');
    await companies.createAdmin(companyName, admin);
    await expect(companyCard).toContainText('1 user');

    // view as admin: the company's console, limited to its package
    await companies.viewAsAdmin(companyName);
    await expect(page.getByText(`Impersonating ${companyName}`, { exact: true })).toBeVisible();
    await expect(layout.menuEntry('Employees')).toBeVisible();
    await expect(layout.menuEntry('Payroll')).toBeVisible();
    await expect(layout.menuEntry('Departments')).toHaveCount(0);
    await expect(layout.menuEntry('Companies')).toHaveCount(0);
    // what the company's admin has: Shift Roster too, and no screen of a module outside the package
    await expect(layout.menuEntry('Shift Roster')).toBeVisible();
    await expect(layout.menuEntry('KPI & Bonus')).toHaveCount(0);
    await expect(layout.menuEntry('Operational Monitoring')).toHaveCount(0);

    // and back
    await page.getByRole('button', { name: 'Exit Impersonation' }).click();
    await expectToast(page, 'Stopped impersonating company');
    await expect(page).toHaveURL(/\/companies$/);
    await expect(page.getByText(`Impersonating ${companyName}`, { exact: true })).toHaveCount(0);
    await expect(layout.menuEntry('Companies')).toBeVisible();

    // the new admin signs in to the company's console
    await layout.logout();
    await login.signInAndExpectDashboard(admin.email, admin.password);
    await expect(layout.sidebarSubtitle('HR Management')).toBeVisible();
    await expect(layout.menuEntry('Payroll')).toBeVisible();
    await expect(layout.menuEntry('Departments')).toHaveCount(0);
  });

  test('a visitor completes the free trial and signs in as the new company admin', async ({ page }) => {
    const id = uid();
    const trial = new FreeTrialPage(page);
    await trial.goto();
    await expect(page.locator('main')).toHaveAttribute('data-layout', 'desktop');

    // the first public package is preselected; trial length and limits follow the choice
    await expect(page.getByRole('radio').first()).toBeChecked();
    await expect(page.getByRole('radio', { checked: true })).toHaveCount(1);
    await expect(page.getByText('No credit card required', { exact: true })).toBeVisible();
    await expect(page.getByText('Full access', { exact: true })).toBeVisible();
    await expect(page.getByText('Cancel anytime', { exact: true })).toBeVisible();
    await trial.plan('Enterprise').check();
    await expect(trial.form).toContainText('Enterprise: 30-day free trial, then $299/month. Unlimited employees.');
    await trial.plan('Standard').check();
    await expect(trial.form).toContainText('Standard: 14-day free trial, then $79/month. Up to 100 employees.');

    // the spec's validation
    await trial.submit.click();
    await trial.expectError('Username is required');
    await trial.expectError('Email is required');
    await trial.expectError('Password is required');
    await trial.expectError('Company name is required');
    await trial.fill({ Password: 'Trial#2026', 'Confirm password': 'Other#2026' });
    await trial.submit.click();
    await trial.expectError('Passwords do not match');

    const email = `owner.${id}@hooli.example.com`;
    await trial.fill({
      'First name': 'Gavin',
      'Last name': 'Belson',
      Username: `gavin.${id}`,
      Email: email,
      Password: 'Trial#2026',
      'Confirm password': 'Trial#2026',
      'Company name': `Hooli ${id}`,
    });
    await trial.form.getByLabel('Industry').selectOption('Technology');
    await trial.submit.click();
    await expect(page.getByRole('status').filter({ hasText: /Welcome aboard, Gavin! Your 14-day free trial/ })).toBeVisible();
    // the new admin continues signed in, on the new company's dashboard
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });

    const layout = new LayoutPage(page);
    await expect(layout.sidebarSubtitle('HR Management')).toBeVisible();
    await expect(page.getByTestId('subscription-banner')).toHaveText(/Free trial of the Standard package: 14 days left\./);
    await expect(layout.menuEntry('Payroll')).toBeVisible();
    // Standard has no operational monitoring
    await expect(layout.menuEntry('Operational Monitoring')).toHaveCount(0);
  });

  test('the free trial has a mobile layout below 1024 px, which also asks for the names', async ({ page }) => {
    await page.setViewportSize(PHONE);
    const trial = new FreeTrialPage(page);
    await trial.goto();
    await expect(page.locator('main')).toHaveAttribute('data-layout', 'mobile');
    await trial.submit.click();
    await trial.expectError('First name is required');
    await trial.expectError('Last name is required');
    await trial.expectError('Company name is required');
  });
});
