import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { COMPANY_ADMIN, SUPERADMIN } from '../fixtures/users';
import { AttendancePage } from '../pages/AttendancePage';
import { LoginPage } from '../pages/LoginPage';
import { PwaApi } from '../pages/PwaApi';
import { inWords } from '../pages/dates';

// Acme's head office in the test: the browser's mocked position is about 30 m from it
const OFFICE = { latitude: 37.7937, longitude: -122.3965 };
const HERE = { latitude: 37.79395, longitude: -122.3965, accuracy: 8 };

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email: COMPANY_ADMIN.email, password: COMPANY_ADMIN.password } });
  expect(res.status()).toBe(200);
  return (await res.json()).data.access_token;
}

/** `person` signed in to the console, on the attendance screen. */
async function attendanceOf(page: Page, person: { email: string; password: string }): Promise<AttendancePage> {
  const login = new LoginPage(page);
  await login.goto();
  await login.signInAndExpectDashboard(person.email, person.password);
  const attendance = new AttendancePage(page);
  await attendance.goto();
  return attendance;
}

/** A zone whose clock now reads between 02:00 and 02:59 (whole-hour offsets of Etc/GMT). */
function zoneAtTwoInTheMorning(): { zone: string; offsetHours: number; yesterday: string } {
  const now = new Date();
  const offset = [...Array(27).keys()].map((i) => i - 12).find((o) => (((now.getUTCHours() + o) % 24) + 24) % 24 === 2)!;
  const local = new Date(now.getTime() + offset * 3600_000);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return {
    // Etc/GMT names count the other way: Etc/GMT-3 is three hours ahead of UTC
    zone: offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`,
    offsetHours: offset,
    yesterday: day(new Date(local.getTime() - 86_400_000)),
  };
}

/** A new Acme engineer who can sign in (Engineering has the attendance module), unique per run. */
async function newEngineer(request: APIRequestContext, token: string) {
  const headers = { Authorization: `Bearer ${token}` };
  const list = async (path: string) => (await (await request.get(path, { headers })).json()).data as Array<Record<string, unknown>>;
  const department = (await list('/api/hr/departments')).find((d) => d.department_code === 'ENG')!;
  const position = (await list('/api/hr/positions')).find((p) => p.position_code === 'SWE')!;
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const person = { username: `att.${id}`, email: `att.${id}@acme.example.com`, password: 'Attend#2026' };
  const res = await request.post('/api/hr/employees', {
    headers,
    data: {
      employee_code: `ATT${id}`.slice(0, 20).toUpperCase(),
      first_name: 'Ari',
      last_name: 'Attendance',
      email: person.email,
      hire_date: '2024-01-15',
      department_id: department.id,
      position_id: position.id,
      enable_login: true,
      username: person.username,
      password: person.password,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return person;
}

test.describe('attendance', () => {
  test.use({ geolocation: HERE, permissions: ['geolocation'] });

  test('an employee checks in and out with the browser position inside the work location', async ({ page, context, request }) => {
    const token = await adminToken(request);
    const headers = { Authorization: `Bearer ${token}` };
    const location = await request.post('/api/hr/work-locations', {
      headers,
      data: { location_name: `Head Office ${Date.now().toString(36)}`, ...OFFICE, radius: 100 },
    });
    expect(location.status()).toBe(201);
    const employee = await newEngineer(request, token);

    await context.grantPermissions(['geolocation']);
    await context.setGeolocation(HERE);
    const attendance = await attendanceOf(page, employee);
    await expect(page.getByText('You have not checked in today.')).toBeVisible();
    await attendance.openCheckInOut();
    await expect(attendance.checkOutButton).toBeDisabled();
    await attendance.location.fill('HQ, 3rd floor');

    const checkIn = page.waitForResponse((r) => r.url().endsWith('/api/hr/attendance/check-in'));
    await attendance.checkInButton.click();
    const sent = await checkIn;
    expect(sent.status()).toBe(201);
    const body = sent.request().postDataJSON();
    expect(body).toMatchObject({ location: 'HQ, 3rd floor', latitude: HERE.latitude, longitude: HERE.longitude, accuracy: HERE.accuracy });
    expect(typeof body.timestamp).toBe('string');
    await attendance.expectToast('Check-in successful!');
    await expect(attendance.checkInButton).toBeDisabled();
    await expect(attendance.checkOutButton).toBeEnabled();
    await expect(attendance.summary).toContainText('Head Office');

    await attendance.checkOutButton.click();
    await attendance.expectToast('Check-out successful!');
    await expect(attendance.checkOutButton).toBeDisabled();
    await expect(attendance.summary).toContainText('You have checked out for today.');
    await expect(attendance.summary).toContainText('0.00');

    // the day is in the history and in the last 7 days of the overview
    await attendance.overviewTab.click();
    await expect(page.getByRole('heading', { name: /Today's Attendance/ })).toBeVisible();
    await expect(page.getByText('HQ, 3rd floor').or(page.getByText(/Head Office/)).first()).toBeVisible();
    await attendance.historyTab.click();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/^attendance-history-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  test('a check-in far from every work location is refused with the reason', async ({ page, context, request }) => {
    const token = await adminToken(request);
    const location = await request.post('/api/hr/work-locations', {
      headers: { Authorization: `Bearer ${token}` },
      data: { location_name: `Head Office ${Date.now().toString(36)}`, ...OFFICE, radius: 100 },
    });
    expect(location.status()).toBe(201);
    const employee = await newEngineer(request, token);
    await context.setGeolocation({ latitude: 37.9, longitude: -122.6, accuracy: 5 });
    const attendance = await attendanceOf(page, employee);
    await attendance.openCheckInOut();
    await attendance.checkInButton.click();
    await expect(page.getByText(/^You are \d+ m from Head Office/).first()).toBeVisible();
    await expect(attendance.checkInButton).toBeEnabled();
    await expect(attendance.checkOutButton).toBeDisabled();
  });

  test("yesterday's check-in is still open after midnight on the check-in screen, and Check Out closes it", async ({ page, request }) => {
    const admin = await PwaApi.signIn(request);
    const platform = await PwaApi.signIn(request, SUPERADMIN);
    const { company_id } = await admin.get<{ company_id: number }>('/api/auth/me');
    const { time_zone } = await platform.get<{ time_zone: string }>(`/api/auth/companies/${company_id}`);
    const night = zoneAtTwoInTheMorning();
    // Acme's clock reads 02:xx for this test; put back whatever happens
    await platform.send('put', `/api/auth/companies/${company_id}`, { time_zone: night.zone });
    let offlineBefore: boolean | undefined;
    try {
      offlineBefore = await admin.allowOfflineCheckIn(true);
      // without a salary, as the other attendance tests' employees: the payroll test counts Acme's salaried ones
      const employee = await newEngineer(request, await adminToken(request));
      // checked in at 22:00 yesterday, sent with its time as the app does after being offline
      const at = new Date(Date.parse(`${night.yesterday}T22:00:00Z`) - night.offsetHours * 3600_000);
      const checkIn = await (await PwaApi.signIn(request, employee)).send<{ id: number; attendance_date: string }>('post', '/api/hr/attendance/check-in', {
        timestamp: at.toISOString(),
        location: 'Night desk',
        ...HERE,
      });
      expect(checkIn.attendance_date).toBe(night.yesterday);

      const attendance = await attendanceOf(page, employee);
      await attendance.openCheckInOut();
      await expect(page.getByTestId('overnight-open')).toHaveText(`Your check-in of ${inWords(night.yesterday)} is still open: Check Out closes it.`);
      await expect(page.getByText(new RegExp(`^Checked in on ${inWords(night.yesterday)} at `))).toBeVisible();
      await expect(attendance.checkOutButton).toBeEnabled();

      const checkOut = page.waitForResponse((r) => r.url().endsWith('/api/hr/attendance/check-out'));
      await attendance.checkOutButton.click();
      const closed = await checkOut;
      expect(closed.status()).toBe(201);
      expect((await closed.json()).data).toMatchObject({ id: checkIn.id, attendance_date: night.yesterday });
      await attendance.expectToast('Check-out successful!');
      await expect(page.getByTestId('overnight-open')).toHaveCount(0);
      await expect(page.getByText(/^Checked out at /)).toBeVisible();
    } finally {
      await platform.send('put', `/api/auth/companies/${company_id}`, { time_zone });
      if (offlineBefore !== undefined) await admin.allowOfflineCheckIn(offlineBefore);
    }
  });
});
