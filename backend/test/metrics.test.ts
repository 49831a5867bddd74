/**
 * GET /api/metrics: what Prometheus scrapes. Only with the metrics token; request latency by
 * route pattern, counts by status, the jobs' runs, the notification outbox and the database pool.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Notification } from '../src/modules/notifications/notification.entity';
import { NotificationSender } from '../src/modules/notifications/notification-sender.job';
import { SchedulerRegistry } from '@nestjs/schedule';
import { createTestApp, type TestApp } from './support/app';
import { bearer, createCompany, type CompanyFixture } from './support/fixtures';

const TOKEN = 'metrics-token-0123456789abcdef';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parse(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!m) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
      return { name: m[1], labels, value: Number(m[3]) };
    });
}

/** The sum of the samples of `name` whose labels include `labels`. */
const valueOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);

describe('GET /api/metrics', () => {
  let t: TestApp;
  let acme: CompanyFixture;
  const mailDir = mkdtempSync(join(tmpdir(), 'hr-metrics-mail-'));
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN, MAIL_DIR: mailDir } });
    acme = await createCompany(t, 'Metrics');
  });
  afterAll(async () => {
    await t.close();
    rmSync(mailDir, { recursive: true, force: true });
  });

  const scrape = async () => {
    const res = await t.http().get('/api/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    return parse(res.text);
  };

  it('answers 401 without the token or with a wrong one, a user session included', async () => {
    for (const auth of [undefined, `Bearer ${TOKEN}x`, 'Bearer short', `Basic ${TOKEN}`, `Bearer ${acme.tokens.company_admin}`]) {
      const req = t.http().get('/api/metrics');
      const res = await (auth ? req.set('Authorization', auth) : req);
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(res.text).not.toContain('hr_http_requests_total');
    }
  });

  it('answers 404 when no METRICS_TOKEN is configured', async () => {
    const off = await createTestApp();
    try {
      expect((await off.http().get('/api/metrics')).status).toBe(404);
      expect((await off.http().get('/api/metrics').set('Authorization', `Bearer ${TOKEN}`)).status).toBe(404);
    } finally {
      await off.close();
    }
  });

  it('times requests by route pattern, method and status, and counts them by status', async () => {
    const before = await scrape();
    const id = 987654321;
    for (let i = 0; i < 3; i++) {
      expect((await t.http().get(`/api/hr/employees/${id}`).set(bearer(acme.tokens.company_admin))).status).toBe(404);
    }
    expect((await t.http().get(`/api/hr/employees/${acme.employee.id}`).set(bearer(acme.tokens.company_admin))).status).toBe(200);
    const after = await scrape();

    const route = { route: '/api/hr/employees/:id', method: 'GET' };
    expect(valueOf(after, 'hr_http_request_duration_seconds_count', { ...route, status_code: '404' }) - valueOf(before, 'hr_http_request_duration_seconds_count', { ...route, status_code: '404' })).toBe(3);
    expect(valueOf(after, 'hr_http_request_duration_seconds_count', { ...route, status_code: '200' }) - valueOf(before, 'hr_http_request_duration_seconds_count', { ...route, status_code: '200' })).toBe(1);
    expect(valueOf(after, 'hr_http_request_duration_seconds_bucket', { ...route, status_code: '404', le: '+Inf' })).toBeGreaterThanOrEqual(3);
    // the pattern, never the raw URL (one series per route, whatever the ids)
    expect(after.some((s) => Object.values(s.labels).some((v) => v.includes(String(id))))).toBe(false);
    expect(valueOf(after, 'hr_http_requests_total', { status_code: '404' }) - valueOf(before, 'hr_http_requests_total', { status_code: '404' })).toBe(3);
    expect(valueOf(after, 'hr_http_requests_total', { status_code: '200' }) - valueOf(before, 'hr_http_requests_total', { status_code: '200' })).toBeGreaterThanOrEqual(2);
    // an unknown path is one series, not one per URL
    await t.http().get('/api/no-such-thing/123');
    expect(valueOf(await scrape(), 'hr_http_request_duration_seconds_count', { route: 'unmatched', status_code: '404' })).toBeGreaterThanOrEqual(1);
  });

  it('reads the outbox depth at scrape time, and records a run of the notification sender', async () => {
    const em = t.em();
    for (let i = 0; i < 3; i++) {
      em.create(Notification, { company: acme.company, user: acme.admin, topic: 'billing', subject: `Due ${i}`, body: 'Pay' });
    }
    em.create(Notification, { company: acme.company, user: acme.admin, topic: 'billing', subject: 'Later', body: 'Pay', next_attempt_at: new Date(Date.now() + 86_400_000) });
    await em.flush();
    const pending = async () =>
      Number((await t.em().getConnection().execute<Array<{ n: string }>>(`select count(*) as n from notifications where status = 'pending'`))[0].n);

    const before = await scrape();
    const waiting = await pending();
    expect(waiting).toBeGreaterThanOrEqual(4);
    expect(valueOf(before, 'hr_notification_outbox_depth', { status: 'pending' })).toBe(waiting);

    const result = await t.app.get(NotificationSender).run();
    expect(result.sent).toBeGreaterThanOrEqual(3);
    const after = await scrape();
    const job = { job: 'notifications-send', result: 'ok' };
    expect(valueOf(after, 'hr_job_runs_total', job) - valueOf(before, 'hr_job_runs_total', job)).toBe(1);
    expect(valueOf(after, 'hr_job_duration_seconds_count', job) - valueOf(before, 'hr_job_duration_seconds_count', job)).toBe(1);
    expect(valueOf(after, 'hr_job_duration_seconds_sum', job)).toBeGreaterThan(0);
    // the notices sent left the outbox; the one due tomorrow waits
    expect(valueOf(after, 'hr_notification_outbox_depth', { status: 'pending' })).toBe(await pending());
    expect(await pending()).toBe(waiting - result.sent);
  });

  it('the measured jobs keep their schedules', () => {
    // the job label of the metrics, as the operators' dashboards and alerts name them
    const jobs = [...t.app.get(SchedulerRegistry).getCronJobs().keys()];
    expect(jobs).toEqual(
      expect.arrayContaining([
        'clean-old-records',
        'attendance-absent',
        'attendance-auto-check-out',
        'billing-renew-and-dunning',
        'scheduled-reports',
        'notifications-send',
        'tasks-overdue',
      ]),
    );
  });

  it('reports the database pool and the process', async () => {
    const samples = await scrape();
    const max = valueOf(samples, 'hr_db_pool_max');
    expect(max).toBe(t.config.dbPoolMax);
    const used = valueOf(samples, 'hr_db_pool_connections', { state: 'used' });
    const free = valueOf(samples, 'hr_db_pool_connections', { state: 'free' });
    expect(used + free).toBeGreaterThanOrEqual(1);
    expect(used + free).toBeLessThanOrEqual(max);
    expect(samples.some((s) => s.name === 'hr_db_pool_connections' && s.labels.state === 'pending')).toBe(true);
    expect(valueOf(samples, 'hr_database_embedded')).toBe(process.env.TEST_DATABASE_URL ? 0 : 1);
    expect(valueOf(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });
});
