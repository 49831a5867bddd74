import { parse } from 'content-disposition';
import { DateTime } from 'luxon';
import { AttendanceRecord } from '../src/modules/attendance/attendance-record.entity';
import { attendee, resetSettings, setZone } from './attendance-support';
import { createTestApp, type TestApp } from './support/app';
import { bearer, createCompany, createUser, grant, login, type CompanyFixture } from './support/fixtures';

const LOCATION_REQUIRED = 'Your location is required to check in. Allow location access and try again';

const API = '/api/hr/attendance';
const ADMIN_RECORDED = "This day's attendance was recorded by an administrator and cannot be changed by a check-in";

describe('offline check-ins follow every rule, never overwrite an administrator, and are bounded in time', () => {
  let t: TestApp;
  let a: CompanyFixture;
  let admin: Record<string, string>;

  const checkIn = (auth: Record<string, string>, body: object = {}, headers: Record<string, string> = {}) =>
    t.http().post(`${API}/check-in`).set(auth).set(headers).send(body);
  const settings = async (body: object) => {
    const res = await t.http().put('/api/settings/attendance').set(admin).send(body);
    expect(res.status).toBe(200);
    return res;
  };
  const hoursAgo = (hours: number) => DateTime.now().minus({ hours }).toUTC().toISO()!;
  const dateOf = (iso: string) => DateTime.fromISO(iso).setZone('Europe/Berlin').toISODate()!;
  const recordOn = (employeeId: number, date: string) =>
    t.em().fork().findOne(AttendanceRecord, { employee: employeeId, attendance_date: date }, { filters: false });

  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    a = await createCompany(t, 'Offline');
    admin = bearer(a.tokens.company_admin);
    await grant(t, { position: a.position }, a.company, 'attendance', { can_view: true, can_create: true });
    await setZone(t, a.company.id, 'Europe/Berlin');
  });
  beforeEach(async () => {
    await resetSettings(t, a.company.id);
    await settings({ general: { allow_offline_checkin: true } });
  });
  afterAll(() => t.close());

  it('the back-dating limit is a company setting: 24 hours by default, 1 to 72, editable', async () => {
    const read = await t.http().get('/api/settings/attendance').set(admin);
    expect(read.body.data.general.offline_checkin_max_age_hours).toBe(24);
    for (const bad of [0, 73, 2.5]) {
      const res = await t.http().put('/api/settings/attendance').set(admin).send({ general: { offline_checkin_max_age_hours: bad } });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].message).toBe('Offline checkin max age hours must be a whole number from 1 to 72 hours');
    }
    const saved = await settings({ general: { offline_checkin_max_age_hours: 48 } });
    expect(saved.body.data.general.offline_checkin_max_age_hours).toBe(48);
  });

  it('refuses an offline check-in older than the limit (422 naming it) and accepts one within it when the limit is raised', async () => {
    const { employee, auth } = await attendee(t, a);
    const at = hoursAgo(30);
    const old = await checkIn(auth, { timestamp: at });
    expect(old.status).toBe(422);
    expect(old.body.message).toBe('An offline check-in can be sent at most 1 day after it happened');
    expect(old.body.errors[0].field).toBe('timestamp');
    expect(await recordOn(employee.id, dateOf(at))).toBeNull();

    await settings({ general: { offline_checkin_max_age_hours: 48 } });
    const accepted = await checkIn(auth, { timestamp: at });
    expect(accepted.status).toBe(201);
    expect(accepted.body.data.is_offline).toBe(true);
  });

  it('accepts an offline check-in within the limit (201), flagged as sent offline with the time it was received', async () => {
    const { employee, auth } = await attendee(t, a);
    const at = hoursAgo(3);
    const before = Date.now();
    const res = await checkIn(auth, { timestamp: at });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ is_offline: true, check_in_time: at, attendance_date: dateOf(at) });
    const received = new Date(res.body.data.check_in_received_at).getTime();
    expect(received).toBeGreaterThanOrEqual(before - 1000);
    expect(received).toBeLessThanOrEqual(Date.now() + 1000);
    const stored = await recordOn(employee.id, dateOf(at));
    expect(stored).toMatchObject({ is_offline: true });
    expect(stored!.check_in_received_at).toBeInstanceOf(Date);
    const listed = await t.http().get(`${API}?filter=${encodeURIComponent(JSON.stringify({ employee_id: employee.id }))}`).set(admin);
    expect(listed.body.data[0]).toMatchObject({ is_offline: true, check_in_received_at: res.body.data.check_in_received_at });
    // an online check-in says when it arrived too, and is not flagged
    const online = await attendee(t, a);
    const now = await checkIn(online.auth);
    expect(now.body.data.is_offline).toBe(false);
  });

  it('an offline check-in sent from a network outside the allowed ranges is refused (422), as an online one is', async () => {
    await settings({ network: { enable_ip_restriction: true, allowed_ip_ranges: ['203.0.113.0/24'] } });
    const { employee, auth } = await attendee(t, a);
    const at = hoursAgo(2);
    const outside = await checkIn(auth, { timestamp: at }, { 'X-Forwarded-For': '192.0.2.10' });
    expect(outside.status).toBe(422);
    expect(outside.body.message).toContain("An offline check-in is checked against the network it is sent from (192.0.2.10)");
    expect(await recordOn(employee.id, dateOf(at))).toBeNull();
    const inside = await checkIn(auth, { timestamp: at }, { 'X-Forwarded-For': '203.0.113.7' });
    expect(inside.status).toBe(201);
    expect(inside.body.data.is_offline).toBe(true);
  });

  it('a trusted network does not stand in for the position an offline check-in was made at', async () => {
    await settings({
      general: { require_location_check: true },
      network: { enable_ip_whitelist: true, trusted_ips: ['198.51.100.1'] },
    });
    const { auth } = await attendee(t, a);
    const offline = await checkIn(auth, { timestamp: hoursAgo(2) }, { 'X-Forwarded-For': '198.51.100.1' });
    expect(offline.status).toBe(422);
    expect(offline.body.message).toBe(LOCATION_REQUIRED);
    // online, the trusted network still stands for being on site
    const online = await checkIn(auth, {}, { 'X-Forwarded-For': '198.51.100.1' });
    expect(online.status).toBe(201);
  });

  it('the device limit applies to offline check-ins', async () => {
    await settings({ device: { enable_device_tracking: true, max_devices_per_user: 1 } });
    const second = await attendee(t, a);
    expect((await checkIn(second.auth, { device_id: 'phone-a' })).status).toBe(201);
    await t.em().execute('delete from attendance_records where employee_id = ?', [second.employee.id]);
    const other = await checkIn(second.auth, { timestamp: hoursAgo(2), device_id: 'phone-b' });
    expect(other.status).toBe(422);
    expect(other.body.errors[0].field).toBe('device_id');
  });

  it("never overwrites an absence an administrator recorded (409), offline or online, and leaves the record as it was", async () => {
    const { employee, auth } = await attendee(t, a);
    const at = hoursAgo(3);
    const marked = await t.http().post(API).set(admin).send({ employee_id: employee.id, attendance_date: dateOf(at), status: 'absent', notes: 'Called in sick' });
    expect(marked.status).toBe(201);
    const res = await checkIn(auth, { timestamp: at });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(ADMIN_RECORDED);
    const stored = await recordOn(employee.id, dateOf(at));
    expect(stored).toMatchObject({ status: 'absent', check_in_time: null, is_offline: false, notes: 'Called in sick' });

    const today = DateTime.now().setZone('Europe/Berlin').toISODate()!;
    if (today !== dateOf(at)) {
      const todayMarked = await t.http().post(API).set(admin).send({ employee_id: employee.id, attendance_date: today, status: 'absent' });
      expect(todayMarked.status).toBe(201);
    }
    const todayAnswer = await t.http().get(`${API}/today`).set(auth);
    expect(todayAnswer.body.data.can_check_in).toBe(false);
    const online = await checkIn(auth);
    expect(online.status).toBe(409);
    expect((await recordOn(employee.id, today))!.check_in_time).toBeNull();
  });

  it('never overwrites a record an administrator corrected (409)', async () => {
    const { employee, auth } = await attendee(t, a);
    const at = hoursAgo(3);
    await t.em().execute(
      `insert into attendance_records (company_id, employee_id, attendance_date, status) values (?, ?, ?, 'absent')`,
      [a.company.id, employee.id, dateOf(at)],
    );
    const row = (await recordOn(employee.id, dateOf(at)))!;
    const corrected = await t.http().put(`${API}/${row.id}`).set(admin).send({ status: 'leave' });
    expect(corrected.status).toBe(200);
    const res = await checkIn(auth, { timestamp: at });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(ADMIN_RECORDED);
    expect(await recordOn(employee.id, dateOf(at))).toMatchObject({ status: 'leave', check_in_time: null });
  });

  it("replaces the absent-marking job's automatic absence with the employee's real offline check-in", async () => {
    const { employee, auth } = await attendee(t, a);
    const at = hoursAgo(3);
    await t.em().execute(
      `insert into attendance_records (company_id, employee_id, attendance_date, status) values (?, ?, ?, 'absent')`,
      [a.company.id, employee.id, dateOf(at)],
    );
    const row = (await recordOn(employee.id, dateOf(at)))!;
    const res = await checkIn(auth, { timestamp: at });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ id: row.id, is_offline: true, check_in_time: at });
    expect(['present', 'late']).toContain(res.body.data.status);
  });
});

