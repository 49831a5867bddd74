import { expect, type Locator, type Page } from '@playwright/test';

/** /hr/leave: type cards, the requests table, the Request Leave modal and the balances tab. */
export class LeavePage {
  readonly requestButton: Locator;
  readonly dialog: Locator;
  readonly rows: Locator;

  constructor(readonly page: Page) {
    this.requestButton = page.getByRole('button', { name: 'Request Leave' });
    this.dialog = page.getByRole('dialog', { name: 'Request Leave' });
    this.rows = page.getByTestId('leave-request-row');
  }

  async goto() {
    await this.page.goto('/hr/leave');
    await expect(this.page.getByRole('heading', { name: 'Leave Management' })).toBeVisible();
    await expect(this.requestButton).toBeEnabled();
  }

  /** The remaining days shown on a leave type's card (e.g. 'AL'). */
  async remainingOnCard(typeCode: string): Promise<number> {
    const text = await this.page.getByTestId(`leave-type-${typeCode}`).getByTestId('type-remaining').innerText();
    const match = /Remaining balance: (-?[\d.]+) days/.exec(text);
    if (!match) throw new Error(`no remaining balance on the ${typeCode} card: ${text}`);
    return Number(match[1]);
  }

  /** Opens the modal, fills it and submits; checks the working days the modal computed. */
  async requestLeave(type: string, start: string, end: string, expectedWorkingDays: number, reason?: string) {
    await this.requestButton.click();
    await expect(this.dialog).toBeVisible();
    await this.dialog.getByRole('combobox', { name: /^Leave Type/ }).click();
    await this.page.getByRole('option', { name: type, exact: true }).click();
    await expect(this.dialog.getByTestId('request-remaining')).toBeVisible();
    await this.dialog.getByLabel(/^Start Date/).fill(start);
    await this.dialog.getByLabel(/^End Date/).fill(end);
    await expect(this.dialog.getByTestId('working-days')).toHaveText(new RegExp(`Working days in this range: ${expectedWorkingDays}`));
    await expect(this.dialog.getByRole('spinbutton', { name: 'Total Days' })).toHaveValue(String(expectedWorkingDays));
    if (reason) await this.dialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
    await this.dialog.getByRole('button', { name: 'Submit Request' }).click();
    await expect(this.page.getByText('Leave request submitted successfully!', { exact: true }).first()).toBeVisible();
    await expect(this.dialog).toBeHidden();
  }

  /** The request row showing these dates (YYYY-MM-DD, shown as Dec 5, 2026) and, for an admin, this employee. */
  row(start: string, end: string, employee?: string): Locator {
    const day = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
    let row = this.rows.filter({ hasText: `${day(start)} → ${day(end)}` });
    if (employee) row = row.filter({ hasText: employee });
    return row;
  }

  status(row: Locator): Locator {
    return row.locator('[data-status]');
  }

  async approve(row: Locator) {
    await row.getByRole('button', { name: 'Approve' }).click();
    await expect(this.page.getByText('Leave request approved', { exact: true }).first()).toBeVisible();
  }
}
