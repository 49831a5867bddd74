import { expect as baseExpect, test, type Page } from '@playwright/test';
import { LoginPage } from '../pages/LoginPage';
import { FreeTrialPage } from '../pages/PlatformPages';
import { PHONE, sidewaysOverflow } from '../pages/phone';

// A company's first week, the sign-up: a signed-in client turns the own account into a new
// company's admin; the trial asks the company's time zone (the device's by default); after the
// trial the new admin is in the console signed in; an address with an account is never told the
// trial started.

// each step is a page of its own (the console's first load, the landing site, the console again): on
// a busy 2-core machine a page's first answer can take longer than the default 5 s
const expect = baseExpect.configure({ timeout: 20_000 });

const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const PASSWORD = 'Orchid#Lake2026';
// the browser's time zone: the trial's default
const ZONE = 'America/Los_Angeles';
test.use({ timezoneId: ZONE });

const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/h1-shots/${name}.png`, fullPage: true });

/** A self-registered client account (not confirmed), through the API as the Create Account form does. */
async function registerClient(page: Page, id: string) {
  const email = `cleo.${id}@mail.example.com`;
  const res = await page.request.post('/api/auth/register', {
    data: { username: `cleo.${id}`, email, password: PASSWORD, first_name: 'Cleo', last_name: 'Client' },
  });
  expect(res.status()).toBe(201);
  return email;
}

/** /login; the console's first load on a busy machine can take longer than an expectation's default. */
async function openLogin(page: Page) {
  const login = new LoginPage(page);
  await page.goto('/login');
  await expect(login.heading).toBeVisible({ timeout: 30_000 });
  return login;
}

const storedUser = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));

for (const viewport of [{ name: 'desktop', size: { width: 1280, height: 800 } }, { name: 'phone', size: PHONE }]) {
  test.describe(`sign-up on ${viewport.name}`, () => {
    test.use({ viewport: viewport.size });

    test('a signed-in client starts the trial with the own account and lands in the console as the new company’s admin', async ({ page }) => {
      test.slow();
      const id = uid();
      const email = await registerClient(page, id);
      const login = await openLogin(page);
      await login.signIn(email, PASSWORD);
      // a client without a company is not told to install the employees' app
      await expect(page).toHaveURL(/\/start$/, { timeout: 15_000 });
      await expect(page.getByText('Employees must use the PWA', { exact: false })).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Welcome, Cleo' })).toBeVisible();
      // the unconfirmed address is told, with a way to get a new link
      await expect(page.getByText(`Your e-mail address ${email} is not confirmed yet.`, { exact: false })).toBeVisible();
      await page.getByRole('button', { name: 'Send a new link' }).click();
      await expect(page.getByText('We have sent you a new confirmation link. Please check your inbox.')).toBeVisible();

      // the landing site's trial page knows the signed-in account and offers to use it
      const trial = new FreeTrialPage(page);
      await trial.goto();
      await expect(page.getByText(`You are signed in as ${email}`, { exact: false })).toBeVisible();
      await expect(trial.form).toHaveCount(0);
      await shot(page, `trial-signed-in-${viewport.name}`);
      // a long address wraps: the page does not scroll sideways
      expect(await sidewaysOverflow(page)).toBe(0);
      await page.getByRole('link', { name: 'Start the trial as Cleo' }).click();

      // the form in the console: the names filled in, the device's time zone, no password
      await expect(page).toHaveURL(/\/start\?trial=1/);
      const form = page.getByRole('form', { name: 'Start a free trial for your company' });
      await expect(form.getByRole('textbox', { name: /^First name/ })).toHaveValue('Cleo');
      await expect(form.getByRole('combobox', { name: /^Time zone/ })).toHaveValue(ZONE);
      await expect(form.getByText(`you keep signing in with ${email} and your password`)).toBeVisible();
      await expect(form.locator('input[type="password"]')).toHaveCount(0);
      await shot(page, `start-trial-open-${viewport.name}`);
      expect(await sidewaysOverflow(page)).toBe(0);
      await form.getByRole('button', { name: 'Create my company' }).click();
      await expect(form.getByText('Company name is required')).toBeVisible();
      await form.getByRole('textbox', { name: /^Company name/ }).fill(`Cleo Bakery ${id}`);
      const zone = form.getByRole('combobox', { name: /^Time zone/ });
      await zone.click();
      await zone.fill('Europe/Berl');
      await page.getByRole('option', { name: 'Europe/Berlin' }).click();
      await shot(page, `start-trial-form-${viewport.name}`);
      await form.getByRole('button', { name: 'Create my company' }).click();

      // signed in as the admin of the new company, on its dashboard
      await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
      await expect(page.getByText(/Your company is ready: your \d+-day free trial/)).toBeVisible();
      await expect(page.getByText('Employees must use the PWA', { exact: false })).toHaveCount(0);
      const user = await storedUser(page);
      expect(user).toMatchObject({ email, role: 'company_admin', company_name: `Cleo Bakery ${id}`, time_zone: 'Europe/Berlin' });
      await shot(page, `start-trial-landed-${viewport.name}`);

      // the same account signs in again as that admin, with the password it always had
      await page.evaluate(() => localStorage.clear());
      await openLogin(page);
      await login.signInAndExpectDashboard(email, PASSWORD);
      expect(await storedUser(page)).toMatchObject({ role: 'company_admin', company_name: `Cleo Bakery ${id}` });
    });

    test('a visitor’s trial asks the time zone (the device’s by default) and lands signed in on the console', async ({ page }) => {
      test.slow();
      const id = uid();
      const email = `owner.${id}@hooli.example.com`;
      const trial = new FreeTrialPage(page);
      await trial.goto();
      await expect(trial.input('Time zone')).toHaveValue(ZONE);
      await trial.fill({
        'First name': 'Gavin',
        'Last name': 'Belson',
        Username: `gavin.${id}`,
        Email: email,
        Password: PASSWORD,
        'Confirm password': PASSWORD,
        'Company name': `Hooli ${id}`,
      });
      await trial.input('Time zone').selectOption('Europe/Berlin');
      expect(await sidewaysOverflow(page)).toBe(0);
      await shot(page, `trial-form-${viewport.name}`);
      await trial.submit.click();
      await expect(page.getByRole('status').filter({ hasText: /Welcome aboard, Gavin! Your \d+-day free trial/ })).toBeVisible();
      // not the sign-in page's blank "Welcome back!": the console, signed in
      await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
      expect(await storedUser(page)).toMatchObject({ email, role: 'company_admin', company_name: `Hooli ${id}`, time_zone: 'Europe/Berlin' });
      await expect(page.getByText('Welcome back! Please sign in to your account.')).toHaveCount(0);
      await shot(page, `trial-landed-${viewport.name}`);
    });
  });
}

test('a visitor’s trial with an address that has an account never says the trial started, and leads to sign-in with the address filled in', async ({ page }) => {
  const id = uid();
  // a confirmed account (an unconfirmed client's address is taken over by the trial, by design)
  const email = 'admin@acme.example.com';
  const trial = new FreeTrialPage(page);
  await trial.goto();
  await trial.fill({
    'First name': 'Mallory',
    Username: `mallory.${id}`,
    Email: email,
    Password: 'Another#Guess2026',
    'Confirm password': 'Another#Guess2026',
    'Company name': `Squat ${id}`,
  });
  await trial.submit.click();
  const notice = page.getByRole('status').filter({ hasText: 'nothing new was created' });
  // the registration, then a sign-in with the password typed: two hashings on a busy machine
  await expect(notice).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/Welcome aboard|has started/)).toHaveCount(0);
  await shot(page, 'trial-existing-address-desktop');
  await notice.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login\?from=trial/);
  await expect(new LoginPage(page).email).toHaveValue(email, { timeout: 30_000 });
  await expect(page.getByText('Open your company’s console')).toBeVisible();
});

test('a confirmation link that does not work leads to sign-in and back to a button that mails a new one', async ({ page }) => {
  const id = uid();
  const email = await registerClient(page, id);
  await page.goto('/verify-email?token=not-a-real-token-at-all');
  await expect(page.getByText('This confirmation link is invalid or has expired. Sign in and ask for a new one.')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('link', { name: 'Sign in to ask for a new link' }).click();
  const login = new LoginPage(page);
  await login.signIn(email, PASSWORD);
  await expect(page).toHaveURL(/\/verify-email$/, { timeout: 15_000 });
  await page.getByRole('button', { name: 'Send a new link' }).click();
  await expect(page.getByText('We have sent you a new confirmation link. Please check your inbox.')).toBeVisible();
});
