import { expect, test } from '@playwright/test';
import { COMPANY_ADMIN } from '../fixtures/users';
import { LayoutPage } from '../pages/LayoutPage';
import { LoginPage } from '../pages/LoginPage';
import { OperationalMonitoringPage } from '../pages/OperationalMonitoringPage';

test.describe('operational monitoring', () => {
  test('a company admin creates a task for a department and completes it', async ({ page }) => {
    const login = new LoginPage(page);
    const layout = new LayoutPage(page);
    const monitoring = new OperationalMonitoringPage(page);
    await login.goto();
    await login.signInAndExpectDashboard(COMPANY_ADMIN.email, COMPANY_ADMIN.password);

    await layout.menuEntry('Operational Monitoring').click();
    await expect(page).toHaveURL(/\/hr\/operational-monitoring/);
    await monitoring.openTasks();

    // the form asks for a title and a department or position first
    await monitoring.newTaskButton.click();
    await monitoring.newTaskDialog.getByRole('button', { name: 'Create Tasks' }).click();
    await expect(monitoring.newTaskDialog.getByText('Please enter a task title')).toBeVisible();
    await expect(monitoring.newTaskDialog.getByText('Please select at least one department or a position')).toBeVisible();
    await monitoring.newTaskDialog.getByRole('button', { name: 'Cancel' }).click();

    // one task per active Engineering employee: Jane Doe, John Smith and any engineer other tests hired
    const title = `Prepare release notes ${Date.now().toString(36)}`;
    await monitoring.createForDepartments(title, ['Engineering'], { priority: 'High' });
    const toast = page.getByText(/^\d+ tasks created successfully$/).first();
    await expect(toast).toBeVisible();
    const created = Number((await toast.textContent())!.split(' ')[0]);
    expect(created).toBeGreaterThanOrEqual(2);
    await expect(monitoring.newTaskDialog).toBeHidden();

    await monitoring.filterBySearch(title);
    await expect(monitoring.rows).toHaveCount(created);
    const janes = monitoring.row('Jane Doe');
    await expect(janes).toContainText('Engineering');
    await expect(janes.getByTestId('task-status')).toHaveText('Pending');

    await janes.click();
    await expect(monitoring.detailDialog).toBeVisible();
    await monitoring.changeStatus('Completed');
    await monitoring.expectToast('Task updated successfully');
    await expect(monitoring.detailDialog.getByTestId('task-status')).toHaveText('Completed');
    await expect(monitoring.detailDialog.getByText('This task is completed. Reopen it to change its status.')).toBeVisible();

    await monitoring.detailDialog.getByRole('textbox', { name: 'Add a comment' }).fill('Published to the wiki');
    await monitoring.detailDialog.getByRole('button', { name: 'Post Comment' }).click();
    await expect(monitoring.detailDialog.getByText('Published to the wiki')).toBeVisible();
    await monitoring.detailDialog.getByRole('button', { name: 'Close' }).click();

    await expect(janes.getByTestId('task-status')).toHaveText('Completed');
    await expect(monitoring.row('John Smith').getByTestId('task-status')).toHaveText('Pending');

    // the dashboard counts them
    await monitoring.dashboardTab.click();
    await expect(page.getByTestId('metric-total')).not.toHaveText('0');
    await expect(page.getByTestId('metric-completed')).not.toHaveText('0');
    await expect(page.getByText('Status Breakdown')).toBeVisible();
    await expect(page.getByText('Priority Distribution')).toBeVisible();
  });
});
