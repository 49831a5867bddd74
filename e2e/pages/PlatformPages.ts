import { expect, type Locator, type Page } from '@playwright/test';

/** A dialog of the console (MUI), by its title. */
const dialog = (page: Page, title: string | RegExp) => page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: title }) });

/** A text field of a dialog; required labels read 'Name *'. */
const field = (scope: Locator, label: string) => scope.getByLabel(new RegExp(`^${label}(\\s*\\*)?$`));

/** Picks a record of a searched picker of a dialog by its name. */
async function pick(page: Page, scope: Locator, label: string, option: string) {
  const combo = scope.getByRole('combobox', { name: new RegExp(`^${label}`) });
  await combo.click();
  await combo.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Picks an option of an MUI select of a dialog. */
async function choose(page: Page, scope: Locator, label: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
  await page.getByRole('option', { name: option }).click();
}

export async function expectToast(page: Page, text: string | RegExp) {
  await expect(page.getByRole('alert').filter({ hasText: text }).first()).toBeVisible();
}

/** /packages: package cards and the package, feature and manage-features dialogs. */
export class PackagesPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/packages');
    await expect(this.page.getByRole('heading', { name: 'Packages', level: 1 })).toBeVisible();
  }

  card(name: string): Locator {
    return this.page.getByRole('article', { name, exact: true });
  }

  async createPackage(p: { code: string; name: string; monthly: string; annual: string; maxEmployees?: string; trialDays?: string }) {
    await this.page.getByRole('button', { name: 'Create Package' }).click();
    const d = dialog(this.page, 'Create Package');
    await field(d, 'Package Code').fill(p.code);
    await field(d, 'Package Name').fill(p.name);
    await field(d, 'Monthly Price \\(\\$\\)').fill(p.monthly);
    await field(d, 'Annual Price \\(\\$\\)').fill(p.annual);
    if (p.maxEmployees) await field(d, 'Max Employees').fill(p.maxEmployees);
    if (p.trialDays) await field(d, 'Trial Days').fill(p.trialDays);
    await d.getByRole('button', { name: 'Save' }).click();
    await expectToast(this.page, 'Package created successfully!');
    await expect(d).toBeHidden();
  }

  async createFeature(f: { code: string; name: string; module: string; type: string }) {
    await this.page.getByRole('button', { name: 'Create Feature' }).first().click();
    const d = dialog(this.page, 'Create Feature');
    await field(d, 'Feature Code').fill(f.code);
    await field(d, 'Feature Name').fill(f.name);
    await choose(this.page, d, 'Module', f.module);
    await choose(this.page, d, 'Type', f.type);
    await d.getByRole('button', { name: 'Save' }).click();
    await expectToast(this.page, 'Feature created successfully!');
    await expect(d).toBeHidden();
  }

  async includeFeatures(packageName: string, features: string[]) {
    await this.card(packageName).getByRole('button', { name: 'Manage Features' }).click();
    const d = dialog(this.page, `Features of ${packageName}`);
    for (const name of features) await d.getByRole('checkbox', { name, exact: true }).check();
    await d.getByRole('button', { name: 'Save' }).click();
    await expectToast(this.page, 'Package features updated successfully!');
    await expect(d).toBeHidden();
  }
}

/** /companies: company cards and the add, create-admin and delete dialogs, view as admin. */
export class CompaniesPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/companies');
    await expect(this.page.getByRole('heading', { name: 'Companies', level: 1 })).toBeVisible();
  }

  card(name: string): Locator {
    return this.page.getByRole('article', { name, exact: true });
  }

  async addCompany(c: { name: string; code: string; email?: string; packageName?: string }) {
    await this.page.getByRole('button', { name: 'Add Company' }).click();
    const d = dialog(this.page, 'Add Company');
    await field(d, 'Company Name').fill(c.name);
    await field(d, 'Company Code').fill(c.code);
    if (c.email) await field(d, 'Email').fill(c.email);
    if (c.packageName) await pick(this.page, d, 'Package', c.packageName);
    await d.getByRole('button', { name: 'Save' }).click();
    await expectToast(this.page, 'Company created successfully!');
    await expect(d).toBeHidden();
  }

  async createAdmin(company: string, a: { firstName: string; lastName: string; username: string; email: string; password: string }) {
    await this.card(company).getByRole('button', { name: 'Create Admin' }).click();
    const d = dialog(this.page, 'Create Company Admin');
    await field(d, 'First Name').fill(a.firstName);
    await field(d, 'Last Name').fill(a.lastName);
    await field(d, 'Username').fill(a.username);
    await field(d, 'Email').fill(a.email);
    await field(d, 'Password').fill(a.password);
    await d.getByRole('button', { name: 'Create' }).click();
    await expectToast(this.page, 'Company admin created successfully!');
    await expect(d).toBeHidden();
  }

  async viewAsAdmin(company: string) {
    await this.card(company).getByRole('button', { name: 'View as Admin' }).click();
    await expectToast(this.page, `Now impersonating ${company}`);
    await expect(this.page).toHaveURL(/\/dashboard$/);
  }
}

/** /free-trial (the landing site). */
export class FreeTrialPage {
  readonly form: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole('form', { name: 'Free trial sign-up' });
    this.submit = page.getByRole('button', { name: 'Start Free Trial' }).last();
  }

  async goto() {
    await this.page.goto('/free-trial');
    await expect(this.page.getByRole('heading', { name: 'Start your free trial', level: 1 })).toBeVisible();
    await expect(this.page.getByRole('radiogroup', { name: 'Choose your plan' })).toBeVisible();
  }

  plan(name: string): Locator {
    return this.page.getByRole('radio', { name: new RegExp(`^${name}\\b`) });
  }

  input(label: string): Locator {
    return this.form.getByLabel(new RegExp(`^${label}(\\s*\\*)?$`));
  }

  async fill(values: Record<string, string>) {
    for (const [label, value] of Object.entries(values)) await this.input(label).fill(value);
  }

  async expectError(text: string) {
    await expect(this.form.getByText(text, { exact: true })).toBeVisible();
  }
}
