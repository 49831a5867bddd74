import { balanceSql } from '../../leave/leave-balances.sql';
import {
  day,
  employeeScope,
  fullName,
  groupColumn,
  monthKey,
  MONTHS_SQL,
  type ReportColumn,
  type ReportDefinition,
} from '../report-definition';

const PEOPLE_FILTERS = ['department_id', 'position_id', 'location_id'] as const;

const balanceColumns: ReportColumn[] = [
  { key: 'entitlement', label: 'Entitlement', type: 'number', total: 'sum' },
  { key: 'carried_over', label: 'Carried over', type: 'number', total: 'sum' },
  { key: 'taken', label: 'Taken', type: 'number', total: 'sum' },
  { key: 'pending', label: 'Pending', type: 'number', total: 'sum' },
  { key: 'remaining', label: 'Remaining', type: 'number', total: 'sum' },
];

/** The balances of the leave module (same statement), for the year of the chosen date. */
export const leaveBalances: ReportDefinition = {
  id: 'leave-balances',
  group: 'leave',
  title: 'Leave balances',
  description: 'Entitlement, carried-over, taken, pending and remaining days of the year of the chosen date, by leave type or by employee',
  module: 'leave',
  filters: ['at', 'group_by', ...PEOPLE_FILTERS],
  groupBy: [
    { id: 'type', name: 'Leave type' },
    { id: 'employee', name: 'Employee' },
  ],
  columns(p) {
    return p.groupBy === 'employee'
      ? [
          { key: 'label', label: 'Employee', type: 'text' },
          { key: 'leave_type', label: 'Leave type', type: 'text' },
          ...balanceColumns,
        ]
      : [groupColumn(this, p), { key: 'employees', label: 'Employees', type: 'integer' }, ...balanceColumns];
  },
  chart: (p) =>
    p.groupBy === 'employee'
      ? null
      : {
          kind: 'stacked-bar',
          x: 'label',
          series: [
            { key: 'taken', label: 'Taken' },
            { key: 'pending', label: 'Pending' },
            { key: 'remaining', label: 'Remaining' },
          ],
        },
  query(p) {
    const year = Number(p.at.slice(0, 4));
    const inner = balanceSql({ year, today: p.at, companyId: p.companyId }, { people: employeeScope(p, 'e', { from: `${year}-01-01`, to: `${year}-12-31` }), unordered: true });
    const sql =
      p.groupBy === 'employee'
        ? `select b.employee_name || ' (' || b.employee_code || ')' as label, b.leave_type_name as leave_type,
                  b.entitlement, b.carried_over, b.taken, b.pending, coalesce(b.remaining, '0') as remaining
             from (${inner.sql}) b
            order by b.last_name, b.first_name, b.employee_id, b.leave_type_name`
        : `select b.leave_type_name as label, count(*)::int as employees,
                  sum(b.entitlement::numeric) as entitlement, sum(b.carried_over::numeric) as carried_over,
                  sum(b.taken::numeric) as taken, sum(b.pending::numeric) as pending,
                  coalesce(sum(b.remaining::numeric), 0) as remaining
             from (${inner.sql}) b
            group by b.leave_type_name order by b.leave_type_name`;
    return { sql, params: inner.params };
  },
};

interface LeaveTypeColumn {
  id: number;
  type_name: string;
}

