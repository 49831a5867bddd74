import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { SUPERADMIN } from '../fixtures/users';
import { LayoutPage } from '../pages/LayoutPage';
import { LoginPage } from '../pages/LoginPage';
import { CompaniesPage, expectToast } from '../pages/PlatformPages';
import { PwaApi, uniqueId } from '../pages/PwaApi';

// A company's choice of a paid package is a request the platform confirms: the company stays on
// its package until the superadmin approves it on Companies (or rejects it with a reason).
// Each test starts its own free-trial company (on Standard), so the demo company Acme is untouched.

interface Owner {
  email: string;
  password: string;
  name: string;
  company: string;
}

interface Subscription {
  package: { package_code: string; package_name: string };
  state: string;
  pending_request: { package_name: string } | null;
}

/** The id of a package offered publicly, by name. */
async function publicPackage(request: APIRequestContext, name: string): Promise<number> {
  const res = await request.get('/api/packages/packages/public');
  expect(res.status()).toBe(200);
  const pkg = ((await res.json()).data as Array<{ id: number; package_name: string }>).find((p) => p.package_name === name);
  expect(pkg, `the public package ${name}`).toBeTruthy();
  return pkg!.id;
}

/** A new company on the free trial of Standard (as the free trial page preselects it), with its admin. */
async function newTrialCompany(request: APIRequestContext): Promise<Owner> {
  const id = uniqueId();
  const standard = await publicPackage(request, 'Standard');
  const owner = { email: `hank.${id}@globex.example.com`, password: 'Volcano#Lair2026', name: 'Hank Scorpio', company: `Globex ${id}` };
  const res = await request.post('/api/auth/register', {
    data: {
      username: `hank.${id}`,
      email: owner.email,
      password: owner.password,
      first_name: 'Hank',
      last_name: 'Scorpio',
      role: 'company_admin',
      create_company: true,
      company_name: owner.company,
      package_id: standard,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return owner;
}

const subscriptionOf = async (request: APIRequestContext, owner: Owner) =>
  (await PwaApi.signIn(request, owner)).get<Subscription>('/api/packages/subscription');

const requestSent = (pkg: string) => `Your request for the ${pkg} package was sent; a platform administrator will confirm it.`;

/** The Choose a package dialog, opened from the subscription banner. */
async function openChoosePackage(page: Page) {
  await page.getByTestId('subscription-banner').getByRole('button', { name: 'Choose a package' }).click();
  const dialog = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: 'Choose a package' }) });
  await expect(dialog.getByRole('radio', { name: /^Enterprise\b/ })).toBeVisible();
  return dialog;
}

/** The superadmin's panel of requests on Companies, and the row of one company's request. */
function requestRow(page: Page, company: string) {
  const panel = page.getByRole('region', { name: 'Package requests waiting for confirmation' });
  return { panel, row: panel.getByTestId('plan-request').filter({ hasText: `${company} asks for ` }) };
}

