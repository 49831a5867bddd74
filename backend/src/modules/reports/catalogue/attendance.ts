import type { EntityManager } from '@mikro-orm/postgresql';
import { DateTime } from 'luxon';
import { fullName, groupColumn, type ReportColumn, type ReportContext, monthKey, percentSql, type ReportDefinition, type ReportParams, type ReportQuery } from '../report-definition';

/** Hours of a shift (alias s) less its break; a shift ending before it starts ends the next day. */
const SHIFT_HOURS = `(extract(epoch from (s.end_time - s.start_time)) / 3600.0
  + case when s.end_time <= s.start_time then 24 else 0 end - s.break_duration / 60.0)`;

interface Facts {
  /** FROM … WHERE of the facts (alias f, the employee as e when joined) */
  sql: string;
  params: unknown[];
}

/**
 * The attendance of the period as counts per employee and month (alias f: month, employee_id,
 * records, present, late, absent, on_leave, worked_hours, shift_hours): whole months from
 * attendance_month_stats (kept by triggers), the days of a partial first or last month from the
 * records themselves; narrowed to the reader's team or department by employee, by work location,
 * and by department and position through the employee (joined as e, or when `withEmployees`).
 * `extra` adds columns of each part. The months read from the stats are the context's span
 * (attendanceSpan).
 */
function attendanceFacts(p: ReportParams, context: ReportContext, withEmployees = false, extra = { stats: '', raw: '' }): Facts {
  const { fullFrom, fullTo } = context.span as Span;
  const location = p.locationId !== null ? 'and location_id = ?' : '';
  const rawLocation = p.locationId !== null ? 'and ar.work_location_id = ?' : '';
  const loc = p.locationId !== null ? [p.locationId] : [];
  const facts = `(select month, employee_id, records, present, late, absent, on_leave, worked_hours, shift_hours ${extra.stats}
                    from attendance_month_stats
                   where company_id = ? and month >= ?::date and month < ?::date ${location}
                  union all
                  select date_trunc('month', ar.attendance_date)::date, ar.employee_id, 1, (ar.status = 'present')::int, (ar.status = 'late')::int,
                         (ar.status = 'absent')::int, (ar.status = 'leave')::int,
                         case when ar.status in ('present', 'late') then coalesce(ar.work_hours, 0) else 0 end,
                         case when ar.status in ('present', 'late') then coalesce(${SHIFT_HOURS}, 0) else 0 end ${extra.raw}
                    from attendance_records ar
                    left join shifts s on s.id = ar.shift_id
                   where ar.company_id = ? and ar.attendance_date between ?::date and ?::date
                     and not (ar.attendance_date >= ?::date and ar.attendance_date < ?::date) ${rawLocation}) f`;
  const params: unknown[] = [p.companyId, fullFrom, fullTo, ...loc, p.companyId, p.from, p.to, fullFrom, fullTo, ...loc];
  const narrow: string[] = [];
  // the stats are kept per employee and month: a team's or department's figures add up its
  // members' rows, never the company's
  const within = p.scope?.on('f.employee_id');
  if (within) {
    narrow.push(within.sql);
    params.push(...within.params);
  }
  if (p.departmentId !== null) {
    narrow.push('e.department_id = ?');
    params.push(p.departmentId);
  }
  if (p.positionId !== null) {
    narrow.push('e.position_id = ?');
    params.push(p.positionId);
  }
  const join = p.departmentId !== null || p.positionId !== null || withEmployees ? 'join employees e on e.id = f.employee_id' : '';
  return { sql: `from ${facts} ${join} ${narrow.length ? `where ${narrow.join(' and ')}` : ''}`, params };
}

interface Span {
  fullFrom: string;
  fullTo: string;
}

const monthStart = (d: string) => DateTime.fromISO(d, { zone: 'utc' }).startOf('month');

/**
 * The months the stats answer: those wholly inside the period, and a first or last month only
 * partly inside when it has no record outside the period (a period up to today, with nothing
 * recorded after today, reads this month from the stats too). Two index probes.
 */
