import { expect, test, type Page } from '@playwright/test';
import { COMPANY_ADMIN } from '../fixtures/users';
import { LayoutPage } from '../pages/LayoutPage';
import { LoginPage } from '../pages/LoginPage';
import { PwaApi, uniqueId } from '../pages/PwaApi';
import { PHONE, sidewaysOverflow } from '../pages/phone';

const DESKTOP = { width: 1280, height: 800 };

/** The screen at the phone's size and at a desktop's, each kept with the test's results. */
async function screenshots(page: Page, name: string) {
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath(`${name}-phone.png`), fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: test.info().outputPath(`${name}-desktop.png`), fullPage: true });
  await page.setViewportSize(PHONE);
}

test.describe('Org chart, on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('a company admin opens the chart from the menu, expands a head of team and finds a report by name', async ({ page, request }) => {
    test.setTimeout(180_000);
    const id = uniqueId();
    // Acme's people report to nobody yet: a head, a lead below her and a report below him
    const admin = await PwaApi.signIn(request);
    const department = (await admin.get('/api/hr/departments')).find((d) => d.department_code === 'ENG')!;
    const position = (await admin.get('/api/hr/positions')).find((p) => p.position_code === 'SWE')!;
    const add = async (firstName: string, lastName: string, managerId: number | null) =>
      admin.send('post', '/api/hr/employees', {
        employee_code: `OC${firstName.slice(0, 2)}${id}`.slice(0, 20).toUpperCase(),
        first_name: firstName,
        last_name: lastName,
        email: `${firstName.toLowerCase()}.${id}@acme.example.com`,
        hire_date: '2024-01-15',
        department_id: department.id,
        position_id: position.id,
        manager_id: managerId,
      });
    const hana = await add('Hana', `Head${id}`, null);
    const milo = await add('Milo', `Lead${id}`, hana.id as number);
    await add('Rory', `Report${id}`, milo.id as number);
    const [hanaName, miloName, roryName] = [`Hana Head${id}`, `Milo Lead${id}`, `Rory Report${id}`];

    const login = new LoginPage(page);
    await login.goto();
    await login.signInAndExpectDashboard(COMPANY_ADMIN.email, COMPANY_ADMIN.password);
    await page.getByRole('button', { name: 'Open menu' }).first().click();
    await new LayoutPage(page).menuEntry('Org chart').click();
    await expect(page).toHaveURL(/\/hr\/org-chart$/);
    await expect(page.getByRole('heading', { name: 'Org chart', level: 1 })).toBeVisible();

    // Hana is at the top with one report; opening her card shows Milo, with his own
    const cards = page.getByTestId('org-chart-node');
    const hanaCard = cards.filter({ hasText: hanaName });
    await expect(hanaCard).toContainText('1 report');
    await expect(hanaCard).toContainText('Software Engineer · Engineering');
    await hanaCard.getByRole('button', { name: `Show ${hanaName}'s reports` }).click();
    const miloCard = cards.filter({ hasText: miloName });
    await expect(miloCard).toContainText('1 report');
    await expect(cards.filter({ hasText: roryName })).toHaveCount(0);
    await miloCard.scrollIntoViewIfNeeded();
    await screenshots(page, 'expanded');

    // searching Rory's name lists him with the chain above him; choosing him opens Milo and marks his card
    await page.getByTestId('org-chart-search').fill(`rory report${id}`);
    const match = page.getByTestId('org-chart-match');
    await expect(match).toHaveCount(1);
    await expect(match).toContainText(`${hanaName} › ${miloName}`);
    await screenshots(page, 'search');
    await match.click();
    const roryCard = cards.filter({ hasText: roryName });
    await expect(roryCard).toBeVisible();
    await expect(roryCard).toContainText(`Nobody reports to ${roryName} yet.`);
    await expect(miloCard.getByRole('button', { name: `Hide ${miloName}'s reports` })).toBeVisible();
    await screenshots(page, 'found');
  });
});
