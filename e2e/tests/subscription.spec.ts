import fs from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { LoginPage } from '../pages/LoginPage';
import { registerTrialCompany, type TrialOwner } from '../pages/TrialCompany';
import { SettingsPage } from '../pages/SettingsPage';
import { PHONE } from '../pages/phone';

// The company admin's Settings → Subscription: a brand-new self-registered company (on the free
// trial of Standard) chooses Standard monthly, sees the server's preview, confirms, and gets the
// invoice that applies the plan once paid; its PDF downloads as INV-YYYY-NNNNNN.pdf.
// Each test registers its own company, so the demo company Acme is untouched.


// What a person reads off the demo's price list (the Standard package: 79.00 USD a month) for a
// company that registered itself: no tax rate (0%), the platform's currency USD, on the trial, so
// the choice is a new subscription of one whole month at the list price.
const STANDARD_MONTHLY = '$79.00';
const PREVIEW_MESSAGE = 'An invoice of 79.00 USD for the Standard package (monthly) will be issued: the plan applies as soon as it is paid';
/** The success toast once confirmed, naming the invoice issued. */
const ISSUED_TOAST = /^Invoice (INV-\d{4}-\d{6}) of 79\.00 USD for the Standard package \(monthly\) was issued: the plan applies as soon as it is paid$/;

const VIEWPORTS = [
  { name: 'desktop', size: { width: 1280, height: 900 } },
  { name: 'phone', size: PHONE },
] as const;

/** A company on the free trial of Standard, with its admin. */
const newTrialCompany = (request: APIRequestContext): Promise<TrialOwner> =>
  registerTrialCompany(request, { first_name: 'Wanda', last_name: 'Lyle', company: 'Initech', domain: 'initech.example.com', password: 'Stapler#Red2026' });

for (const viewport of VIEWPORTS) {
  test.describe(`Settings → Subscription on a ${viewport.name}`, () => {
    test.use({ viewport: viewport.size });

    test('a new company admin changes to Standard monthly, sees the preview, confirms and downloads the invoice PDF', async ({ page, request }) => {
      test.slow();
      const owner = await newTrialCompany(request);

      const login = new LoginPage(page);
      await login.goto();
      await login.signInAndExpectDashboard(owner.email, owner.password);

      // the dashboard's Manage Subscription leads to Settings → Subscription, as its menu entry does
      await page.getByTestId('subscription-card').getByRole('link', { name: 'Manage Subscription' }).click();
      await expect(page).toHaveURL(/\/settings\/subscription$/);
      const settings = new SettingsPage(page);
      await settings.goto();
      await settings.open('Subscription');
      await expect(page).toHaveURL(/\/settings\/subscription$/);
      await expect(settings.menuEntry('Subscription')).toHaveAttribute('aria-current', 'page');

      // the trial of Standard, no invoices yet
      await expect(page.getByRole('heading', { name: 'Subscription', exact: true })).toBeVisible();
      await expect(page.getByTestId('subscription-package')).toHaveText('Standard');
      await expect(page.getByTestId('billing-status')).toHaveText('Trial');
      await expect(page.getByTestId('subscription-usage')).toContainText('Employees');
      await expect(page.getByTestId('invoices-empty')).toHaveText('No invoices yet.');

      // Change plan: Standard, monthly; the preview's total and message
      await page.getByRole('button', { name: 'Change plan' }).click();
      const dialog = page.getByRole('dialog', { name: 'Change plan' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Monthly', exact: true }).click();
      await dialog.getByRole('radio', { name: /^Standard\b/ }).check();
      const preview = dialog.getByTestId('plan-preview');
      await expect(preview.getByTestId('plan-preview-message')).toHaveText(PREVIEW_MESSAGE);
      // one line, the month at the list price; no tax; the total
      await expect(preview.getByTestId('invoice-line')).toHaveCount(1);
      await expect(preview.getByTestId('invoice-line')).toContainText('Standard plan (monthly)');
      await expect(preview.getByTestId('invoice-line')).toContainText(STANDARD_MONTHLY);
      await expect(preview.getByRole('row', { name: /^Subtotal\b/ })).toContainText(STANDARD_MONTHLY);
      await expect(preview.getByRole('row', { name: /^Tax\b/ })).toHaveText(/^Tax \(0%\)\s*\$0\.00$/);
      const total = preview.getByRole('row', { name: /^Total\b/ });
      await expect(total).toHaveText(/^Total\s*\$79\.00$/);
      await total.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`subscription-preview-${viewport.name}.png`) });

      await dialog.getByRole('button', { name: 'Confirm change' }).click();
      await expect(dialog).toBeHidden();
      // the success toast, naming the invoice issued (never an error's)
      const toast = page.getByRole('alert').filter({ hasText: ISSUED_TOAST });
      await expect(toast).toHaveCount(1);
      const number = ISSUED_TOAST.exec((await toast.textContent()) ?? '')![1];

      // the invoice waits for payment; it is in the list too
      const pending = page.getByTestId('pending-invoice');
      await expect(pending).toContainText(`invoice ${number}`);
      await expect(page.getByTestId('pending-invoice-total')).toContainText(STANDARD_MONTHLY);
      const row = page.getByTestId('invoice-row').filter({ hasText: number });
      await expect(row).toBeVisible();
      await expect(row).toContainText('Open');

      // its PDF
      const download = page.waitForEvent('download');
      await pending.getByRole('button', { name: `Download invoice ${number} as PDF` }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^INV-\d{4}-\d{6}\.pdf$/);
      expect(file.suggestedFilename()).toBe(`${number}.pdf`);
      const bytes = fs.readFileSync((await file.path())!);
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');

      await page.screenshot({ path: test.info().outputPath(`subscription-${viewport.name}.png`), fullPage: true });
    });
  });
}
