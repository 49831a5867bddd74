import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { COMPANY_ADMIN, EMPLOYEE } from '../fixtures/users';
import { LayoutPage } from '../pages/LayoutPage';
import { LoginPage } from '../pages/LoginPage';
import { PayrollPage } from '../pages/PayrollPage';

// January of the current year: a closed month the demo leaves unpaid (Jane has no absence or unpaid leave in it)
const YEAR = new Date().getFullYear();
const PERIOD = `January ${YEAR}`;

test.describe('payroll', () => {
  test('a company admin processes a month and exports it; an employee downloads the payslip', async ({ page, browser }) => {
    const login = new LoginPage(page);
    const layout = new LayoutPage(page);
    const payroll = new PayrollPage(page);
    await login.goto();
    await login.signInAndExpectDashboard(COMPANY_ADMIN.email, COMPANY_ADMIN.password);

    await layout.menuEntry('Payroll').click();
    await expect(page).toHaveURL(/\/hr\/payroll$/);
    await payroll.choose('Month', 'January');
    await payroll.choose('Year', String(YEAR));

    await payroll.process(PERIOD);
    // as many as Acme employed with a salary in January (the demo's staff, its joiners and leavers)
    const toast = payroll.page.getByText(new RegExp(`^Payroll processed for ${PERIOD}: \\d+ employees$`)).first();
    await expect(toast).toBeVisible();
    const processed = Number((await toast.textContent())!.match(/(\d+) employees$/)![1]);
    expect(processed).toBeGreaterThanOrEqual(30);
    await expect(payroll.rows).toHaveCount(processed);
    // right after the run: every record processed, none paid yet, so all of them wait for payment
    await expect(payroll.card('payroll-processed')).toHaveText(String(processed));
    await expect(payroll.card('payroll-pending')).toHaveText(String(processed));
    await expect(payroll.card('payroll-total')).not.toHaveText('$0.00');

    // Jane: 85,000 / 12 = 7,083.33 basic; Transport 150.00; Pension 5 % 354.17 before tax;
    // tax on 6,879.16 with the default table = 300.00 + 575.83; net 6,003.33
    const jane = payroll.row('Jane Doe');
    await expect(jane).toContainText('$6,003.33');
    await jane.click();
    await expect(payroll.recordDialog).toBeVisible();
    await expect(payroll.recordDialog.getByText('Pension contribution (5%)')).toBeVisible();
    // Jane was employed the whole month: the days say so, and absences are a deduction of their own
    await expect(payroll.recordDialog).toContainText(/Employed on (\d+) of \1 working days; absences and unpaid leave are deducted below/);
    await expect(payroll.recordDialog.getByTestId('payroll-net')).toHaveText('$6,003.33');
    await payroll.recordDialog.getByRole('button', { name: 'Close' }).click();

    const csv = await payroll.download(payroll.exportButton);
    expect(csv.suggestedFilename()).toBe(`payroll-${YEAR}-01.csv`);
    const text = fs.readFileSync((await csv.path())!, 'utf8');
    expect(text).toContain('employee_code,employee_name,department');
    expect(text).toContain(`EMP001,Jane Doe,Engineering,${YEAR}-01-01,${YEAR}-01-31,7083.33`);

    // the employee sees My Payroll with her own payslip only
    const context = await browser.newContext();
    const employeePage = await context.newPage();
    const employeeLogin = new LoginPage(employeePage);
    const mine = new PayrollPage(employeePage);
    await employeeLogin.goto();
    await employeeLogin.signInAndExpectDashboard(EMPLOYEE.email, EMPLOYEE.password);
    await new LayoutPage(employeePage).menuEntry('My Payroll').click();
    await expect(employeePage.getByRole('heading', { name: 'My Payroll' })).toBeVisible();
    await mine.choose('Year', String(YEAR));
    const card = mine.payslipCards.filter({ hasText: PERIOD });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('$6,003.33');
    const pdf = await mine.download(card.getByRole('button', { name: 'Download Payslip' }));
    expect(pdf.suggestedFilename()).toBe(`payslip-EMP001-${YEAR}-01.pdf`);
    expect(fs.readFileSync((await pdf.path())!).subarray(0, 5).toString()).toBe('%PDF-');
    await context.close();
  });
});
