import { expect, test } from '@playwright/test';
import { COMPANY_ADMIN } from '../fixtures/users';
import { LayoutPage } from '../pages/LayoutPage';
import { LoginPage } from '../pages/LoginPage';
import { DepartmentsPage, EmployeesPage, PositionsPage } from '../pages/PeoplePages';

test.describe('people', () => {
  test('a company admin adds a department, a position and an employee with login; the employee signs in', async ({ page }) => {
    test.setTimeout(120_000);
    const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
    const department = { code: `D${id}`, name: `Research ${id}` };
    const position = { code: `P${id}`, title: `Scientist ${id}` };
    const employee = {
      code: `E${id}`,
      firstName: 'Grace',
      lastName: `Hopper${id.toLowerCase()}`,
      email: `grace.${id.toLowerCase()}@acme.example.com`,
      hireDate: '2026-02-02',
      department: department.name,
      position: position.title,
      username: `grace.${id.toLowerCase()}`,
      password: 'Compiler#1952',
    };

    const login = new LoginPage(page);
    await login.goto();
    await login.signInAndExpectDashboard(COMPANY_ADMIN.email, COMPANY_ADMIN.password);
    await expect(page.getByTestId('card-total-employees')).toBeVisible();
    await expect(page.getByTestId('subscription-card')).toBeVisible();

    const departments = new DepartmentsPage(page);
    await departments.goto();
    await departments.add(department.code, department.name, 'Labs and experiments');
    await expect(departments.card(department.name)).toContainText('Active');

    const positions = new PositionsPage(page);
    await positions.goto();
    await positions.add({ ...position, department: department.name, level: 'Senior', min: '50000', max: '90000' });
    await expect(positions.row(position.title)).toContainText('Senior');
    await expect(positions.row(position.title)).toContainText('$50,000 – $90,000');

    const employees = new EmployeesPage(page);
    await employees.goto();
    await employees.addWithLogin(employee);
    await employees.search.fill(employee.lastName);
    const row = employees.row(employee.email);
    await expect(row).toContainText(employee.code);
    await expect(row).toContainText(department.name);
    await expect(row).toContainText(position.title);
    await expect(row).toContainText('Active');
    await expect(row).toContainText('GH');

    // the new employee signs in with the credentials the admin gave
    await new LayoutPage(page).logout();
    await login.signIn(employee.email, employee.password);
    await login.expectMessage('Login successful! Redirecting...');
    // platform rule: an employee is asked to use the installed app, and may go on in the browser
    await expect(page).toHaveURL(/\/pwa-install$/);
    await page.getByRole('button', { name: 'Continue in Browser (Limited Access)' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    // greeted by first name, the same on the first sign-in as later (never "Welcome back" to a newcomer)
    await expect(page.getByText(`Hello, ${employee.firstName}! You are working in `, { exact: false })).toBeVisible();
    await expect(page.getByText(/Welcome back/)).toHaveCount(0);
  });

  test('a duplicate department code shows the server message in the form', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signInAndExpectDashboard(COMPANY_ADMIN.email, COMPANY_ADMIN.password);
    const departments = new DepartmentsPage(page);
    await departments.goto();
    await page.getByRole('button', { name: 'Add Department', exact: true }).click();
    await departments.form.field('Department Code').fill('ENG');
    await departments.form.field('Department Name').fill('Engineering again');
    await departments.form.save();
    await expect(page.getByText('Department code already exists').first()).toBeVisible();
    await expect(departments.form.dialog).toBeVisible();
  });
});
