import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { SUPERADMIN } from '../fixtures/users';
import { LayoutPage } from '../pages/LayoutPage';
import { LoginPage } from '../pages/LoginPage';
import { expectToast } from '../pages/PlatformPages';
import { PwaApi } from '../pages/PwaApi';
import { publicPackage, registerTrialCompany } from '../pages/TrialCompany';
import { SchemaResourcePage } from '../pages/SchemaResourcePage';
import { PHONE } from '../pages/phone';

// The superadmin's Billing: a trial company chooses the Standard plan (an open invoice of $79.00),
// the superadmin records the payment on Billing, and the platform's MRR grows by that price.
// Each test starts its own free-trial company, so the demo company Acme is untouched.

const STANDARD_MONTHLY = 79;

/** A new company on a free trial, whose admin then chooses Standard, billed monthly: its invoice is open. */
async function trialCompanyChoosingStandard(request: APIRequestContext): Promise<string> {
  const owner = await registerTrialCompany(request, { first_name: 'Hank', last_name: 'Scorpio', company: 'Globex', domain: 'globex.example.com', password: 'Volcano#Lair2026' });
  const admin = await PwaApi.signIn(request, owner);
  await admin.send('post', '/api/packages/subscription', { package_id: await publicPackage(request, 'Standard'), billing_cycle: 'monthly' }, 200);
  return owner.company;
}

/** A sidebar entry, opening the menu from the app bar first on a phone. */
async function openMenuEntry(page: Page, name: string) {
  const entry = new LayoutPage(page).menuEntry(name);
  const openMenu = page.getByRole('banner').getByRole('button', { name: 'Open menu' });
  // on a phone the app bar hides while the page is scrolled down, as a person scrolls back up to it
  await page.evaluate(() => window.scrollTo(0, 0));
  // the sidebar (a desktop) or the menu button (a phone), whichever the layout renders once it is up
  await expect(entry.or(openMenu).filter({ visible: true }).first()).toBeVisible();
  if (!(await entry.isVisible())) await openMenu.click();
  await entry.click();
}

/**
 * The MRR card of the platform dashboard, as a number of dollars; reached through the menu, so the
 * dashboard read again is the app's own coming back to it, not a page reload.
 */
async function readMrr(page: Page): Promise<number> {
  if (!/\/dashboard$/.test(page.url())) await openMenuEntry(page, 'Dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  const card = page.getByLabel('MRR', { exact: true });
  await expect(card).toHaveText(/^\$[\d,]+\.\d{2}$/);
  return Number((await card.innerText()).replace(/[$,]/g, ''));
}

/** The MRR once the dashboard shows the expected figure (it reads the server again when it opens). */
async function expectMrr(page: Page, expected: number) {
  await readMrr(page);
  await expect(page.getByLabel('MRR', { exact: true })).toHaveText(dollars(expected));
}

const dollars = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function payOnBilling(page: Page, company: string, screenshot?: string) {
  await openMenuEntry(page, 'Billing');
  await expect(page).toHaveURL(/\/billing$/);
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Revenue by month' })).toBeVisible();
  await expect(page.getByTestId('revenue-outstanding')).toHaveText(/^\$[\d,]+\.\d{2}$/);

  // the company's open invoice, found by the search
  const invoices = new SchemaResourcePage(page, 'billing/invoices');
  await invoices.root.getByPlaceholder('Search').fill(company);
  const row = invoices.row(company);
  await expect(row).toContainText('Open');
  await expect(row).toContainText(dollars(STANDARD_MONTHLY));
  if (screenshot) {
    await page.screenshot({ path: test.info().outputPath(screenshot), fullPage: true });
    await invoices.expectNoHorizontalScroll();
  }

  // Record payment: the amount due and today are filled in, bank transfer by default
  await row.getByRole('button', { name: /^Record a payment of INV-/ }).click();
  const dialog = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: /^Record a payment of INV-/ }) });
  await expect(dialog).toContainText(`${company} still owes ${dollars(STANDARD_MONTHLY)} of ${dollars(STANDARD_MONTHLY)}.`);
  await expect(dialog.getByRole('textbox', { name: 'Amount', exact: true })).toHaveValue(STANDARD_MONTHLY.toFixed(2));
  await dialog.getByRole('textbox', { name: 'Reference', exact: true }).fill(`WIRE-${company}`);
  await dialog.getByRole('button', { name: 'Record payment', exact: true }).click();
  await expectToast(page, /^Invoice INV-\S+ is paid$/);
  await expect(dialog).toBeHidden();

  // the invoice is paid: nothing due, no more Record payment
  await expect(row).toContainText('Paid');
  await expect(row.getByRole('button', { name: /^Record a payment of INV-/ })).toHaveCount(0);
}

