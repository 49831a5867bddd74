import { expect, type Locator, type Page } from '@playwright/test';

/** /hr/operational-monitoring: the Dashboard and Tasks tabs, the New Task form and a task's detail. */
export class OperationalMonitoringPage {
  readonly dashboardTab: Locator;
  readonly tasksTab: Locator;
  readonly newTaskButton: Locator;
  readonly search: Locator;
  readonly rows: Locator;
  readonly newTaskDialog: Locator;
  readonly detailDialog: Locator;

  constructor(readonly page: Page) {
    this.dashboardTab = page.getByRole('tab', { name: 'Dashboard' });
    this.tasksTab = page.getByRole('tab', { name: 'Tasks' });
    this.newTaskButton = page.getByRole('button', { name: 'New Task' });
    this.search = page.getByTestId('resource-monitoring/tasks').getByPlaceholder('Search tasks');
    this.rows = page.getByTestId('resource-monitoring/tasks').locator('tbody').getByRole('row');
    this.newTaskDialog = page.getByRole('dialog', { name: 'New Task' });
    this.detailDialog = page.getByRole('dialog').filter({ has: page.getByText('Comments', { exact: true }) });
  }

  async goto() {
    await this.page.goto('/hr/operational-monitoring');
    await expect(this.page.getByRole('heading', { name: 'Operational Monitoring' })).toBeVisible();
  }

  async openTasks() {
    await this.tasksTab.click();
    await expect(this.newTaskButton).toBeVisible();
  }

  /** Fills the New Task form for the given departments and submits it. */
  async createForDepartments(title: string, departments: string[], extra: { priority?: string } = {}) {
    await this.newTaskButton.click();
    const dialog = this.newTaskDialog;
    await expect(dialog).toBeVisible();
    await dialog.getByRole('textbox', { name: /^Title/ }).fill(title);
    if (extra.priority) {
      await dialog.getByRole('combobox', { name: 'Priority' }).click();
      await this.page.getByRole('option', { name: extra.priority, exact: true }).click();
    }
    const picker = dialog.getByRole('combobox', { name: 'Departments' });
    for (const name of departments) {
      await picker.click();
      await picker.fill(name);
      await this.page.getByRole('option', { name, exact: true }).click();
    }
    await dialog.getByRole('button', { name: 'Create Tasks' }).click();
  }

  /** Searches and waits until the list shows only what matches. */
  async filterBySearch(text: string) {
    await this.search.fill(text);
    await expect(this.rows.filter({ hasNotText: text })).toHaveCount(0, { timeout: 15_000 });
  }

  row(assignee: string): Locator {
    return this.rows.filter({ hasText: assignee });
  }

  /** In the open task detail: moves the task to a status and saves. */
  async changeStatus(status: string) {
    const dialog = this.detailDialog;
    await dialog.getByRole('combobox', { name: 'Status' }).click();
    await this.page.getByRole('option', { name: status, exact: true }).click();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
  }

  async expectToast(text: string) {
    await expect(this.page.getByText(text, { exact: true }).first()).toBeVisible();
  }
}
