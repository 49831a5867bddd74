import { fullName, groupColumn, type ReportColumn, monthKey, percentSql, type ReportDefinition, type ReportParams, type ReportQuery } from '../report-definition';

/**
 * The attendance records a report reads (alias ar, with the employee as e): the company's, of
 * the period, of the employees in the department and position, at the work location.
 */
function recordScope(p: ReportParams): ReportQuery & { joinEmployees: boolean } {
  const parts = ['ar.company_id = ?', 'ar.attendance_date between ?::date and ?::date'];
  const params: unknown[] = [p.companyId, p.from, p.to];
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
  query(p) {
    const scope = recordScope(p);
    const byDepartment = p.groupBy === 'department';
    const label = byDepartment ? `coalesce(d.department_name, 'No department')` : monthKey(`date_trunc('month', ar.attendance_date)`);
    return {
      sql: `select x.*, ${percentSql('x.present', 'x.records')} as present_rate, ${percentSql('x.late', 'x.records')} as late_rate,
                   ${percentSql('x.absent', 'x.records')} as absent_rate, ${percentSql('x.on_leave', 'x.records')} as leave_rate
              from (select ${label} as label, count(*)::int as records,
                           (count(*) filter (where ar.status = 'present'))::int as present,
                           (count(*) filter (where ar.status = 'late'))::int as late,
                           (count(*) filter (where ar.status = 'absent'))::int as absent,
                           (count(*) filter (where ar.status = 'leave'))::int as on_leave
                      from attendance_records ar
                      ${scope.joinEmployees || byDepartment ? 'join employees e on e.id = ar.employee_id' : ''}
                      ${byDepartment ? 'left join departments d on d.id = e.department_id' : ''}
                     where ${scope.sql}
                     group by 1) x
             order by x.label`,
      params: scope.params,
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
  query(p) {
    const scope = recordScope(p);
    return {
      sql: `select w.name as weekday, coalesce(x.records, 0)::int as records, coalesce(x.late, 0)::int as late,
                   ${percentSql('coalesce(x.late, 0)', 'coalesce(x.records, 0)')} as late_rate
              from (values (1, 'Monday'), (2, 'Tuesday'), (3, 'Wednesday'), (4, 'Thursday'), (5, 'Friday'), (6, 'Saturday'), (7, 'Sunday')) w(n, name)
              left join (select extract(isodow from ar.attendance_date)::int as n, count(*) as records,
                                count(*) filter (where ar.status = 'late') as late
                           from attendance_records ar
                           ${scope.joinEmployees ? 'join employees e on e.id = ar.employee_id' : ''}
                          where ${scope.sql}
                          group by 1) x on x.n = w.n
             where w.n <= 5 or coalesce(x.records, 0) > 0
             order by w.n`,
      params: scope.params,
    };
  },
};

/** Hours of a shift (alias s) less its break; a shift ending before it starts ends the next day. */
const SHIFT_HOURS = `(extract(epoch from (s.end_time - s.start_time)) / 3600.0
  + case when s.end_time <= s.start_time then 24 else 0 end - s.break_duration / 60.0)`;

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
  query(p) {
    const scope = recordScope(p);
    const label =
      p.groupBy === 'employee'
        ? `${fullName('e')} || ' (' || e.employee_code || ')'`
        : p.groupBy === 'month'
          ? monthKey(`date_trunc('month', ar.attendance_date)`)
          : `coalesce(d.department_name, 'No department')`;
    return {
      sql: `select x.label, x.days_worked, round(x.worked, 2) as worked_hours, round(x.shift, 2) as shift_hours,
                   round(x.worked - x.shift, 2) as difference, ${percentSql('x.worked', 'x.shift')} as ratio
              from (select ${label} as label, count(*)::int as days_worked,
                           coalesce(sum(ar.work_hours), 0) as worked,
                           coalesce(sum(${SHIFT_HOURS}) filter (where s.id is not null), 0) as shift
                      from attendance_records ar
                      join employees e on e.id = ar.employee_id
                      left join departments d on d.id = e.department_id
                      left join shifts s on s.id = ar.shift_id
                     where ${scope.sql} and ar.status in ('present', 'late')
                     group by 1) x
             order by x.label`,
      params: scope.params,
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
    const scope = recordScope({ ...p, from: '0001-01-01', to: '9999-12-31' });
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
