import { expect, test } from '@playwright/test';
import { COMPANY_ADMIN } from '../fixtures/users';
import { LoginPage } from '../pages/LoginPage';
import { PayrollPage } from '../pages/PayrollPage';
import { PwaApi, uniqueId } from '../pages/PwaApi';
import { SchemaResourcePage, serverMessage } from '../pages/SchemaResourcePage';
import { PHONE, sidewaysOverflow } from '../pages/phone';

const VIEWPORTS = [
  { name: 'desktop', size: { width: 1440, height: 900 } },
  { name: 'phone', size: PHONE },
];

for (const viewport of VIEWPORTS) {
  test.describe(`payroll settings' generated screens on a ${viewport.name}`, () => {
    test.use({ viewport: viewport.size });
    // two collections and the tax table in one flow
    test.setTimeout(180_000);

    test('salary components and employee components: list, add (the form refuses what the server refuses, in its words), edit, delete; the tax table', async ({ page, request }) => {
      const login = new LoginPage(page);
      await login.goto();
      await login.signInAndExpectDashboard(COMPANY_ADMIN.email, COMPANY_ADMIN.password);
      const token = (await (await request.post('/api/auth/login', { data: COMPANY_ADMIN })).json()).data.access_token as string;
      const payroll = new PayrollPage(page);
      const id = uniqueId();
      const code = `C${id}`.toUpperCase();

      // salary components
      await payroll.openSettings();
      const components = new SchemaResourcePage(page, 'hr/payroll/components');
      await components.openAdd('New Component');
      const tooLong = `Meal ${id}`.padEnd(101, 'X');
      await components.fill({ Name: tooLong, Code: code, Value: '150.00' });
      const sent = components.countWrites();
      await components.save();
      const said = await serverMessage(
        request,
        token,
        '/api/hr/payroll/components',
        { component_name: tooLong, component_code: 'X', component_type: 'allowance', calculation_type: 'fixed', amount: '1.00' },
        'component_name',
      );
      expect(said).toMatch(/100/);
      // the server's own wording reaches the form through the document's x-messages
      await expect.soft(components.fieldError(said!)).toBeVisible({ timeout: 1000 });
      await expect(components.dialog.getByText(/100 characters/).first()).toBeVisible();
      expect(sent()).toBe(0);
      await components.fill({ Name: `Meal ${id}` });
      await components.save();
      await components.expectSaved('Salary component created successfully');
      await expect(components.row(`Meal ${id}`)).toBeVisible();
      await components.expectNoHorizontalScroll();
      await components.openEdit(`Meal ${id}`);
      await components.fill({ Name: `Lunch ${id}` });
      await components.save();
      await components.expectSaved('Salary component updated successfully');
      await expect(components.row(`Lunch ${id}`)).toBeVisible();

      // an employee's components
      const api = await PwaApi.signIn(request);
      const jane = (await api.get<Array<{ first_name: string; last_name: string }>>('/api/hr/employees?filter={"q":"Jane"}'))[0];
      const janeName = `${jane.first_name} ${jane.last_name}`;
      const assignments = new SchemaResourcePage(page, 'hr/payroll/employee-components');
      await assignments.openAdd('Assign');
      await assignments.fill({ Employee: { pick: jane.first_name }, Component: { pick: `Lunch ${id}` }, 'Own amount': '20' });
      const sentAssignment = assignments.countWrites();
      await assignments.save();
      await expect(assignments.dialog.getByText(/Amount/).first()).toBeVisible();
      expect(sentAssignment()).toBe(0);
      await assignments.fill({ 'Own amount': '200.00' });
      await assignments.save();
      await assignments.expectSaved('Component assigned successfully');
      await expect(assignments.row(`Lunch ${id}`)).toBeVisible();
      await assignments.expectNoHorizontalScroll();
      await assignments.openEdit(janeName);
      await assignments.fill({ 'Own amount': '250.00' });
      await assignments.save();
      await assignments.expectSaved('Assignment updated successfully');
      await assignments.delete(janeName, 'Remove assignment');
      await expect(page.getByText('Assignment removed successfully').first()).toBeVisible();

      await components.delete(`Lunch ${id}`, 'Delete this salary component?');
      await expect(page.getByText('Salary component deleted successfully').first()).toBeVisible();
      await expect(components.row(`Lunch ${id}`)).toHaveCount(0);

      // the tax table: each band checked with the document's rules, saved as a whole
      const table = page.getByTestId('tax-table');
      const rate = table.getByRole('textbox', { name: 'Rate %', exact: true }).first();
      const before = await rate.inputValue();
      await rate.fill('abc');
      await table.getByRole('button', { name: 'Save Tax Table' }).click();
      // the server's own sentence for the rule, from the document
      await expect(table.getByText('Rate must be a percentage from 0 to 100 with at most 2 decimals').first()).toBeVisible();
      await rate.fill(before);
      await table.getByRole('button', { name: 'Save Tax Table' }).click();
      await expect(page.getByText('Tax table saved successfully').first()).toBeVisible();
      expect(await sidewaysOverflow(page), 'the page is wider than the screen').toBeLessThanOrEqual(0);
    });
  });
}