async function attendanceSpan(em: EntityManager, p: ReportParams): Promise<ReportContext> {
  let { fullFrom, fullTo } = wholeMonths(p.from, p.to);
  const first = monthStart(p.from);
  const last = monthStart(p.to);
  const firstNext = first.plus({ months: 1 }).toISODate()!;
  const lastNext = last.plus({ months: 1 }).toISODate()!;
  const [row] = await em.execute<Array<{ first_outside: boolean; last_outside: boolean }>>(
    `select exists (select 1 from attendance_records where company_id = ? and attendance_date >= ?::date and attendance_date < ?::date)
            or exists (select 1 from attendance_records where company_id = ? and attendance_date > ?::date and attendance_date < ?::date) as first_outside,
            exists (select 1 from attendance_records where company_id = ? and attendance_date >= ?::date and attendance_date < ?::date)
            or exists (select 1 from attendance_records where company_id = ? and attendance_date > ?::date and attendance_date < ?::date) as last_outside`,
    [p.companyId, first.toISODate(), p.from, p.companyId, p.to, firstNext, p.companyId, last.toISODate(), p.from, p.companyId, p.to, lastNext],
  );
  if (!row.first_outside && fullFrom > first.toISODate()!) fullFrom = first.toISODate()!;
  if (!row.last_outside && fullTo < lastNext) fullTo = lastNext;
  return { span: { fullFrom, fullTo: fullTo < fullFrom ? fullFrom : fullTo } satisfies Span };
}

/** The months wholly inside [from, to]: [fullFrom, fullTo) as first days of months (empty when fullFrom >= fullTo). */
export function wholeMonths(from: string, to: string): { fullFrom: string; fullTo: string } {
  const f = DateTime.fromISO(from, { zone: 'utc' });
  const t = DateTime.fromISO(to, { zone: 'utc' });
  const fullFrom = f.day === 1 ? f : f.startOf('month').plus({ months: 1 });
  const fullTo = t.plus({ days: 1 }).day === 1 ? t.plus({ days: 1 }) : t.startOf('month');
  return { fullFrom: fullFrom.toISODate()!, fullTo: (fullTo < fullFrom ? fullFrom : fullTo).toISODate()! };
}

/**
 * For the corrections report: the records of the company, or of the reader's team or department,
 * narrowed by department, position and location.
 */
function correctedRecords(p: ReportParams): ReportQuery & { joinEmployees: boolean } {
  const parts = ['ar.company_id = ?'];
  const params: unknown[] = [p.companyId];
  const within = p.scope?.on('ar.employee_id');
  if (within) {
    parts.push(within.sql);
    params.push(...within.params);
  }
  if (p.departmentId !== null) {
    parts.push('e.department_id = ?');
    params.push(p.departmentId);
  }
  if (p.positionId !== null) {
    parts.push('e.position_id = ?');
    params.push(p.positionId);
  }
  if (p.locationId !== null) {
    parts.push('ar.work_location_id = ?');
    params.push(p.locationId);
  }
  return { sql: parts.join(' and '), params, joinEmployees: p.departmentId !== null || p.positionId !== null };
}

const ATTENDANCE_FILTERS = ['from', 'to', 'department_id', 'position_id', 'location_id'] as const;

const rateColumns: ReportColumn[] = [
  { key: 'records', label: 'Records', type: 'integer', total: 'sum' },
  { key: 'present', label: 'Present', type: 'integer', total: 'sum' },
  { key: 'late', label: 'Late', type: 'integer', total: 'sum' },
  { key: 'absent', label: 'Absent', type: 'integer', total: 'sum' },
  { key: 'on_leave', label: 'On leave', type: 'integer', total: 'sum' },
  { key: 'present_rate', label: 'Present rate', type: 'percent', total: { percent: ['present', 'records'] } },
  { key: 'late_rate', label: 'Late rate', type: 'percent', total: { percent: ['late', 'records'] } },
  { key: 'absent_rate', label: 'Absent rate', type: 'percent', total: { percent: ['absent', 'records'] } },
  { key: 'leave_rate', label: 'On-leave rate', type: 'percent', total: { percent: ['on_leave', 'records'] } },
];

