import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { COMPANY_ADMIN, SUPERADMIN } from '../fixtures/users';
import { LayoutPage } from '../pages/LayoutPage';
import { LoginPage } from '../pages/LoginPage';
import { PwaApi } from '../pages/PwaApi';
import { registerTrialCompany } from '../pages/TrialCompany';
import { PHONE, sidewaysOverflow } from '../pages/phone';

// The superadmin's Analytics: the charts, the figures and the companies at risk. A company on a
// free trial that ends in three days, with no plan chosen, is at risk; the demo company Acme is untouched.


/** A new trial company whose trial the platform shortens to three days: it is at risk. */
async function trialEndingSoon(request: APIRequestContext): Promise<string> {
  const owner = await registerTrialCompany(request, { first_name: 'Lisa', last_name: 'Risk', company: 'Initech', domain: 'initech.example.com', password: 'Stapler#Red2026' });
  // its admin signs in: an active user
  await PwaApi.signIn(request, owner);
  const platform = await PwaApi.signIn(request, SUPERADMIN);
  const [company] = await platform.get<Array<{ id: number; company_name: string }>>(
    `/api/auth/companies?filter=${encodeURIComponent(JSON.stringify({ q: owner.company }))}`,
  );
  expect(company.company_name).toBe(owner.company);
  await platform.send('put', `/api/auth/companies/${company.id}`, { trial_ends_at: new Date(Date.now() + 3 * 86_400_000).toISOString() });
  return owner.company;
}

async function signIn(page: Page, user: { email: string; password: string }) {
  const login = new LoginPage(page);
  await login.goto();
  await login.signInAndExpectDashboard(user.email, user.password);
}

/** A sidebar entry, opening the menu from the app bar first on a phone. */
async function openMenuEntry(page: Page, name: string) {
  if ((page.viewportSize()?.width ?? 1280) < 1024) await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
  await new LayoutPage(page).menuEntry(name).click();
}

