import { expect, type Locator, type Page } from '@playwright/test';

/** The add/edit modal shared by the employees, departments and positions screens. */
class FormDialog {
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog');
  }

  /** A text field; react-admin's required labels read 'Name *', so the label is matched at its start. */
  field(label: string): Locator {
    return this.dialog.getByRole('textbox', { name: new RegExp(`^${label}`) });
  }

  /** A select, or a picker that searches the server as one types. */
  async select(label: string, option: string) {
    const combo = this.dialog.getByRole('combobox', { name: new RegExp(`^${label}`) });
    const searched = (await combo.getAttribute('aria-autocomplete')) === 'list';
    await combo.click();
    if (searched) await combo.fill(option);
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  async save() {
    await this.dialog.getByRole('button', { name: 'Save' }).click();
  }
}

/** A toast or any text on the page. */
const expectText = async (page: Page, text: string) => {
  await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
};

/** /hr/departments: card grid and its add modal. */
export class DepartmentsPage {
  readonly form: FormDialog;

  constructor(readonly page: Page) {
    this.form = new FormDialog(page);
  }

  async goto() {
    await this.page.goto('/hr/departments');
    await expect(this.page.getByRole('heading', { name: 'Departments', level: 1 })).toBeVisible({ timeout: 20_000 });
  }

  async add(code: string, name: string, description = '') {
    await this.page.getByRole('button', { name: 'Add Department', exact: true }).click();
    await expect(this.form.dialog).toBeVisible();
    await this.form.field('Department Code').fill(code);
    await this.form.field('Department Name').fill(name);
    if (description) await this.form.field('Description').fill(description);
    await this.form.save();
    await expectText(this.page, 'Department created successfully');
    await expect(this.form.dialog).toBeHidden();
  }

  card(name: string): Locator {
    return this.page.getByTestId('record-card').filter({ hasText: name });
  }
}

/** /hr/positions: table and its add modal. */
export class PositionsPage {
  readonly form: FormDialog;

  constructor(readonly page: Page) {
    this.form = new FormDialog(page);
  }

  async goto() {
    await this.page.goto('/hr/positions');
    await expect(this.page.getByRole('heading', { name: 'Positions', level: 1 })).toBeVisible({ timeout: 20_000 });
  }

  async add(p: { code: string; title: string; department: string; level: string; min: string; max: string }) {
    await this.page.getByRole('button', { name: 'Add Position', exact: true }).click();
    await expect(this.form.dialog).toBeVisible();
    await this.form.field('Position Code').fill(p.code);
    await this.form.field('Position Title').fill(p.title);
    await this.form.select('Department', p.department);
    await this.form.select('Level', p.level);
    await this.form.dialog.getByRole('spinbutton', { name: /^Minimum Salary/ }).fill(p.min);
    await this.form.dialog.getByRole('spinbutton', { name: /^Maximum Salary/ }).fill(p.max);
    await this.form.save();
    await expectText(this.page, 'Position created successfully');
    await expect(this.form.dialog).toBeHidden();
  }

  row(title: string): Locator {
    return this.page.getByRole('row').filter({ hasText: title });
  }
}

export interface NewEmployee {
  code: string;
  firstName: string;
  lastName: string;
  email: string;
  hireDate: string;
  department: string;
  position: string;
  username: string;
  password: string;
}

/** /hr/employees: table, search, filters and the add modal. */
export class EmployeesPage {
  readonly form: FormDialog;
  readonly search: Locator;

  constructor(readonly page: Page) {
    this.form = new FormDialog(page);
    this.search = page.getByPlaceholder('Search employees...');
  }

  async goto() {
    await this.page.goto('/hr/employees');
    await expect(this.page.getByRole('heading', { name: 'Employees', level: 1 })).toBeVisible({ timeout: 20_000 });
  }

  async addWithLogin(e: NewEmployee) {
    await this.page.getByRole('button', { name: 'Add Employee', exact: true }).click();
    await expect(this.form.dialog).toBeVisible();
    for (const section of ['Basic Information', 'Employment Information', 'Address', 'Emergency Contact', 'Login Credentials']) {
      await expect(this.form.dialog.getByRole('heading', { name: section })).toBeVisible();
    }
    await this.form.field('Employee Code').fill(e.code);
    await this.form.field('First Name').fill(e.firstName);
    await this.form.field('Last Name').fill(e.lastName);
    await this.form.field('Email').fill(e.email);
    await this.form.select('Department', e.department);
    await this.form.select('Position', e.position);
    await this.form.dialog.getByLabel(/^Hire Date/).fill(e.hireDate);
    await this.form.dialog.getByLabel('Enable login for this employee').check();
    await this.form.field('Username').fill(e.username);
    await this.form.dialog.locator('input').and(this.page.getByLabel(/^Password/)).fill(e.password);
    await this.form.save();
    await expectText(this.page, 'Employee created successfully');
    await expect(this.form.dialog).toBeHidden();
  }

  row(text: string): Locator {
    return this.page.getByRole('row').filter({ hasText: text });
  }
}
