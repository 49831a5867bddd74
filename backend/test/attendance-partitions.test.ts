import { DateTime } from 'luxon';
import { AttendanceJobsService } from '../src/modules/attendance/attendance-jobs.service';
import { APP_ROLE } from '../src/database/row-level-security';
import { createTestApp, type TestApp } from './support/app';
import { bearer, createCompany, createUser, login, type CompanyFixture } from './support/fixtures';

/** attendance_records is partitioned by month (Migration20261127030000). */
describe('attendance partitions', () => {
  let t: TestApp;
  let jobs: AttendanceJobsService;
  let a: CompanyFixture;
  let b: CompanyFixture;
  const sql = <T = any>(text: string, params: unknown[] = []) => t.em().getConnection().execute<T[]>(text, params);
  const month = (d: DateTime) => d.toFormat('yyyy_MM');
  const today = DateTime.utc().startOf('day');
  // a month far ahead that no earlier run on the same database has a partition for
  const farYear = 2200 + Math.floor(Math.random() * 5000);
  const far = DateTime.utc(farYear, 5, 10);

  const insert = async (c: CompanyFixture, day: string, status = 'present'): Promise<number> => {
    const [row] = await sql<{ id: number }>(
      `insert into attendance_records (company_id, employee_id, attendance_date, status, work_hours) values (?, ?, ?::date, ?, 8) returning id`,
      [c.company.id, c.employee.id, day, status],
    );
    return row.id;
  };
  const partitionOf = async (id: number) =>
    (await sql<{ part: string }>(`select tableoid::regclass::text as part from attendance_records where id = ?`, [id]))[0]?.part;
  /** The stats of the company by month against the records counted afresh. */
  const statsAndRecords = async (companyId: number) => ({
    stats: await sql(
      `select to_char(month, 'YYYY-MM') as month, sum(records)::int as records, sum(present)::int as present, sum(late)::int as late
         from attendance_month_stats where company_id = ? group by 1 order by 1`,
      [companyId],
    ),
    records: await sql(
      `select to_char(attendance_date, 'YYYY-MM') as month, count(*)::int as records,
              count(*) filter (where status = 'present')::int as present, count(*) filter (where status = 'late')::int as late
         from attendance_records where company_id = ? group by 1 order by 1`,
      [companyId],
    ),
  });

  beforeAll(async () => {
    t = await createTestApp();
    jobs = t.app.get(AttendanceJobsService);
    a = await createCompany(t, 'Alpha');
    b = await createCompany(t, 'Beta');
  });
  afterAll(() => t.close());

  it('is a table partitioned by month, with the partitions of this month and the next three, and a default', async () => {
    const parts = (await sql<{ name: string }>(
      `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = 'attendance_records'::regclass`,
    )).map((p) => p.name);
    for (let i = 0; i <= 3; i++) expect(parts).toContain(`attendance_records_${month(today.plus({ months: i }))}`);
    expect(parts).toContain('attendance_records_default');
    const [{ kind }] = await sql(`select relkind::text as kind from pg_class where oid = 'attendance_records'::regclass`);
    expect(kind).toBe('p');
  });

  it("stores each row in its month's partition, and a row of a month far ahead in the default one", async () => {
    const now = await insert(a, today.toISODate()!);
    const next = await insert(a, today.plus({ months: 1 }).toISODate()!);
    const later = await insert(a, far.toISODate()!);
    expect(await partitionOf(now)).toBe(`attendance_records_${month(today)}`);
    expect(await partitionOf(next)).toBe(`attendance_records_${month(today.plus({ months: 1 }))}`);
    expect(await partitionOf(later)).toBe('attendance_records_default');
    // read back through the API as any record
    const res = await t.http().get(`/api/hr/attendance/${later}`).set(bearer(a.tokens.company_admin));
    expect(res.status).toBe(200);
    expect(res.body.data.attendance_date).toBe(far.toISODate());
  });

  it("the maintenance adds the coming months' partitions and moves their rows out of the default one", async () => {
    const id = await insert(a, far.plus({ days: 1 }).toISODate()!, 'late');
    const before = await statsAndRecords(a.company.id);
    // (with the past months of rows in DEFAULT written by other tests on the same database)
    expect(await jobs.ensurePartitions(far.toISODate()!, 2)).toBeGreaterThanOrEqual(3);
    expect(await partitionOf(id)).toBe(`attendance_records_${month(far)}`);
    const [{ n }] = await sql(`select count(*)::int as n from attendance_records_default where company_id = ?`, [a.company.id]);
    expect(n).toBe(0);
    for (let i = 0; i <= 2; i++) {
      expect((await sql(`select to_regclass(?) is not null as present`, [`attendance_records_${month(far.plus({ months: i }))}`]))[0].present).toBe(true);
    }
    // moving rows between partitions counts nothing twice
    expect(await statsAndRecords(a.company.id)).toEqual(before);
    // run again: nothing to add
    expect(await jobs.ensurePartitions(far.toISODate()!, 2)).toBe(0);
    // a new row of that month goes straight to its partition
    const [{ part }] = await sql(
      `insert into attendance_records (company_id, employee_id, attendance_date, status) values (?, ?, ?::date, 'absent') returning tableoid::regclass::text as part`,
      [b.company.id, b.employee.id, far.plus({ days: 2 }).toISODate()],
    );
    expect(part).toBe(`attendance_records_${month(far)}`);
  });

  it('the maintenance gives a past month with rows in DEFAULT (history written late) its partition', async () => {
    const past = DateTime.utc(1500 + Math.floor(Math.random() * 400), 3, 9);
    const id = await insert(b, past.toISODate()!, 'absent');
    expect(await partitionOf(id)).toBe('attendance_records_default');
    expect(await jobs.ensurePartitions()).toBeGreaterThanOrEqual(1);
    expect(await partitionOf(id)).toBe(`attendance_records_${month(past)}`);
  });

  it('keeps the monthly stats in step with inserts, updates moving a record across months, and deletes', async () => {
    const lastMonth = today.minus({ months: 1 }).startOf('month').plus({ days: 3 }).toISODate()!;
    const id = await insert(b, lastMonth, 'late');
    await insert(b, today.minus({ months: 2 }).toISODate()!, 'present');
    expect((await statsAndRecords(b.company.id)).stats).toEqual((await statsAndRecords(b.company.id)).records);
    // across months (and partitions), and a status change
    await sql(`update attendance_records set attendance_date = ?::date, status = 'present' where id = ?`, [today.plus({ months: 1 }).plus({ days: 1 }).toISODate(), id]);
    let s = await statsAndRecords(b.company.id);
    expect(s.stats).toEqual(s.records);
    expect(s.stats.find((r: any) => r.month === today.minus({ months: 1 }).toFormat('yyyy-MM'))).toBeUndefined();
    await sql(`delete from attendance_records where id = ?`, [id]);
    s = await statsAndRecords(b.company.id);
    expect(s.stats).toEqual(s.records);
  });

  it("row-level security still keeps each company's records to itself, and a partition named directly shows nothing", async () => {
    await insert(b, today.minus({ days: 1 }).toISODate()!);
    const res = await t.http().get('/api/hr/attendance').set(bearer(a.tokens.company_admin));
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(res.body.data.every((r: any) => r.employee_id === a.employee.id)).toBe(true);

    const seen = await t.em().fork().transactional(async (em) => {
      await em.execute(`set local role ${APP_ROLE}`);
      await em.execute(`select set_config('app.company_id', ?, true)`, [String(a.company.id)]);
      const [parent] = await em.execute(
        `select count(*) filter (where company_id = ?)::int as own, count(*) filter (where company_id <> ?)::int as other from attendance_records`,
        [a.company.id, a.company.id],
      );
      const [direct] = await em.execute(`select count(*)::int as n from "attendance_records_${month(today)}"`);
      const refused = await em
        .execute(`insert into attendance_records (company_id, employee_id, attendance_date, status) values (?, ?, ?::date, 'present')`, [
          b.company.id,
          b.employee.id,
          today.minus({ days: 5 }).toISODate(),
        ])
        .then(() => false)
        .catch(() => true);
      return { parent, direct, refused };
    }).catch((e) => ({ error: String(e) }));
    expect(seen).toMatchObject({ parent: { other: 0 }, direct: { n: 0 }, refused: true });
    expect((seen as any).parent.own).toBeGreaterThan(0);
  });

  it("the list's total is exact for whole and partial months, statuses and employees, counted from the monthly stats", async () => {
    const c = await createCompany(t, 'Counted');
    const start = today.minus({ months: 2 }).startOf('month');
    // every third day of three months, the middle month with late days too
    for (let d = start; d < today; d = d.plus({ days: 3 })) await insert(c, d.toISODate()!, d.day % 2 ? 'present' : 'late');
    const cases: Array<Record<string, unknown>> = [
      {},
      { start_date: start.toISODate(), end_date: start.endOf('month').toISODate() },
      { start_date: start.plus({ days: 4 }).toISODate(), end_date: today.toISODate() },
      { start_date: start.plus({ days: 4 }).toISODate(), end_date: start.plus({ months: 1, days: 10 }).toISODate() },
      { start_date: start.plus({ days: 2 }).toISODate(), end_date: start.plus({ days: 20 }).toISODate(), status: 'late' },
      { start_date: start.toISODate(), status: 'present,late' },
      { end_date: start.plus({ months: 1, days: 5 }).toISODate(), employee_id: c.employee.id },
      { start_date: today.plus({ days: 1 }).toISODate(), end_date: today.toISODate() },
    ];
    for (const filter of cases) {
      const res = await t.http().get('/api/hr/attendance').query({ range: '[0,0]', filter: JSON.stringify(filter) }).set(bearer(c.tokens.company_admin));
      expect(res.status).toBe(200);
      const conditions = ['company_id = ?'];
      const params: unknown[] = [c.company.id];
      const add = (condition: string, value: unknown) => {
        conditions.push(condition);
        params.push(value);
      };
      if (filter.start_date) add('attendance_date >= ?::date', filter.start_date);
      if (filter.end_date) add('attendance_date <= ?::date', filter.end_date);
      if (filter.status) add('status = any(?::text[])', `{${filter.status}}`);
      const [{ n }] = await sql(`select count(*)::int as n from attendance_records where ${conditions.join(' and ')}`, params);
      expect({ filter, total: Number(res.headers['content-range'].split('/').pop()) }).toEqual({ filter, total: n });
    }
  });

  it('deletes a company with attendance in several months and partitions, stats and all', async () => {
    const c = await createCompany(t, 'Doomed');
    for (const day of [today, today.minus({ months: 3 }), today.plus({ months: 2 }), far.plus({ years: 1 })]) await insert(c, day.toISODate()!);
    const superadmin = await login(t, (await createUser(t.em(), 'superadmin')).email);
    const res = await t.http().delete(`/api/auth/companies/${c.company.id}`).set(bearer(superadmin));
    expect(res.status).toBe(200);
    const [{ records, stats }] = await sql(
      `select (select count(*) from attendance_records where company_id = ?)::int as records,
              (select count(*) from attendance_month_stats where company_id = ?)::int as stats`,
      [c.company.id, c.company.id],
    );
    expect({ records, stats }).toEqual({ records: 0, stats: 0 });
  });
});
