import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { COMPANY_ADMIN, EMPLOYEE } from '../fixtures/users';
import { LeavePage } from '../pages/LeavePage';
import { LoginPage } from '../pages/LoginPage';
import { weekThisYear } from '../pages/dates';

const signIn = async (page: Page, user: { email: string; password: string }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signInAndExpectDashboard(user.email, user.password);
};

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

  test('the Request Leave form refuses a total under half a day before sending it, in the server\'s own words', async ({ browser, request }) => {
    const { start, end } = weekThisYear(4);
    const body = { start_date: start, end_date: end, total_days: 0 };

    // what the server answers for that body
    const said = await refusal(request, EMPLOYEE, body);
    expect(said).toBe('Total days must be at least 0.5, in steps of 0.5');

    const employee = await browser.newPage();
    await signIn(employee, EMPLOYEE);
    const mine = new LeavePage(employee);
    await mine.goto();
    const posts: string[] = [];
    employee.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/hr/leave-requests') posts.push(r.url());
    });

    await mine.requestButton.click();
    await mine.dialog.getByRole('combobox', { name: /^Leave Type/ }).click();
    await employee.getByRole('option', { name: 'Annual Leave', exact: true }).click();
    await mine.dialog.getByLabel(/^Start Date/).fill(start);
    await mine.dialog.getByLabel(/^End Date/).fill(end);
    const total = mine.dialog.getByRole('spinbutton', { name: 'Total Days' });
    await expect(total).toHaveValue('3');
    await total.fill('0');
    await mine.dialog.getByRole('button', { name: 'Submit Request' }).click();

    await expect(mine.dialog.getByText(said, { exact: true })).toBeVisible();
    await expect(mine.dialog).toBeVisible();
    expect(posts).toEqual([]);
  });
});

/** The message of the server's refusal of an Annual Leave request with this body. */
async function refusal(request: APIRequestContext, user: { email: string; password: string }, body: Record<string, unknown>): Promise<string> {
  const login = await request.post('/api/auth/login', { data: user });
  expect(login.status()).toBe(200);
  const headers = { Authorization: `Bearer ${(await login.json()).data.access_token}` };
  const types = (await (await request.get('/api/hr/leave-types', { headers })).json()).data as Array<{ id: number; type_code: string }>;
  const annual = types.find((t) => t.type_code === 'AL')!;
  const res = await request.post('/api/hr/leave-requests', { headers, data: { leave_type_id: annual.id, ...body } });
  expect(res.status()).toBe(400);
  return (await res.json()).message as string;
}