/** Approved days per month of the start of the request, a column per leave type. */
export const leaveTaken: ReportDefinition = {
  id: 'leave-taken',
  group: 'leave',
  title: 'Leave taken',
  description: 'Approved leave days per month (by the first day of the request) and leave type',
  module: 'leave',
  filters: ['from', 'to', ...PEOPLE_FILTERS],
  async prepare(em, p) {
    const types = await em.execute<LeaveTypeColumn[]>(
      `select id, type_name from leave_types where company_id = ? order by type_name, id`,
      [p.companyId],
    );
    return { types };
  },
  columns: (_p, context) => [
    { key: 'month', label: 'Month', type: 'text' },
    ...(context.types as LeaveTypeColumn[]).map((t): ReportColumn => ({ key: `type_${t.id}`, label: t.type_name, type: 'number', total: 'sum' })),
    { key: 'total_days', label: 'Total days', type: 'number', total: 'sum' },
  ],
  chart: (_p, context) => ({
    kind: 'stacked-bar',
    x: 'month',
    series: (context.types as LeaveTypeColumn[]).map((t) => ({ key: `type_${t.id}`, label: t.type_name })),
  }),
  query(p, context) {
    const scope = employeeScope(p);
    const types = context.types as LeaveTypeColumn[];
    const perType = types.map((t) => `coalesce(sum(r.total_days) filter (where r.leave_type_id = ${Number(t.id)}), 0) as type_${Number(t.id)}`);
    return {
      sql: `select ${monthKey('m.month')} as month, ${[...perType, 'coalesce(sum(r.total_days), 0) as total_days'].join(', ')}
              from (${MONTHS_SQL}) m
              left join (select r.* from leave_requests r join employees e on e.id = r.employee_id
                          where r.company_id = ? and r.status = 'approved' and r.start_date between ?::date and ?::date and ${scope.sql}) r
                on date_trunc('month', r.start_date) = m.month
             group by m.month order by m.month`,
      params: [p.from, p.to, p.companyId, p.from, p.to, ...scope.params],
    };
  },
};

const requestColumns: ReportColumn[] = [
  { key: 'employee', label: 'Employee', type: 'text' },
  { key: 'department', label: 'Department', type: 'text' },
  { key: 'leave_type', label: 'Leave type', type: 'text' },
  { key: 'start_date', label: 'From', type: 'date' },
  { key: 'end_date', label: 'To', type: 'date' },
  { key: 'days', label: 'Days', type: 'number', total: 'sum' },
];

const requestSelect = `${fullName('e')} || ' (' || e.employee_code || ')' as employee, coalesce(d.department_name, 'No department') as department,
  lt.type_name as leave_type, ${day('r.start_date')} as start_date, ${day('r.end_date')} as end_date, r.total_days as days`;
const requestJoins = `join employees e on e.id = r.employee_id
  join leave_types lt on lt.id = r.leave_type_id
  left join departments d on d.id = e.department_id`;

export const leaveUpcoming: ReportDefinition = {
  id: 'leave-upcoming',
  group: 'leave',
  title: 'Upcoming absences',
  description: 'Approved and pending leave overlapping the period, by first day',
  module: 'leave',
  filters: ['from', 'to', ...PEOPLE_FILTERS],
  lookAheadDays: 60,
  columns: () => [...requestColumns, { key: 'status', label: 'Status', type: 'text' }],
  chart: () => null,
  query(p) {
    const scope = employeeScope(p);
    return {
      sql: `select ${requestSelect}, initcap(r.status) as status
              from leave_requests r ${requestJoins}
             where r.company_id = ? and r.status in ('approved', 'pending')
               and r.end_date >= ?::date and r.start_date <= ?::date and ${scope.sql}
             order by r.start_date, employee, r.id`,
      params: [p.companyId, p.from, p.to, ...scope.params],
    };
  },
};

export const leavePending: ReportDefinition = {
  id: 'leave-pending',
  group: 'leave',
  title: 'Pending requests waiting',
  description: 'Leave requests still pending that were made more than the chosen number of days ago, oldest first',
  module: 'leave',
  filters: ['older_than_days', ...PEOPLE_FILTERS],
  columns: () => [
    ...requestColumns,
    { key: 'requested_on', label: 'Requested on', type: 'date' },
    { key: 'waiting_days', label: 'Waiting (days)', type: 'integer' },
  ],
  chart: () => null,
  query(p) {
    const scope = employeeScope(p);
    return {
      sql: `select ${requestSelect}, ${day('(r.requested_at at time zone ?)::date')} as requested_on,
                   (?::date - (r.requested_at at time zone ?)::date)::int as waiting_days
              from leave_requests r ${requestJoins}
             where r.company_id = ? and r.status = 'pending'
               and (r.requested_at at time zone ?)::date <= ?::date - ?::int and ${scope.sql}
             order by r.requested_at, r.id`,
      params: [p.zone, p.today, p.zone, p.companyId, p.zone, p.today, p.olderThanDays, ...scope.params],
    };
  },
};
