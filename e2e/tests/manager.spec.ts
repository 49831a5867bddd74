import { expect, test, type Page } from '@playwright/test';
import { COMPANY_ADMIN } from '../fixtures/users';
import { LayoutPage } from '../pages/LayoutPage';
import { LoginPage } from '../pages/LoginPage';
import { EmployeesPage } from '../pages/PeoplePages';
import { PwaApi, uniqueId } from '../pages/PwaApi';
import { weekThisYear } from '../pages/dates';
import { PHONE, sidewaysOverflow } from '../pages/phone';
import { selectTab } from '../pages/tabs';

const DESKTOP = { width: 1280, height: 800 };

/** A report of the manager, added through the employee form without a login. */
async function addReport(employees: EmployeesPage, person: { code: string; firstName: string; lastName: string; email: string }, manager: string) {
  const { form, page } = employees;
  await page.getByRole('button', { name: 'Add Employee', exact: true }).click();
  await expect(form.dialog).toBeVisible();
  await form.field('Employee Code').fill(person.code);
  await form.field('First Name').fill(person.firstName);
  await form.field('Last Name').fill(person.lastName);
  await form.field('Email').fill(person.email);
  await form.select('Department', 'Engineering');
  await form.select('Position', 'Software Engineer');
  // the picker names each employee with their code: Mia Manager… (MIA…)
  const picker = form.dialog.getByRole('combobox', { name: /^Manager/ });
  await picker.click();
  await picker.fill(manager);
  await page.getByRole('option', { name: new RegExp(`^${manager} \\(`) }).click();
  await form.dialog.getByLabel(/^Hire Date/).fill('2025-03-03');
  await form.save();
  await expect(page.getByText('Employee created successfully', { exact: true }).first()).toBeVisible();
  await expect(form.dialog).toBeHidden();
}

/** The screen at the phone's size and at a desktop's, each kept with the test's results. */
async function screenshots(page: Page, name: string) {
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath(`${name}-phone.png`), fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: test.info().outputPath(`${name}-desktop.png`), fullPage: true });
  await page.setViewportSize(PHONE);
}

