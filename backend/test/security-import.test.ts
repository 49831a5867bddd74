/**
 * A CSV import of employees does not hold the server: a 10,000-row file is parsed and validated
 * off the event loop and written in pieces (the event loop is never held for long, so the
 * liveness probe keeps answering for every company), a company runs one import at a time (a second
 * answers 409 in words), and its progress is readable while it runs.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { createTestApp, type TestApp } from './support/app';
import { bearer, createCompany, type CompanyFixture } from './support/fixtures';

const ROWS = 10_000;
const csv = (prefix: string, rows = ROWS) =>
  ['employee_code,first_name,last_name,email,hire_date,phone,city']
    .concat(Array.from({ length: rows }, (_, i) => `${prefix}${i},First${i},Last${i},${prefix.toLowerCase()}${i}@import.example.com,2025-01-0${(i % 9) + 1},+1 555 ${String(i).padStart(4, '0')},Springfield`))
    .join('\n');

describe('a 10,000-row employee import', () => {
  let t: TestApp;
  let a: CompanyFixture;
  let admin: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createCompany(t, 'Import');
    admin = bearer(a.tokens.company_admin);
  });
  afterAll(() => t?.close());

  it('keeps the server answering, refuses a second import of the company, and tells its progress', async () => {
    const before = await t.http().get('/api/hr/employees/import').set(admin);
    expect(before.status).toBe(404);
    expect(before.body.message).toBe('Import not found');

    // the event loop's delay over the whole import (this test shares the server's event loop)
    const file = csv('IM');
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = performance.now();
    let finished = false;
    const first = t
      .http()
      .post('/api/hr/employees/import')
      .set(admin)
      .send({ csv: file })
      .then((res) => {
        finished = true;
        return res;
      });

    // the liveness probe, every 20 ms while the import runs
    const latencies: number[] = [];
    const progress: { status: string; total_rows: number; processed_rows: number }[] = [];
    let second: { status: number; body: { message: string } } | null = null;
    while (!finished) {
      const asked = performance.now();
      const live = await t.http().get('/api/health/live');
      latencies.push(performance.now() - asked);
      expect(live.status).toBe(200);
      const now = await t.http().get('/api/hr/employees/import').set(admin);
      if (now.status === 200) {
        progress.push(now.body.data);
        if (!second && now.body.data.status === 'running') second = await t.http().post('/api/hr/employees/import').set(admin).send({ csv: csv('SE', 5) });
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    const res = await first;
    const took = performance.now() - started;
    delay.disable();
    const heldMs = delay.max / 1e6;
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('10000 employees imported successfully');
    expect(res.body.data).toEqual({ imported: ROWS });

    // the probe answered all along and was asked again and again (this test shares the server's event
    // loop: while the file was checked on it, only a handful of probes could be sent), and the event
    // loop itself was never held for half a second: writing the 10,000 rows in one statement held it
    // for 2 to 5 seconds, a piece of the write holds it for tens of milliseconds. A probe's own time
    // also counts the machine's load (CI runs two suites on two cores), so its bound is a second,
    // well under the 2 seconds the single statement cost, and half of them answer within 200 ms
    const sorted = [...latencies].sort((x, y) => x - y);
    const median = sorted[Math.floor(sorted.length / 2)];
    expect({ slowest: sorted[sorted.length - 1] < 1000, median: median < 200, probes: latencies.length > 20, held: heldMs < 500, seconds: took > 0 }).toEqual({
      slowest: true,
      median: true,
      probes: true,
      held: true,
      seconds: true,
    });

    // a second import of the same company was refused while the first ran
    expect(second).not.toBeNull();
    expect(second!.status).toBe(409);
    expect(second!.body.message).toBe('An import of employees is already running for this company; wait until it has finished');

    // the progress was readable: running, part of the 10,000 rows checked, then done
    expect(progress.some((p) => p.status === 'running' && p.total_rows === ROWS && p.processed_rows > 0 && p.processed_rows < ROWS)).toBe(true);
    const done = await t.http().get('/api/hr/employees/import').set(admin);
    expect(done.body.data).toMatchObject({ status: 'done', total_rows: ROWS, processed_rows: ROWS, imported: ROWS, message: '10000 employees imported successfully' });
    const [{ n }] = await t.em().execute(`select count(*)::int as n from employees where company_id = ? and employee_code like 'IM%'`, [a.company.id]);
    expect(n).toBe(ROWS);
    // the refused file wrote nothing
    const [{ m }] = await t.em().execute(`select count(*)::int as m from employees where company_id = ? and employee_code like 'SE%'`, [a.company.id]);
    expect(m).toBe(0);
  }, 120_000);

  it('records a refused file as failed, with its first error, and lets the next import run', async () => {
    const bad = `${csv('BA', 3)}\nBA9,,Last,not-an-email,2025-01-01,,`;
    const res = await t.http().post('/api/hr/employees/import').set(admin).send({ csv: bad });
    expect(res.status).toBe(400);
    const latest = await t.http().get('/api/hr/employees/import').set(admin);
    expect(latest.body.data).toMatchObject({ status: 'failed', total_rows: 4, imported: null, message: res.body.message });
    const next = await t.http().post('/api/hr/employees/import').set(admin).send({ csv: csv('OK', 2) });
    expect(next.status).toBe(201);
  });
});
