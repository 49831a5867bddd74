import { expect, test, type Page } from '@playwright/test';
import { COMPANY_ADMIN, EMPLOYEE } from '../fixtures/users';
import { LeavePage } from '../pages/LeavePage';
import { LoginPage } from '../pages/LoginPage';

const signIn = async (page: Page, user: { email: string; password: string }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signInAndExpectDashboard(user.email, user.password);
};

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** Monday to Wednesday of a week this year (three working days; the demo has no holidays). */
function weekThisYear(weeksAhead: number): { start: string; end: string } {
  const now = new Date();
  const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() + ((8 - monday.getUTCDay()) % 7 || 7) + 7 * weeksAhead);
  // late in December the week may fall into next year: take one earlier in the year instead
  while (monday.getUTCFullYear() !== now.getUTCFullYear() || new Date(monday.getTime() + 2 * 86400000).getUTCFullYear() !== now.getUTCFullYear()) {
    monday.setUTCDate(monday.getUTCDate() - 28);
  }
  return { start: iso(monday), end: iso(new Date(monday.getTime() + 2 * 86400000)) };
}

test.describe('leave', () => {
  test('an employee requests leave, the admin approves it, the employee sees it approved and the balance reduced', async ({ browser }) => {
    const { start, end } = weekThisYear(2);

    const employee = await browser.newPage();
    await signIn(employee, EMPLOYEE);
    const mine = new LeavePage(employee);
    await mine.goto();
    const before = await mine.remainingOnCard('AL');

    await mine.requestLeave('Annual Leave', start, end, 3, 'Family visit');
    const myRow = mine.row(start, end);
    await expect(myRow).toHaveCount(1);
    await expect(mine.status(myRow)).toHaveText('Pending');
    // the employee cannot decide: no approve button on their own row
    await expect(myRow.getByRole('button', { name: 'Approve' })).toHaveCount(0);

    const admin = await browser.newPage();
    await signIn(admin, COMPANY_ADMIN);
    const all = new LeavePage(admin);
    await all.goto();
    const row = all.row(start, end, 'Jane Doe');
    await expect(mine.status(row)).toHaveText('Pending');
    await all.approve(row);
    await expect(all.status(row)).toHaveText('Approved');
    await expect(row.getByRole('button', { name: 'Approve' })).toHaveCount(0);

    await employee.reload();
    await expect(mine.status(mine.row(start, end))).toHaveText('Approved');
    expect(await mine.remainingOnCard('AL')).toBe(before - 3);

    await employee.getByRole('tab', { name: 'Leave Balances' }).click();
    const annual = employee.getByTestId('leave-balance-row').filter({ hasText: 'Annual Leave' });
    await expect(annual.getByTestId('balance-remaining')).toHaveText(String(before - 3));
  });
});
