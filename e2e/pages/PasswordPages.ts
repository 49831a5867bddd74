import fs from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';

/** /forgot-password: asks for a reset link. */
export class ForgotPasswordPage {
  readonly heading: Locator;
  readonly email: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Forgot password?' });
    this.email = page.getByRole('textbox', { name: /^Email/ });
    this.submit = page.getByRole('button', { name: 'Send reset link' });
  }

  async request(email: string) {
    await this.email.fill(email);
    await this.submit.click();
  }
}

/** /reset-password?token=...: the page of the e-mailed link. */
export class ResetPasswordPage {
  readonly heading: Locator;
  readonly password: Locator;
  readonly confirm: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Choose a new password' });
    this.password = page.getByLabel(/^New password/);
    this.confirm = page.getByLabel(/^Confirm new password/);
    this.submit = page.getByRole('button', { name: 'Reset password' });
  }

  async choose(password: string, confirm = password) {
    await this.password.fill(password);
    await this.confirm.fill(confirm);
    await this.submit.click();
  }
}

/** Settings → Profile: the change-password form. */
export class ChangePasswordForm {
  readonly form: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole('form', { name: 'Change password' });
  }

  async change(current: string, next: string, confirm = next) {
    await this.form.getByLabel(/^Current password/).fill(current);
    await this.form.getByLabel(/^New password/).fill(next);
    await this.form.getByLabel(/^Confirm new password/).fill(confirm);
    await this.form.getByRole('button', { name: 'Change password' }).click();
  }
}

/**
 * The development mailbox of the server under test (DATA_DIR/mail): the path and query of the
 * newest reset link sent to `email`, waiting for it to arrive.
 */
export async function resetLinkFor(email: string): Promise<string> {
  return mailedLinkFor(email, 'reset-password');
}

/** The path and query of the newest invitation link sent to `email`. */
export async function invitationLinkFor(email: string): Promise<string> {
  return mailedLinkFor(email, 'accept-invitation');
}

async function mailedLinkFor(email: string, route: string): Promise<string> {
  const dir = path.join(process.env.E2E_DATA_DIR ?? '', 'mail');
  const pattern = new RegExp(`https?://\\S+/${route}\\?token=[A-Za-z0-9_-]+`);
  let link: string | undefined;
  await expect
    .poll(() => {
      const mails = fs.existsSync(dir)
        ? fs
            .readdirSync(dir)
            .filter((f) => f.endsWith('.json'))
            .sort()
            .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { to: string; text: string })
            .filter((m) => m.to === email)
        : [];
      const found = mails.at(-1)?.text.match(pattern)?.[0];
      if (found) link = new URL(found).pathname + new URL(found).search;
      return !!link;
    })
    .toBe(true);
  return link!;
}