export const attendanceRates: ReportDefinition = {
  id: 'attendance-rates',
  group: 'attendance',
  title: 'Attendance rates',
  description: 'Present, late, absent and on-leave days as a share of the attendance records, per month or per department',
  module: 'attendance',
  filters: [...ATTENDANCE_FILTERS, 'group_by'],
  groupBy: [
    { id: 'month', name: 'Month' },
    { id: 'department', name: 'Department' },
  ],
  columns(p) {
    return [groupColumn(this, p), ...rateColumns];
  },
  chart: () => ({
    kind: 'stacked-bar',
    x: 'label',
    series: [
      { key: 'present_rate', label: 'Present' },
      { key: 'late_rate', label: 'Late' },
      { key: 'absent_rate', label: 'Absent' },
      { key: 'leave_rate', label: 'On leave' },
    ],
  }),
  prepare: attendanceSpan,
  query(p, context) {
    const byDepartment = p.groupBy === 'department';
    const from = attendanceFacts(p, context, byDepartment);
    return {
      sql: `select x.*, ${percentSql('x.present', 'x.records')} as present_rate, ${percentSql('x.late', 'x.records')} as late_rate,
                   ${percentSql('x.absent', 'x.records')} as absent_rate, ${percentSql('x.on_leave', 'x.records')} as leave_rate
              from (select ${byDepartment ? `coalesce(d.department_name, 'No department')` : monthKey('g.k')} as label,
                           g.records, g.present, g.late, g.absent, g.on_leave
                      from (select ${byDepartment ? 'e.department_id' : 'f.month'} as k, sum(f.records)::int as records,
                                   sum(f.present)::int as present, sum(f.late)::int as late, sum(f.absent)::int as absent,
                                   sum(f.on_leave)::int as on_leave
                              ${from.sql}
                             group by 1 having sum(f.records) > 0) g
                      ${byDepartment ? 'left join departments d on d.id = g.k' : ''}) x
             order by x.label`,
      params: from.params,
    };
  },
};

export const attendanceLateByWeekday: ReportDefinition = {
  id: 'attendance-late-weekday',
  group: 'attendance',
  title: 'Late arrivals by weekday',
  description: 'On which days of the week people arrive late: late records and their share of the records of that day',
  module: 'attendance',
  filters: ATTENDANCE_FILTERS,
  columns: () => [
    { key: 'weekday', label: 'Weekday', type: 'text' },
    { key: 'records', label: 'Records', type: 'integer', total: 'sum' },
    { key: 'late', label: 'Late arrivals', type: 'integer', total: 'sum' },
    { key: 'late_rate', label: 'Late rate', type: 'percent', total: { percent: ['late', 'records'] } },
  ],
  chart: () => ({ kind: 'bar', x: 'weekday', series: [{ key: 'late', label: 'Late arrivals' }] }),
  prepare: attendanceSpan,
  query(p, context) {
    // each part as 7 records and 7 late columns, one per weekday (Monday first)
    const stats = WEEKDAYS.map((d) => `, weekday_records[${d}] as r${d}, weekday_late[${d}] as l${d}`).join('');
    const raw = WEEKDAYS.map(
      (d) => `, (extract(isodow from ar.attendance_date) = ${d})::int, (extract(isodow from ar.attendance_date) = ${d} and ar.status = 'late')::int`,
    ).join('');
    const from = attendanceFacts(p, context, false, { stats, raw });
    const sums = WEEKDAYS.map((d) => `sum(f.r${d}) as r${d}, sum(f.l${d}) as l${d}`).join(', ');
    const unpivot = WEEKDAYS.map((d) => `(${d}, x.r${d}, x.l${d})`).join(', ');
    return {
      sql: `select w.name as weekday, coalesce(v.records, 0)::int as records, coalesce(v.late, 0)::int as late,
                   ${percentSql('coalesce(v.late, 0)', 'coalesce(v.records, 0)')} as late_rate
              from (values (1, 'Monday'), (2, 'Tuesday'), (3, 'Wednesday'), (4, 'Thursday'), (5, 'Friday'), (6, 'Saturday'), (7, 'Sunday')) w(n, name)
              cross join (select ${sums} ${from.sql}) x
              cross join lateral (values ${unpivot}) v(n, records, late)
             where v.n = w.n and (w.n <= 5 or coalesce(v.records, 0) > 0)
             order by w.n`,
      params: from.params,
    };
  },
};

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];

