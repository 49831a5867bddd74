import { devices, expect, test, type Browser, type BrowserContext, type Page, type Request, type Response } from '@playwright/test';
import { LoginPage } from '../pages/LoginPage';
import { emulateStandalone, PwaApp, serviceWorkerInControl } from '../pages/PwaApp';
import { PwaApi, type Person } from '../pages/PwaApi';
import { inWords } from '../pages/dates';

// the employee app on a phone, installed (standalone display mode)
const { defaultBrowserType: _browser, ...PHONE } = devices['Pixel 7'];
// inside Acme's head office of the attendance tests, should it exist (a check-in far from it is refused)
const HERE = { latitude: 37.79395, longitude: -122.3965, accuracy: 8 };
const CHECK_IN = '/api/hr/attendance/check-in';
const CHECK_OUT = '/api/hr/attendance/check-out';
const LEAVE_REQUESTS = '/api/hr/leave-requests';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const usd = (amount: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Number(amount));
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (day: string, days: number) => isoDay(new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000));
/** The Monday `weeks` weeks after the week of `day`. */
const mondayAfter = (day: string, weeks: number) => {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return addDays(day, ((8 - weekday) % 7 || 7) + 7 * (weeks - 1));
};

/** The POSTs of `path` the page sent, and the answers it got back. */
function watchPosts(page: Page, path: string) {
  const sent: Request[] = [];
  const answered: Response[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === path) sent.push(r);
  });
  page.on('response', (r) => {
    if (r.request().method() === 'POST' && new URL(r.url()).pathname === path) answered.push(r);
  });
  return { sent, answered };
}

/** A phone with the app installed, signed in as `person`, its service worker in control. */
async function openApp(browser: Browser, person: Person, options: { deviceClockBehindMs?: number } = {}) {
  const context = await browser.newContext({ ...PHONE, geolocation: HERE, permissions: ['geolocation'] });
  await emulateStandalone(context);
  if (options.deviceClockBehindMs) await context.clock.install({ time: Date.now() - options.deviceClockBehindMs });
  const page = await context.newPage();
  const login = new LoginPage(page);
  await login.goto();
  await login.signInAndExpectDashboard(person.email, person.password);
  await serviceWorkerInControl(page);
  const app = new PwaApp(page);
  await app.expectAppMode();
  return { context, page, app };
}

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
}

