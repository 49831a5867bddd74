import fs from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { LoginPage } from '../pages/LoginPage';
import { expectToast } from '../pages/PlatformPages';
import { PwaApi } from '../pages/PwaApi';
import { publicPackage, registerTrialCompany, type TrialOwner } from '../pages/TrialCompany';
import { SettingsPage } from '../pages/SettingsPage';
import { PHONE } from '../pages/phone';

// The company admin's Settings → Subscription: a brand-new self-registered company (on the free
// trial of Standard) chooses Standard monthly, sees the server's preview, confirms, and gets the
// invoice that applies the plan once paid; its PDF downloads as INV-YYYY-NNNNNN.pdf.
// Each test registers its own company, so the demo company Acme is untouched.


interface Preview {
  change: string;
  total: string;
  currency: string;
  message: string;
}

const VIEWPORTS = [
  { name: 'desktop', size: { width: 1280, height: 900 } },
  { name: 'phone', size: PHONE },
] as const;

/** A company on the free trial of Standard, with its admin. */
const newTrialCompany = (request: APIRequestContext): Promise<TrialOwner> =>
  registerTrialCompany(request, { first_name: 'Wanda', last_name: 'Lyle', company: 'Initech', domain: 'initech.example.com', password: 'Stapler#Red2026' });

const money = (amount: string, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(amount));

for (const viewport of VIEWPORTS) {
  test.describe(`Settings → Subscription on a ${viewport.name}`, () => {
    test.use({ viewport: viewport.size });

    test('a new company admin changes to Standard monthly, sees the preview, confirms and downloads the invoice PDF', async ({ page, request }) => {
      test.slow();
      const owner = await newTrialCompany(request);
      const standard = await publicPackage(request, 'Standard');
      // what the server previews: the dialog must show the same total
      const api = await PwaApi.signIn(request, owner);
      const expected = await api.send<Preview>('post', '/api/packages/subscription/preview', { package_id: standard, billing_cycle: 'monthly' }, 200);

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
      await expect(preview.getByTestId('plan-preview-message')).toHaveText(expected.message);
      const total = preview.getByRole('row', { name: /^Total\b/ });
      await expect(total).toContainText(money(expected.total, expected.currency));
      await total.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`subscription-preview-${viewport.name}.png`) });

      await dialog.getByRole('button', { name: 'Confirm change' }).click();
      await expect(dialog).toBeHidden();
      await expectToast(page, /\S/);

      // the invoice waits for payment; it is in the list too
      const pending = page.getByTestId('pending-invoice');
      await expect(pending).toContainText(/invoice INV-\d{4}-\d{6}/);
      await expect(page.getByTestId('pending-invoice-total')).toContainText(money(expected.total, expected.currency));
      const number = /INV-\d{4}-\d{6}/.exec((await pending.textContent()) ?? '')![0];
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
