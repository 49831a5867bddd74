/** Liveness and readiness, as an orchestrator probes them. */
import { Readiness } from '../src/modules/health/readiness';
import { createTestApp, type TestApp } from './support/app';

describe('health probes', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  it('GET /api/health/live: the process answers', async () => {
    const res = await t.http().get('/api/health/live');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ status: 'ok', uptime_seconds: expect.any(Number) });
  });

  it('GET /api/health/ready: the database answers', async () => {
    const res = await t.http().get('/api/health/ready');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ status: 'ready', database: 'up' });
  });

  it('once shutting down, readiness answers 503 while liveness and the requests under way still answer', async () => {
    t.app.get(Readiness).beginShutdown();
    const ready = await t.http().get('/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ success: false, message: 'The application is shutting down' });
    expect((await t.http().get('/api/health/live')).status).toBe(200);
    expect((await t.http().get('/api/health')).status).toBe(200);
  });

  it('without a database, readiness and /api/health answer 503 and liveness 200', async () => {
    const other = await createTestApp();
    try {
      await other.orm.close(true);
      const started = Date.now();
      const ready = await other.http().get('/api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body.message).toBe('The database is unavailable');
      expect(Date.now() - started).toBeLessThan(5000);
      expect((await other.http().get('/api/health')).status).toBe(503);
      expect((await other.http().get('/api/health/live')).status).toBe(200);
    } finally {
      await other.close().catch(() => undefined);
    }
  });
});
