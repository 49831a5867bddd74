import { inflateSync } from 'node:zlib';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { SUPERADMIN } from '../fixtures/users';
import { LoginPage } from '../pages/LoginPage';
import { PwaApi } from '../pages/PwaApi';
import { publicPackage, registerTrialCompany, type TrialOwner } from '../pages/TrialCompany';
import { PHONE } from '../pages/phone';

// A company's first week with billing: after choosing a paid plan its admin is told how to pay
// (the platform's bank details and the invoice number to quote) on Settings → Subscription, says
// "I have paid", and the platform's operator finds the invoice as "Payment reported" on Billing,
// picking the company by typing its name. The invoice PDF says how to pay too. The landing page's
// header keeps "Start Free Trial" inside a phone's screen, and a package without trial days is
// offered as such.

const INSTRUCTIONS = 'Bank transfer to HR Platform Ltd\nIBAN DE89 3704 0044 0532 0130 00\nBIC COBADEFFXXX';

const VIEWPORTS = [
  { name: 'desktop', size: { width: 1280, height: 800 } },
  { name: 'phone', size: PHONE },
] as const;

/** The text a PDF shows: its content streams inflated, the hex strings of each TJ joined. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(m[1], 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const tj of content.matchAll(/\[(.*?)\]\s*TJ/g)) {
      lines.push([...tj[1].matchAll(/<([0-9a-fA-F]+)>/g)].map((h) => Buffer.from(h[1], 'hex').toString('latin1')).join(''));
    }
  }
  return lines.join('\n');
}

/** A new trial company whose admin chose Standard monthly: its invoice is open. */
async function companyWithOpenInvoice(request: APIRequestContext): Promise<{ owner: TrialOwner; invoice: { id: number; invoice_number: string } }> {
  const owner = await registerTrialCompany(request, { first_name: 'Petra', last_name: 'Payne', company: 'Umbrella', domain: 'umbrella.example.com', password: 'Raincoat#Blue2026' });
  const admin = await PwaApi.signIn(request, owner);
  const chosen = await admin.send<{ invoice: { id: number; invoice_number: string } }>(
    'post',
    '/api/packages/subscription',
    { package_id: await publicPackage(request, 'Standard'), billing_cycle: 'monthly' },
    200,
  );
  return { owner, invoice: chosen.invoice };
}

async function signIn(page: Page, user: { email: string; password: string }) {
  // a loaded machine takes its time with the console's first load
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible({ timeout: 60_000 });
  const login = new LoginPage(page);
  await login.signIn(user.email, user.password);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 60_000 });
}

