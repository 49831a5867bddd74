import { expect, type Locator, type Page } from '@playwright/test';

/** /settings: the side menu, the permission matrix, platform access, attendance settings and system tools. */
export class SettingsPage {
  readonly menu: Locator;

  constructor(readonly page: Page) {
    this.menu = page.getByRole('navigation', { name: 'Settings' });
  }

  async goto(tab?: string) {
    await this.page.goto(tab ? `/settings/${tab}` : '/settings');
    await expect(this.page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
  }

  menuEntry(name: string): Locator {
    return this.menu.getByRole('button', { name, exact: true });
  }

  async open(name: string) {
    await this.menuEntry(name).click();
  }

  /** A toast (or any text) shown on the page. */
  async expectToast(text: string) {
    await expect(this.page.getByText(text, { exact: true }).first()).toBeVisible();
  }

  // Permission Management

  async selectSubject(kind: 'Positions' | 'Departments', name: string) {
    await this.page.getByRole('tab', { name: kind, exact: true }).click();
    await this.page.getByTestId('permission-subjects').getByRole('button', { name: new RegExp(`^${name}`) }).click();
    await expect(this.page.getByRole('heading', { name: `Permissions for ${name}` })).toBeVisible();
    await expect(this.page.getByRole('table', { name: `Permissions for ${name}` })).toBeVisible();
  }

  moduleSwitch(moduleName: string): Locator {
    return this.page.getByRole('switch', { name: `${moduleName} Enabled`, exact: true });
  }

  moduleAction(moduleName: string, action: 'View' | 'Create' | 'Edit' | 'Delete'): Locator {
    return this.page.getByRole('checkbox', { name: `${moduleName} ${action}`, exact: true });
  }

  async savePermissions(name: string) {
    await this.page.getByRole('button', { name: 'Save Permissions' }).click();
    await this.expectToast(`Permissions updated for ${name}`);
  }

  // Leave Settings

  /** Settings → Leave Settings, one of its tabs (Leave Types, Leave Policies). */
  async openLeaveTab(name: 'Leave Types' | 'Leave Policies') {
    await this.page.goto('/settings/leave');
    await this.page.getByRole('tab', { name, exact: true }).click({ timeout: 15_000 });
  }

  // Attendance Settings

  attendanceTab(name: 'General' | 'Geolocation' | 'Device' | 'Network'): Locator {
    return this.page.getByRole('tab', { name, exact: true });
  }

  field(label: string): Locator {
    return this.page.getByRole('spinbutton', { name: label }).or(this.page.getByRole('textbox', { name: label }));
  }

  async saveSettings() {
    await this.page.getByRole('button', { name: 'Save Settings' }).click();
  }
}
