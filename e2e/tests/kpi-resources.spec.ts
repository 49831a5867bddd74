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
  await page.goto('/hr/kpi-bonus');
  await selectTab(page.getByRole('tab', { name: tab, exact: true }));
}

for (const viewport of VIEWPORTS) {
  test.describe(`KPI & Bonus's generated screens on a ${viewport.name}`, () => {
    test.use({ viewport: viewport.size });

    test('KPIs and targets: list, add (the form refuses what the server refuses, in its words), edit, delete', async ({ page, request }) => {
      const login = new LoginPage(page);
      await login.goto();
      await login.signInAndExpectDashboard(COMPANY_ADMIN.email, COMPANY_ADMIN.password);
      const token = (await (await request.post('/api/auth/login', { data: COMPANY_ADMIN })).json()).data.access_token as string;
      const id = uniqueId();

      // KPIs
      await openTab(page, 'KPIs');
      const kpis = new SchemaResourcePage(page, 'kpi/kpis');
      await kpis.openAdd('New KPI');
      const tooLong = 'U'.repeat(31);
      await kpis.fill({ Name: `Deals ${id}`, Code: `D${id}`.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 20), Unit: tooLong });
      await kpis.dialog.getByRole('combobox', { name: /^Category/ }).click();
      await page.getByRole('option', { name: 'Sales', exact: true }).click();
      const sent = kpis.countWrites();
      await kpis.save();
      // the form says what the server says of the same value, without sending it
      const said = await serverMessage(request, token, '/api/kpi/kpis', { name: 'x', code: 'X1', category: 'sales', unit: tooLong }, 'unit');
      expect(said).toMatch(/30/);
      // soft until the document carries the server's own sentences (x-messages): the rest still runs
      await expect.soft(kpis.fieldError(said!)).toBeVisible();
      expect(sent()).toBe(0);
      await kpis.fill({ Unit: 'deals' });
      await kpis.save();
      await kpis.expectSaved('KPI created successfully');
      await expect(kpis.row(`Deals ${id}`)).toBeVisible();
      await kpis.expectNoHorizontalScroll();
      await kpis.openEdit(`Deals ${id}`);
      await kpis.fill({ Name: `Won deals ${id}` });
      await kpis.save();
      await kpis.expectSaved('KPI updated successfully');
      await expect(kpis.row(`Won deals ${id}`)).toBeVisible();

      // targets: the KPI and employee pickers search the server
      const api = await PwaApi.signIn(request);
      const jane = (await api.get<Array<{ first_name: string; last_name: string }>>('/api/hr/employees?filter={"q":"Jane"}'))[0];
      await openTab(page, 'Targets');
      const targets = new SchemaResourcePage(page, 'kpi/kpi-targets');
      await targets.openAdd('New Target');
      const notes = 'n'.repeat(2001);
      await targets.fill({ KPI: { pick: `Won deals ${id}` }, Employee: { pick: jane.first_name }, 'Target value': 40, Notes: notes });
      const sentTargets = targets.countWrites();
      await targets.save();
      const saidNotes = await serverMessage(
        request,
        token,
        '/api/kpi/kpi-targets',
        { kpi_id: 1, target_type: 'employee', target_id: 1, period_start_date: '2030-01-01', period_end_date: '2030-01-31', target_value: '1.00', notes },
        'notes',
      );
      await expect.soft(targets.fieldError(saidNotes!)).toBeVisible();
      expect(sentTargets()).toBe(0);
      await targets.fill({ Notes: 'Q1 push' });
      await targets.save();
      await targets.expectSaved('Target created successfully');
      await expect(targets.row(`Won deals ${id}`)).toBeVisible();
      await expect(targets.row(`Won deals ${id}`)).toContainText(`${jane.first_name} ${jane.last_name}`);
      await targets.expectNoHorizontalScroll();
      await targets.openEdit(`Won deals ${id}`);
      await targets.fill({ 'Target value': 45 });
      await targets.save();
      await targets.expectSaved('Target updated successfully');
      // a phone's card shows whom, the KPI, the period and the result; the table also the values
      if (viewport.name === 'desktop') await expect(targets.row(`Won deals ${id}`)).toContainText('45.00');
      await targets.delete(`Won deals ${id}`, 'Delete target');
      await expect(page.getByText('Target deleted successfully').first()).toBeVisible();
      await expect(targets.row(`Won deals ${id}`)).toHaveCount(0);

      // the KPIs tab opens on the monthly KPIs (hr.md 2: the period filter defaults to monthly)
      await openTab(page, 'KPIs');
      await expect(kpis.root.getByRole('combobox', { name: 'Period' }).first()).toContainText('Monthly');

      // bonus rules: the generated list below the KPIs, its form with the tiers
      const rules = new SchemaResourcePage(page, 'kpi/bonus-rules');
      await rules.openAdd('New Bonus Rule');
      const longName = `Tiered ${id}`.padEnd(151, 'x');
      await rules.fill({ KPI: { pick: `Won deals ${id}` }, 'Rule name': longName, 'Amount or percent': 150 });
      const sentRules = rules.countWrites();
      await rules.save();
      const saidRule = await serverMessage(request, token, '/api/kpi/bonus-rules', { kpi_id: 1, name: longName, tiers: [{ min_achievement: '100.00', bonus_type: 'fixed', bonus_value: '1.00' }] }, 'name');
      expect(saidRule).toMatch(/150/);
      await expect(rules.fieldError(saidRule!)).toBeVisible();
      expect(sentRules()).toBe(0);
      await rules.fill({ 'Rule name': `Tiered ${id}` });
      await rules.save();
      await rules.expectSaved('Bonus rule saved');
      await expect(rules.row(`Tiered ${id}`)).toBeVisible();
      await rules.expectNoHorizontalScroll();
      await rules.openEdit(`Tiered ${id}`);
      await expect(rules.field('Amount or percent')).toHaveValue('150.00');
      await rules.fill({ 'Rule name': `Tiered plus ${id}` });
      await rules.save();
      await rules.expectSaved('Bonus rule saved');
      await rules.delete(`Tiered plus ${id}`, 'Delete bonus rule');
      await expect(page.getByText('Bonus rule deleted').first()).toBeVisible();
      await expect(rules.row(`Tiered plus ${id}`)).toHaveCount(0);

      // the KPI goes once its target is gone
      await kpis.delete(`Won deals ${id}`, 'Delete KPI');
      await expect(page.getByText('KPI deleted successfully').first()).toBeVisible();
      await expect(kpis.row(`Won deals ${id}`)).toHaveCount(0);
    });
  });
}