test.describe('billing', () => {
  test('a trial company chooses Standard; the superadmin records its payment on Billing and the MRR grows by $79.00', async ({ page, request }) => {
    test.slow();
    const login = new LoginPage(page);
    await login.goto();
    await login.signInAndExpectDashboard(SUPERADMIN.email, SUPERADMIN.password);
    const before = await readMrr(page);

    const company = await trialCompanyChoosingStandard(request);
    await payOnBilling(page, company);
    await page.screenshot({ path: test.info().outputPath('billing-desktop.png'), fullPage: true });

    // the details: the line and the payment
    const invoices = new SchemaResourcePage(page, 'billing/invoices');
    await invoices.row(company).click();
    const details = page.getByRole('dialog');
    await expect(details.getByRole('table', { name: 'Lines' })).toContainText(dollars(STANDARD_MONTHLY));
    await expect(details.getByRole('table', { name: 'Payments' })).toContainText(`WIRE-${company}`);
    await details.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(details).toBeHidden();

    // the PDF, named by its number
    const download = page.waitForEvent('download');
    await invoices.row(company).getByRole('button', { name: /^Download the PDF of INV-/ }).click();
    expect((await download).suggestedFilename()).toMatch(/^INV-[\w-]+\.pdf$/);

    await expectMrr(page, before + STANDARD_MONTHLY);
  });

  test('the same on a 390×844 phone', async ({ page, request }) => {
    test.slow();
    await page.setViewportSize(PHONE);
    const login = new LoginPage(page);
    await login.goto();
    await login.signInAndExpectDashboard(SUPERADMIN.email, SUPERADMIN.password);
    const before = await readMrr(page);

    const company = await trialCompanyChoosingStandard(request);
    await payOnBilling(page, company, 'billing-390x844.png');
    await page.screenshot({ path: test.info().outputPath('billing-paid-390x844.png'), fullPage: true });

    await expectMrr(page, before + STANDARD_MONTHLY);
  });

  test("the server's refusals read in its words; an open invoice is voided with a reason; the settings save", async ({ page, request }) => {
    test.slow();
    const company = await trialCompanyChoosingStandard(request);
    const login = new LoginPage(page);
    await login.goto();
    await login.signInAndExpectDashboard(SUPERADMIN.email, SUPERADMIN.password);
    await openMenuEntry(page, 'Billing');
    // the server answers /billing with the console too: a reload stays on Billing
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
    const invoices = new SchemaResourcePage(page, 'billing/invoices');
    await invoices.root.getByPlaceholder('Search').fill(company);
    const row = invoices.row(company);
    await expect(row).toContainText('Open');

    // more than is due: the form sends it, and the server's refusal stands under the amount
    await row.getByRole('button', { name: /^Record a payment of INV-/ }).click();
    const pay = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: /^Record a payment of INV-/ }) });
    await pay.getByRole('textbox', { name: 'Amount', exact: true }).fill('100.00');
    await pay.getByRole('button', { name: 'Record payment', exact: true }).click();
    await expect(pay.getByText('Amount is more than the 79.00 USD still due on this invoice', { exact: true })).toBeVisible();
    await pay.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(pay).toBeHidden();

    // Void asks for a reason first
    await row.getByRole('button', { name: /^Void INV-/ }).click();
    const confirm = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: /^Void invoice INV-/ }) });
    await expect(confirm).toContainText(`The invoice of ${company} for ${dollars(STANDARD_MONTHLY)} will no longer be owed`);
    await confirm.getByRole('button', { name: 'Void invoice', exact: true }).click();
    await expect(confirm.getByText('A reason is required', { exact: true })).toBeVisible();
    await confirm.getByRole('textbox', { name: 'Reason', exact: true }).fill('The company chose the plan by mistake');
    await confirm.getByRole('button', { name: 'Void invoice', exact: true }).click();
    await expectToast(page, /^Invoice INV-\S+ is void$/);
    await expect(confirm).toBeHidden();
    await expect(row).toContainText('Void');
    await expect(row.getByRole('button', { name: /^(Void|Record a payment of) INV-/ })).toHaveCount(0);

    // the details say why
    await row.click();
    const details = page.getByRole('dialog');
    await expect(details).toContainText('The company chose the plan by mistake');
    await expect(details.getByRole('table', { name: 'Lines' })).toContainText(dollars(STANDARD_MONTHLY));
    await details.getByRole('button', { name: 'Close', exact: true }).click();

    // the billing settings: the generated form, filled with the current ones, its rules before sending
    await page.getByRole('button', { name: 'Billing settings' }).click();
    const settings = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: 'Billing settings' }) });
    const currency = settings.getByRole('textbox', { name: 'Currency', exact: true });
    await expect(currency).toHaveValue(/^[A-Z]{3}$/);
    const saved = await currency.inputValue();
    await currency.fill('usd');
    await settings.getByRole('button', { name: 'Save settings', exact: true }).click();
    await expect(settings.getByText('Currency must be a three-letter code such as USD', { exact: true })).toBeVisible();
    await currency.fill(saved);
    await settings.getByRole('button', { name: 'Save settings', exact: true }).click();
    await expectToast(page, 'Billing settings saved');
    await expect(settings).toBeHidden();
  });
});