describe('leave attachments with any file name download with an RFC 6266 Content-Disposition', () => {
  let t: TestApp;
  let erin: Record<string, string>;
  const PDF = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');

  beforeAll(async () => {
    t = await createTestApp();
    const a = await createCompany(t, 'Files');
    erin = bearer(a.tokens.employee);
    await grant(t, { position: a.position }, a.company, 'leave', { can_view: true, can_create: true });
  });
  afterAll(() => t.close());

  it.each([
    ['файл.pdf', 'файл.pdf'],
    ['😀.pdf', '😀.pdf'],
    ['квартальный отчёт 2026.pdf', 'квартальный отчёт 2026.pdf'],
  ])('%j uploads and downloads (200) with filename* and the same bytes', async (sent, stored) => {
    const up = await t
      .http()
      .post('/api/hr/leave-requests/attachments')
      .set(erin)
      .attach('file', PDF, { filename: sent, contentType: 'application/pdf' });
    expect(up.status).toBe(201);
    expect(up.body.data.file_name).toBe(stored);
    await download(up.body.data.id, stored);
  });

  it('a stored name with quotes, a backslash and a line break still downloads (200) with one safe header line', async () => {
    const up = await t.http().post('/api/hr/leave-requests/attachments').set(erin).attach('file', PDF, { filename: 'x.pdf', contentType: 'application/pdf' });
    expect(up.status).toBe(201);
    await t.em().execute('update leave_attachments set file_name = ? where id = ?', ['a "quoted"\\\r\nname.pdf', up.body.data.id]);
    await download(up.body.data.id, 'a "quoted"___name.pdf');
  });

  async function download(id: number, stored: string) {
    const down = await t.http().get(`/api/hr/leave-requests/attachments/${id}`).set(erin).buffer(true);
    expect(down.status).toBe(200);
    const header = down.headers['content-disposition'] as string;
    expect(header).toMatch(/^attachment; /);
    expect(header).not.toMatch(/[\r\n]/);
    expect(parse(header).parameters.filename).toBe(stored);
    if (/[^\x20-\x7e]/.test(stored)) expect(header).toContain(`filename*=UTF-8''${encodeURIComponent(stored)}`);
    expect(Buffer.from(down.body).equals(PDF)).toBe(true);
  }
});