async function expectAnalytics(page: Page, company: string) {
  await expect(page).toHaveURL(/\/analytics$/);
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
  for (const heading of ['MRR', 'MRR movement', 'Companies', 'Trials', 'Companies at risk', 'Module usage by package']) {
    await expect(page.getByRole('heading', { name: heading, exact: true, level: 2 })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Active users', exact: true, level: 2 })).toHaveCount(2);
  // the demo's paying companies, billed monthly: Acme on Enterprise (299.00) and Brightside Bakery
  // on Basic (29.00); a trial adds nothing
  await expect(page.getByTestId('figure-mrr')).toHaveText('$328.00');
  // every company the platform lists: the two demo companies and the trials registered so far
  await expect(page.getByTestId('figure-companies')).toHaveText(String(await companiesListed(page.request)));
  // the trials started (this test's at least), none converted yet: 0 of them
  await expect(page.getByTestId('figure-conversion')).toHaveText('0%');
  await expect(page.getByTestId('figure-active')).toHaveText(/^[1-9]\d*$/);
  // the charts are drawn
  for (const chart of ['MRR per month', 'MRR movement per month', 'Companies per month', 'Trials started and converted per month', 'Active users per day', 'Active users per week']) {
    await expect(page.getByRole('application', { name: chart })).toBeVisible();
  }
  // the company at risk, its trial ending
  const row = page.getByTestId('at-risk-row').filter({ hasText: company }).filter({ hasText: 'Trial ending' });
  await expect(row).toBeVisible();
  await expect(row).toContainText(/Trial ends on \d{4}-\d{2}-\d{2}, no plan chosen/);
  // every package with its modules
  await expect(page.getByTestId('analytics-usage').getByRole('row', { name: /^Standard/ })).toBeVisible();
  return row;
}

test.describe('Analytics', () => {
  test('the superadmin opens Analytics from the menu: the figures, the charts and a company at risk, which opens in Companies', async ({ page, request }) => {
    const company = await trialEndingSoon(request);
    await signIn(page, SUPERADMIN);
    await openMenuEntry(page, 'Analytics');
    const row = await expectAnalytics(page, company);

    // the MRR chart covers the last 12 months: none older than 11 months before this one
    const newest = async () => Math.min(...(await mrrMonths(page)).map((m) => monthsAgo(m)));
    const oldest = async () => Math.max(...(await mrrMonths(page)).map((m) => monthsAgo(m)));
    expect(await newest()).toBe(0);
    expect(await oldest()).toBeLessThanOrEqual(11);
    // another period reads the server again, and the chart reaches back 24 months
    const answer = page.waitForResponse((r) => /\/api\/analytics\?months=24$/.test(r.url()), { timeout: 20_000 });
    await page.getByRole('button', { name: '24 months' }).click();
    expect((await answer).status()).toBe(200);
    await expect(page.getByRole('button', { name: '24 months' })).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(oldest).toBeGreaterThan(11);
    expect(await oldest()).toBeLessThanOrEqual(23);
    expect(await newest()).toBe(0);
    await expect(page.getByTestId('figure-mrr')).toHaveText('$328.00');
    await expect(row).toBeVisible();

    await row.getByRole('link', { name: `Open ${company} in Companies` }).click();
    await expect(page).toHaveURL(/\/companies\?q=/);
    await expect(page.getByRole('textbox', { name: 'Search companies' })).toHaveValue(company);
    await expect(page.getByText(company, { exact: true }).first()).toBeVisible();
  });

  test('on a phone, the figures, the charts and the companies at risk fit the screen', async ({ page, request }) => {
    const company = await trialEndingSoon(request);
    await page.setViewportSize(PHONE);
    await signIn(page, SUPERADMIN);
    await openMenuEntry(page, 'Analytics');
    await expectAnalytics(page, company);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  });

  test('a company admin can reach neither the screen nor its API', async ({ page, request }) => {
    const res = await request.get('/api/analytics', { headers: { Authorization: `Bearer ${await tokenOf(request)}` } });
    expect(res.status(), await res.text()).toBe(403);
    await signIn(page, COMPANY_ADMIN);
    await expect(new LayoutPage(page).menuEntry('Analytics')).toHaveCount(0);
    await page.goto('/analytics');
    await expect(page.getByText('Analytics is not available')).toBeVisible();
    await expect(page.getByText('Analytics is for the platform administrator only')).toBeVisible();
    await expect(page.getByTestId('figure-mrr')).toHaveCount(0);
  });
});

/** How many companies the platform's company list holds (its own count, not the analytics'). */
async function companiesListed(request: APIRequestContext): Promise<number> {
  const login = await request.post('/api/auth/login', { data: SUPERADMIN });
  const token = (await login.json()).data.access_token as string;
  const res = await request.get('/api/auth/companies', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  // "auth/companies 0-24/37"
  return Number(/\/(\d+)$/.exec(res.headers()['content-range'] ?? '')![1]);
}

/** The months the MRR chart's axis names ("Nov 2026"). */
async function mrrMonths(page: Page): Promise<string[]> {
  // the axes' labels: the months below, the amounts ("$300") beside
  const labels = await page.getByTestId('analytics-mrr').locator('.recharts-cartesian-axis-tick-value').allTextContents();
  return labels.map((l) => l.trim()).filter((l) => /^[A-Z][a-z]{2} \d{4}$/.test(l));
}

/** How many months before this one "Nov 2026" is (0 for this month). */
function monthsAgo(label: string): number {
  const date = new Date(`1 ${label} UTC`);
  const now = new Date();
  return (now.getUTCFullYear() - date.getUTCFullYear()) * 12 + now.getUTCMonth() - date.getUTCMonth();
}

/** The company admin's access token, for a call the page objects do not make. */
async function tokenOf(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/login', { data: COMPANY_ADMIN });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.access_token;
}
