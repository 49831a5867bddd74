import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { COMPANY_ADMIN } from '../fixtures/users';
import { LoginPage } from '../pages/LoginPage';
import { uniqueId } from '../pages/PwaApi';
import { SchemaResourcePage, serverMessage } from '../pages/SchemaResourcePage';
import { PHONE } from '../pages/phone';

const VIEWPORTS = [
  { name: 'desktop', size: { width: 1440, height: 900 } },
  { name: 'phone', size: PHONE },
];

async function signIn(page: Page, request: APIRequestContext): Promise<string> {
  const login = new LoginPage(page);
  await login.goto();
  await login.signInAndExpectDashboard(COMPANY_ADMIN.email, COMPANY_ADMIN.password);
  return (await (await request.post('/api/auth/login', { data: COMPANY_ADMIN })).json()).data.access_token as string;
}

async function open(page: Page, path: string, title: string) {
  await page.goto(path);
  // the screen's code loads on first visit, slow on a busy machine
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible({ timeout: 20_000 });
}

/** A select of the dialog (its list covers the dialog, so the option is picked from the page). */
async function choose(screen: SchemaResourcePage, label: string, option: string) {
  await screen.dialog.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
  await screen.page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * Opens a record's edit dialog. On a phone a row opens the record's details first (these
 * collections have a detail answer); its Edit button appears once the details have loaded.
 */
async function openEdit(screen: SchemaResourcePage, text: string) {
  if (await screen.root.getByRole('button', { name: `Edit ${text}` }).count()) return screen.openEdit(text);
  await screen.row(text).click();
  await screen.dialog.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(screen.dialog.getByRole('button', { name: 'Save', exact: true })).toBeVisible({ timeout: 15_000 });
}

async function remove(screen: SchemaResourcePage, text: string, confirmTitle: string) {
  if (await screen.root.getByRole('button', { name: `Delete ${text}` }).count()) return screen.delete(text, confirmTitle);
  await openEdit(screen, text);
  await screen.dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = screen.page.getByRole('dialog').filter({ hasText: confirmTitle });
  await confirm.getByRole('button', { name: /^(Delete|Confirm)$/ }).click();
}

/** A code one character over the server's 50, refused before sending in the server's own words. */
async function refusesLongCode(
  screen: SchemaResourcePage,
  request: APIRequestContext,
  token: string,
  code: { input: string; label: string; field: string; value: string },
  validBody: Record<string, unknown>,
) {
  const sent = screen.countWrites();
  await screen.save();
  await expect(screen.field(code.input)).toHaveAttribute('aria-invalid', 'true');
  expect(sent()).toBe(0);
  const said = await serverMessage(request, token, `/api/${screen.resource}`, { ...validBody, [code.field]: code.value }, code.field);
  expect(said).toMatch(new RegExp(`^(${code.field}|${code.label}) .*50`, 'i'));
  // the words come from the document's x-messages once the server publishes them
  await expect.soft(screen.fieldError(said!)).toBeVisible();
}

for (const viewport of VIEWPORTS) {
  test.describe(`people's generated screens on a ${viewport.name}`, () => {
    test.use({ viewport: viewport.size });

    test('departments: card grid, add (the form refuses what the server refuses, in its words), edit, delete', async ({ page, request }) => {
      const token = await signIn(page, request);
      const id = uniqueId().toUpperCase();
      await open(page, '/hr/departments', 'Departments');
      const departments = new SchemaResourcePage(page, 'hr/departments');
      const card = (name: string) => departments.root.getByTestId('record-card').filter({ hasText: name });
      await departments.openAdd('Add Department');
      const tooLong = `D${id}`.padEnd(51, 'X');
      await departments.fill({ 'Department Code': tooLong, 'Department Name': `Labs ${id}` });
      await refusesLongCode(departments, request, token, { input: 'Department Code', label: 'Department code', field: 'department_code', value: tooLong }, { department_name: 'x' });
      await departments.fill({ 'Department Code': `D${id}`.slice(0, 20) });
      await departments.save();
      await departments.expectSaved('Department created successfully');
      await expect(card(`Labs ${id}`)).toContainText('Active');
      await departments.expectNoHorizontalScroll();

      await openEdit(departments, `Labs ${id}`);
      await expect(departments.field('Department Code')).toBeDisabled();
      await departments.fill({ 'Department Name': `Studios ${id}`, Active: false });
      await departments.save();
      await departments.expectSaved('Department updated successfully');
      await expect(card(`Studios ${id}`)).toContainText('Inactive');
      await departments.expectNoHorizontalScroll();

      await remove(departments, `Studios ${id}`, 'Delete Department');
      await expect(page.getByText(/deleted/i).first()).toBeVisible();
      await expect(card(`Studios ${id}`)).toHaveCount(0);
    });

    test('positions: table, add (the form refuses what the server refuses, in its words), edit, delete', async ({ page, request }) => {
      const token = await signIn(page, request);
      const id = uniqueId().toUpperCase();
      await open(page, '/hr/positions', 'Positions');
      const positions = new SchemaResourcePage(page, 'hr/positions');
      await positions.openAdd('Add Position');
      const tooLong = `P${id}`.padEnd(51, 'X');
      await positions.fill({ 'Position Code': tooLong, 'Position Title': `Analyst ${id}`, 'Minimum Salary': 40000, 'Maximum Salary': 60000 });
      await choose(positions, 'Level', 'Senior');
      await refusesLongCode(positions, request, token, { input: 'Position Code', label: 'Position code', field: 'position_code', value: tooLong }, { position_title: 'x' });
      await positions.fill({ 'Position Code': `P${id}`.slice(0, 20) });
      await positions.save();
      await positions.expectSaved('Position created successfully');
      await expect(positions.row(`Analyst ${id}`)).toBeVisible();
      if (viewport.name === 'desktop') await expect(positions.row(`Analyst ${id}`)).toContainText('$40,000 – $60,000');
      await expect(positions.row(`Analyst ${id}`)).toContainText('Senior');
      await positions.expectNoHorizontalScroll();

      await openEdit(positions, `Analyst ${id}`);
      await expect(positions.field('Position Code')).toBeDisabled();
      await positions.fill({ 'Position Title': `Lead ${id}` });
      await positions.save();
      await positions.expectSaved('Position updated successfully');
      await expect(positions.row(`Lead ${id}`)).toBeVisible();

      await remove(positions, `Lead ${id}`, 'Delete Position');
      await expect(page.getByText(/deleted/i).first()).toBeVisible();
      await expect(positions.row(`Lead ${id}`)).toHaveCount(0);
    });

    test('employees: list with export, import and add reachable, add (the form refuses what the server refuses, in its words), edit, delete', async ({ page, request }) => {
      const token = await signIn(page, request);
      const id = uniqueId().toLowerCase();
      await open(page, '/hr/employees', 'Employees');
      const employees = new SchemaResourcePage(page, 'hr/employees');
      for (const action of ['Export', 'Import', 'Add Employee']) await expect(employees.root.getByRole('button', { name: action, exact: true })).toBeVisible();
      await employees.expectNoHorizontalScroll();

      await employees.openAdd('Add Employee');
      for (const section of ['Basic Information', 'Employment Information', 'Address', 'Emergency Contact', 'Login Credentials']) {
        await expect(employees.dialog.getByRole('heading', { name: section })).toBeVisible();
      }
      const tooLong = `E${id}`.padEnd(51, 'X');
      const last = `Lamarr${id}`;
      await employees.fill({
        'Employee Code': tooLong,
        'First Name': 'Hedy',
        'Last Name': last,
        Email: `hedy.${id}@acme.example.com`,
        'Hire Date': '2026-03-02',
      });
      await refusesLongCode(
        employees,
        request,
        token,
        { input: 'Employee Code', label: 'Employee code', field: 'employee_code', value: tooLong },
        { first_name: 'x', last_name: 'y', email: `x.${id}@acme.example.com`, hire_date: '2026-03-02' },
      );
      await employees.fill({ 'Employee Code': `E${id}`.slice(0, 20) });
      await employees.save();
      await employees.expectSaved('Employee created successfully');
      await page.getByPlaceholder('Search employees...').fill(last);
      await expect(employees.row(`Hedy ${last}`)).toContainText('Active');
      await employees.expectNoHorizontalScroll();

      await openEdit(employees, `Hedy ${last}`);
      await expect(employees.field('Employee Code')).toBeDisabled();
      await employees.fill({ City: 'Vienna' });
      await choose(employees, 'Employment Status', 'On Leave');
      await employees.save();
      await employees.expectSaved('Employee updated successfully');
      await expect(employees.row(`Hedy ${last}`)).toContainText('On Leave');

      await remove(employees, `Hedy ${last}`, 'Delete Employee');
      await expect(page.getByText(/deleted|terminated/i).first()).toBeVisible();
      // deleted, or terminated where records reference the employee (an absence the hourly job wrote): never left active
      await expect(employees.row(`Hedy ${last}`).filter({ hasNotText: 'Terminated' })).toHaveCount(0);
    });
  });
}
