import type { EntityManager } from '@mikro-orm/postgresql';
import { DateTime } from 'luxon';

/**
 * Acme's working time: two work locations, three shifts with their assignments, leave requests in
 * every state, and three months of attendance up to yesterday (the company's date). Every table is
 * written by one or two set-based statements.
 */

/** The head office is the one the browser tests check in at (their position is inside it). */
const LOCATIONS = [
  { name: 'San Francisco HQ', address: '1 Market Street, San Francisco, CA 94105', lat: '37.792500', lon: '-122.394500', radius: 300 },
  { name: 'New York Office', address: '350 Fifth Avenue, New York, NY 10118', lat: '40.748400', lon: '-73.985700', radius: 150 },
];

const SHIFTS = [
  { code: 'DAY', name: 'Day shift', start: '09:00:00', end: '17:30:00', brk: 30, grace: 15, description: 'Office hours' },
  { code: 'EARLY', name: 'Early shift', start: '07:00:00', end: '15:30:00', brk: 30, grace: 10, description: 'Operations: opening' },
  { code: 'EVE', name: 'Evening shift', start: '13:00:00', end: '21:30:00', brk: 30, grace: 10, description: 'Operations: closing' },
];

/**
 * Leave requests: `week` counts weeks from the Monday of the current week, `dow` 0 = Monday, and a
 * request stays inside its week, so an approved request of an earlier week has ended before today
 * and one of a later week starts after it. Jane (EMP001) has only past requests: the browser tests
 * ask for her leave in the weeks ahead.
 */
const LEAVE = [
  { code: 'EMP001', type: 'AL', week: -7, dow: 3, days: 2, status: 'approved', reason: 'Long weekend with family' },
  { code: 'EMP001', type: 'SL', week: -3, dow: 1, days: 1, status: 'approved', reason: 'Flu' },
  { code: 'EMP002', type: 'AL', week: -10, dow: 0, days: 5, status: 'approved', reason: 'Family holiday' },
  { code: 'EMP006', type: 'AL', week: -6, dow: 0, days: 3, status: 'approved', reason: 'Visiting parents' },
  { code: 'EMP008', type: 'SL', week: -9, dow: 2, days: 2, status: 'approved', reason: 'Dental surgery' },
  { code: 'EMP013', type: 'AL', week: -4, dow: 0, days: 5, status: 'approved', reason: 'Hiking trip' },
  { code: 'EMP016', type: 'AL', week: -2, dow: 3, days: 2, status: 'approved', reason: 'Wedding' },
  { code: 'EMP019', type: 'AL', week: -11, dow: 0, days: 5, status: 'approved', reason: 'Summer holiday' },
  { code: 'EMP020', type: 'SL', week: -5, dow: 4, days: 1, status: 'approved', reason: 'Migraine' },
  { code: 'EMP027', type: 'UL', week: -8, dow: 0, days: 3, status: 'approved', reason: 'Moving house' },
  { code: 'EMP029', type: 'PL', week: -6, dow: 0, days: 5, status: 'approved', reason: 'Paternity leave' },
  { code: 'EMP036', type: 'AL', week: -1, dow: 0, days: 5, status: 'approved', reason: 'City break' },
  { code: 'EMP037', type: 'SL', week: -3, dow: 3, days: 2, status: 'approved', reason: 'Back pain' },
  { code: 'EMP010', type: 'AL', week: 3, dow: 0, days: 5, status: 'approved', reason: 'Holiday trip' },
  { code: 'EMP035', type: 'AL', week: 5, dow: 0, days: 5, status: 'approved', reason: 'Year-end break' },
  { code: 'EMP007', type: 'AL', week: 2, dow: 0, days: 5, status: 'pending', reason: 'Skiing' },
  { code: 'EMP021', type: 'AL', week: 4, dow: 1, days: 3, status: 'pending', reason: 'Family visit' },
  { code: 'EMP030', type: 'AL', week: 1, dow: 3, days: 2, status: 'pending', reason: 'Long weekend' },
  { code: 'EMP038', type: 'UL', week: 6, dow: 0, days: 2, status: 'pending', reason: 'Exam preparation' },
  { code: 'EMP002', type: 'AL', week: 8, dow: 0, days: 5, status: 'pending', reason: 'Winter holiday' },
  { code: 'EMP009', type: 'AL', week: -5, dow: 0, days: 5, status: 'rejected', reason: 'Road trip', rejection: 'Release week: please pick another week' },
  { code: 'EMP022', type: 'AL', week: 2, dow: 2, days: 3, status: 'rejected', reason: 'Concert', rejection: 'Quarter-end push: two colleagues are already off' },
  { code: 'EMP017', type: 'AL', week: -4, dow: 2, days: 2, status: 'cancelled', reason: 'Course' },
  { code: 'EMP031', type: 'AL', week: 3, dow: 0, days: 2, status: 'cancelled', reason: 'Appointment' },
] as const;

