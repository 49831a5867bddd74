import { expect, test } from '@playwright/test';
import { COMPANY_ADMIN } from '../fixtures/users';
import { KpiBonusPage } from '../pages/KpiBonusPage';
import { LayoutPage } from '../pages/LayoutPage';
import { LoginPage } from '../pages/LoginPage';

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

// June of last year: a closed month, away from the January that the payroll test processes
const YEAR = new Date().getFullYear() - 1;
const START = `${YEAR}-06-01`;
const END = `${YEAR}-06-30`;

test.describe('KPI & bonus', () => {
  test('a company admin sets a KPI target with a bonus rule, records the result, calculates and approves the bonus', async ({ page }) => {
    const login = new LoginPage(page);
    const layout = new LayoutPage(page);
    const kpi = new KpiBonusPage(page);
    await login.goto();
    await login.signInAndExpectDashboard(COMPANY_ADMIN.email, COMPANY_ADMIN.password);

    await layout.menuEntry('KPI & Bonus').click();
    await expect(page).toHaveURL(/\/hr\/kpi-bonus$/);
    await expect(kpi.heading).toBeVisible();
    await expect(page.getByTestId('kpi-total')).toBeVisible();
    const kpisBefore = Number(await page.getByTestId('kpi-total').textContent());

    // a new KPI: the form asks for name and code first; a taken code is named under the field
    await kpi.openTab('KPIs');
    await kpi.newKpiButton.click();
    await kpi.kpiDialog.getByRole('button', { name: 'Save' }).click();
    await expect(kpi.kpiDialog.getByText('KPI name, code and category are required').first()).toBeVisible();
    await kpi.kpiDialog.getByRole('button', { name: 'Cancel' }).click();

    const id = Date.now().toString(36).toUpperCase();
    const name = `Sales revenue ${id}`;
    const code = `SALES_${id}`;
    await kpi.createKpi({ name, code, category: 'Sales', type: 'Currency', unit: 'USD' });
    await kpi.expectToast('KPI created successfully');
    await expect(kpi.kpiDialog).toBeHidden();
    // the period filter starts on Monthly, the default period of a new KPI
    const row = kpi.kpiRow(name);
    await expect(row).toContainText(code);
    await expect(row).toContainText('Sales');
    await expect(row).toContainText('Currency');
    await expect(row).toContainText('Manual');
    await expect(row).toContainText('Monthly');
    await expect(row).toContainText('Active');

    await kpi.createKpi({ name: `${name} again`, code, category: 'Sales', type: 'Currency', unit: 'USD' });
    await expect(kpi.kpiDialog.getByText(`A KPI with code ${code} already exists`)).toBeVisible();
    await kpi.kpiDialog.getByRole('button', { name: 'Cancel' }).click();

    // Set Target from the KPI's row: the KPI is preset and the period is the current month
    await row.getByRole('button', { name: 'Set Target' }).click();
    const target = kpi.targetDialog;
    await expect(target).toBeVisible();
    await expect(target.getByTestId('target-kpi')).toContainText(name);
    const now = new Date();
    await expect(kpi.dateInput(target, 'Period start')).toHaveValue(iso(new Date(now.getFullYear(), now.getMonth(), 1)));
    await expect(kpi.dateInput(target, 'Period end')).toHaveValue(iso(new Date(now.getFullYear(), now.getMonth() + 1, 0)));
    await kpi.pickEmployee('Jane', 'Jane Doe (EMP001)');
    await kpi.dateInput(target, 'Period start').fill(START);
    await kpi.dateInput(target, 'Period end').fill(END);
    await target.getByRole('spinbutton', { name: /^Target value/ }).fill('50000');
    await target.getByRole('button', { name: 'Save' }).click();
    await kpi.expectToast('Target created successfully');
    await expect(target).toBeHidden();

    // its bonus rule: 80 % earns $200, 100 % earns 10 % of the monthly salary, at most $1,000
    await row.getByRole('button', { name: 'Bonus Rule' }).click();
    const rule = kpi.ruleDialog;
    await expect(rule).toBeVisible();
    await expect(rule.getByRole('textbox', { name: /^Rule name/ })).toHaveValue(`${name} bonus`);
    await kpi.fillTier(0, { from: '80', bonus: 'Fixed amount', value: '200' });
    await rule.getByRole('button', { name: 'Add tier' }).click();
    await kpi.fillTier(1, { from: '100', bonus: '% of monthly salary', value: '10' });
    await rule.getByRole('spinbutton', { name: /^Cap per payment/ }).fill('1000');
    await rule.getByRole('button', { name: 'Save' }).click();
    await kpi.expectToast('Bonus rule saved');
    await expect(rule).toBeHidden();

    // the target has no result yet, and Calculate Bonuses waits for both period dates
    await kpi.openTab('Targets');
    await expect(kpi.calculateBonusesButton).toBeDisabled();
    const targetRow = kpi.targetRow(name, 'Jane Doe');
    await expect(targetRow).toHaveCount(1);
    await expect(targetRow.getByTestId('target-value')).toHaveText('50,000.00');
    await expect(targetRow.getByTestId('actual-value')).toHaveText('N/A');
    await expect(targetRow.getByTestId('target-result')).toHaveText('Not Achieved');

    await targetRow.getByRole('button', { name: 'Record actual value' }).click();
    await kpi.valueDialog.getByRole('spinbutton', { name: /^Actual value/ }).fill('56250');
    await kpi.valueDialog.getByRole('button', { name: 'Save' }).click();
    await kpi.expectToast('Actual value saved');
    // 56,250 / 50,000 = 112.5 %
    await expect(targetRow.getByTestId('actual-value')).toHaveText('56,250.00');
    await expect(targetRow.getByTestId('achievement')).toContainText('113%');
    await expect(targetRow.getByTestId('achievement')).toHaveAttribute('data-color', 'success');
    await expect(targetRow.getByTestId('target-result')).toHaveText('Achieved');
    await expect(targetRow.getByTestId('calculated-bonus')).toHaveText('N/A');

    // 112.5 % reaches the 100 % tier: 85,000 / 12 × 10 % = 708.33, under the cap
    await kpi.setPeriod(START, END);
    await expect(kpi.calculateBonusesButton).toBeEnabled();
    await kpi.calculateBonusesButton.click();
    await kpi.expectToast('One bonus payment calculated ($708.33)');
    await expect(targetRow.getByTestId('calculated-bonus')).toHaveText('$708.33');

    // the Bonuses tab keeps the period: one calculated payment, pending until it is paid
    await kpi.openTab('Bonuses');
    await page.getByRole('textbox', { name: 'Search employee or KPI' }).fill(name);
    const payment = kpi.paymentRow(name, 'Jane Doe');
    await expect(payment).toHaveCount(1);
    await expect(kpi.paymentRows).toHaveCount(1);
    await expect(payment.getByTestId('payment-amount')).toHaveText('$708.33');
    await expect(payment.getByTestId('payment-achievement')).toHaveText('113%');
    await expect(payment).toContainText('% of monthly salary');
    await expect(payment.getByTestId('payment-status')).toHaveText('Calculated');
    await expect(payment.getByTestId('payment-paid-date')).toHaveText('Not paid');
    await expect(page.getByTestId('bonus-total')).toHaveText('$708.33');
    await expect(page.getByTestId('bonus-pending')).toHaveText('$708.33');
    await expect(page.getByTestId('bonus-paid')).toHaveText('$0.00');

    await payment.getByRole('button', { name: 'Approve' }).click();
    await kpi.expectToast('Bonus payment approved');
    await expect(payment.getByTestId('payment-status')).toHaveText('Approved');
    await expect(payment.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await expect(page.getByTestId('bonus-pending')).toHaveText('$708.33');

    await payment.getByRole('button', { name: 'Mark Paid' }).click();
    await kpi.paidDialog.getByLabel(/^Paid date/).fill(`${YEAR}-07-05`);
    await kpi.paidDialog.getByRole('button', { name: 'Mark Paid' }).click();
    await kpi.expectToast('Bonus payment marked paid');
    await expect(payment.getByTestId('payment-status')).toHaveText('Paid');
    await expect(payment.getByTestId('payment-paid-date')).toHaveText(`Jul 5, ${YEAR}`);
    await expect(page.getByTestId('bonus-paid')).toHaveText('$708.33');
    await expect(page.getByTestId('bonus-pending')).toHaveText('$0.00');

    // the dashboard counts the KPI, the achieved target and the paid bonus
    await kpi.openTab('Dashboard');
    await expect(page.getByTestId('kpi-total')).toHaveText(String(kpisBefore + 1));
    await expect(page.getByTestId('top-performer').filter({ hasText: 'Jane Doe' })).toContainText('$708.33');
    // the ten most recent values are the demo's of the last months (June of last year is older):
    // the list shows them with their variance; this value's own figures are checked on its target above
    const recent = page.getByTestId('recent-value');
    await expect(recent).toHaveCount(10);
    await expect(recent.first().getByTestId('variance')).toHaveText(/^([+\-−]?[\d.,]+%|N\/A)$/);
  });
});
