import { expect, test, type Page } from '@playwright/test';
import { COMPANY_ADMIN } from '../fixtures/users';
import { LoginPage } from '../pages/LoginPage';
import { uniqueId } from '../pages/PwaApi';
import { SchemaResourcePage, serverMessage } from '../pages/SchemaResourcePage';
import { PHONE } from '../pages/phone';
import { selectTab } from '../pages/tabs';

const VIEWPORTS = [
  { name: 'desktop', size: { width: 1440, height: 900 } },
  { name: 'phone', size: PHONE },
];

async function openTab(page: Page, tab: string) {
  await page.goto('/hr/operational-monitoring');
  await selectTab(page.getByRole('tab', { name: tab, exact: true }));
}

for (const viewport of VIEWPORTS) {
  test.describe(`operational monitoring's generated screens on a ${viewport.name}`, () => {
    test.use({ viewport: viewport.size });
    // a description of 10,001 characters takes a while to type on a slow machine
    test.setTimeout(120_000);

    test('tasks and task templates: list, add (the form refuses what the server refuses, in its words), edit, delete', async ({ page, request }) => {
      const login = new LoginPage(page);
      await login.goto();
      await login.signInAndExpectDashboard(COMPANY_ADMIN.email, COMPANY_ADMIN.password);
      const token = (await (await request.post('/api/auth/login', { data: COMPANY_ADMIN })).json()).data.access_token as string;
      const id = uniqueId();
      const tooLong = 'x'.repeat(10001);

      // tasks: the assignee is searched on the server; a task due Dec 5 reads Dec 5
      await openTab(page, 'Tasks');
      const tasks = new SchemaResourcePage(page, 'monitoring/tasks');
      await tasks.expectNoHorizontalScroll();
      await tasks.openAdd('Add Task');
      await tasks.fill({ Title: `Audit ${id}`, Description: tooLong, 'Assigned To': { pick: 'Jane' }, 'Due Date': '2030-12-05' });
      const sent = tasks.countWrites();
      await tasks.save();
      const said = await serverMessage(request, token, '/api/monitoring/tasks', { title: 'x', description: tooLong }, 'description');
      expect(said).toMatch(/^description .*10000/i);
      await expect(tasks.fieldError(said!)).toBeVisible();
      expect(sent()).toBe(0);
      await tasks.fill({ Description: 'Check the access lists' });
      await tasks.save();
      await tasks.expectSaved('Task created successfully');
      await expect(tasks.row(`Audit ${id}`)).toBeVisible();
      await expect(tasks.row(`Audit ${id}`)).toContainText('Jane Doe');
      await tasks.expectNoHorizontalScroll();
      await tasks.row(`Audit ${id}`).click();
      await expect(page.getByRole('dialog')).toContainText('Dec 5, 2030');
      await tasks.expectNoHorizontalScroll();
      await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();
      await tasks.openEdit(`Audit ${id}`);
      await expect(tasks.field('Due Date')).toHaveValue('2030-12-05');
      await tasks.fill({ Title: `Review ${id}` });
      await tasks.save();
      await tasks.expectSaved('Task updated successfully');
      await expect(tasks.row(`Review ${id}`)).toBeVisible();
      await tasks.delete(`Review ${id}`, 'Delete task');
      await expect(page.getByText('Task deleted successfully').first()).toBeVisible();
      await expect(tasks.row(`Review ${id}`)).toHaveCount(0);

      // task templates: the API lists and adds them (no edit or delete)
      await openTab(page, 'Templates');
      const templates = new SchemaResourcePage(page, 'monitoring/tasks/templates');
      await templates.openAdd('Add Template');
      await templates.fill({ 'Template name': `Onboarding ${id}`, 'Task title': 'Prepare the welcome pack', Description: tooLong, 'Due in (days)': 5 });
      const none = templates.countWrites();
      await templates.save();
      const saidTemplate = await serverMessage(request, token, '/api/monitoring/tasks/templates', { name: 'x', title: 'x', description: tooLong }, 'description');
      await expect(templates.fieldError(saidTemplate!)).toBeVisible();
      expect(none()).toBe(0);
      await templates.fill({ Description: 'Laptop, badge and accounts' });
      await templates.save();
      await templates.expectSaved('Template created successfully');
      await expect(templates.row(`Onboarding ${id}`)).toBeVisible();
      await expect(templates.root.getByRole('button', { name: `Edit Onboarding ${id}` })).toHaveCount(0);
      await templates.expectNoHorizontalScroll();
    });
  });
}