test.describe('package requests', () => {
  test('a trial company asks for a paid package; it stays on its package until the superadmin approves the request on Companies', async ({
    page,
    request,
  }) => {
    // two sign-ins of the company, one of the superadmin
    test.slow();
    const owner = await newTrialCompany(request);
    const login = new LoginPage(page);
    const layout = new LayoutPage(page);

    // the company admin chooses Enterprise from the trial banner
    await login.goto();
    await login.signInAndExpectDashboard(owner.email, owner.password);
    const banner = page.getByTestId('subscription-banner');
    await expect(banner).toHaveText(/Free trial of the Standard package: 14 days left\./);
    let dialog = await openChoosePackage(page);
    await expect(dialog.getByTestId('plan-request-pending')).toHaveCount(0);
    await expect(dialog.getByRole('radio', { name: /^Standard\b/ })).toBeChecked();
    await expect(dialog.getByRole('radio', { name: /^Standard\b.*\bCurrent\b/ })).toBeVisible();
    await dialog.getByRole('radio', { name: /^Enterprise\b/ }).check();
    await dialog.getByRole('button', { name: 'Choose Package' }).click();
    await expectToast(page, requestSent('Enterprise'));
    await expect(dialog).toBeHidden();

    // the request is pending: the company is still on the Standard trial, without Enterprise's modules
    await expect(page.getByTestId('plan-request-banner')).toHaveText(requestSent('Enterprise'));
    await expect(banner).toHaveText(/Free trial of the Standard package: 14 days left\./);
    await expect(layout.menuEntry('Operational Monitoring')).toHaveCount(0);
    dialog = await openChoosePackage(page);
    await expect(dialog.getByTestId('plan-request-pending')).toHaveText(
      'Your request for the Enterprise package is waiting for a platform administrator. Choosing again replaces it.',
    );
    await expect(dialog.getByRole('radio', { name: /^Standard\b.*\bCurrent\b/ })).toBeChecked();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    const pending = await subscriptionOf(request, owner);
    expect(pending.package.package_code).toBe('standard');
    expect(pending.state).toBe('trial');
    expect(pending.pending_request?.package_name).toBe('Enterprise');

    // the superadmin sees the request on Companies and approves it
    await layout.logout();
    await login.signInAndExpectDashboard(SUPERADMIN.email, SUPERADMIN.password);
    const companies = new CompaniesPage(page);
    await companies.goto();
    const { row } = requestRow(page, owner.company);
    await expect(row).toContainText(`${owner.company} asks for Enterprise ($299/month), by ${owner.name} on `);
    await row.getByRole('button', { name: 'Approve' }).click();
    const confirm = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: 'Approve the request?' }) });
    await expect(confirm).toContainText(
      `${owner.company} will be on the Enterprise package from now on: its trial ends and it can write again.`,
    );
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await expectToast(page, `${owner.company} is now on the Enterprise package`);
    await expect(confirm).toBeHidden();
    await expect(row).toHaveCount(0);

    // the company's card shows its new package, no longer in trial
    await page.getByRole('textbox', { name: 'Search companies' }).fill(owner.company);
    const card = companies.card(owner.company);
    await expect(card.getByTitle('Plan')).toHaveText('Enterprise');
    await expect(card).toContainText('Active');
    await expect(card).not.toContainText('Trial until');

    // the company is on Enterprise: no trial banner, nothing pending, Enterprise's modules
    await layout.logout();
    await login.signInAndExpectDashboard(owner.email, owner.password);
    await expect(layout.menuEntry('Operational Monitoring')).toBeVisible();
    await expect(page.getByTestId('subscription-banner')).toHaveCount(0);
    await expect(page.getByTestId('plan-request-banner')).toHaveCount(0);
    const approved = await subscriptionOf(request, owner);
    expect(approved.package.package_code).toBe('enterprise');
    expect(approved.state).toBe('active');
    expect(approved.pending_request).toBeNull();
  });

  test('the superadmin rejects a request with a reason (Companies fits a phone) and the company sees nothing pending', async ({
    page,
    request,
  }) => {
    test.slow();
    const owner = await newTrialCompany(request);
    const admin = await PwaApi.signIn(request, owner);
    const enterprise = await publicPackage(request, 'Enterprise');
    await admin.send('post', '/api/packages/subscription', { package_id: enterprise, billing_cycle: 'annual' }, 200);

    // Companies with a pending request, on a phone: the panel fits the screen's width
    await page.setViewportSize({ width: 390, height: 844 });
    const login = new LoginPage(page);
    const layout = new LayoutPage(page);
    await login.goto();
    await login.signInAndExpectDashboard(SUPERADMIN.email, SUPERADMIN.password);
    await new CompaniesPage(page).goto();
    const { panel, row } = requestRow(page, owner.company);
    await expect(row).toContainText(`${owner.company} asks for Enterprise ($2,990/year), by ${owner.name} on `);
    await expect(row.getByRole('button', { name: 'Reject' })).toBeInViewport();
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('companies-plan-requests-390x844.png') });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 720 });

    // rejecting asks for a reason
    await row.getByRole('button', { name: 'Reject' }).click();
    const confirm = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: 'Reject the request?' }) });
    await expect(confirm).toContainText(`${owner.company} stays on its current package. Tell them why.`);
    await confirm.getByRole('button', { name: 'Reject' }).click();
    await expect(confirm.getByText('A reason is required', { exact: true })).toBeVisible();
    await confirm.getByRole('textbox', { name: 'Reason' }).fill('Annual billing opens next quarter; please ask for monthly billing.');
    await confirm.getByRole('button', { name: 'Reject' }).click();
    await expectToast(page, `The request of ${owner.company} was rejected`);
    await expect(confirm).toBeHidden();
    await expect(row).toHaveCount(0);

    // the company stays on its Standard trial, with nothing pending
    await layout.logout();
    await login.signInAndExpectDashboard(owner.email, owner.password);
    await expect(page.getByTestId('subscription-banner')).toHaveText(/Free trial of the Standard package: 14 days left\./);
    await expect(page.getByTestId('plan-request-banner')).toHaveCount(0);
    const dialog = await openChoosePackage(page);
    await expect(dialog.getByRole('radio', { name: /^Standard\b.*\bCurrent\b/ })).toBeChecked();
    await expect(dialog.getByTestId('plan-request-pending')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    const rejected = await subscriptionOf(request, owner);
    expect(rejected.package.package_code).toBe('standard');
    expect(rejected.pending_request).toBeNull();
  });
});
