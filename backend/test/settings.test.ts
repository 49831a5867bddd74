import { randomUUID } from 'node:crypto';
import { TokenService } from '../src/modules/auth/token.service';
import { RefreshToken } from '../src/modules/auth/refresh-token.entity';
import { User } from '../src/modules/users/user.entity';
import { createTestApp, type TestApp } from './support/app';
import { bearer, createCompany, createUser, grant, login, type CompanyFixture } from './support/fixtures';

const DEFAULTS = {
  general: {
    enable_geolocation: true,
    require_location_check: false,
    allow_offline_checkin: false,
    offline_checkin_max_age_hours: 24,
    auto_check_out: false,
    check_out_time: '18:00',
    ip_based_attendance: false,
    face_recognition: false,
    notification_enabled: true,
  },
  geolocation: {
    default_radius: 100,
    max_radius: 500,
    accuracy_threshold: 50,
    location_timeout: 10000,
    enable_gps: true,
    enable_network_location: true,
    enable_wifi_scanning: false,
    location_retention_days: 30,
  },
  device: {
    allow_mobile_devices: true,
    allow_desktop_devices: true,
    device_whitelist: [],
    restrict_by_device_id: false,
    enable_device_tracking: false,
    max_devices_per_user: 3,
  },
  network: {
    enable_ip_restriction: false,
    allowed_ip_ranges: [],
    enable_ip_whitelist: false,
    trusted_ips: [],
    enable_ip_tracking: false,
  },
};

/** What every answer of the attendance settings adds: the test client's address and the sample ranges around it (hr.md 9). */
const FROM_HERE = { client_ip: '127.0.0.1', sample_ip_ranges: ['127.0.0.0/24', '127.0.0.0/8'] };

