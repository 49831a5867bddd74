import { expect, test, type Page } from '@playwright/test';
import { COMPANY_ADMIN } from '../fixtures/users';
import { LoginPage } from '../pages/LoginPage';
import { PHONE, sidewaysOverflow } from '../pages/phone';
import { PwaApi } from '../pages/PwaApi';
import { SettingsPage } from '../pages/SettingsPage';

interface Entry {
  module: { module_key: string };
  can_view: boolean;
  view_scope: string | null;
  edit_scope: string | null;
}

const signIn = async (page: Page) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signInAndExpectDashboard(COMPANY_ADMIN.email, COMPANY_ADMIN.password);
};

/** One position of the matrix's list, found by its search box (the demo database gains positions as tests run). */
const openPosition = async (settings: SettingsPage, title: string) => {
  await settings.page.getByRole('searchbox', { name: 'Search' }).or(settings.page.getByRole('textbox', { name: 'Search' })).fill(title);
  await settings.selectSubject('Positions', title);
};

/** How far a frame of the matrix scrolls sideways inside the page (0 when it fits). */
const matrixOverflow = (page: Page, title: string) =>
  page.getByRole('table', { name: `Permissions for ${title}` }).evaluate((table) => {
    const frame = table.parentElement!;
    return frame.scrollWidth - frame.clientWidth;
  });

test.describe('scopes and line managers, on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('a scope chosen in the matrix is saved and shown again after a reload', async ({ page, request }) => {
    test.slow();
    const api = await PwaApi.signIn(request);
    const { id } = await api.newPosition();
    const title = (await api.get<{ position_title: string }>(`/api/hr/positions/${id}`)).position_title;

    await signIn(page);
    const settings = new SettingsPage(page);
    await settings.goto('permissions');
    await openPosition(settings, title);
    await expect(page.getByText(/Each granted action covers the records of the employee themselves \(Own\)/)).toBeVisible();

    // enabling grants view, at its own records for leave; create has no scope until it is ticked
    await settings.moduleSwitch('Leave Management').check();
    await expect(settings.moduleAction('Leave Management', 'View')).toBeChecked();
    const viewScope = page.getByRole('combobox', { name: 'Leave Management View scope' });
    await expect(viewScope).toHaveValue('own');
    await expect(page.getByRole('combobox', { name: 'Leave Management Create scope' })).toHaveCount(0);
    expect(await viewScope.locator('option').allInnerTexts()).toEqual(['Own', 'Team', 'Department', 'Company']);
    await viewScope.selectOption({ label: 'Team' });
    await settings.moduleAction('Leave Management', 'Create').check();
    await expect(page.getByRole('combobox', { name: 'Leave Management Create scope' })).toHaveValue('own');

    // the matrix fits the phone: nothing scrolls sideways
    expect(await sidewaysOverflow(page)).toBe(0);
    expect(await matrixOverflow(page, title)).toBeLessThanOrEqual(1);
    await page.getByTestId('permission-row-leave').scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('matrix-phone.png') });

    await settings.savePermissions(title);
    const leave = (await api.get<Entry[]>(`/api/permissions/positions/${id}/permissions`)).find((e) => e.module.module_key === 'leave');
    expect(leave).toMatchObject({ can_view: true, view_scope: 'team', edit_scope: null });

    await page.reload();
    await openPosition(settings, title);
    await expect(settings.moduleAction('Leave Management', 'View')).toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Leave Management View scope' })).toHaveValue('team');
    await expect(page.getByRole('combobox', { name: 'Leave Management View scope' }).locator('option:checked')).toHaveText('Team');

    // on a desktop the same matrix fits its card
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await matrixOverflow(page, title)).toBeLessThanOrEqual(1);
    await page.getByTestId('permission-row-leave').scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('matrix-desktop.png') });
  });

  test('the line-manager policy is turned off and on from its card', async ({ page, request }) => {
    const api = await PwaApi.signIn(request);
    await signIn(page);
    await page.goto('/settings/permissions');
    const card = page.getByTestId('line-managers-card');
    try {
      await expect(card.getByRole('heading', { name: 'Line managers' })).toBeVisible();
      await expect(card.getByText(/every employee whom others report to sees the team's profiles \(without pay\)/i)).toBeVisible();
      const toggle = card.getByRole('checkbox', { name: 'Give line managers their team' }).or(card.getByRole('switch', { name: 'Give line managers their team' }));
      await expect(toggle).toBeChecked();
      await expect(card.getByRole('status')).toContainText('On: line managers work on their team');
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath('card-phone.png') });

      // turning it off takes the team away from every manager: it asks first
      await toggle.click();
      const confirm = page.getByRole('dialog', { name: 'Turn line managers off?' });
      await expect(confirm).toBeVisible();
      await confirm.getByRole('button', { name: 'Turn off' }).click();
      await expect(page.getByText('Line managers turned off', { exact: true }).first()).toBeVisible();
      await expect(toggle).not.toBeChecked();
      await expect(card.getByRole('status')).toHaveText('Off: only the matrix below gives access.');
      expect((await api.get<{ enabled: boolean }>('/api/settings/line-managers')).enabled).toBe(false);

      await toggle.click();
      await expect(page.getByText('Line managers turned on', { exact: true }).first()).toBeVisible();
      await expect(toggle).toBeChecked();
      expect((await api.get<{ enabled: boolean }>('/api/settings/line-managers')).enabled).toBe(true);

      await page.setViewportSize({ width: 1280, height: 800 });
      await page.screenshot({ path: test.info().outputPath('card-desktop.png') });
    } finally {
      await api.send('put', '/api/settings/line-managers', { enabled: true });
    }
  });

  test("an employee's details name the manager and the direct reports, each a link to their details", async ({ page, request }) => {
    const api = await PwaApi.signIn(request);
    const manager = await api.newEmployee(undefined, { first_name: 'Mara' });
    const report = await api.newEmployee(undefined, { first_name: 'Remy', manager_id: manager.id });
    const managerName = `Mara ${manager.name.split(' ')[1]}`;
    const reportName = `Remy ${report.name.split(' ')[1]}`;

    await signIn(page);
    await page.goto(`/hr/employees?employee=${report.id}`);
    const details = page.getByRole('dialog', { name: reportName });
    await expect(details).toBeVisible();
    await expect(details.getByText('Nobody reports to Remy.')).toBeVisible();
    await details.getByRole('link', { name: managerName }).click();

    const managerDetails = page.getByRole('dialog', { name: managerName });
    await expect(managerDetails).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`employee=${manager.id}$`));
    await expect(managerDetails.getByRole('list', { name: 'Direct reports' }).getByRole('link', { name: reportName })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('employee-phone.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: test.info().outputPath('employee-desktop.png') });

    await managerDetails.getByRole('button', { name: 'Close' }).click();
    await expect(managerDetails).toHaveCount(0);
    await expect(page).toHaveURL(/\/hr\/employees$/);
  });
});
