import { expect, type Download, type Locator, type Page } from '@playwright/test';
import { selectTab } from './tabs';

/** /hr/payroll: the admin's payroll (cards, month and year, records, Process Payroll, Export) and My Payroll. */
export class PayrollPage {
  readonly processButton: Locator;
  readonly exportButton: Locator;
  readonly rows: Locator;
  readonly payslipCards: Locator;
  readonly recordDialog: Locator;

  constructor(readonly page: Page) {
    this.processButton = page.getByRole('button', { name: 'Process Payroll' });
    this.exportButton = page.getByRole('button', { name: 'Export' });
    this.rows = page.getByTestId('payroll-row');
    this.payslipCards = page.getByTestId('payslip-card');
    this.recordDialog = page.getByRole('dialog').filter({ hasText: 'Net pay' });
  }

  async goto() {
    await this.page.goto('/hr/payroll');
  }

  /** The payroll staff's Components & Tax tab. */
  async openSettings() {
    await this.goto();
    await selectTab(this.page.getByRole('tab', { name: 'Components & Tax', exact: true }));
  }

  /** Chooses a month or year; one already chosen is left as it is (its menu would not close on it). */
  async choose(label: 'Month' | 'Year', option: string) {
    const box = this.page.getByRole('combobox', { name: label });
    if ((await box.textContent())?.trim() === option) return;
    await box.click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
    await expect(this.page.getByRole('listbox')).toBeHidden();
  }

  /** Process Payroll, confirmed in its dialog. */
  async process(period: string) {
    await this.processButton.click();
    const dialog = this.page.getByRole('dialog', { name: `Process payroll for ${period}?` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Process Payroll' }).click();
    await expect(dialog).toBeHidden();
  }

  card(testId: 'payroll-total' | 'payroll-processed' | 'payroll-pending'): Locator {
    return this.page.getByTestId(testId);
  }

  row(employee: string): Locator {
    return this.rows.filter({ hasText: employee });
  }

  async download(trigger: Locator): Promise<Download> {
    const download = this.page.waitForEvent('download');
    await trigger.click();
    return download;
  }

  async expectToast(text: string) {
    await expect(this.page.getByText(text, { exact: true }).first()).toBeVisible();
  }
}
