import { expect, test } from '@playwright/test';
import { COMPANY_ADMIN, EMPLOYEE } from '../fixtures/users';
import { LoginPage } from '../pages/LoginPage';
import { ReportsPage } from '../pages/ReportsPage';

// The company's reports: a company admin opens every report of every group, narrows one to a
// department, downloads it as CSV, XLSX and PDF, and schedules a report by e-mail and deletes it
// again; an employee is refused the screen.

const GROUPS = ['Headcount', 'Attendance', 'Leave', 'Payroll', 'KPI & bonus'];

/** The cells of a CSV line (quoted cells may hold commas and doubled quotes). */
const csvCells = (line: string) => [...line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)].map((m) => (m[1] ?? m[2] ?? '').replace(/""/g, '"'));

test.describe('reports', () => {
  test('a company admin reads, narrows, downloads and schedules reports', async ({ page }) => {
    test.setTimeout(120_000);
    const login = new LoginPage(page);
    const reports = new ReportsPage(page);
    await login.goto();
    await login.signInAndExpectDashboard(COMPANY_ADMIN.email, COMPANY_ADMIN.password);

    await page.getByRole('link', { name: 'Generate Report' }).click();
    await expect(page).toHaveURL(/\/hr\/reports/);
    await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();

    // every report of every group opens with its table (or says it has no data)
    for (const group of GROUPS) {
      await reports.tab(group).click();
      await expect(reports.tab(group)).toHaveAttribute('aria-selected', 'true');
      const count = await reports.reportChips.count();
      expect(count, `${group} has reports`).toBeGreaterThan(0);
      for (let i = 0; i < count; i += 1) {
        const chip = reports.reportChips.nth(i);
        await chip.click();
        const id = (await chip.getAttribute('data-report'))!;
        await expect(page).toHaveURL(new RegExp(`report=${id}`));
        await reports.expectLoaded(id);
      }
    }

    // the headcount by department, with its chart; one department narrows the table
    await reports.tab('Headcount').click();
    await reports.reportChips.first().click();
    await reports.expectLoaded('headcount-breakdown');
    await expect(reports.chart).toBeVisible();
    await expect(reports.chart.locator('svg').first()).toBeVisible();
    // every department of the demo has people: a row each (departments other tests add may follow)
    const bodyRows = reports.table.locator('tbody tr');
    await expect(bodyRows.filter({ hasText: 'Engineering' })).toHaveCount(1);
    const listed = (await bodyRows.locator('td:first-child').allInnerTexts()).map((t) => t.trim());
    for (const department of ['Engineering', 'Finance', 'Human Resources', 'Operations', 'Sales']) expect(listed).toContain(department);
    const engineers = (await bodyRows.filter({ hasText: 'Engineering' }).locator('td').nth(1).innerText()).trim();
    expect(Number(engineers)).toBeGreaterThan(0);
    await reports.choose(reports.report, 'Department', 'Engineering');
    await expect(page).toHaveURL(/department_id=\d+/);
    // narrowed to Engineering: its one row, with the head count it had among all, the whole share
    await expect(bodyRows).toHaveCount(1);
    await reports.expectLoaded('headcount-breakdown');
    await expect(bodyRows.locator('td')).toHaveText(['Engineering', engineers, /^100(\.0+)?\s?%$/]);
    await expect(reports.table.getByTestId('report-totals').locator('td').nth(1)).toHaveText(engineers);
    const narrowed = await reports.bodyText();

    // the link reopens the same report with the same filter
    await page.reload();
    await reports.expectLoaded('headcount-breakdown');
    await expect(page.getByRole('combobox', { name: /^Department/ })).toContainText('Engineering');
    expect(await reports.bodyText()).toBe(narrowed);

    // the files: the CSV's header row is the table's column labels
    const labels = await reports.columnLabels();
    const csv = await reports.download('CSV');
    expect(csv.suggestedFilename()).toMatch(/^headcount-breakdown.*\.csv$/);
    expect(csvCells(await ReportsPage.firstLine(csv))).toEqual(labels);
    const xlsx = await reports.download('XLSX');
    expect(xlsx.suggestedFilename()).toMatch(/^headcount-breakdown.*\.xlsx$/);
    expect(await ReportsPage.magic(xlsx, 2)).toBe('PK');
    const pdf = await reports.download('PDF');
    expect(pdf.suggestedFilename()).toMatch(/^headcount-breakdown.*\.pdf$/);
    expect(await ReportsPage.magic(pdf, 5)).toBe('%PDF-');

    // a scheduled report: added with the report's own grouping, listed, changed, deleted
    await reports.tab('Scheduled reports').click();
    await expect(reports.scheduled).toBeVisible();
    const rows = reports.scheduled.locator('tbody tr');
    await expect(reports.scheduled.locator('table').or(reports.scheduled.getByText('No reports are scheduled yet.'))).toBeVisible();
    const before = await rows.count();
    await reports.scheduled.getByRole('button', { name: 'Add scheduled report' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add a scheduled report' });
    // the signed-in admin is the first recipient
    await expect(dialog.getByRole('button', { name: COMPANY_ADMIN.email })).toBeVisible();
    // a report without groupings has no Group by; Leave balances has its own
    await reports.choose(dialog, 'Report', 'Upcoming absences');
    await expect(dialog.getByRole('combobox', { name: /^Group by/ })).toHaveCount(0);
    await reports.choose(dialog, 'Report', 'Leave balances');
    await reports.choose(dialog, 'Group by', 'Employee');
    await reports.choose(dialog, 'Frequency', 'Weekly');
    await reports.choose(dialog, 'Format', 'CSV');
    // a typed address that is not one is refused before sending, in words
    const recipients = dialog.getByRole('combobox', { name: /^Recipients/ });
    await recipients.fill('not-an-address');
    await recipients.press('Enter');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Recipients must be e-mail addresses')).toBeVisible();
    await dialog.getByRole('button', { name: 'not-an-address' }).locator('svg').click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Scheduled report added')).toBeVisible();
    await expect(rows).toHaveCount(before + 1);
    const row = rows.filter({ hasText: 'Leave balances' }).filter({ hasText: 'Weekly' });
    await expect(row).toContainText('CSV');
    await expect(row).toContainText(COMPANY_ADMIN.email);
    await expect(row).toContainText('Active');

    // paused: no next run
    await row.getByRole('button', { name: 'Edit Leave balances' }).click();
    const edit = page.getByRole('dialog', { name: 'Change the scheduled Leave balances' });
    await expect(edit.getByRole('combobox', { name: /^Group by/ })).toContainText('Employee');
    await edit.getByRole('switch', { name: 'Active' }).or(edit.getByRole('checkbox', { name: 'Active' })).click();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText('Paused');

    await row.getByRole('button', { name: 'Delete Leave balances' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Scheduled report deleted')).toBeVisible();
    await expect(rows).toHaveCount(before);
  });

  test('an employee is refused the reports', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signInAndExpectDashboard(EMPLOYEE.email, EMPLOYEE.password);
    await expect(page.getByRole('link', { name: 'Generate Report' })).toHaveCount(0);
    await page.goto('/hr/reports');
    await expect(page.getByTestId('access-denied')).toBeVisible();
    await expect(page.getByText('Your position has no access to Reports — ask your administrator')).toBeVisible();
    await expect(page.getByTestId('report')).toHaveCount(0);
  });
});