test.describe('My Team, on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('a manager sees her two reports today, their overlapping requests on the calendar, approves one, rejects the other with a reason', async ({ page, request }) => {
    test.setTimeout(240_000);
    const id = uniqueId();
    const mia = {
      code: `MIA${id}`.slice(0, 20).toUpperCase(),
      firstName: 'Mia',
      lastName: `Manager${id}`,
      email: `mia.${id}@acme.example.com`,
      hireDate: '2024-02-05',
      department: 'Engineering',
      position: 'Software Engineer',
      username: `mia.${id}`,
      password: 'Team#Lead2026',
    };
    const miaName = `${mia.firstName} ${mia.lastName}`;
    const reports = ['Remy', 'Rosa'].map((firstName, i) => ({
      code: `R${i}${id}`.slice(0, 20).toUpperCase(),
      firstName,
      lastName: `Report${id}`,
      email: `${firstName.toLowerCase()}.${id}@acme.example.com`,
    }));
    const [remy, rosa] = reports.map((r) => `${r.firstName} ${r.lastName}`);

    // the admin adds Mia with a login, then her two reports
    const login = new LoginPage(page);
    await login.goto();
    await login.signInAndExpectDashboard(COMPANY_ADMIN.email, COMPANY_ADMIN.password);
    const employees = new EmployeesPage(page);
    await employees.goto();
    await employees.addWithLogin(mia);
    for (const report of reports) await addReport(employees, report, miaName);

    // Remy and Rosa ask for the same day off (through the API, as the admin)
    const admin = await PwaApi.signIn(request);
    const [remyRecord] = await admin.get(`/api/hr/employees?filter=${encodeURIComponent(JSON.stringify({ q: remy }))}`);
    expect(remyRecord.manager_name).toBe(miaName);
    const annual = (await admin.get('/api/hr/leave-types')).find((t) => t.type_code === 'AL')!;
    const [rosaRecord] = await admin.get(`/api/hr/employees?filter=${encodeURIComponent(JSON.stringify({ q: rosa }))}`);
    const day = weekThisYear(1).start;
    const ask = (employee: number, reason: string) =>
      admin.send('post', '/api/hr/leave-requests', { employee_id: employee, leave_type_id: annual.id, start_date: day, end_date: day, reason });
    await ask(remyRecord.id as number, 'Moving house');
    await ask(rosaRecord.id as number, 'Long weekend');

    // Mia signs in: My Team is in her menu
    await new LayoutPage(page).logout();
    await login.signInAndExpectDashboard(mia.email, mia.password);
    const homeCard = page.getByTestId('home-team-today');
    await expect(homeCard).toContainText('Your team today');
    await expect(homeCard).toContainText('2 people');
    await page.getByRole('button', { name: 'Open menu' }).first().click();
    await new LayoutPage(page).menuEntry('My Team').click();
    await expect(page).toHaveURL(/\/hr\/team$/);
    await expect(page.getByRole('heading', { name: 'My Team', level: 1 })).toBeVisible();

    // Today: her two reports, neither in yet, and nobody else
    const members = page.getByTestId('team-member');
    await expect(members).toHaveCount(2);
    await expect(members.filter({ hasText: remy })).toContainText('Not in yet');
    await expect(members.filter({ hasText: rosa })).toContainText('Not in yet');
    await expect(page.getByTestId('team-count-not_in')).toContainText('2');
    await screenshots(page, 'today');

    // Calendar: both asked for the same day, pending, each flagged as overlapping the other
    await selectTab(page.getByRole('tab', { name: 'Calendar' }));
    // the calendar opens on the company's month, which the admin's view of today names
    const thisMonth = (await admin.get<{ date: string }>('/api/hr/team/today')).date.slice(0, 7);
    const toMonthOfDay = async () => {
      if (day.slice(0, 7) !== thisMonth) await page.getByRole('button', { name: day.slice(0, 7) > thisMonth ? 'Next month' : 'Previous month' }).click();
    };
    await toMonthOfDay();
    const offDay = page.locator(`[data-testid="calendar-day"][data-date="${day}"]`);
    for (const name of [remy, rosa]) {
      const mark = offDay.getByTestId('calendar-leave').filter({ hasText: name });
      await expect(mark).toHaveAttribute('data-status', 'pending');
      await expect(mark).toContainText('Overlaps another request');
    }
    await offDay.scrollIntoViewIfNeeded();
    await screenshots(page, 'calendar-pending');

    // Approvals: Remy's request, approved with one tap
    await selectTab(page.getByRole('tab', { name: 'Approvals' }));
    const card = page.getByTestId('team-approval').filter({ hasText: remy });
    await expect(card).toContainText('Annual Leave');
    await expect(card).toContainText('Moving house');
    await screenshots(page, 'approvals');
    await card.getByRole('button', { name: `Approve ${remy}` }).click();
    await expect(page.getByText('Leave request approved', { exact: true }).first()).toBeVisible();
    await expect(card).toHaveCount(0);

    // and Rosa's rejected, with a reason
    const other = page.getByTestId('team-approval').filter({ hasText: rosa });
    await other.getByRole('button', { name: `Reject ${rosa}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject leave request' });
    await dialog.getByRole('textbox').fill('Release week: we need everyone');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(page.getByText('Leave request rejected', { exact: true }).first()).toBeVisible();
    await expect(other).toHaveCount(0);
    await expect(page.getByText('Nothing waiting for you.')).toBeVisible();
    const [rosaRequest] = await admin.get(`/api/hr/leave-requests?filter=${encodeURIComponent(JSON.stringify({ employee_id: rosaRecord.id }))}`);
    expect(rosaRequest).toMatchObject({ status: 'rejected', rejection_reason: 'Release week: we need everyone' });

    // Calendar: the approved day off
    await selectTab(page.getByRole('tab', { name: 'Calendar' }));
    await toMonthOfDay();
    await expect(offDay.getByTestId('calendar-leave').filter({ hasText: remy })).toHaveAttribute('data-status', 'approved');
    await expect(offDay).toContainText('Approved');
    await expect(offDay).not.toContainText(rosa);
    await expect(offDay).not.toContainText('Overlaps another request');
    await offDay.scrollIntoViewIfNeeded();
    await screenshots(page, 'calendar');

    // Attendance: the team's records, none of them yet
    await selectTab(page.getByRole('tab', { name: 'Attendance' }));
    await expect(page.getByText('No attendance records of your team in these dates.')).toBeVisible();
    await screenshots(page, 'attendance');

    // the home's card after the day's decisions, and its way to My Team
    await page.goto('/dashboard');
    await expect(homeCard.getByText('2 people')).toBeVisible();
    await homeCard.scrollIntoViewIfNeeded();
    await screenshots(page, 'home');
    await homeCard.getByRole('link', { name: 'Open My Team' }).click();
    await expect(page).toHaveURL(/\/hr\/team$/);
    await expect(page.getByTestId('team-member')).toHaveCount(2);
  });
});
