import { expect, test } from '@playwright/test';
import { COMPANY_ADMIN, EMPLOYEE } from '../fixtures/users';
import { LayoutPage } from '../pages/LayoutPage';
import { LoginPage } from '../pages/LoginPage';
import { SettingsPage } from '../pages/SettingsPage';

test.describe('shift roster', () => {
  test('a company admin opens the Shift Roster from the sidebar and from the attendance settings', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signInAndExpectDashboard(COMPANY_ADMIN.email, COMPANY_ADMIN.password);

    const layout = new LayoutPage(page);
    await layout.menuEntry('Shift Roster').click();
    await expect(page).toHaveURL(/\/hr\/shift-roster$/);
    await expect(page.getByRole('heading', { name: 'Shift Roster', exact: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Shifts', exact: true })).toHaveAttribute('aria-selected', 'true');

    const settings = new SettingsPage(page);
    await settings.goto();
    await settings.open('Attendance Settings');
    await settings.attendanceTab('Geolocation').click();
    await page.getByRole('link', { name: 'Work locations and shifts' }).click();
    await expect(page).toHaveURL(/\/hr\/shift-roster\?tab=locations$/);
    await expect(page.getByRole('tab', { name: 'Locations', exact: true })).toHaveAttribute('aria-selected', 'true');
  });

  test('an employee has no Shift Roster in the sidebar', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signInAndExpectDashboard(EMPLOYEE.email, EMPLOYEE.password);
    const layout = new LayoutPage(page);
    await expect(layout.menuEntry('My Attendance')).toBeVisible();
    await expect(layout.menuEntry('Shift Roster')).toHaveCount(0);
  });
});
