import fs from 'node:fs';
import { expect, type Download, type Locator, type Page } from '@playwright/test';

/** /hr/reports: the report groups as tabs, the group's reports as chips, filters, chart, table and files. */
export class ReportsPage {
  readonly report: Locator;
  readonly table: Locator;
  readonly empty: Locator;
  readonly chart: Locator;
  readonly scheduled: Locator;

  constructor(readonly page: Page) {
    this.report = page.getByTestId('report');
    this.table = page.getByTestId('report-table');
    this.empty = page.getByTestId('report-empty');
    this.chart = page.getByTestId('report-chart').locator('.recharts-wrapper');
    this.scheduled = page.getByTestId('scheduled-reports');
  }

  tab(name: string): Locator {
    return this.page.getByRole('tab', { name, exact: true });
  }

  /** The chips of the open group's reports. */
  get reportChips(): Locator {
    return this.page.getByRole('list', { name: 'Reports of this group' }).getByRole('listitem');
  }

  /** Waits until the report `id` shows its table or says it has no data, without an error. */
  async expectLoaded(id: string) {
    await expect(this.report).toHaveAttribute('data-report', id);
    await expect(this.table.or(this.empty)).toBeVisible();
    await expect(this.report.getByRole('alert')).toHaveCount(0);
  }

  /** The table's column labels. */
  async columnLabels(): Promise<string[]> {
    return (await this.table.locator('thead th').allInnerTexts()).map((t) => t.trim());
  }

  /** The table's body as text (to see it change). */
  async bodyText(): Promise<string> {
    return (await this.table.locator('tbody').innerText().catch(() => '')) || (await this.empty.innerText().catch(() => ''));
  }

  /** Picks `option` in the filter or dialog select labelled `label`. */
  async choose(scope: Locator, label: string, option: string) {
    await scope.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
    await this.page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  }

  /** Clicks the export button of `format` and returns the download it gives. */
  async download(format: 'CSV' | 'XLSX' | 'PDF'): Promise<Download> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.report.getByRole('button', { name: `Download as ${format}` }).click(),
    ]);
    await expect(this.report.getByRole('button', { name: `Download as ${format}` })).toBeEnabled();
    return download;
  }

  /** The first line of a downloaded text file, without a byte-order mark. */
  static async firstLine(download: Download): Promise<string> {
    return fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').split(/\r?\n/)[0];
  }

  /** The first bytes of a downloaded file. */
  static async magic(download: Download, length: number): Promise<string> {
    return fs.readFileSync((await download.path())!).subarray(0, length).toString('latin1');
  }
}
