import { expect, type Locator, type Page } from '@playwright/test';

/** The admin app's authenticated layout: sidebar, header and mode banner. */
export class LayoutPage {
  readonly headerTitle: Locator;
  readonly modeBanner: Locator;
  readonly logoutButton: Locator;

  constructor(readonly page: Page) {
    this.headerTitle = page.getByTestId('header-title');
    this.modeBanner = page.getByTestId('mode-banner');
    this.logoutButton = page.getByRole('button', { name: 'Logout' });
  }

  /** 'Platform Admin' for a superadmin, 'HR Management' for everyone else. */
  sidebarSubtitle(text: 'Platform Admin' | 'HR Management'): Locator {
    return this.page.getByTestId('sidebar-subtitle').filter({ hasText: new RegExp(`^${text}$`) });
  }

  /** A sidebar entry; react-admin renders menu links as role menuitem, a plain nav as links. */
  menuEntry(name: string): Locator {
    return this.page
      .getByRole('menuitem', { name, exact: true })
      .or(this.page.getByRole('navigation').getByRole('link', { name, exact: true }))
      .first();
  }

  /** In a browser: the header names the company (or the product), and no mode line is shown. */
  async expectWebMode() {
    await expect(this.headerTitle).toBeVisible();
    await expect(this.headerTitle).not.toHaveText(/^(Web Application|Mobile App)$/);
    await expect(this.modeBanner).toHaveCount(0);
  }

  async logout() {
    await this.logoutButton.click();
    await expect(this.page).toHaveURL(/\/login$/);
  }
}