test.describe('paying the first invoice', () => {
  let previous: string | null = null;

  test.beforeAll(async ({ request }) => {
    const platform = await PwaApi.signIn(request, SUPERADMIN);
    previous = (await platform.get<{ payment_instructions: string | null }>('/api/billing/settings')).payment_instructions;
    await platform.send('put', '/api/billing/settings', { payment_instructions: INSTRUCTIONS });
  });
  test.afterAll(async ({ request }) => {
    const platform = await PwaApi.signIn(request, SUPERADMIN);
    await platform.send('put', '/api/billing/settings', { payment_instructions: previous });
  });

  for (const viewport of VIEWPORTS) {
    test(`on a ${viewport.name}: the admin reads how to pay, says "I have paid", and the operator finds it reported`, async ({ page, request, browser }) => {
      test.slow();
      await page.setViewportSize(viewport.size);
      const { owner, invoice } = await companyWithOpenInvoice(request);

      await signIn(page, owner);
      // the one place to upgrade and pay: Settings → Subscription
      await page.goto('/settings/subscription');
      const howToPay = page.getByTestId('how-to-pay');
      await expect(howToPay).toBeVisible({ timeout: 60_000 });
      await expect(howToPay).toContainText(`Invoice ${invoice.invoice_number}: $79.00 to pay by`);
      await expect(howToPay.getByTestId('payment-instructions')).toHaveText(INSTRUCTIONS);
      await expect(howToPay).toContainText(`Quote ${invoice.invoice_number} as the payment reference.`);
      await howToPay.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/h3-how-to-pay-${viewport.name}.png`, fullPage: true });

      await howToPay.getByRole('button', { name: 'I have paid' }).click();
      const dialog = page.getByRole('dialog', { name: `Tell the platform you paid ${invoice.invoice_number}` });
      await dialog.getByLabel('Note (optional)').fill('Paid by transfer this morning');
      await dialog.getByRole('button', { name: 'I have paid' }).click();
      await expect(dialog).toBeHidden({ timeout: 30_000 });
      await expect(howToPay.getByTestId('payment-reported')).toContainText('You told the platform on', { timeout: 30_000 });
      await expect(howToPay.getByRole('button', { name: 'I have paid' })).toHaveCount(0);
      await page.screenshot({ path: `/tmp/h3-reported-${viewport.name}.png`, fullPage: true });

      // the PDF says how to pay, with the reference to quote
      const signedIn = await request.post('/api/auth/login', { data: { email: owner.email, password: owner.password } });
      const token = (await signedIn.json()).data.access_token as string;
      const pdf = await request.get(`/api/billing/invoices/${invoice.id}/pdf`, { headers: { Authorization: `Bearer ${token}` } });
      expect(pdf.status()).toBe(200);
      const text = pdfText(await pdf.body());
      expect(text).toContain('How to pay');
      expect(text).toContain('IBAN DE89 3704 0044 0532 0130 00');
      expect(text).toContain(`Payment reference: ${invoice.invoice_number}`);

      // the operator: Billing, the company found by typing its name, the invoice marked as reported
      const operator = await browser.newPage({ viewport: viewport.size });
      await signIn(operator, SUPERADMIN);
      await operator.goto('/billing');
      const picker = operator.getByRole('combobox', { name: 'Company' });
      await expect(picker).toBeVisible({ timeout: 60_000 });
      await picker.fill(owner.company);
      await operator.getByRole('option', { name: owner.company }).click();
      const row = operator.getByText(invoice.invoice_number).first();
      await expect(row).toBeVisible();
      await expect(operator.getByTestId('payment-reported').first()).toHaveText('Payment reported');
      await operator.screenshot({ path: `/tmp/h3-billing-reported-${viewport.name}.png`, fullPage: true });
      await row.click();
      const detail = operator.getByTestId('payment-reported-detail');
      await expect(detail).toContainText('Paid by transfer this morning');
      await operator.screenshot({ path: `/tmp/h3-billing-detail-${viewport.name}.png` });
      await operator.close();
    });
  }
});

test.describe('landing page', () => {
  test('on a phone the header keeps "Start Free Trial" whole inside the screen', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/');
    const button = page.getByRole('banner').getByRole('link', { name: 'Start Free Trial' });
    await expect(button).toBeVisible();
    const box = (await button.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: '/tmp/h3-landing-header-phone.png' });
  });

  test('a package without trial days is offered as "No free trial", never a 0-day trial', async ({ page }) => {
    await page.route('**/api/packages/packages/public', (route) =>
      route.fulfill({
        json: {
          success: true,
          data: [
            { id: 901, package_name: 'Starter', package_code: 'starter', monthly_price: '29.00', annual_price: '290.00', max_employees: 10, trial_days: 14, is_popular: false, included_features: [] },
            { id: 902, package_name: 'Pay As You Go', package_code: 'payg', monthly_price: '49.00', annual_price: '490.00', max_employees: 50, trial_days: 0, is_popular: false, included_features: [] },
          ],
        },
      }),
    );
    await page.goto('/#pricing');
    const payg = page.locator('article.plan').filter({ hasText: 'Pay As You Go' });
    await expect(payg).toContainText('No free trial: starts on the paid plan with its first invoice');
    await expect(payg).not.toContainText('0-day');
    await expect(page.locator('#pricing')).not.toContainText('Every plan starts with a free trial');
    await expect(payg.getByRole('link', { name: 'Get Started with Pay As You Go' })).toBeVisible();
    await expect(page.locator('article.plan').filter({ hasText: 'Starter' })).toContainText('14-day free trial');
    await payg.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/h3-landing-pricing.png' });

    // the trial page says the same: the plan's card and the summary of the chosen plan
    await page.goto('/free-trial?package=902');
    const card = page.locator('label.trial-plan').filter({ hasText: 'Pay As You Go' });
    await expect(card).toContainText('No free trial: starts on the paid plan with its first invoice');
    await expect(page.locator('.trial-summary')).toHaveText('Pay As You Go: no free trial: $49/month from today, with its first invoice. Up to 50 employees.');
    await expect(page.locator('body')).not.toContainText('0-day');
    await expect(page.locator('label.trial-plan').filter({ hasText: 'Starter' })).toContainText('14-day free trial');
  });
});
