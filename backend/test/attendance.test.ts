import { DateTime } from 'luxon';
import { AttendanceRecord } from '../src/modules/attendance/attendance-record.entity';
import { AuditLog } from '../src/modules/audit/audit-log.entity';
import { attendee, pastLocal, resetSettings, setZone } from './attendance-support';
import { createTestApp, type TestApp } from './support/app';
import { bearer, createCompany, grant, setSelfService, unique, type CompanyFixture } from './support/fixtures';

// the answers' words, as a person reads them
const NO_EMPLOYEE_RECORD = 'Your account is not linked to an employee record, so there is no attendance to record';
const NOT_CHECKED_IN = 'You have not checked in today';
const LOCATION_REQUIRED = 'Your location is required to check in. Allow location access and try again';
const SELF_SERVICE_OFF = 'Self-service is turned off for your company: ask your administrator for access';

const API = '/api/hr/attendance';
const HQ = { latitude: 40.7128, longitude: -74.006 };
// about 22 m north of HQ, and about 1.1 km north
const NEAR = { latitude: 40.7130, longitude: -74.006, accuracy: 10 };
const FAR = { latitude: 40.7228, longitude: -74.006, accuracy: 10 };
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

describe('attendance: check-in, check-out, rules, records', () => {
  let t: TestApp;
  let a: CompanyFixture;
  let b: CompanyFixture;
  let admin: Record<string, string>;

  const checkIn = (auth: Record<string, string>, body: object = {}, headers: Record<string, string> = {}) =>
    t.http().post(`${API}/check-in`).set(auth).set(headers).send(body);
  const checkOut = (auth: Record<string, string>, body: object = {}, headers: Record<string, string> = {}) =>
    t.http().post(`${API}/check-out`).set(auth).set(headers).send(body);
  const settings = async (body: object) => {
    const res = await t.http().put('/api/settings/attendance').set(admin).send(body);
    expect(res.status).toBe(200);
  };
  const rows = (employeeId: number) => t.em().count(AttendanceRecord, { employee: employeeId }, { filters: false });

  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    a = await createCompany(t, 'Alpha');
    b = await createCompany(t, 'Beta');
    admin = bearer(a.tokens.company_admin);
    for (const c of [a, b]) {
      await grant(t, { position: c.position }, c.company, 'attendance', { can_view: true, can_create: true });
    }
    await setZone(t, a.company.id, 'America/New_York');
  });
  beforeEach(() => resetSettings(t, a.company.id));
  afterAll(() => t.close());

  describe('checking in and out', () => {
    it("checks in the caller's own record with the default location 'Office' and the late rule of the company's clock", async () => {
      const { employee, auth } = await attendee(t, a);
      const res = await checkIn(auth);
      expect(res.status).toBe(201);
      expect(res.body.message).toBe('Check-in successful!');
      const now = DateTime.now().setZone('America/New_York');
      expect(res.body.data).toMatchObject({
        employee_id: employee.id,
        attendance_date: now.toISODate(),
        check_in_location: 'Office',
        check_out_time: null,
        work_hours: null,
        is_offline: false,
        status: now.hour > 9 ? 'late' : 'present',
      });
    });

    it('answers a second check-in with the first one (200) and never adds a row', async () => {
      const { employee, auth } = await attendee(t, a);
      const first = await checkIn(auth, { location: 'Front desk' });
      const again = await checkIn(auth, { location: 'Elsewhere' });
      expect(first.status).toBe(201);
      expect(again.status).toBe(200);
      expect(again.body.message).toBe('You have already checked in today');
      expect(again.body.data).toMatchObject({ id: first.body.data.id, check_in_location: 'Front desk' });
      expect(await rows(employee.id)).toBe(1);
    });

    it('50 concurrent identical check-ins make exactly one record, answered 201 once and 200 otherwise', async () => {
      const { employee, auth } = await attendee(t, a);
      const answers = await Promise.all(Array.from({ length: 50 }, () => checkIn(auth, { location: 'Office' })));
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 200)).toHaveLength(49);
      expect(new Set(answers.map((r) => r.body.data.id)).size).toBe(1);
      expect(await rows(employee.id)).toBe(1);
    });

    it('refuses a check-out before any check-in (422)', async () => {
      const { employee, auth } = await attendee(t, a);
      const res = await checkOut(auth, { location: 'Office' });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(NOT_CHECKED_IN);
      expect(await rows(employee.id)).toBe(0);
    });

    it('checks out with work hours computed, and answers a second check-out with the first', async () => {
      await settings({ general: { allow_offline_checkin: true } });
      const { auth } = await attendee(t, a);
      const start = DateTime.now().minus({ hours: 3, minutes: 30 }).startOf('minute');
      // a check-in 3.5 hours ago: sent later with its original time (offline)
      const inRes = await checkIn(auth, { timestamp: start.toISO() });
      expect(inRes.status).toBe(201);
      const out = await checkOut(auth, { location: 'Home' });
      expect(out.status).toBe(201);
      expect(out.body.message).toBe('Check-out successful!');
      expect(out.body.data.check_out_location).toBe('Home');
      expect(out.body.data.work_hours).toBeGreaterThanOrEqual(3.5);
      expect(out.body.data.work_hours).toBeLessThanOrEqual(3.52);
      const again = await checkOut(auth);
      expect(again.status).toBe(200);
      expect(again.body.message).toBe('You have already checked out today');
      expect(again.body.data.check_out_time).toBe(out.body.data.check_out_time);
    });

    it("closes yesterday's record after midnight, answers a second check-out with it, and a day shift closed yesterday is not today's check-out", async () => {
      // a company whose clock now reads between 01:00 and 03:59
      const night = await createCompany(t, 'Night');
      await grant(t, { position: night.position }, night.company, 'attendance', { can_view: true, can_create: true });
      const offset = [...Array(27).keys()].map((i) => i - 12).find((o) => (((DateTime.utc().hour + o) % 24) + 24) % 24 === 2)!;
      const zone = `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
      await setZone(t, night.company.id, zone);
      await t.http().put('/api/settings/attendance').set(bearer(night.tokens.company_admin)).send({ general: { allow_offline_checkin: true } }).expect(200);
      const today = DateTime.now().setZone(zone);
      const yesterday = today.minus({ days: 1 });

      const { employee, auth } = await attendee(t, night);
      const inRes = await checkIn(auth, { timestamp: yesterday.set({ hour: 22, minute: 0, second: 0, millisecond: 0 }).toISO() });
      expect(inRes.status).toBe(201);
      expect(inRes.body.data.attendance_date).toBe(yesterday.toISODate());
      const open = await t.http().get(`${API}/today`).set(auth);
      expect(open.body.data).toMatchObject({ date: today.toISODate(), can_check_in: true, can_check_out: true, record: { id: inRes.body.data.id } });
      const out = await checkOut(auth);
      expect(out.status).toBe(201);
      expect(out.body.data).toMatchObject({ id: inRes.body.data.id, attendance_date: yesterday.toISODate() });
      const again = await checkOut(auth);
      expect(again.status).toBe(200);
      expect(again.body.message).toBe('You have already checked out today');
      expect(again.body.data).toMatchObject({ id: inRes.body.data.id, check_out_time: out.body.data.check_out_time });
      expect(await rows(employee.id)).toBe(1);
      const closed = await t.http().get(`${API}/today`).set(auth);
      expect(closed.body.data).toMatchObject({ can_check_in: true, can_check_out: false, record: { id: inRes.body.data.id, check_out_time: out.body.data.check_out_time } });

      // worked 09:00-17:00 yesterday: nothing was checked out today
      const day = await attendee(t, night, 'Dee');
      const dayIn = await checkIn(day.auth, { timestamp: yesterday.set({ hour: 9, minute: 0, second: 0, millisecond: 0 }).toISO() });
      const dayOut = await checkOut(day.auth, { timestamp: yesterday.set({ hour: 17, minute: 0, second: 0, millisecond: 0 }).toISO() });
      expect([dayIn.status, dayOut.status]).toEqual([201, 201]);
      const late = await checkOut(day.auth);
      expect(late.status).toBe(422);
      expect(late.body.message).toBe(NOT_CHECKED_IN);
      const dayToday = await t.http().get(`${API}/today`).set(day.auth);
      expect(dayToday.body.data).toMatchObject({ record: null, can_check_in: true, can_check_out: false });
    });

    it('answers 422 to an account without an employee record', async () => {
      const res = await checkIn(admin);
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(NO_EMPLOYEE_RECORD);
    });

    it('without the attendance module and with self-service off, an employee gets 403 naming the policy', async () => {
      const other = await createCompany(t, 'NoRights');
      await setSelfService(t, other.company, false);
      const res = await checkIn(bearer(other.tokens.employee));
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(SELF_SERVICE_OFF);
    });

    it.each([
      [{ latitude: 40.7 }, 'longitude'],
      [{ latitude: 'north', longitude: 1 }, 'latitude'],
      [{ accuracy: -1 }, 'accuracy'],
      [{ timestamp: 'yesterday' }, 'timestamp'],
      [{ location: 'x'.repeat(256) }, 'location'],
      [{ mood: 'happy' }, 'mood'],
    ])('refuses the body %j with 400 naming %s', async (body, field) => {
      const { employee, auth } = await attendee(t, a);
      const res = await checkIn(auth, body);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].field).toBe(field);
      expect(await rows(employee.id)).toBe(0);
    });
  });

  describe('geofence', () => {
    let g: CompanyFixture;
    let gAdmin: Record<string, string>;
    let hq: { id: number };
    const gSettings = async (body: object) => {
      const res = await t.http().put('/api/settings/attendance').set(gAdmin).send(body);
      expect(res.status).toBe(200);
    };

    beforeAll(async () => {
      g = await createCompany(t, 'Geo');
      gAdmin = bearer(g.tokens.company_admin);
      await grant(t, { position: g.position }, g.company, 'attendance', { can_view: true, can_create: true });
      const res = await t.http().post('/api/hr/work-locations').set(gAdmin).send({ location_name: 'HQ', ...HQ, radius: 100 });
      hq = res.body.data;
    });
    beforeEach(() => resetSettings(t, g.company.id));

    it('accepts a check-in inside the radius and records the location and distance', async () => {
      const { auth } = await attendee(t, g);
      const res = await checkIn(auth, NEAR);
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ work_location_id: hq.id, work_location_name: 'HQ', check_in_latitude: 40.713, check_in_accuracy: 10 });
      expect(res.body.data.check_in_distance).toBeGreaterThan(15);
      expect(res.body.data.check_in_distance).toBeLessThan(30);
    });

    it('refuses a check-in outside the radius with the distance (422)', async () => {
      const { employee, auth } = await attendee(t, g);
      const res = await checkIn(auth, FAR);
      expect(res.status).toBe(422);
      expect(res.body.message).toMatch(/^You are 11\d\d m from HQ; check in within 100 m of it$/);
      expect(await rows(employee.id)).toBe(0);
    });

    it('refuses a position less accurate than the threshold (422)', async () => {
      await gSettings({ geolocation: { accuracy_threshold: 30 } });
      const { employee, auth } = await attendee(t, g);
      const res = await checkIn(auth, { ...NEAR, accuracy: 45 });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe('Your location is not accurate enough (±45 m; at most 30 m is accepted). Move to an open area and try again');
      expect(await rows(employee.id)).toBe(0);
      expect((await checkIn(auth, { ...NEAR, accuracy: 30 })).status).toBe(201);
    });

    it('requires a position when the company requires the location check (422), and accepts one', async () => {
      await gSettings({ general: { require_location_check: true } });
      const { auth } = await attendee(t, g);
      const res = await checkIn(auth, { location: 'Office' });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(LOCATION_REQUIRED);
      expect((await checkIn(auth, NEAR)).status).toBe(201);
    });

    it('caps the radius at the company maximum', async () => {
      const wide = await t.http().post('/api/hr/work-locations').set(gAdmin).send({ location_name: 'Campus', latitude: 10, longitude: 10, radius: 800 });
      // about 600 m from Campus: inside its 800 m, outside a 500 m maximum
      const spot = { latitude: 10 + 600 / 111195, longitude: 10, accuracy: 5 };
      const { auth } = await attendee(t, g);
      const refused = await checkIn(auth, spot);
      expect(refused.status).toBe(422);
      expect(refused.body.message).toMatch(/from Campus; check in within 500 m of it/);
      await gSettings({ geolocation: { max_radius: 1000 } });
      expect((await checkIn(auth, spot)).status).toBe(201);
      await t.http().delete(`/api/hr/work-locations/${wide.body.data.id}`).set(gAdmin);
    });

    it('checks an employee with an assigned location against that location only', async () => {
      const depot = (await t.http().post('/api/hr/work-locations').set(gAdmin).send({ location_name: 'Depot', latitude: 40.8, longitude: -74.1 })).body.data;
      const shift = (
        await t.http().post('/api/hr/shifts').set(gAdmin).send({ shift_name: 'Day', shift_code: unique('D'), start_time: '00:00', end_time: '23:59', grace_period: 1440 })
      ).body.data;
      const { employee, auth } = await attendee(t, g);
      const today = DateTime.now().setZone('UTC').toISODate();
      const yesterday = DateTime.now().setZone('UTC').minus({ days: 1 }).toISODate();
      const assigned = await t.http().post('/api/hr/shift-assignments').set(gAdmin).send({
        employee_id: employee.id,
        shift_id: shift.id,
        location_id: depot.id,
        start_date: yesterday,
      });
      expect(assigned.status).toBe(201);
      const atHq = await checkIn(auth, NEAR);
      expect(atHq.status).toBe(422);
      expect(atHq.body.message).toMatch(/from Depot/);
      const atDepot = await checkIn(auth, { latitude: 40.8001, longitude: -74.1, accuracy: 5 });
      expect(atDepot.status).toBe(201);
      expect(atDepot.body.data).toMatchObject({ work_location_name: 'Depot', shift_name: 'Day', attendance_date: today, status: 'present' });
    });
  });

  describe('network and device rules', () => {
    const ranges = { network: { enable_ip_restriction: true, allowed_ip_ranges: ['203.0.113.0/24', '2001:db8::/32', '198.51.100.9'] } };

    it.each([
      ['203.0.113.77', 201],
      ['198.51.100.9', 201],
      ['198.51.100.10', 422],
      ['2001:db8::5', 201],
      ['2001:db9::5', 422],
    ])('with allowed ranges, a check-in from %s answers %d', async (ip, status) => {
      await settings(ranges);
      const { employee, auth } = await attendee(t, a);
      const res = await checkIn(auth, {}, { 'X-Forwarded-For': ip });
      expect(res.status).toBe(status);
      if (status === 422) {
        expect(res.body.message).toBe(`Check-in is not allowed from your network (${ip}). Connect to your company's network and try again`);
        expect(await rows(employee.id)).toBe(0);
      }
    });

    it('a trusted IP passes the network and location rules', async () => {
      await settings({ ...ranges, general: { require_location_check: true }, network: { ...ranges.network, enable_ip_whitelist: true, trusted_ips: ['192.0.2.1'] } });
      const { auth } = await attendee(t, a);
      expect((await checkIn(auth, {}, { 'X-Forwarded-For': '192.0.2.1' })).status).toBe(201);
    });

    it('refuses mobile devices when they are not allowed', async () => {
      await settings({ device: { allow_mobile_devices: false } });
      const { auth } = await attendee(t, a);
      const res = await checkIn(auth, {}, { 'User-Agent': IPHONE });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe('Attendance from mobile devices is not allowed by your company. Use a computer');
      expect((await checkIn(auth, {}, { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0' })).status).toBe(201);
    });

    it('limits the devices per employee and requires a device id when restricted', async () => {
      await settings({ device: { restrict_by_device_id: true, max_devices_per_user: 1 } });
      const { auth } = await attendee(t, a);
      const noId = await checkIn(auth);
      expect(noId.status).toBe(422);
      expect(noId.body.errors[0].field).toBe('device_id');
      expect((await checkIn(auth, {}, { 'X-Device-Id': 'phone-1' })).status).toBe(201);
      const second = await checkOut(auth, { device_id: 'laptop-2' });
      expect(second.status).toBe(422);
      expect(second.body.message).toMatch(/limit of 1 device for attendance/);
      expect((await checkOut(auth, {}, { 'X-Device-Id': 'phone-1' })).status).toBe(201);
    });
  });

  describe('late rule and offline entries across time zones', () => {
    let tokyo: CompanyFixture;
    let tAdmin: Record<string, string>;
    let morning: { id: number };

    beforeAll(async () => {
      tokyo = await createCompany(t, 'Tokyo');
      tAdmin = bearer(tokyo.tokens.company_admin);
      await grant(t, { position: tokyo.position }, tokyo.company, 'attendance', { can_view: true, can_create: true });
      await setZone(t, tokyo.company.id, 'Asia/Tokyo');
      // pastLocal may reach a little over a day back
      await t.http().put('/api/settings/attendance').set(tAdmin).send({ general: { allow_offline_checkin: true, offline_checkin_max_age_hours: 48 } });
      morning = (
        await t.http().post('/api/hr/shifts').set(tAdmin).send({ shift_name: 'Morning', shift_code: 'MORN', start_time: '08:00', end_time: '16:00', grace_period: 15 })
      ).body.data;
    });

    const withShift = async (shiftId: number) => {
      const person = await attendee(t, tokyo);
      const res = await t.http().post('/api/hr/shift-assignments').set(tAdmin).send({
        employee_id: person.employee.id,
        shift_id: shiftId,
        start_date: DateTime.now().minus({ days: 5 }).toISODate(),
      });
      expect(res.status).toBe(201);
      return person;
    };

    it.each([
      [8, 10, 'present'],
      [8, 15, 'present'],
      [8, 16, 'late'],
    ])('with a 08:00 shift and 15 minutes grace, a check-in at %d:%d (Tokyo) is %s', async (hh, mm, status) => {
      const { auth } = await withShift(morning.id);
      const at = pastLocal('Asia/Tokyo', hh, mm);
      const res = await checkIn(auth, { timestamp: at.toUTC().toISO() });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ status, is_offline: true, attendance_date: at.toISODate(), shift_name: 'Morning' });
    });

    it('a 14:00 shift is not late at 10:30, although that is after 9', async () => {
      const late = (await t.http().post('/api/hr/shifts').set(tAdmin).send({ shift_name: 'Late', shift_code: 'LATE', start_time: '14:00', end_time: '22:00' })).body.data;
      const { auth } = await withShift(late.id);
      const res = await checkIn(auth, { timestamp: pastLocal('Asia/Tokyo', 10, 30).toUTC().toISO() });
      expect(res.body.data.status).toBe('present');
    });

    it("without a shift, the 9 o'clock rule reads the company's clock: the same instant is late in Tokyo, not in New York", async () => {
      // 09:30 in New York is 22:30 or 23:30 in Tokyo
      const instant = pastLocal('America/New_York', 9, 30).toUTC().toISO();
      await settings({ general: { allow_offline_checkin: true, offline_checkin_max_age_hours: 48 } });
      const ny = await attendee(t, a);
      const jp = await attendee(t, tokyo);
      const inNy = await checkIn(ny.auth, { timestamp: instant });
      const inJp = await checkIn(jp.auth, { timestamp: instant });
      expect(inNy.body.data.status).toBe('present');
      expect(inJp.body.data.status).toBe('late');
      const nyTen = await attendee(t, a);
      expect((await checkIn(nyTen.auth, { timestamp: pastLocal('America/New_York', 10, 1).toUTC().toISO() })).body.data.status).toBe('late');
      const nyNine = await attendee(t, a);
      expect((await checkIn(nyNine.auth, { timestamp: pastLocal('America/New_York', 9, 59).toUTC().toISO() })).body.data.status).toBe('present');
    });

    it('an offline check-in for a day the absent-marking job marked absent turns that record into the check-in', async () => {
      const { employee, auth } = await attendee(t, tokyo);
      const at = pastLocal('Asia/Tokyo', 8, 30);
      // as the job writes it (an administrator's record is never overwritten: 409)
      await t.em().execute(`insert into attendance_records (company_id, employee_id, attendance_date, status) values (?, ?, ?, 'absent')`, [
        tokyo.company.id,
        employee.id,
        at.toISODate(),
      ]);
      const marked = await t.em().fork().findOneOrFail(AttendanceRecord, { employee: employee.id }, { filters: false });
      const res = await checkIn(auth, { timestamp: at.toUTC().toISO() });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ id: marked.id, status: 'present', is_offline: true });
      expect(await rows(employee.id)).toBe(1);
    });

    it("refuses offline entries when the company does not allow them, older than the company's limit, or in the future", async () => {
      const { employee, auth } = await attendee(t, a);
      const offline = await checkIn(auth, { timestamp: DateTime.now().minus({ hours: 2 }).toISO() });
      expect(offline.status).toBe(422);
      expect(offline.body.message).toBe('Offline check-in is not enabled for your company. Please check in while online');
      const jp = await attendee(t, tokyo);
      const old = await checkIn(jp.auth, { timestamp: DateTime.now().minus({ hours: 49 }).toISO() });
      expect(old.status).toBe(422);
      expect(old.body.message).toBe('An offline check-in can be sent at most 2 days after it happened');
      const future = await checkIn(jp.auth, { timestamp: DateTime.now().plus({ hours: 1 }).toISO() });
      expect(future.status).toBe(422);
      expect(future.body.errors[0].field).toBe('timestamp');
      // the console always sends the current time: that is an online check-in
      const now = await checkIn(auth, { timestamp: new Date().toISOString() });
      expect(now.status).toBe(201);
      expect(now.body.data.is_offline).toBe(false);
      expect(await rows(employee.id)).toBe(1);
    });
  });

  describe('reading and correcting records', () => {
    let mine: { employee: { id: number }; auth: Record<string, string> };
    let other: { employee: { id: number }; auth: Record<string, string> };
    let recordId: number;

    beforeAll(async () => {
      await resetSettings(t, a.company.id);
      mine = await attendee(t, a, 'Mona');
      other = await attendee(t, a, 'Otto');
      recordId = (await checkIn(mine.auth)).body.data.id;
      await checkIn(other.auth);
      const em = t.em();
      em.create(AttendanceRecord, { company: a.company.id, employee: mine.employee.id, attendance_date: '2026-01-05', status: 'absent' } as never);
      em.create(AttendanceRecord, { company: a.company.id, employee: mine.employee.id, attendance_date: '2026-01-06', status: 'leave' } as never);
      await em.flush();
    });

    it('an employee reads only their own records, with the date and status filters', async () => {
      const res = await t.http().get(API).set(mine.auth).query({ start_date: '2026-01-01', end_date: '2026-01-31' });
      expect(res.status).toBe(200);
      expect(res.body.data.map((r: { attendance_date: string }) => r.attendance_date)).toEqual(['2026-01-06', '2026-01-05']);
      const absent = await t.http().get(API).set(mine.auth).query({ status: 'absent' });
      expect(absent.body.data.map((r: { status: string }) => r.status)).toEqual(['absent']);
      const all = await t.http().get(API).set(mine.auth).query({ employee_id: String(other.employee.id) });
      // Otto's check-in is not among them: the filter narrows the own records, here to none
      expect(all.status).toBe(200);
      expect(all.body.data).toEqual([]);
      expect((await t.http().get(`${API}/${recordId}`).set(other.auth)).status).toBe(404);
      expect((await t.http().get(API).set(mine.auth).query({ status: 'sleeping' })).status).toBe(400);
    });

    it("an admin reads every employee's records and filters by employee", async () => {
      const res = await t.http().get(API).set(admin).query({ filter: JSON.stringify({ employee_id: other.employee.id }) });
      expect(res.status).toBe(200);
      expect(res.body.data).toHaveLength(1);
      expect(res.body.data[0]).toMatchObject({ employee_id: other.employee.id, employee_name: 'Otto Attendee' });
      const everyone = await t.http().get(API).set(admin).query({ range: '[0,999]' });
      const ids = new Set(everyone.body.data.map((r: { employee_id: number }) => r.employee_id));
      expect(ids.has(mine.employee.id) && ids.has(other.employee.id)).toBe(true);
    });

    it("today and summary answer the caller's own day and statistics", async () => {
      const today = await t.http().get(`${API}/today`).set(mine.auth);
      expect(today.status).toBe(200);
      expect(today.body.data).toMatchObject({ can_check_in: false, can_check_out: true, time_zone: 'America/New_York', location_timeout: 10000 });
      expect(today.body.data.record.id).toBe(recordId);
      const summary = await t.http().get(`${API}/summary`).set(mine.auth).query({ start_date: '2026-01-01', end_date: '2026-01-31' });
      expect(summary.body.data).toMatchObject({ total_days: 2, absent_days: 1, leave_days: 1, present_days: 0, attendance_rate: 0 });
    });

    it('an admin corrects a record: work hours follow the times, and the change is audited', async () => {
      const inAt = '2026-01-05T14:00:00.000Z';
      const record = await t.em().findOneOrFail(AttendanceRecord, { employee: mine.employee.id, attendance_date: '2026-01-05' }, { filters: false });
      const res = await t.http().put(`${API}/${record.id}`).set(admin).send({
        status: 'present',
        check_in_time: inAt,
        check_out_time: '2026-01-05T22:15:00.000Z',
        notes: 'Badge reader was down',
      });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Attendance record updated successfully');
      expect(res.body.data).toMatchObject({ status: 'present', work_hours: 8.25, notes: 'Badge reader was down' });
      expect(res.body.data.corrected_at).not.toBeNull();
      const audit = await t.em().find(AuditLog, { company: a.company.id, path: `${API}/${record.id}` }, { filters: false });
      expect(audit).toHaveLength(1);
      expect(audit[0].details).toMatchObject({
        attendance_correction: { id: record.id, before: { status: 'absent', check_in_time: null }, after: { status: 'present', work_hours: '8.25' } },
      });
      const bad = await t.http().put(`${API}/${record.id}`).set(admin).send({ check_out_time: '2026-01-05T13:00:00.000Z' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0].field).toBe('check_out_time');
      expect((await t.http().put(`${API}/${record.id}`).set(mine.auth).send({ status: 'present' })).status).toBe(403);
    });

    it('an admin records a missing day once (409 the second time)', async () => {
      const body = { employee_id: other.employee.id, attendance_date: '2026-01-07', status: 'present', check_in_time: '2026-01-07T14:00:00Z' };
      const res = await t.http().post(API).set(admin).send(body);
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ attendance_date: '2026-01-07', status: 'present', work_hours: null });
      expect((await t.http().post(API).set(admin).send(body)).status).toBe(409);
    });

    it("the dashboard's Present Today counts today's present and late records", async () => {
      const res = await t.http().get('/api/dashboard/company').set(admin);
      expect(res.status).toBe(200);
      const today = DateTime.now().setZone('America/New_York').toISODate();
      const expected = await t.em().count(
        AttendanceRecord,
        { company: a.company.id, attendance_date: today, status: { $in: ['present', 'late'] } },
        { filters: false },
      );
      expect(expected).toBeGreaterThan(1);
      expect(res.body.data.cards.present_today).toBe(expected);
    });

    it('company B cannot read or change company A', async () => {
      const bAdmin = bearer(b.tokens.company_admin);
      expect((await t.http().get(`${API}/${recordId}`).set(bAdmin)).status).toBe(404);
      const put = await t.http().put(`${API}/${recordId}`).set(bAdmin).send({ status: 'absent' });
      expect(put.status).toBe(404);
      const list = await t.http().get(API).set(bAdmin).query({ range: '[0,999]' });
      expect(list.body.data.some((r: { id: number }) => r.id === recordId)).toBe(false);
      const filtered = await t.http().get(API).set(bAdmin).query({ employee_id: String(mine.employee.id) });
      expect(filtered.body.data).toEqual([]);
      const create = await t.http().post(API).set(bAdmin).send({ employee_id: mine.employee.id, attendance_date: '2026-01-09', status: 'absent' });
      expect(create.status).toBe(404);
      const stored = await t.em().findOneOrFail(AttendanceRecord, { id: recordId }, { filters: false });
      expect(stored.status).not.toBe('absent');
      expect(await t.em().count(AttendanceRecord, { company: b.company.id }, { filters: false })).toBe(0);
    });
  });
});
