import { expect, test } from '@playwright/test';
import { COMPANY_ADMIN } from '../fixtures/users';
import { LoginPage } from '../pages/LoginPage';
import { uniqueId } from '../pages/PwaApi';
import { SchemaResourcePage, serverMessage } from '../pages/SchemaResourcePage';
import { SettingsPage } from '../pages/SettingsPage';
import { PHONE } from '../pages/phone';

const VIEWPORTS = [
  { name: 'desktop', size: { width: 1440, height: 900 } },
  { name: 'phone', size: PHONE },
];

for (const viewport of VIEWPORTS) {
  test.describe(`leave settings' generated screens on a ${viewport.name}`, () => {
    test.use({ viewport: viewport.size });
    // three collections in one flow
    test.setTimeout(180_000);

    test('leave types, leave policies and holidays: list, add (the form refuses what the server refuses, in its words), edit, delete', async ({ page, request }) => {
      const login = new LoginPage(page);
      await login.goto();
      await login.signInAndExpectDashboard(COMPANY_ADMIN.email, COMPANY_ADMIN.password);
      const token = (await (await request.post('/api/auth/login', { data: COMPANY_ADMIN })).json()).data.access_token as string;
      const settings = new SettingsPage(page);
      const id = uniqueId();

      // leave types
      await settings.openLeaveTab('Leave Types');
      const types = new SchemaResourcePage(page, 'hr/leave-types');
      await expect(types.row('Annual Leave')).toBeVisible();
      await types.openAdd('Add Leave Type');
      const tooLong = `L${id}`.padEnd(21, 'X');
      await types.fill({ 'Type Name': `Study ${id}`, 'Type Code': tooLong, 'Max Days Per Year': 5 });
      const sent = types.countWrites();
      await types.save();
      const said = await serverMessage(request, token, '/api/hr/leave-types', { type_name: 'x', type_code: tooLong }, 'type_code');
      expect(said).toMatch(/20/);
      // the server's own wording reaches the form through the document's x-messages
      await expect.soft(types.fieldError(said!)).toBeVisible({ timeout: 1000 });
      await expect(types.dialog.getByText(/20 characters/).first()).toBeVisible();
      expect(sent()).toBe(0);
      await types.fill({ 'Type Code': `L${id}` });
      await types.save();
      await types.expectSaved('Leave type created successfully');
      await expect(types.row(`Study ${id}`)).toBeVisible();
      await types.expectNoHorizontalScroll();
      await types.openEdit(`Study ${id}`);
      await types.fill({ 'Type Name': `Exam ${id}` });
      await types.save();
      await types.expectSaved('Leave type updated successfully');
      await expect(types.row(`Exam ${id}`)).toBeVisible();
      await types.delete(`Exam ${id}`, 'Are you sure you want to delete this leave type?');
      await expect(page.getByText('Leave type deleted successfully').first()).toBeVisible();
      await expect(types.row(`Exam ${id}`)).toHaveCount(0);

      // leave policies
      await settings.openLeaveTab('Leave Policies');
      const policies = new SchemaResourcePage(page, 'hr/leave-policies');
      await policies.openAdd('Add Policy');
      const longPolicy = `P${id}`.padEnd(101, 'X');
      await policies.fill({ 'Policy Name': longPolicy, 'Consecutive days limit': 5 });
      const sentPolicy = policies.countWrites();
      await policies.save();
      const limit = await serverMessage(request, token, '/api/hr/leave-policies', { name: longPolicy }, 'name');
      expect(limit).toMatch(/100/);
      await expect.soft(policies.fieldError(limit!)).toBeVisible({ timeout: 1000 });
      await expect(policies.dialog.getByText(/100 characters/).first()).toBeVisible();
      expect(sentPolicy()).toBe(0);
      await policies.fill({ 'Policy Name': `Study ${id}` });
      await policies.save();
      await policies.expectSaved('Settings saved successfully');
      await expect(policies.row(`Study ${id}`)).toBeVisible();
      await policies.expectNoHorizontalScroll();
      await policies.openEdit(`Study ${id}`);
      await policies.fill({ 'Policy Name': `Exam ${id}` });
      await policies.save();
      await policies.expectSaved('Settings saved successfully');
      await expect(policies.row(`Exam ${id}`)).toBeVisible();
      await policies.delete(`Exam ${id}`, 'Are you sure you want to delete this leave policy?');
      await expect(page.getByText('Leave policy deleted successfully').first()).toBeVisible();

      // holidays, on the Leave Policies tab
      const holidays = new SchemaResourcePage(page, 'hr/holidays');
      await holidays.openAdd('Add Holiday');
      const longName = `H${id}`.padEnd(151, 'X');
      await holidays.fill({ Date: '2030-12-26', Name: longName });
      const sentHoliday = holidays.countWrites();
      await holidays.save();
      const named = await serverMessage(request, token, '/api/hr/holidays', { holiday_date: '2030-12-26', name: longName }, 'name');
      expect(named).toMatch(/150/);
      await expect.soft(holidays.fieldError(named!)).toBeVisible({ timeout: 1000 });
      await expect(holidays.dialog.getByText(/150 characters/).first()).toBeVisible();
      expect(sentHoliday()).toBe(0);
      await holidays.fill({ Name: `Boxing ${id}` });
      await holidays.save();
      await holidays.expectSaved('Holiday created successfully');
      await expect(holidays.row(`Boxing ${id}`)).toBeVisible();
      await holidays.expectNoHorizontalScroll();
      await holidays.openEdit(`Boxing ${id}`);
      await holidays.fill({ Name: `St Stephen ${id}` });
      await holidays.save();
      await holidays.expectSaved('Holiday updated successfully');
      await holidays.delete(`St Stephen ${id}`, 'Delete holiday');
      await expect(page.getByText('Holiday deleted successfully').first()).toBeVisible();
      await expect(holidays.row(`St Stephen ${id}`)).toHaveCount(0);
    });
  });
}