test.describe('the employee app offline', () => {
  let offlineBefore = false;

  test.beforeAll(async ({ playwright }, info) => {
    const request = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
    offlineBefore = await (await PwaApi.signIn(request)).allowOfflineCheckIn(true);
    await request.dispose();
  });

  test.afterAll(async ({ playwright }, info) => {
    const request = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
    await (await PwaApi.signIn(request)).allowOfflineCheckIn(offlineBefore);
    await request.dispose();
  });

  test('offline the employee still sees their data and checks in; back online the check-in reaches the server once, with its original time', async ({
    browser,
    request,
  }) => {
    const admin = await PwaApi.signIn(request);
    const person = await admin.newEmployee();
    const own = await PwaApi.signIn(request, person);

    // data of their own to read offline: a day of attendance this week, a leave request, this month's payslip
    // (two days ago: the offline check-in below may fall on yesterday's date just after midnight)
    const { date: today } = await own.get<{ date: string }>('/api/hr/attendance/today');
    const earlier = addDays(today, -2);
    await admin.send('post', '/api/hr/attendance', {
      employee_id: person.id,
      attendance_date: earlier,
      status: 'present',
      check_in_time: `${earlier}T13:00:00.000Z`,
      check_out_time: `${earlier}T21:30:00.000Z`,
      check_in_location: 'Client site',
    });
    const annual = (await own.get('/api/hr/leave-types')).find((t) => t.type_code === 'AL')!;
    const leaveDay = mondayAfter(today, 5);
    await own.send('post', LEAVE_REQUESTS, { leave_type_id: annual.id, start_date: leaveDay, end_date: leaveDay, reason: 'Dentist appointment' });
    const now = new Date();
    await admin.send('post', '/api/hr/payroll', { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 });
    const [payslip] = await own.get(`/api/hr/payroll?filter=${encodeURIComponent(JSON.stringify({ year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 }))}`);
    expect(payslip.employee_id).toBe(person.id);

    // The server reads a punch more than 5 minutes old as made offline and keeps its time; a test
    // cannot stay offline that long, so the phone's clock runs 20 minutes behind the server's:
    // for the server the check-in happened 20 minutes before it arrives.
    const BEHIND = 20 * 60_000;
    const { context, page, app } = await openApp(browser, person, { deviceClockBehindMs: BEHIND });
    const checkIns = watchPosts(page, CHECK_IN);

    // online once: the screens keep what they read on the device; each is laid out for the phone
    // (the start screen's figures first: leaving before they arrive would keep none of them)
    await expect(page.getByTestId('home-leave-balance')).toContainText('Annual Leave');
    await expect(page.getByTestId('home-payslip')).toContainText(usd(payslip.net_salary as string));
    await page.goto('/hr/attendance');
    await expect(page.getByTestId('attendance-card').filter({ hasText: inWords(earlier) })).toContainText('Client site');
    await app.expectPhoneLayout();
    await page.getByRole('tab', { name: 'History' }).click();
    await expect(page.getByTestId('attendance-card').filter({ hasText: inWords(earlier) })).toBeVisible();
    await app.expectPhoneLayout();
    await page.getByRole('tab', { name: 'Check In/Out' }).click();
    await expect(page.getByRole('button', { name: 'Check In', exact: true })).toBeEnabled();
    await app.expectPhoneLayout();
    await page.goto('/hr/leave');
    await expect(page.locator(`[data-testid="leave-request-row"][data-start-date="${leaveDay}"]`)).toContainText('Pending');
    await app.expectPhoneLayout();
    await page.getByRole('tab', { name: 'Leave Balances' }).click();
    await expect(page.getByTestId('leave-balance-row').first()).toBeVisible();
    await app.expectPhoneLayout();
    await page.goto('/hr/payroll');
    await expect(page.getByTestId('payslip-card')).toContainText(usd(payslip.net_salary as string));
    await app.expectPhoneLayout();

    await goOffline(context, page);
    // the app shell comes from the service worker, the data from the device: the start screen first
    await page.goto('/dashboard');
    await expect(app.offlineBanner).toBeVisible();
    await expect(page.getByTestId('home-leave-balance')).toContainText('Annual Leave');
    await expect(page.getByText('Failed to load data')).toHaveCount(0);
    await page.goto('/hr/attendance');
    await expect(app.offlineBanner).toContainText(/^Offline — last updated \w{3} \d{1,2}, \d{4}, \d{2}:\d{2} [AP]M/);
    await expect(app.offlineBanner).toContainText('Check-ins, check-outs and leave requests are kept and sent when the connection returns.');
    await expect(page.getByRole('heading', { name: /^Today's Attendance · / })).toContainText(inWords(today));
    const day = page.getByTestId('attendance-card').filter({ hasText: inWords(earlier) });
    await expect(day).toContainText('Present');
    await expect(day).toContainText('Client site');
    await expect(page.getByText('Present Days').locator('xpath=..')).toContainText('1');

    await page.goto('/hr/leave');
    await expect(app.offlineBanner).toBeVisible();
    await expect(page.locator(`[data-testid="leave-request-row"][data-start-date="${leaveDay}"]`)).toContainText('Dentist appointment');
    await expect(page.getByTestId('leave-type-AL')).toBeVisible();
    await page.getByRole('tab', { name: 'Leave Balances' }).click();
    await expect(page.getByTestId('leave-balance-row').filter({ hasText: 'Annual Leave' })).toContainText('Pending 1');

    await page.goto('/hr/payroll');
    await expect(app.offlineBanner).toBeVisible();
    await expect(page.getByTestId('payslip-card')).toContainText(usd(payslip.net_salary as string));

    // check in offline: kept on the device with the moment it was made
    await page.goto('/hr/attendance?tab=check');
    await expect(page.getByRole('button', { name: 'Check In', exact: true })).toBeEnabled();
    const madeAt = await page.evaluate(() => Date.now());
    await page.getByRole('button', { name: 'Check In', exact: true }).click();
    await app.expectToast('You are offline: it will be sent when the connection returns.');
    await expect(app.queueButton).toHaveAccessibleName('Changes made offline: 1 waiting');
    await app.openQueue();
    await expect(app.queuedWrites).toHaveCount(1);
    await expect(app.queuedWrites.first()).toContainText('Check In');
    await expect(app.queuedWrites.first()).toContainText('Waiting for the connection');
    await app.closeQueue();
    expect(checkIns.answered).toHaveLength(0);

    // back online: sent on reconnect (or by Background Sync), once
    await context.setOffline(false);
    await app.expectToast('Check-in successful!');
    await expect(app.offlineBanner).toBeHidden();
    await app.openQueue();
    await expect(app.queuedWrites.first()).toContainText('Sent');
    await expect(app.queuedWrites.first()).toContainText('Check-in successful!');
    await app.closeQueue();
    await page.waitForTimeout(1_000);
    expect(checkIns.answered.map((r) => r.status())).toEqual([201]);
    expect(checkIns.sent).toHaveLength(1);
    const body = checkIns.sent[0].postDataJSON();
    expect(checkIns.sent[0].headers()['idempotency-key']).toMatch(UUID);
    // the original time: when the button was pressed on the phone, not when it arrived
    const original = Date.parse(body.timestamp);
    expect(original - madeAt).toBeGreaterThanOrEqual(0);
    expect(original - madeAt).toBeLessThan(5_000);

    const records = await own.get('/api/hr/attendance?filter=%7B%22mine%22%3Atrue%7D');
    const checkedIn = records.filter((r) => r.check_in_time !== null && r.attendance_date !== earlier);
    expect(checkedIn).toHaveLength(1);
    expect(Date.parse(checkedIn[0].check_in_time as string)).toBe(original);
    expect(checkedIn[0].is_offline).toBe(true);
    expect(Date.now() - original).toBeGreaterThan(BEHIND - 60_000);

    // the overview shows the day from the server, marked as made offline
    await page.goto('/hr/attendance');
    await expect(page.getByTestId('attendance-card').filter({ hasText: inWords(checkedIn[0].attendance_date as string) })).toContainText('Sent offline');
    await context.close();
  });

  test('a check-in and a check-out made offline show as done, then go out in order, each once', async ({ browser, request }) => {
    const admin = await PwaApi.signIn(request);
    const person = await admin.newEmployee();
    const { context, page, app } = await openApp(browser, person);
    const checkIns = watchPosts(page, CHECK_IN);
    const checkOuts = watchPosts(page, CHECK_OUT);
    await page.goto('/hr/attendance');
    await expect(page.getByText('You have not checked in today.')).toBeVisible();
    await page.getByRole('tab', { name: 'Check In/Out' }).click();
    const checkIn = page.getByRole('button', { name: 'Check In', exact: true });
    const checkOut = page.getByRole('button', { name: 'Check Out', exact: true });
    await expect(checkIn).toBeEnabled();
    await expect(checkOut).toBeDisabled();

    await goOffline(context, page);
    await checkIn.click();
    await expect(page.getByTestId('queued-check-in')).toHaveText(/^Checked in at \d{2}:\d{2} [AP]M · waiting to be sent$/);
    await expect(checkIn).toBeDisabled();
    await expect(checkOut).toBeEnabled();
    await page.waitForTimeout(1_100);
    await checkOut.click();
    await expect(page.getByTestId('queued-check-out')).toHaveText(/^Checked out at \d{2}:\d{2} [AP]M · waiting to be sent$/);
    await expect(checkOut).toBeDisabled();
    await expect(app.queueButton).toHaveAccessibleName('Changes made offline: 2 waiting');
    // the overview knows too
    await page.getByRole('tab', { name: 'Overview' }).click();
    await expect(page.getByTestId('queued-punch')).toHaveCount(2);

    await context.setOffline(false);
    await app.expectToast('Check-out successful!');
    await page.getByRole('tab', { name: 'Check In/Out' }).click();
    await expect(page.getByTestId('work-summary')).toContainText('You have checked out for today.');
    await expect(page.getByTestId('queued-check-in')).toHaveCount(0);
    await page.waitForTimeout(1_000);
    expect(checkIns.answered.map((r) => r.status())).toEqual([201]);
    expect(checkOuts.answered.map((r) => r.status())).toEqual([201]);
    // in the order they were made, each with its own key
    expect(checkIns.answered[0].request().timing().startTime).toBeLessThan(checkOuts.answered[0].request().timing().startTime);
    const keys = [checkIns.sent[0].headers()['idempotency-key'], checkOuts.sent[0].headers()['idempotency-key']];
    expect(new Set(keys).size).toBe(2);

    const own = await PwaApi.signIn(request, person);
    const records = (await own.get('/api/hr/attendance?filter=%7B%22mine%22%3Atrue%7D')).filter((r) => r.check_in_time !== null);
    expect(records).toHaveLength(1);
    expect(Date.parse(records[0].check_in_time as string)).toBeLessThan(Date.parse(records[0].check_out_time as string));
    await context.close();
  });

  test('a leave request made offline whose answer is lost on the way is sent again with the same key and stored once', async ({
    browser,
    request,
  }) => {
    const admin = await PwaApi.signIn(request);
    const person = await admin.newEmployee();
    const own = await PwaApi.signIn(request, person);
    const { date: today } = await own.get<{ date: string }>('/api/hr/attendance/today');
    const day = mondayAfter(today, 7);

    const { context, page, app } = await openApp(browser, person);
    const posts = watchPosts(page, LEAVE_REQUESTS);
    await page.goto('/hr/leave');
    await expect(page.getByText('No leave requests found')).toBeVisible();

    await goOffline(context, page);
    await page.getByRole('button', { name: 'Request Leave' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request Leave' });
    await dialog.getByRole('combobox', { name: /^Leave Type/ }).click();
    await page.getByRole('option', { name: 'Annual Leave', exact: true }).click();
    await dialog.getByLabel(/^Start Date/).fill(day);
    await dialog.getByLabel(/^End Date/).fill(day);
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Moving house');
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await app.expectToast('You are offline: the leave request is saved and will be sent when the connection returns');
    await expect(dialog).toBeHidden();
    const queued = page.getByTestId('queued-leave-request');
    await expect(queued).toContainText('Annual Leave');
    await expect(queued).toContainText(`${inWords(day)} · 1 day`);
    await expect(queued).toContainText('Waiting for the connection');

    // the first attempt reaches the server, but its answer never comes back
    let lost = 0;
    await context.route(`**${LEAVE_REQUESTS}`, async (route) => {
      if (route.request().method() !== 'POST' || lost > 0) return route.fallback();
      lost += 1;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await context.setOffline(false);
    await expect.poll(() => lost).toBe(1);
    await app.openQueue();
    await expect(app.queuedWrites.first()).toContainText('Waiting for the connection');
    const stored = (await own.get(`${LEAVE_REQUESTS}?filter=${encodeURIComponent(JSON.stringify({ mine: true }))}`)).filter((r) => r.start_date === day);
    expect(stored).toHaveLength(1);

    // sent again: the server recognises the key and answers as the first time
    await context.unroute(`**${LEAVE_REQUESTS}`);
    await app.queue.getByRole('button', { name: 'Send now' }).click();
    await expect(app.queuedWrites.first()).toContainText('Sent');
    await expect(app.queuedWrites.first()).toContainText('Leave request submitted successfully!');
    await app.closeQueue();
    await expect(page.locator(`[data-testid="leave-request-row"][data-start-date="${day}"]`)).toContainText('Pending');
    await expect(queued).toHaveCount(0);

    expect(posts.sent).toHaveLength(2);
    const [first, second] = posts.sent.map((r) => r.headers()['idempotency-key']);
    expect(first).toMatch(UUID);
    expect(second).toBe(first);
    expect(posts.sent[1].postDataJSON()).toEqual(posts.sent[0].postDataJSON());
    const replay = posts.answered.find((r) => r.request() === posts.sent[1])!;
    expect(replay.status()).toBe(201);
    expect(replay.headers()['idempotent-replayed']).toBe('true');
    const after = (await own.get(`${LEAVE_REQUESTS}?filter=${encodeURIComponent(JSON.stringify({ mine: true }))}`)).filter((r) => r.start_date === day);
    expect(after).toHaveLength(1);
    expect(after[0].id).toBe(stored[0].id);
    await context.close();
  });
});