/** Mei Wong's maternity leave: 12 weeks from the Monday five weeks ago (60 working days). */
const MATERNITY = { code: 'EMP028', type: 'ML', week: -5, weeks: 12, reason: 'Maternity leave' };

export async function seedDemoTime(em: EntityManager, input: { companyId: number; zone: string; today: string; adminUserId: number; janeUserId: number }) {
  const { companyId, zone, today, adminUserId, janeUserId } = input;
  const todayDate = DateTime.fromISO(today, { zone: 'utc' });
  const monday = todayDate.startOf('week');
  const iso = (d: DateTime) => d.toISODate()!;

  await em.execute(
    `insert into work_locations (company_id, location_name, address, latitude, longitude, radius)
     select ?, x.name, x.address, x.lat, x.lon, x.radius
       from jsonb_to_recordset(?::jsonb) as x(name text, address text, lat numeric, lon numeric, radius int)`,
    [companyId, JSON.stringify(LOCATIONS)],
  );
  await em.execute(
    `insert into shifts (company_id, shift_name, shift_code, start_time, end_time, break_duration, grace_period, description)
     select ?, x.name, x.code, x.start::time, x."end"::time, x.brk, x.grace, x.description
       from jsonb_to_recordset(?::jsonb) as x(code text, name text, start text, "end" text, brk int, grace int, description text)`,
    [companyId, JSON.stringify(SHIFTS)],
  );
  // the current staff of HR (day shift in San Francisco), Sales (day shift in New York) and
  // Operations (early and evening shifts in New York); Engineering and Finance keep flexible hours
  // (late after 10:00), so Jane has no shift (the browser tests assign her one)
  await em.execute(
    `insert into shift_assignments (company_id, employee_id, shift_id, location_id, start_date)
     select e.company_id, e.id, s.id, l.id, e.hire_date
       from employees e
       join departments d on d.id = e.department_id and d.department_code in ('HR', 'SALES', 'OPS')
       join shifts s on s.company_id = e.company_id
        and s.shift_code = case when d.department_code <> 'OPS' then 'DAY'
                                when e.id % 2 = 0 then 'EARLY' else 'EVE' end
       join work_locations l on l.company_id = e.company_id
        and l.location_name = case when d.department_code = 'HR' then 'San Francisco HQ' else 'New York Office' end
      where e.company_id = ? and e.employment_status <> 'terminated'`,
    [companyId],
  );

  const requests = [
    ...LEAVE.map((l) => {
      const start = monday.plus({ weeks: l.week, days: l.dow });
      return { ...l, start: iso(start), end: iso(start.plus({ days: l.days - 1 })), rejection: 'rejection' in l ? l.rejection : null };
    }),
    (() => {
      const start = monday.plus({ weeks: MATERNITY.week });
      const end = start.plus({ weeks: MATERNITY.weeks, days: -3 });
      return { ...MATERNITY, status: 'approved', start: iso(start), end: iso(end), rejection: null };
    })(),
  ];
  // requested two weeks ahead (or a few days ago for the ones to come), decided the next day
  await em.execute(
    `with req as (
       select x.*, least(x.start::timestamp - interval '14 days', date_trunc('day', now() at time zone ?) - interval '3 days') + interval '10 hours' as asked
         from jsonb_to_recordset(?::jsonb) as x(code text, type text, start date, "end" date, status text, reason text, rejection text)
     )
     insert into leave_requests (company_id, employee_id, leave_type_id, start_date, end_date, total_days, reason, status,
                                 requested_at, requested_by_id, decided_by_id, decided_at, rejection_reason, created_at, updated_at)
     select e.company_id, e.id, t.id, r.start, r."end",
            (select count(*) from generate_series(r.start, r."end", interval '1 day') d where extract(isodow from d) < 6),
            r.reason, r.status, r.asked at time zone ?, case when e.employee_code = 'EMP001' then ?::int end,
            case when r.status in ('approved', 'rejected') then ?::int end,
            case when r.status in ('approved', 'rejected') then (r.asked + interval '1 day') at time zone ? end,
            r.rejection, r.asked at time zone ?, coalesce((r.asked + interval '1 day') at time zone ?, now())
       from req r
       join employees e on e.company_id = ? and e.employee_code = r.code
       join leave_types t on t.company_id = ? and t.type_code = r.type`,
    [zone, JSON.stringify(requests), zone, janeUserId, adminUserId, zone, zone, zone, companyId, companyId],
  );

  // the demo's months get their own partitions before their records are written (not DEFAULT)
  await em.execute(`select attendance_records_ensure_partitions((now() - interval '4 months')::date, 8)`);
  // as an approval does: every weekday of an approved request is a leave day
  await em.execute(
    `insert into attendance_records (company_id, employee_id, attendance_date, status)
     select r.company_id, r.employee_id, d::date, 'leave'
       from leave_requests r
       cross join generate_series(r.start_date, r.end_date, interval '1 day') d
      where r.company_id = ? and r.status = 'approved' and extract(isodow from d) < 6`,
    [companyId],
  );

  // worked days: three months up to yesterday, weekdays of the employment not on leave. A stable
  // hash of (employee, day) picks about 3 % absences (never Jane, whose payslip the browser test
  // checks), 9 % late arrivals, and the minutes of arrival and departure.
  const first = iso(todayDate.minus({ months: 3 }));
  const yesterday = iso(todayDate.minus({ days: 1 }));
  await em.execute(
    `with staff as materialized (
       select e.id, e.company_id, e.employee_code, e.hire_date, e.termination_date, a.shift_id, a.location_id,
              coalesce(s.start_time, time '09:00') as start_time, coalesce(s.end_time, time '17:30') as end_time,
              coalesce(s.break_duration, 0) as break_minutes,
              -- without a shift a check-in is late after 10:00 (LATE_AFTER_HOUR)
              case when s.id is null then 60 else s.grace_period end as grace, l.location_name
         from employees e
         left join shift_assignments a on a.employee_id = e.id
         left join shifts s on s.id = a.shift_id
         left join work_locations l on l.id = a.location_id
        where e.company_id = ?
     ),
     days as materialized (
       -- the local midnight of each weekday (no weekday has a daylight-saving change)
       select d::date as day, d::timestamp at time zone ? as midnight
         from generate_series(?::date, ?::date, interval '1 day') d
        where extract(isodow from d) < 6
     ),
     grid as (
       select st.*, d.day, d.midnight,
              ('x' || substr(md5(st.employee_code || d.day::text), 1, 7))::bit(28)::int as h
         from staff st
         join days d on d.day >= coalesce(st.hire_date, d.day) and (st.termination_date is null or d.day <= st.termination_date)
        where not exists (select 1 from attendance_records ar where ar.employee_id = st.id and ar.attendance_date = d.day)
     ),
     shaped as (
       select g.*,
              case when h % 100 < 3 and employee_code <> 'EMP001' then 'absent'
                   when h % 100 < 12 then 'late' else 'present' end as status,
              case when h % 100 < 12 then grace + 3 + (h / 100) % 55
                   else (h / 100) % (grace + 20) - 20 end as in_minutes,
              (h / 10000) % 50 as out_minutes
         from grid g
     ),
     timed as (
       select s.*, midnight + (start_time - time '00:00') + in_minutes * interval '1 minute' as check_in,
              midnight + (end_time - time '00:00') + out_minutes * interval '1 minute' as check_out
         from shaped s
     )
     insert into attendance_records (company_id, employee_id, attendance_date, check_in_time, check_out_time, work_hours, status,
                                     check_in_location, check_out_location, work_location_id, shift_id, check_in_received_at,
                                     check_out_received_at, created_at, updated_at)
     select company_id, id, day,
            case when status <> 'absent' then check_in end,
            case when status <> 'absent' then check_out end,
            case when status <> 'absent' then round(greatest(0, floor(extract(epoch from (check_out - check_in)) / 60) - break_minutes) / 60.0, 2) end,
            status,
            case when status <> 'absent' then coalesce(location_name, 'Remote') end,
            case when status <> 'absent' then coalesce(location_name, 'Remote') end,
            case when status <> 'absent' then location_id end,
            case when status <> 'absent' then shift_id end,
            case when status <> 'absent' then check_in end,
            case when status <> 'absent' then check_out end,
            coalesce(check_in, now()), coalesce(check_out, now())
       from timed`,
    [companyId, zone, first, yesterday],
  );
}