describe('settings', () => {
  let t: TestApp;
  let a: CompanyFixture;
  let b: CompanyFixture;
  let superadmin: User;
  let superadminToken: string;
  let impersonatingA: string;
  let client: string;

  const ATT = '/api/settings/attendance';
  const put = (body: object, token = a.tokens.company_admin) => t.http().put(ATT).set(bearer(token)).send(body);

  beforeAll(async () => {
    t = await createTestApp();
    a = await createCompany(t, 'Alpha');
    b = await createCompany(t, 'Beta');
    superadmin = await createUser(t.em(), 'superadmin');
    superadminToken = await login(t, superadmin.email);
    impersonatingA = await t.app.get(TokenService).accessToken(superadmin, a.company.id);
    client = await login(t, (await createUser(t.em(), 'client')).email);
  });
  afterAll(() => t.close());

  describe('attendance settings', () => {
    it('has the defaults of the spec before anything is saved', async () => {
      const res = await t.http().get(ATT).set(bearer(a.tokens.company_admin));
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ ...DEFAULTS, ...FROM_HERE });
    });

    it('saves the four groups, persists them, and keeps the fields left out', async () => {
      const res = await put({
        general: { auto_check_out: true, check_out_time: '17:30' },
        geolocation: { default_radius: 150, accuracy_threshold: 30, location_timeout: 15000 },
        device: { max_devices_per_user: 5, device_whitelist: [' phone-1 ', 'tablet-2'] },
        network: { enable_ip_restriction: true, allowed_ip_ranges: ['192.168.1.0/24', '10.0.0.8', '2001:db8::/32'], trusted_ips: ['203.0.113.7'] },
      });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Settings saved successfully');
      const expected = {
        ...FROM_HERE,
        general: { ...DEFAULTS.general, auto_check_out: true, check_out_time: '17:30' },
        geolocation: { ...DEFAULTS.geolocation, default_radius: 150, accuracy_threshold: 30, location_timeout: 15000 },
        device: { ...DEFAULTS.device, max_devices_per_user: 5, device_whitelist: ['phone-1', 'tablet-2'] },
        network: {
          ...DEFAULTS.network,
          enable_ip_restriction: true,
          allowed_ip_ranges: ['192.168.1.0/24', '10.0.0.8', '2001:db8::/32'],
          trusted_ips: ['203.0.113.7'],
        },
      };
      expect(res.body.data).toEqual(expected);
      expect((await t.http().get(ATT).set(bearer(a.tokens.company_admin))).body.data).toEqual(expected);

      const again = await put({ geolocation: { max_radius: 800 } });
      expect(again.body.data.geolocation).toEqual({ ...expected.geolocation, max_radius: 800 });
      expect(again.body.data.network).toEqual(expected.network);
    });

    it("offers the sample ranges around the caller's address ({ip}/24, {ip}/8), which the allowed ranges take as they are", async () => {
      const read = await t.http().get(ATT).set(bearer(b.tokens.company_admin));
      expect(read.body.data.client_ip).toBe('127.0.0.1');
      expect(read.body.data.sample_ip_ranges).toEqual(['127.0.0.0/24', '127.0.0.0/8']);
      const saved = await put({ network: { allowed_ip_ranges: read.body.data.sample_ip_ranges } }, b.tokens.company_admin);
      expect(saved.status).toBe(200);
      expect(saved.body.data.network.allowed_ip_ranges).toEqual(['127.0.0.0/24', '127.0.0.0/8']);
      expect(saved.body.data.client_ip).toBe('127.0.0.1');
      await put({ network: { allowed_ip_ranges: [] } }, b.tokens.company_admin);
    });

    it('is per company: company B still has the defaults, and its save does not touch A', async () => {
      expect((await t.http().get(ATT).set(bearer(b.tokens.company_admin))).body.data).toEqual({ ...DEFAULTS, ...FROM_HERE });
      await put({ geolocation: { default_radius: 20 } }, b.tokens.company_admin);
      expect((await t.http().get(ATT).set(bearer(a.tokens.company_admin))).body.data.geolocation.default_radius).toBe(150);
      expect((await t.http().get(ATT).set(bearer(b.tokens.company_admin))).body.data.geolocation.default_radius).toBe(20);
    });

    it.each([
      ['geolocation', 'default_radius', 9, 'Default radius must be a whole number from 10 to 1000 m'],
      ['geolocation', 'default_radius', 1001, 'Default radius must be a whole number from 10 to 1000 m'],
      ['geolocation', 'max_radius', 5, 'Maximum radius must be a whole number from 10 to 1000 m'],
      ['geolocation', 'max_radius', 1001, 'Maximum radius must be a whole number from 10 to 1000 m'],
      ['geolocation', 'accuracy_threshold', 0, 'geolocation.accuracy_threshold must be a whole number from 1 to 100 m'],
      ['geolocation', 'accuracy_threshold', 101, 'geolocation.accuracy_threshold must be a whole number from 1 to 100 m'],
      ['geolocation', 'location_timeout', 999, 'Location timeout must be a whole number from 1000 to 60000 ms'],
      ['geolocation', 'location_timeout', 61000, 'Location timeout must be a whole number from 1000 to 60000 ms'],
      ['geolocation', 'location_timeout', 1500, 'Location timeout must be a multiple of 1000 ms'],
      ['geolocation', 'location_retention_days', 0, 'Location retention days must be a whole number from 1 to 365 days'],
      ['geolocation', 'location_retention_days', 366, 'Location retention days must be a whole number from 1 to 365 days'],
      ['geolocation', 'accuracy_threshold', 12.5, 'geolocation.accuracy_threshold must be a whole number from 1 to 100 m'],
      ['geolocation', 'accuracy_threshold', '50', 'geolocation.accuracy_threshold must be a whole number from 1 to 100 m'],
      ['device', 'max_devices_per_user', 0, 'Maximum devices per user must be a whole number from 1 to 10'],
      ['device', 'max_devices_per_user', 11, 'Maximum devices per user must be a whole number from 1 to 10'],
      ['general', 'check_out_time', '24:00', 'Check out time must be a time HH:MM'],
      ['general', 'check_out_time', '6pm', 'Check out time must be a time HH:MM'],
      ['general', 'auto_check_out', 'yes', 'Auto check out must be true or false'],
      ['network', 'allowed_ip_ranges', ['10.0.0.0/33'], 'Allowed IP ranges: "10.0.0.0/33" is not a CIDR range or an IP address'],
      ['network', 'allowed_ip_ranges', ['192.168.1.0/24', 'not-an-ip'], 'Allowed IP ranges: "not-an-ip" is not a CIDR range or an IP address'],
      ['network', 'allowed_ip_ranges', '10.0.0.0/8', 'Allowed IP ranges must be a list'],
      ['network', 'trusted_ips', ['10.0.0.0/8'], 'Trusted IPs: "10.0.0.0/8" is not an IP address'],
      ['device', 'device_whitelist', [5], 'Device whitelist: a device id is at most 200 characters long'],
    ])('refuses %s.%s = %j with 400 naming the field, saving nothing', async (group, field, value, message) => {
      const before = (await t.http().get(ATT).set(bearer(a.tokens.company_admin))).body.data;
      const res = await put({ [group]: { [field]: value }, general: group === 'general' ? { [field]: value } : { auto_check_out: false } });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].field).toBe(`${group}.${field}`);
      expect(res.body.message).toBe(message);
      expect(res.body.errors[0].message).toBe(message);
      expect((await t.http().get(ATT).set(bearer(a.tokens.company_admin))).body.data).toEqual(before);
    });

    it('refuses a default radius above the maximum radius', async () => {
      const res = await put({ geolocation: { default_radius: 900, max_radius: 300 } });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].field).toBe('geolocation.default_radius');
    });

    it('refuses unknown groups and fields', async () => {
      expect((await put({ payroll: {} })).body.errors[0].field).toBe('payroll');
      expect((await put({ geolocation: { radius: 5 } })).body.errors[0].field).toBe('geolocation.radius');
    });

    it('accepts the bounds themselves', async () => {
      const res = await put({
        geolocation: { default_radius: 10, max_radius: 1000, accuracy_threshold: 100, location_timeout: 60000, location_retention_days: 365 },
        device: { max_devices_per_user: 10 },
      });
      expect(res.status).toBe(200);
      const low = await put({ geolocation: { accuracy_threshold: 1, location_timeout: 1000, location_retention_days: 1 }, device: { max_devices_per_user: 1 } });
      expect(low.status).toBe(200);
    });

    it('only admins write; employees need the settings module to read', async () => {
      expect((await t.http().get(ATT).set(bearer(a.tokens.employee))).status).toBe(403);
      expect((await put({}, a.tokens.employee)).status).toBe(403);
      await grant(t, { position: a.position }, a.company, 'settings', { can_view: true, can_edit: true });
      expect((await t.http().get(ATT).set(bearer(a.tokens.employee))).status).toBe(200);
      // the settings module does not make an employee an admin
      expect((await put({}, a.tokens.employee)).status).toBe(403);
      expect((await t.http().get(ATT).set(bearer(client))).status).toBe(403);
      expect((await t.http().get(ATT).set(bearer(superadminToken))).status).toBe(403);
      const impersonated = await put({ general: { notification_enabled: false } }, impersonatingA);
      expect(impersonated.status).toBe(200);
      expect(impersonated.body.data.general.notification_enabled).toBe(false);
    });

    it('SettingsService.attendanceSettings reads any company, with the defaults for one without a row', async () => {
      const { SettingsService } = await import('../src/modules/settings/settings.service');
      const service = t.app.get(SettingsService);
      expect((await service.attendanceSettings(b.company.id)).geolocation.default_radius).toBe(20);
      const c = await createCompany(t, 'Gamma');
      expect(await service.attendanceSettings(c.company.id)).toEqual(DEFAULTS);
    });
  });

  describe('notification preferences, per user', () => {
    const URL = '/api/settings/notifications';

    it('start with everything on, and save per user', async () => {
      const res = await t.http().get(URL).set(bearer(a.tokens.employee));
      expect(res.body.data).toEqual({ email: true, leave_requests: true, payroll_updates: true });
      const saved = await t.http().put(URL).set(bearer(a.tokens.employee)).send({ leave_requests: false });
      expect(saved.status).toBe(200);
      expect(saved.body.data).toEqual({ email: true, leave_requests: false, payroll_updates: true });
      expect((await t.http().get(URL).set(bearer(a.tokens.employee))).body.data.leave_requests).toBe(false);
      // another user of the same company is not affected
      expect((await t.http().get(URL).set(bearer(a.tokens.company_admin))).body.data.leave_requests).toBe(true);
      // a superadmin (no company) has preferences too
      const sa = await t.http().put(URL).set(bearer(superadminToken)).send({ email: false, payroll_updates: false });
      expect(sa.body.data).toEqual({ email: false, leave_requests: true, payroll_updates: false });
    });

    it('refuses values that are not booleans and unknown fields', async () => {
      expect((await t.http().put(URL).set(bearer(client)).send({ email: 'no' })).body.errors[0].field).toBe('email');
      expect((await t.http().put(URL).set(bearer(client)).send({ sms: true })).status).toBe(400);
    });

    it('are what the notification sending asks', async () => {
      const { NotificationPreferencesService } = await import('../src/modules/settings/notification-preferences.service');
      const prefs = t.app.get(NotificationPreferencesService);
      expect(await prefs.wants(a.employeeUser.id, 'leave_requests')).toBe(false);
      expect(await prefs.wants(a.employeeUser.id, 'payroll_updates')).toBe(true);
      expect(await prefs.wants(superadmin.id, 'leave_requests')).toBe(false);
      expect(await prefs.recipients([a.employeeUser.id, a.admin.id, superadmin.id], 'leave_requests')).toEqual([a.admin.id]);
    });
  });

  describe('system (superadmin)', () => {
    it('refuses everyone but the superadmin', async () => {
      for (const token of [a.tokens.company_admin, a.tokens.employee, client]) {
        expect((await t.http().get('/api/system/health').set(bearer(token))).status).toBe(403);
        expect((await t.http().post('/api/system/clean-old-records').set(bearer(token))).status).toBe(403);
        expect((await t.http().get(`/api/system/companies/${a.company.id}/export`).set(bearer(token))).status).toBe(403);
      }
    });

    it('refuses a superadmin who is impersonating a company (the tools work across companies)', async () => {
      const res = await t.http().get('/api/system/health').set(bearer(impersonatingA));
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("Exit impersonation to use the platform's tools: while impersonating, you work as the company");
      expect((await t.http().post('/api/system/clean-old-records').set(bearer(impersonatingA))).status).toBe(403);
    });

    it('reports the real health figures', async () => {
      const res = await t.http().get('/api/system/health').set(bearer(superadminToken));
      expect(res.status).toBe(200);
      const h = res.body.data;
      expect(h.status).toBe('ok');
      expect(h.database).toMatchObject({ ok: true, error: null });
      expect(h.database.round_trip_ms).toBeGreaterThanOrEqual(0);
      expect(h.migrations.applied).toBeGreaterThan(0);
      expect(h.migrations.pending).toEqual([]);
      expect(h.jobs).toContainEqual(expect.objectContaining({ name: 'clean-old-records', type: 'cron', next_run_at: expect.any(String) }));
      expect(h.process.uptime_seconds).toBeGreaterThanOrEqual(0);
      expect(h.process.memory_rss_bytes).toBeGreaterThan(0);
    });

    it('cleans expired sessions and keeps live ones', async () => {
      const em = t.em();
      const user = em.getReference(User, a.admin.id);
      const expired = em.create(RefreshToken, {
        id: randomUUID(),
        user,
        family_id: randomUUID(),
        token_hash: 'x'.repeat(64),
        expires_at: new Date(Date.now() - 60_000),
      });
      const live = em.create(RefreshToken, {
        id: randomUUID(),
        user,
        family_id: randomUUID(),
        token_hash: 'y'.repeat(64),
        expires_at: new Date(Date.now() + 3_600_000),
      });
      await em.flush();
      const res = await t.http().post('/api/system/clean-old-records').set(bearer(superadminToken));
      expect(res.status).toBe(200);
      const sessions = res.body.data.results.find((r: { name: string }) => r.name === 'expired sessions');
      expect(sessions.affected).toBeGreaterThanOrEqual(1);
      expect(res.body.data.total_affected).toBeGreaterThanOrEqual(1);
      expect(await t.em().count(RefreshToken, { id: expired.id })).toBe(0);
      expect(await t.em().count(RefreshToken, { id: live.id })).toBe(1);
    });

    it("runs registered cleaners with each company's retention", async () => {
      const { RecordCleanupRegistry } = await import('../src/modules/settings/record-cleanup.registry');
      const registry = t.app.get(RecordCleanupRegistry);
      await put({ geolocation: { location_retention_days: 7 } }, b.tokens.company_admin);
      await put({ geolocation: { location_retention_days: 45 } });
      let seen: Array<{ company_id: number; days: number }> = [];
      registry.register({
        name: 'retention probe',
        clean: async ({ em, retentionCutoffs }) => {
          seen = await em.getConnection().execute(
            `select company_id, round(extract(epoch from now() - cutoff) / 86400)::int as days from ${retentionCutoffs} r where company_id in (?, ?)`,
            [a.company.id, b.company.id],
            'all',
            em.getTransactionContext(),
          );
          return seen.length;
        },
      });
      registry.register({ name: 'failing probe', clean: async () => Promise.reject(new Error('boom')) });
      const res = await t.http().post('/api/system/clean-old-records').set(bearer(superadminToken));
      expect(res.status).toBe(200);
      expect(res.body.data.results).toContainEqual({ name: 'retention probe', affected: 2 });
      expect(res.body.data.results).toContainEqual(expect.objectContaining({ name: 'failing probe', affected: 0, error: expect.any(String) }));
      const days = Object.fromEntries(seen.map((r) => [Number(r.company_id), Number(r.days)]));
      expect(days[b.company.id]).toBe(7);
      expect(days[a.company.id]).toBe(45);
    });

    it("exports one company's rows as a JSON download, without secrets or other companies' rows", async () => {
      const res = await t
        .http()
        .get(`/api/system/companies/${a.company.id}/export`)
        .set(bearer(superadminToken))
        .buffer(true)
        .parse((response, done) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => done(null, text));
        });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.headers['content-disposition']).toMatch(new RegExp(`attachment; filename="company-${a.company.company_code}-export-\\d{4}-\\d{2}-\\d{2}\\.json"`));
      const doc = JSON.parse(res.body as unknown as string);
      expect(doc.company).toMatchObject({ id: a.company.id, company_code: a.company.company_code });
      expect(doc.tables.employees.map((e: { id: number }) => e.id)).toEqual([a.employee.id]);
      expect(doc.tables.positions.map((p: { id: number }) => p.id)).toEqual([a.position.id]);
      expect(doc.tables.attendance_settings).toHaveLength(1);
      expect(doc.tables.users.map((u: { id: number }) => u.id).sort()).toEqual([a.admin.id, a.employeeUser.id].sort());
      expect(doc.tables.users[0]).not.toHaveProperty('password_hash');
      for (const rows of Object.values<Array<{ company_id: number }>>(doc.tables)) {
        for (const row of rows) expect(row.company_id).toBe(a.company.id);
      }
      expect(JSON.stringify(doc)).not.toContain(b.company.company_code);
    });

    it('answers 404 when exporting a company that does not exist', async () => {
      expect((await t.http().get('/api/system/companies/99999999/export').set(bearer(superadminToken))).status).toBe(404);
    });
  });
});
