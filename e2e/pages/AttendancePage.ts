import { expect, type Locator, type Page } from '@playwright/test';

/** /hr/attendance: the Overview, History and Check In/Out tabs (and All Employees for admins). */
export class AttendancePage {
  readonly overviewTab: Locator;
  readonly historyTab: Locator;
  readonly checkTab: Locator;
  readonly location: Locator;
  readonly checkInButton: Locator;
  readonly checkOutButton: Locator;
  readonly summary: Locator;

  constructor(readonly page: Page) {
    this.overviewTab = page.getByRole('tab', { name: 'Overview' });
    this.historyTab = page.getByRole('tab', { name: 'History' });
    this.checkTab = page.getByRole('tab', { name: 'Check In/Out' });
    this.location = page.getByRole('textbox', { name: 'Location' });
    this.checkInButton = page.getByRole('button', { name: 'Check In', exact: true });
    this.checkOutButton = page.getByRole('button', { name: 'Check Out', exact: true });
    this.summary = page.getByTestId('work-summary');
  }

  async goto() {
    await this.page.goto('/hr/attendance');
    await expect(this.page.getByRole('heading', { name: 'Attendance', exact: true })).toBeVisible();
  }

  async openCheckInOut() {
    await this.checkTab.click();
    await expect(this.location).toBeVisible();
  }

  async expectToast(text: string) {
    await expect(this.page.getByText(text, { exact: true }).first()).toBeVisible();
  }
}
