import { expect, type Locator, type Page } from '@playwright/test';

/** /admin/landing-page: the superadmin's Landing Page Manager (list and editor). */
export class LandingPageManagerPage {
  readonly heading: Locator;
  readonly createButton: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Landing Page Manager', level: 1 });
    this.createButton = page.getByRole('button', { name: 'Create Page' });
  }

  async goto() {
    await this.page.goto('/admin/landing-page');
    await expect(this.heading).toBeVisible();
  }

  /** Creates a page and waits for its editor. */
  async createPage() {
    await this.createButton.click();
    await this.expectToast('Landing page created successfully');
    await expect(this.page).toHaveURL(/\/admin\/landing-page\?page=\d+$/);
    await expect(this.field('Hero title')).toBeVisible();
  }

  /** A text or number field of the editor by its label (required labels end with ' *'). */
  field(label: string, within: Locator | Page = this.page): Locator {
    const name = new RegExp(`^${label}( \\*)?$`);
    return within.getByRole('textbox', { name }).or(within.getByRole('spinbutton', { name }));
  }

  /** Types a value and leaves the field, which saves it; waits for the toast. */
  async editField(label: string, value: string, toast = 'Page updated successfully', within?: Locator) {
    const field = this.field(label, within);
    await field.fill(value);
    await field.blur();
    await this.expectToast(toast);
  }

  async activate() {
    await this.page.getByRole('button', { name: 'Activate', exact: true }).click();
    await this.expectToast('Landing page activated successfully');
  }

  featureRows(): Locator {
    return this.page.getByTestId('feature-row');
  }

  async expectToast(text: string) {
    await expect(this.page.getByText(text, { exact: true }).first()).toBeVisible();
  }
}
