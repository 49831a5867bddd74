import { expect, test, type Page } from '@playwright/test';
import { COMPANY_ADMIN } from '../fixtures/users';
import { LoginPage } from '../pages/LoginPage';
import { PwaApi, uniqueId } from '../pages/PwaApi';
import { SchemaResourcePage, serverMessage } from '../pages/SchemaResourcePage';
import { PHONE } from '../pages/phone';
import { selectTab } from '../pages/tabs';

const VIEWPORTS = [
  { name: 'desktop', size: { width: 1440, height: 900 } },
  { name: 'phone', size: PHONE },
];

async function openTab(page: Page, tab: string) {
  await page.goto('/hr/shift-roster');
  await selectTab(page.getByRole('tab', { name: tab, exact: true }));
}

for (const viewport of VIEWPORTS) {
  test.describe(`shift roster's generated screens on a ${viewport.name}`, () => {
    test.use({ viewport: viewport.size });

    // three collections in one flow, on a machine that may be busy
    test.setTimeout(180_000);

    test('shifts, locations and assignments: list, add (the form refuses what the server refuses, in its words), edit, delete', async ({ page, request }) => {
      const login = new LoginPage(page);
      await login.goto();
      await login.signInAndExpectDashboard(COMPANY_ADMIN.email, COMPANY_ADMIN.password);
      const token = (await (await request.post('/api/auth/login', { data: COMPANY_ADMIN })).json()).data.access_token as string;
      const id = uniqueId();

      // shifts
      await openTab(page, 'Shifts');
      const shifts = new SchemaResourcePage(page, 'hr/shifts');
      await shifts.openAdd('Add Shift');
      const tooLong = `S${id}`.padEnd(51, 'X');
      await shifts.fill({ 'Shift name': `Night ${id}`, 'Shift code': tooLong, 'Start time': '22:00', 'End time': '06:00' });
      const sent = shifts.countWrites();
      await shifts.save();
      // the form says what the server says of the same value, without sending it
      const said = await serverMessage(request, token, '/api/hr/shifts', { shift_name: 'x', shift_code: tooLong, start_time: '22:00', end_time: '06:00' }, 'shift_code');
      expect(said).toMatch(/^Shift code .*50/);
      await expect(shifts.fieldError(said!)).toBeVisible();
      expect(sent()).toBe(0);
      await shifts.fill({ 'Shift code': `N${id}`.slice(0, 20) });
      await shifts.save();
      await shifts.expectSaved('Shift created successfully');
      await expect(shifts.row(`Night ${id}`)).toBeVisible();
      await shifts.expectNoHorizontalScroll();
      await shifts.openEdit(`Night ${id}`);
      await shifts.fill({ 'Shift name': `Late ${id}` });
      await shifts.save();
      await shifts.expectSaved('Shift updated successfully');
      await expect(shifts.row(`Late ${id}`)).toBeVisible();

      // locations
      await openTab(page, 'Locations');
      const locations = new SchemaResourcePage(page, 'hr/work-locations');
      await locations.openAdd('Add Location');
      await locations.fill({ 'Location name': `Depot ${id}`, Latitude: 37.79, Longitude: -122.39, 'Radius (metres)': 5 });
      await locations.save();
      const radius = await serverMessage(request, token, '/api/hr/work-locations', { location_name: 'x', latitude: 1, longitude: 1, radius: 5 }, 'radius');
      await expect(locations.fieldError(radius!)).toBeVisible();
      await locations.fill({ 'Radius (metres)': 150 });
      await locations.save();
      await locations.expectSaved('Location created successfully');
      await expect(locations.row(`Depot ${id}`)).toBeVisible();
      await locations.expectNoHorizontalScroll();

      // assignments: the pickers search the server
      const api = await PwaApi.signIn(request);
      const jane = (await api.get<Array<{ first_name: string; last_name: string }>>('/api/hr/employees?filter={"q":"Jane"}'))[0];
      await openTab(page, 'Assignments');
      const assignments = new SchemaResourcePage(page, 'hr/shift-assignments');
      await assignments.openAdd('Assign Shift');
      await assignments.fill({ Employee: { pick: jane.first_name }, Shift: { pick: `Late ${id}` }, Location: { pick: `Depot ${id}` }, 'Start date': '2030-01-06' });
      await assignments.save();
      await assignments.expectSaved('Shift assigned successfully');
      const janeName = `${jane.first_name} ${jane.last_name}`;
      await expect(assignments.row(`Late ${id}`)).toBeVisible();
      await assignments.expectNoHorizontalScroll();
      await assignments.openEdit(janeName);
      await assignments.fill({ 'End date': '2029-12-31' });
      await assignments.save();
      await expect(page.getByText(/End date must be on or after the start date|on or after/i).first()).toBeVisible();
      await assignments.fill({ 'End date': '2030-03-31' });
      await assignments.save();
      await assignments.expectSaved('Assignment updated successfully');
      await assignments.delete(janeName, 'Delete assignment');
      await expect(page.getByText('Assignment deleted successfully').first()).toBeVisible();

      // the shift and location go once nothing uses them
      await openTab(page, 'Locations');
      await locations.delete(`Depot ${id}`, 'Delete location');
      await expect(page.getByText('Location deleted successfully').first()).toBeVisible();
      await openTab(page, 'Shifts');
      await shifts.delete(`Late ${id}`, 'Delete shift');
      await expect(page.getByText('Shift deleted successfully').first()).toBeVisible();
      await expect(shifts.row(`Late ${id}`)).toHaveCount(0);
    });
  });
}
