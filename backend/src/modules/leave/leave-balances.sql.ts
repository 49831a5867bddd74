/**
 * The balance of every (employee, leave type) pair of a company for one year, in one statement.
 * - entitlement: the policy's maxDaysPerYear, else the type's max_days_per_year (0 = no limit);
 *   0 for someone hired after the year; pro-rated by days from the hire date when the policy says
 *   so, rounded to half days.
 * - carried_over (policy carryOverEnabled): last year's entitlement minus last year's approved days,
 *   at least 0, capped by maxCarryOverDays. From 1 January + expiryMonths on, only the part taken
 *   before that date still counts. Carried days are not carried again.
 * - taken / pending: approved / pending requests starting in the year.
 */
export interface BalanceFilter {
  employeeIds?: number[];
  leaveTypeId?: number;
  /** include inactive types without any request in the year */
  allTypes?: boolean;
  /** a condition on the employees (alias e), e.g. a report's department and position */
  people?: { sql: string; params: unknown[] };
  /** rows in no particular order and without the list's total (a report adds them up itself) */
  unordered?: boolean;
}

const prorated = (y0: string, y1: string) => `
  case when pe.hire_date is not null and pe.hire_date > ${y1} then 0
       when not ru.prorate or pe.hire_date is null or pe.hire_date <= ${y0} then ru.full_days
       else round(ru.full_days * (${y1} - pe.hire_date + 1) / (${y1} - ${y0} + 1) * 2) / 2 end`;

export function balanceSql(
  scope: { year: number; today: string; companyId: number },
  filter: BalanceFilter,
  paging?: { offset: number; limit: number },
): { sql: string; params: unknown[] } {
  const peopleWhere: string[] = [];
  const typeWhere: string[] = [];
  const typeParams: unknown[] = [];
  const peopleParams: unknown[] = [];
  if (filter.employeeIds) {
    peopleWhere.push(`e.id in (${filter.employeeIds.map(() => '?').join(', ') || 'null'})`);
    peopleParams.push(...filter.employeeIds);
  }
  if (filter.people) {
    peopleWhere.push(`(${filter.people.sql})`);
    peopleParams.push(...filter.people.params);
  }
  if (filter.leaveTypeId !== undefined) {
    typeWhere.push('lt.id = ?');
    typeParams.push(filter.leaveTypeId);
  }
  const sql = `
with params as (
  select make_date(y, 1, 1) as y0, make_date(y, 12, 31) as y1, make_date(y - 1, 1, 1) as p0, make_date(y - 1, 12, 31) as p1,
         y, t as today, c as company_id
    from (select ?::int as y, ?::date as t, ?::int as c) v
),
rules as (
  select lt.id as leave_type_id, lt.type_name, lt.type_code, lt.is_active,
         coalesce(p.max_days_per_year, lt.max_days_per_year)::numeric as full_days,
         coalesce(p.pro_ration_enabled, false) as prorate,
         coalesce(p.carry_over_enabled, false) as carry,
         p.max_carry_over_days as carry_cap,
         case when p.expiry_months is null then null
              else (pa.y0 + make_interval(months => p.expiry_months))::date end as expires_on
    from leave_types lt
    cross join params pa
    left join leave_policies p on p.id = lt.policy_id
   where lt.company_id = pa.company_id ${typeWhere.map((w) => `and ${w}`).join(' ')}
),
people as (
  select e.id, e.first_name, e.last_name, e.employee_code, e.hire_date
    from employees e cross join params pa
   where e.company_id = pa.company_id ${peopleWhere.map((w) => `and ${w}`).join(' ')}
),
usage as (
  select r.employee_id, r.leave_type_id,
         coalesce(sum(r.total_days) filter (where r.status = 'approved' and r.start_date >= pa.y0), 0) as taken,
         coalesce(sum(r.total_days) filter (where r.status = 'pending' and r.start_date >= pa.y0), 0) as pending,
         coalesce(sum(r.total_days) filter (where r.status = 'approved' and r.start_date < pa.y0), 0) as prev_taken,
         coalesce(sum(r.total_days) filter (
           where r.status = 'approved' and r.start_date >= pa.y0 and r.start_date < ru.expires_on), 0) as taken_before_expiry
    from leave_requests r
    cross join params pa
    join rules ru on ru.leave_type_id = r.leave_type_id
    join people pe on pe.id = r.employee_id
   where r.company_id = pa.company_id and r.status in ('approved', 'pending') and r.start_date between pa.p0 and pa.y1
   group by r.employee_id, r.leave_type_id
),
grid as (
  select pe.id as employee_id, pe.first_name, pe.last_name, pe.employee_code, ru.leave_type_id, ru.type_name, ru.type_code,
         ru.is_active, pa.y as year, ru.full_days > 0 as limited,
         ${prorated('pa.y0', 'pa.y1')} as entitlement,
         case when ru.carry and ru.full_days > 0
              then least(coalesce(ru.carry_cap, 99999), greatest(${prorated('pa.p0', 'pa.p1')} - coalesce(u.prev_taken, 0), 0))
              else 0 end as carried_raw,
         ru.expires_on is not null and pa.today >= ru.expires_on as expired,
         coalesce(u.taken, 0) as taken, coalesce(u.pending, 0) as pending, coalesce(u.taken_before_expiry, 0) as taken_before_expiry
    from people pe
    cross join rules ru
    cross join params pa
    left join usage u on u.employee_id = pe.id and u.leave_type_id = ru.leave_type_id
),
balances as (
  select g.*, case when g.expired then least(g.carried_raw, g.taken_before_expiry) else g.carried_raw end as carried_over
    from grid g
   where ${filter.allTypes ? 'true' : 'g.is_active or g.taken > 0 or g.pending > 0'}
)
select employee_id, trim(first_name || ' ' || last_name) as employee_name, employee_code, leave_type_id,
       type_name as leave_type_name, type_code, year, limited,
       entitlement::numeric(6,1)::text as entitlement,
       carried_over::numeric(6,1)::text as carried_over,
       taken::numeric(6,1)::text as taken,
       pending::numeric(6,1)::text as pending,
       case when limited then (entitlement + carried_over - taken - pending)::numeric(6,1)::text end as remaining,
       case when limited then (entitlement + carried_over - taken)::numeric(6,1)::text end as approvable,
       ${filter.unordered ? '0 as total, last_name, first_name' : 'count(*) over () as total'}
  from balances
 ${filter.unordered ? '' : 'order by last_name, first_name, employee_id, type_name, leave_type_id'}
 ${paging ? `offset ${Math.trunc(paging.offset)} limit ${Math.trunc(paging.limit)}` : ''}`;
  return { sql, params: [scope.year, scope.today, scope.companyId, ...typeParams, ...peopleParams] };
}
