import { expect, type Locator, type Page } from '@playwright/test';
import { selectTab } from './tabs';

type TabName = 'Dashboard' | 'KPIs' | 'Targets' | 'Bonuses';

/** /hr/kpi-bonus: the Dashboard, KPIs, Targets and Bonuses tabs and their forms. */
export class KpiBonusPage {
  readonly heading: Locator;
  readonly newKpiButton: Locator;
  readonly newTargetButton: Locator;
  readonly calculateBonusesButton: Locator;
  readonly periodStart: Locator;
  readonly periodEnd: Locator;
  readonly kpiRows: Locator;
  readonly targetRows: Locator;
  readonly paymentRows: Locator;
  readonly kpiDialog: Locator;
  readonly targetDialog: Locator;
  readonly ruleDialog: Locator;
  readonly valueDialog: Locator;
  readonly paidDialog: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'KPI & Bonus Management' });
    this.newKpiButton = page.getByRole('button', { name: 'New KPI' });
    this.newTargetButton = page.getByRole('button', { name: 'New Target' });
    this.calculateBonusesButton = page.getByRole('button', { name: 'Calculate Bonuses' });
    this.periodStart = page.getByLabel('Period Start', { exact: true });
    this.periodEnd = page.getByLabel('Period End', { exact: true });
    this.kpiRows = page.getByTestId('resource-kpi/kpis').locator('tbody tr');
    this.targetRows = page.getByTestId('resource-kpi/kpi-targets').locator('tbody tr');
    this.paymentRows = page.getByTestId('payment-row');
    this.kpiDialog = page.getByRole('dialog').filter({ hasText: /^(New|Edit) KPI/ });
    this.targetDialog = page.getByRole('dialog').filter({ hasText: /^(New|Edit) Target/ });
    this.ruleDialog = page.getByRole('dialog', { name: 'Bonus Rule' });
    this.valueDialog = page.getByRole('dialog').filter({ hasText: /^Record actual value/ });
    this.paidDialog = page.getByRole('dialog', { name: 'Mark bonus as paid' });
  }

  async goto() {
    await this.page.goto('/hr/kpi-bonus');
    await expect(this.heading).toBeVisible();
  }

  async openTab(name: TabName) {
    await selectTab(this.page.getByRole('tab', { name, exact: true }));
  }

  /** A select (MUI combobox) of a dialog or of the page: opens it and picks the option. */
  async choose(scope: Locator | Page, label: string | RegExp, option: string) {
    await scope.getByRole('combobox', { name: label }).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  /** Fills the New KPI form (name, code, category, type, unit) and saves it. */
  async createKpi(kpi: { name: string; code: string; category: string; type: string; unit: string }) {
    await this.newKpiButton.click();
    const dialog = this.kpiDialog;
    await expect(dialog).toBeVisible();
    await dialog.getByRole('textbox', { name: /^Name/ }).fill(kpi.name);
    await dialog.getByRole('textbox', { name: /^Code/ }).fill(kpi.code);
    await this.choose(dialog, 'Category', kpi.category);
    await this.choose(dialog, 'Type', kpi.type);
    await dialog.getByRole('textbox', { name: /^Unit/ }).fill(kpi.unit);
    await dialog.getByRole('button', { name: 'Save' }).click();
  }

  kpiRow(name: string): Locator {
    return this.kpiRows.filter({ hasText: name });
  }

  targetRow(kpiName: string, subject: string): Locator {
    return this.targetRows.filter({ hasText: kpiName }).filter({ hasText: subject });
  }

  paymentRow(kpiName: string, employee: string): Locator {
    return this.paymentRows.filter({ hasText: kpiName }).filter({ hasText: employee });
  }

  /** A date input of a dialog, by the start of its label ('Period start *'). */
  dateInput(dialog: Locator, label: string): Locator {
    return dialog.getByLabel(new RegExp(`^${label}`));
  }

  /** In the open target form: an employee picked by typing part of the name. */
  async pickEmployee(search: string, option: string) {
    const picker = this.targetDialog.getByRole('combobox', { name: /^Employee/ });
    await picker.fill(search);
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  /** In the open rule form: fills tier `index` (0-based). */
  async fillTier(index: number, tier: { from: string; bonus: string; value: string }) {
    const row = this.ruleDialog.locator('.RaSimpleFormIterator-line').nth(index);
    await row.getByRole('spinbutton', { name: /^From achievement/ }).fill(tier.from);
    await this.choose(row, 'Bonus', tier.bonus);
    await row.getByRole('spinbutton', { name: /^(Amount|Percent)/ }).fill(tier.value);
  }

  async setPeriod(start: string, end: string) {
    await this.periodStart.fill(start);
    await this.periodEnd.fill(end);
  }

  async expectToast(text: string) {
    await expect(this.page.getByText(text, { exact: true }).first()).toBeVisible();
  }
}
