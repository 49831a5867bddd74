import { expect, type Locator, type Page } from '@playwright/test';

export interface Registration {
  username: string;
  email: string;
  password: string;
  confirmPassword?: string;
}

/** /register: the admin app's Create Account form. */
export class RegisterPage {
  readonly heading: Locator;
  readonly username: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly confirmPassword: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Create Account' });
    // react-admin's required labels read 'Username *': match the start of the name.
    this.username = page.getByRole('textbox', { name: /^Username/ });
    this.email = page.getByRole('textbox', { name: /^Email/ });
    this.password = page.locator('input').and(page.getByLabel(/^Password/));
    this.confirmPassword = page.locator('input').and(page.getByLabel(/^Confirm Password/));
    this.submit = page.getByRole('button', { name: /^Create Account$/ });
  }

  async goto() {
    await this.page.goto('/register');
    await expect(this.heading).toBeVisible();
  }

  async register({ username, email, password, confirmPassword = password }: Registration) {
    await this.username.fill(username);
    await this.email.fill(email);
    await this.password.fill(password);
    await this.confirmPassword.fill(confirmPassword);
    await this.submit.click();
  }

  async expectMessage(text: string) {
    await expect(this.page.getByText(text, { exact: true }).first()).toBeVisible();
  }
}
