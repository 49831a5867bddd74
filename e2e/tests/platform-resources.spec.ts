import { expect, test, type Page } from '@playwright/test';
import { SUPERADMIN } from '../fixtures/users';
import { LoginPage } from '../pages/LoginPage';
import { uniqueId } from '../pages/PwaApi';
import { SchemaResourcePage, serverMessage } from '../pages/SchemaResourcePage';
import { PHONE } from '../pages/phone';

const VIEWPORTS = [
  { name: 'desktop', size: { width: 1440, height: 900 } },
  { name: 'phone', size: PHONE },
];

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

/** A select of the dialog whose label is marked required. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('dialog').getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

for (const viewport of VIEWPORTS) {
  test.describe(`the platform's generated screens on a ${viewport.name}`, () => {
    test.use({ viewport: viewport.size });

    test('packages, features and companies: list, add (the form refuses what the server refuses, in its words), edit, delete', async ({ page, request }) => {
      // three collections, each added, refused, edited and deleted
      test.slow();
      const login = new LoginPage(page);
      await login.goto();
      await login.signInAndExpectDashboard(SUPERADMIN.email, SUPERADMIN.password);
      const token = (await (await request.post('/api/auth/login', { data: SUPERADMIN })).json()).data.access_token as string;
      const id = uniqueId();

      // packages: cards, with the generated form
      await page.goto('/packages');
      const packages = new SchemaResourcePage(page, 'packages/packages');
      await page.getByRole('button', { name: 'Create Package', exact: true }).click();
      await expect(packages.dialog).toBeVisible();
      await packages.fill({ 'Package Code': `scale-${id}`, 'Package Name': `Scale ${id}`, 'Monthly Price ($)': '39', 'Annual Price ($)': '390', 'Sort Order': -100001 });
      const sent = packages.countWrites();
      await packages.save();
      const said = await serverMessage(request, token, '/api/packages/packages', { package_code: `x${id}`, package_name: 'x', monthly_price: '1.00', annual_price: '1.00', sort_order: -100001 }, 'sort_order');
      expect(said).toMatch(/-100000/);
      await expect(packages.fieldError(said!)).toBeVisible();
      expect(sent()).toBe(0);
      await packages.fill({ 'Sort Order': 5 });
      await packages.save();
      await packages.expectSaved('Package created successfully!');
      await expect(card(page, `Scale ${id}`)).toContainText('Save 20%');
      await packages.expectNoHorizontalScroll();
      await card(page, `Scale ${id}`).getByRole('button', { name: 'Edit' }).click();
      await packages.fill({ 'Package Name': `Scale Plus ${id}` });
      await packages.save();
      await packages.expectSaved('Package updated successfully!');
      await expect(card(page, `Scale Plus ${id}`)).toBeVisible();
      await card(page, `Scale Plus ${id}`).getByRole('button', { name: 'Delete' }).click();
      const confirmPackage = page.getByRole('dialog').filter({ hasText: 'Delete Package' });
      await confirmPackage.getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText('Package deleted successfully!').first()).toBeVisible();
      await expect(card(page, `Scale Plus ${id}`)).toHaveCount(0);

      // features: the generated list below the cards
      const features = new SchemaResourcePage(page, 'packages/features');
      await features.openAdd('Create Feature');
      const tooLong = `Geofence ${id}`.padEnd(101, 'x');
      await features.fill({ 'Feature Code': `geo_${id}`, 'Feature Name': tooLong });
      await choose(page, 'Module', 'Face recognition');
      await choose(page, 'Type', 'Add-on');
      const featureWrites = features.countWrites();
      await features.save();
      const featureSaid = await serverMessage(request, token, '/api/packages/features', { feature_code: `g${id}`, feature_name: tooLong, module: 'face', feature_type: 'addon' }, 'feature_name');
      expect(featureSaid).toMatch(/^Feature name .*100/);
      expect(featureWrites()).toBe(0);
      await expect(features.fieldError(featureSaid!)).toBeVisible();
      await features.fill({ 'Feature Name': `Geofence ${id}` });
      await features.save();
      await features.expectSaved('Feature created successfully!');
      await expect(features.row(`Geofence ${id}`)).toBeVisible();
      await features.expectNoHorizontalScroll();
      await features.openEdit(`Geofence ${id}`);
      await features.fill({ 'Feature Name': `Geofencing ${id}` });
      await features.save();
      await features.expectSaved('Feature updated successfully');
      await expect(features.row(`Geofencing ${id}`)).toBeVisible();
      await features.delete(`Geofencing ${id}`, 'Delete Feature');
      await expect(page.getByText('Feature deleted successfully').first()).toBeVisible();

      // companies: cards, with the generated form
      await page.goto('/companies');
      const companies = new SchemaResourcePage(page, 'auth/companies');
      await page.getByRole('button', { name: 'Add Company', exact: true }).click();
      await expect(companies.dialog).toBeVisible();
      const longCode = `C${id}`.padEnd(51, 'X');
      await companies.fill({ 'Company Name': `Umbrella ${id}`, 'Company Code': longCode, Package: { pick: 'Basic' } });
      const companyWrites = companies.countWrites();
      await companies.save();
      const companySaid = await serverMessage(request, token, '/api/auth/companies', { company_name: 'x', company_code: longCode }, 'company_code');
      expect(companySaid).toMatch(/^Company code .*50/);
      expect(companyWrites()).toBe(0);
      await expect(companies.fieldError(companySaid!)).toBeVisible();
      await companies.fill({ 'Company Code': `UMB-${id}`.slice(0, 40) });
      await companies.save();
      await companies.expectSaved('Company created successfully!');
      await expect(card(page, `Umbrella ${id}`)).toBeVisible();
      await companies.expectNoHorizontalScroll();
      await card(page, `Umbrella ${id}`).getByRole('button', { name: 'Edit' }).click();
      await companies.fill({ 'Company Name': `Umbrella Corp ${id}` });
      await choose(page, 'Industry', 'Healthcare');
      await companies.save();
      await companies.expectSaved('Company updated successfully!');
      await expect(card(page, `Umbrella Corp ${id}`)).toContainText('Healthcare');
      await card(page, `Umbrella Corp ${id}`).getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('dialog').filter({ hasText: 'Delete Company' }).getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText('Company deleted successfully!').first()).toBeVisible();
      await expect(card(page, `Umbrella Corp ${id}`)).toHaveCount(0);
    });

    test('landing pages: list, create (the editor refuses what the server refuses, in its words), edit, delete', async ({ page, request }) => {
      const login = new LoginPage(page);
      await login.goto();
      await login.signInAndExpectDashboard(SUPERADMIN.email, SUPERADMIN.password);
      const token = (await (await request.post('/api/auth/login', { data: SUPERADMIN })).json()).data.access_token as string;
      const id = uniqueId();
      const pages = new SchemaResourcePage(page, 'cms/admin/landing-pages');

      await page.goto('/admin/landing-page');
      await expect(pages.row('Active')).toBeVisible();
      await pages.expectNoHorizontalScroll();
      await pages.root.getByRole('button', { name: 'Create Page', exact: true }).click();
      await expect(page.getByText('Landing page created successfully', { exact: true }).first()).toBeVisible();
      const hero = page.getByRole('textbox', { name: 'Hero title', exact: true });
      await hero.fill(`Spring launch ${id}`);
      await hero.blur();
      await expect(page.getByText('Page updated successfully', { exact: true }).first()).toBeVisible();

      // a feature title the server refuses: the editor says so in the server's words and sends nothing
      const featureForm = page.getByRole('form', { name: 'Add Feature' });
      const tooLong = `Feature ${id}`.padEnd(201, 'x');
      const pageId = Number(new URL(page.url()).searchParams.get('page'));
      let writes = 0;
      page.on('request', (r) => {
        if (r.method() === 'POST' && r.url().includes(`/api/cms/admin/landing-pages/${pageId}/features`)) writes += 1;
      });
      await featureForm.getByRole('textbox', { name: /^Title/ }).fill(tooLong);
      await featureForm.getByRole('button', { name: 'Add Feature' }).click();
      const said = await serverMessage(request, token, `/api/cms/admin/landing-pages/${pageId}/features`, { title: tooLong }, 'title');
      expect(said).toMatch(/200/);
      await expect(featureForm.getByText(said!, { exact: true })).toBeVisible();
      expect(writes).toBe(0);
      await pages.expectNoHorizontalScroll();

      // back in the list: the new page, inactive; open it again and delete it after confirming
      await page.getByRole('button', { name: 'All pages' }).click();
      await expect(pages.row(`Spring launch ${id}`)).toContainText('Inactive');
      await pages.expectNoHorizontalScroll();
      const edit = pages.root.getByRole('button', { name: `Edit Spring launch ${id}` });
      if (await edit.count()) await edit.click();
      else await pages.row(`Spring launch ${id}`).click();
      await expect(hero).toHaveValue(`Spring launch ${id}`);
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await page.getByRole('dialog').filter({ hasText: 'Delete landing page' }).getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText('Landing page deleted successfully').first()).toBeVisible();
      await expect(pages.row(`Spring launch ${id}`)).toHaveCount(0);
    });
  });
}
