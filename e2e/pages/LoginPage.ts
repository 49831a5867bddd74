import { expect, type Locator, type Page } from '@playwright/test';

/** /login: the admin app's Sign In form. */
export class LoginPage {
  readonly heading: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly registerLink: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Sign In' });
    // Required labels may read 'Email *'; the password field's show/hide toggle also carries
    // a label, so the password locator is narrowed to the input element.
    this.email = page.getByRole('textbox', { name: /^Email/ });
    this.password = page.locator('input').and(page.getByLabel(/^Password/));
    this.submit = page.getByRole('button', { name: /^Sign In$/ });
    this.registerLink = page.locator('a[href="/register"]').first();
  }

  async goto() {
    await this.page.goto('/login');
    await expect(this.heading).toBeVisible();
  }

  async fill(email: string, password: string) {
    await this.email.fill(email);
    await this.password.fill(password);
  }

  async signIn(email: string, password: string) {
    await this.fill(email, password);
    await this.submit.click();
  }

  /**
   * Signs in and waits for the redirect to /dashboard. The success message shows on the sign-in page
   * until the dashboard replaces it, which can be quicker than a look at the page; the sign-in tests
   * (auth.spec.ts) check the message where the page stays long enough.
   */
  async signInAndExpectDashboard(email: string, password: string) {
    await this.signIn(email, password);
    await expect(this.page.getByText('Login successful! Redirecting...', { exact: true }).first().or(this.page.getByTestId('header-title')).first()).toBeVisible();
    await expect(this.page).toHaveURL(/\/dashboard$/);
  }

  /** A form, field or toast message anywhere on the page. */
  async expectMessage(text: string) {
    await expect(this.page.getByText(text, { exact: true }).first()).toBeVisible();
  }
}