export const attendanceHours: ReportDefinition = {
  id: 'attendance-hours',
  group: 'attendance',
  title: 'Hours worked against shift hours',
  description: 'Hours recorded on the days worked against the hours of the shifts those days were worked on',
  module: 'attendance',
  filters: [...ATTENDANCE_FILTERS, 'group_by'],
  groupBy: [
    { id: 'department', name: 'Department' },
    { id: 'employee', name: 'Employee' },
    { id: 'month', name: 'Month' },
  ],
  columns(p) {
    return [
      groupColumn(this, p),
      { key: 'days_worked', label: 'Days worked', type: 'integer', total: 'sum' },
      { key: 'worked_hours', label: 'Hours worked', type: 'number', total: 'sum' },
      { key: 'shift_hours', label: 'Shift hours', type: 'number', total: 'sum' },
      { key: 'difference', label: 'Difference', type: 'number', total: 'sum' },
      { key: 'ratio', label: 'Worked of shift', type: 'percent', total: { percent: ['worked_hours', 'shift_hours'] } },
    ];
  },
  chart: (p) =>
    p.groupBy === 'employee'
      ? null
      : {
          kind: 'bar',
          x: 'label',
          series: [
            { key: 'worked_hours', label: 'Hours worked' },
            { key: 'shift_hours', label: 'Shift hours' },
          ],
        },
  prepare: attendanceSpan,
  query(p, context) {
    const from = attendanceFacts(p, context, p.groupBy === 'department');
    const key = p.groupBy === 'employee' ? 'f.employee_id' : p.groupBy === 'month' ? 'f.month' : 'e.department_id';
    const label =
      p.groupBy === 'employee'
        ? `${fullName('em')} || ' (' || em.employee_code || ')'`
        : p.groupBy === 'month'
          ? monthKey('g.k')
          : `coalesce(d.department_name, 'No department')`;
    const join =
      p.groupBy === 'employee' ? 'join employees em on em.id = g.k' : p.groupBy === 'month' ? '' : 'left join departments d on d.id = g.k';
    return {
      sql: `select x.label, x.days_worked, round(x.worked, 2) as worked_hours, round(x.shift, 2) as shift_hours,
                   round(x.worked - x.shift, 2) as difference, ${percentSql('x.worked', 'x.shift')} as ratio
              from (select g.*, ${label} as label
                      from (select ${key} as k, sum(f.present + f.late)::int as days_worked, sum(f.worked_hours) as worked,
                                   sum(f.shift_hours) as shift
                              ${from.sql}
                             group by 1 having sum(f.present + f.late) > 0) g
                      ${join}) x
             order by x.label`,
      params: from.params,
    };
  },
};

export const attendanceCorrections: ReportDefinition = {
  id: 'attendance-corrections',
  group: 'attendance',
  title: 'Attendance corrections',
  description: 'Records corrected by an administrator, per month of the correction: how many, for how many employees, by how many people',
  module: 'attendance',
  filters: ATTENDANCE_FILTERS,
  columns: () => [
    { key: 'month', label: 'Month', type: 'text' },
    { key: 'corrections', label: 'Corrections', type: 'integer', total: 'sum' },
    { key: 'employees', label: 'Employees concerned', type: 'integer' },
    { key: 'correctors', label: 'Corrected by (people)', type: 'integer' },
  ],
  chart: () => ({ kind: 'bar', x: 'month', series: [{ key: 'corrections', label: 'Corrections' }] }),
  query(p) {
    // the period is read on the day of the correction, in the company's time zone
    const scope = correctedRecords({ ...p, from: '0001-01-01', to: '9999-12-31' });
    return {
      sql: `select ${monthKey(`date_trunc('month', (ar.corrected_at at time zone ?)::date)`)} as month, count(*)::int as corrections,
                   count(distinct ar.employee_id)::int as employees, count(distinct ar.corrected_by_id)::int as correctors
              from attendance_records ar
              ${scope.joinEmployees ? 'join employees e on e.id = ar.employee_id' : ''}
             where ${scope.sql} and ar.corrected_at is not null
               and ar.company_id = ? and (ar.corrected_at at time zone ?)::date between ?::date and ?::date
             group by 1 order by 1`,
      params: [p.zone, ...scope.params, p.companyId, p.zone, p.from, p.to],
    };
  },
};
