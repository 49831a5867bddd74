import { DateTime } from 'luxon';
import { AttendanceJobsService } from '../src/modules/attendance/attendance-jobs.service';
import { AttendanceRecord } from '../src/modules/attendance/attendance-record.entity';
import { Company } from '../src/modules/companies/company.entity';
import { Employee } from '../src/modules/employees/employee.entity';
import { RecordCleanupRegistry } from '../src/modules/settings/record-cleanup.registry';
import { setZone } from './attendance-support';
import { createTestApp, type TestApp } from './support/app';
import { bearer, createCompany, unique, type CompanyFixture } from './support/fixtures';

/** The last weekday strictly before today in the zone, `back` weekdays back. */
function weekdayBefore(zone: string, back = 1): string {
  let day = DateTime.now().setZone(zone).startOf('day');
  for (let n = 0; n < back; ) {
    day = day.minus({ days: 1 });
    if (day.weekday < 6) n++;
  }
  return day.toISODate()!;
}

describe('attendance jobs: absent marking and auto check-out', () => {
  let t: TestApp;
  let jobs: AttendanceJobsService;

  const records = (companyId: number, where: object = {}) =>
    t.em().find(AttendanceRecord, { company: companyId, ...where }, { filters: false, orderBy: { employee: 'ASC', attendance_date: 'ASC' } });
  const backdate = (companyId: number, days: number) =>
    t.em().nativeUpdate(Company, { id: companyId }, { created_at: DateTime.now().minus({ days }).toJSDate() });
  const hire = async (c: CompanyFixture, first: string, extra: Partial<Employee> = {}) => {
    const em = t.em();
    const e = em.create(Employee, {
      company: em.getReference(Company, c.company.id),
      employee_code: unique('J'),
      first_name: first,
      last_name: 'Jobs',
      email: `${unique(first.toLowerCase())}@test.example.com`,
      hire_date: '2020-01-01',
      ...extra,
    });
    await em.flush();
    return e;
  };

  beforeAll(async () => {
    t = await createTestApp();
    jobs = t.app.get(AttendanceJobsService);
  });
  afterAll(() => t.close());

  describe('absent marking', () => {
    let c: CompanyFixture;
    let worked: Employee;
    let onLeave: Employee;
    let missing: Employee;
    let newcomer: Employee;
    let gone: Employee;
    const zone = 'Pacific/Auckland';
    let day: string;

    beforeAll(async () => {
      c = await createCompany(t, 'Absent');
      await setZone(t, c.company.id, zone);
      await backdate(c.company.id, 20);
      day = weekdayBefore(zone);
      worked = await hire(c, 'Worked');
      onLeave = await hire(c, 'Leave');
      missing = await hire(c, 'Missing');
      newcomer = await hire(c, 'Newcomer', { hire_date: DateTime.fromISO(day).plus({ days: 1 }).toISODate() });
      gone = await hire(c, 'Gone', { employment_status: 'terminated' });
      const em = t.em();
      em.create(AttendanceRecord, {
        company: c.company.id,
        employee: worked.id,
        attendance_date: day,
        status: 'present',
        check_in_time: new Date(),
      } as never);
      em.create(AttendanceRecord, { company: c.company.id, employee: onLeave.id, attendance_date: day, status: 'leave' } as never);
      await em.flush();
    });

    it('marks absent the active employees with no record on a past working day, once even when run twice', async () => {
      const first = await jobs.markAbsent(day);
      expect(first.claimed).toBeGreaterThanOrEqual(1);
      const after = await records(c.company.id, { attendance_date: day });
      const byEmployee = Object.fromEntries(after.map((r) => [r.employee.id, r.status]));
      // the fixture's employee has no hire date and was created today: not employed on that day
      expect(byEmployee).toEqual({
        [worked.id]: 'present',
        [onLeave.id]: 'leave',
        [missing.id]: 'absent',
      });
      expect(byEmployee[newcomer.id]).toBeUndefined();
      expect(byEmployee[gone.id]).toBeUndefined();

      const second = await jobs.markAbsent(day);
      const again = await records(c.company.id, { attendance_date: day });
      expect(again.map((r) => [r.id, r.status])).toEqual(after.map((r) => [r.id, r.status]));
      const claims = await t.em().execute('select count(*)::int as n from attendance_job_runs where company_id = ? and job = ? and run_date = ?', [
        c.company.id,
        'absent',
        day,
      ]);
      expect(claims[0].n).toBe(1);
      expect(second.records).toBe(0);
    });

    it('skips Saturdays and Sundays, holidays, today and days before the company existed', async () => {
      const today = DateTime.now().setZone(zone);
      const saturday = today.minus({ days: ((today.weekday + 1) % 7) || 7 }).toISODate()!;
      expect(DateTime.fromISO(saturday).weekday).toBe(6);
      const holiday = weekdayBefore(zone, 2);
      await t.em().execute('insert into holidays (company_id, holiday_date, name) values (?, ?, ?)', [c.company.id, holiday, 'Founders Day']);
      const beforeCompany = DateTime.now().minus({ days: 40 }).toISODate()!;
      for (const date of [saturday, holiday, today.toISODate()!, beforeCompany]) await jobs.markAbsent(date);
      const marked = await records(c.company.id, { attendance_date: { $in: [saturday, holiday, today.toISODate()!, beforeCompany] } });
      expect(marked).toEqual([]);
    });

    it('without a date catches up the past working days, from each company’s local calendar', async () => {
      await jobs.markAbsent();
      const rows = await records(c.company.id, { employee: missing.id, status: 'absent' });
      const dates = rows.map((r) => r.attendance_date);
      const holiday = weekdayBefore(zone, 2);
      expect(dates).toContain(day);
      expect(dates).not.toContain(holiday);
      expect(dates.every((d) => DateTime.fromISO(d).weekday < 6)).toBe(true);
      expect(dates.every((d) => d < DateTime.now().setZone(zone).toISODate()!)).toBe(true);
      expect(dates.length).toBeGreaterThanOrEqual(3);
      const count = rows.length;
      await jobs.markAbsent();
      expect(await records(c.company.id, { employee: missing.id, status: 'absent' })).toHaveLength(count);
    });

  });

  describe('auto check-out', () => {
    let c: CompanyFixture;
    let off: CompanyFixture;
    const zone = 'Asia/Tokyo';

    beforeAll(async () => {
      c = await createCompany(t, 'AutoOut');
      off = await createCompany(t, 'NoAuto');
      for (const x of [c, off]) {
        await setZone(t, x.company.id, zone);
        await backdate(x.company.id, 10);
      }
      const res = await t.http().put('/api/settings/attendance').set(bearer(c.tokens.company_admin)).send({
        general: { auto_check_out: true, check_out_time: '18:00' },
      });
      expect(res.status).toBe(200);
    });

    it('closes the records still open at the configured time, at that time, once even when run twice', async () => {
      const yesterday = DateTime.now().setZone(zone).minus({ days: 1 }).startOf('day');
      const early = await hire(c, 'Early');
      const night = await hire(c, 'Night');
      const other = await hire(off, 'Other');
      const em = t.em();
      const open = (company: number, employee: number, at: DateTime) =>
        em.create(AttendanceRecord, { company, employee, attendance_date: at.toISODate(), status: 'present', check_in_time: at.toJSDate() } as never);
      open(c.company.id, early.id, yesterday.set({ hour: 8, minute: 45 }));
      open(c.company.id, night.id, yesterday.set({ hour: 19 }));
      open(off.company.id, other.id, yesterday.set({ hour: 9 }));
      await em.flush();

      const first = await jobs.autoCheckOut();
      expect(first.records).toBeGreaterThanOrEqual(1);
      const [closed] = await records(c.company.id, { employee: early.id });
      expect(closed.check_out_time?.toISOString()).toBe(yesterday.set({ hour: 18 }).toUTC().toISO());
      expect(closed.work_hours).toBe('9.25');
      expect(closed.auto_checked_out).toBe(true);
      // checked in after 18:00: left for the employee to close
      const [late] = await records(c.company.id, { employee: night.id });
      expect(late.check_out_time).toBeNull();
      // a company without auto check-out is left alone
      const [untouched] = await records(off.company.id, { employee: other.id });
      expect(untouched.check_out_time).toBeNull();

      const second = await jobs.autoCheckOut();
      expect(second.records).toBe(0);
      const [still] = await records(c.company.id, { employee: early.id });
      expect(still.check_out_time?.toISOString()).toBe(closed.check_out_time?.toISOString());
      expect(still.updated_at.toISOString()).toBe(closed.updated_at.toISOString());
    });

    it('does nothing before the configured time of the day', async () => {
      const todayMorning = DateTime.now().setZone(zone).startOf('day').set({ hour: 7 });
      const employee = await hire(c, 'Today');
      const em = t.em();
      em.create(AttendanceRecord, {
        company: c.company.id,
        employee: employee.id,
        attendance_date: todayMorning.toISODate(),
        status: 'present',
        check_in_time: todayMorning.toJSDate(),
      } as never);
      await em.flush();
      // one minute before 18:00 today
      await jobs.autoCheckOut(todayMorning.set({ hour: 17, minute: 59 }).toJSDate());
      const [row] = await records(c.company.id, { employee: employee.id });
      expect(row.check_out_time).toBeNull();
    });
  });

  it('blanks positions and addresses older than the company retention, keeping the record', async () => {
    const c = await createCompany(t, 'Retention');
    const e = await hire(c, 'Old');
    const em = t.em();
    const old = DateTime.now().minus({ days: 40 });
    em.create(AttendanceRecord, {
      company: c.company.id,
      employee: e.id,
      attendance_date: old.toISODate(),
      status: 'present',
      check_in_time: old.toJSDate(),
      check_in_latitude: '40.712800',
      check_in_longitude: '-74.006000',
      check_in_ip: '203.0.113.7',
    } as never);
    await em.flush();
    const results = await t.app.get(RecordCleanupRegistry).run();
    const result = results.find((r) => r.name === 'attendance location data');
    expect(result?.error).toBeUndefined();
    expect(result?.affected).toBeGreaterThanOrEqual(1);
    const [row] = await records(c.company.id, { employee: e.id });
    expect([row.check_in_latitude, row.check_in_longitude, row.check_in_ip]).toEqual([null, null, null]);
    expect(row.status).toBe('present');
  });

  it('marks 10,000 employees absent within 2 seconds on PostgreSQL', async () => {
    const c = await createCompany(t, 'Bulk');
    await backdate(c.company.id, 10);
    await t.em().execute(
      `insert into employees (company_id, employee_code, first_name, last_name, email, hire_date)
       select ?, 'B' || g, 'Bulk', 'Employee ' || g, 'bulk' || g || '-' || ? || '@test.example.com', '2020-01-01'
         from generate_series(1, 10000) g`,
      [c.company.id, c.company.id],
    );
    const day = weekdayBefore('UTC');
    const started = Date.now();
    const result = await jobs.markAbsent(day);
    const elapsed = Date.now() - started;
    expect(result.records).toBeGreaterThanOrEqual(10000);
    expect(await t.em().count(AttendanceRecord, { company: c.company.id, attendance_date: day, status: 'absent' }, { filters: false })).toBe(10000);
    // the embedded database is slower; the bound is the production one
    expect(elapsed).toBeLessThan(process.env.TEST_DATABASE_URL ? 2000 : 10000);
  });
});