describe('a link that must stay on the site accepts only a same-site path, an anchor or an http(s) URL', () => {
  let t: TestApp;
  let superadmin: Record<string, string>;
  let pageId: number;

  beforeAll(async () => {
    t = await createTestApp();
    superadmin = bearer(await login(t, (await createUser(t.em(), 'superadmin')).email));
    const page = await t.http().post('/api/cms/admin/landing-pages').set(superadmin).send({});
    expect(page.status).toBe(201);
    pageId = page.body.data.id;
  });
  afterAll(() => t.close());

  it.each([
    ['cta_button_url', '//evil.example/free-trial', 'CTA button URL'],
    ['cta_button_url', '/\\evil.example', 'CTA button URL'],
    ['hero_secondary_cta_url', '\\\\evil.example', 'Hero secondary CTA URL'],
    ['hero_secondary_cta_url', 'javascript:alert(1)', 'Hero secondary CTA URL'],
    ['hero_image_url', '//evil.example/x.png', 'Hero image URL'],
    ['hero_image_url', 'data:text/html,x', 'Hero image URL'],
  ])('%s = %j is refused (400, naming the field)', async (field, value, words) => {
    const res = await t.http().put(`/api/cms/admin/landing-pages/${pageId}`).set(superadmin).send({ [field]: value });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe(field);
    expect(res.body.errors[0].message).toBe(
      `${words} must be an http(s) URL, a path on this site starting with a single / or an anchor starting with #`,
    );
  });

  it.each([['/free-trial'], ['#features'], ['https://example.com/a?b=c'], ['/pricing/plans?x=1']])('%j is accepted', async (value) => {
    const res = await t.http().put(`/api/cms/admin/landing-pages/${pageId}`).set(superadmin).send({ cta_button_url: value });
    expect(res.status).toBe(200);
    expect(res.body.data.cta_button_url).toBe(value);
  });
});
