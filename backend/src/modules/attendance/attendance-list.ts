import type { EntityManager } from '@mikro-orm/postgresql';
import type { ListQuery } from '../../common/http/list-query';
import { executePrepared } from '../../database/prepared-statements';
import { seenCondition, type CountableFilter } from './attendance-count';
import type { AttendanceResponseDto } from './dto/attendance.dto';

/** What each sortable field orders by, on the records r and their employee e (the id breaks ties). */
const SORT: Record<string, string[]> = {
  id: [],
  attendance_date: ['r.attendance_date'],
  check_in_time: ['r.check_in_time'],
  check_out_time: ['r.check_out_time'],
  work_hours: ['r.work_hours'],
  status: ['r.status'],
  employee_name: ['e.first_name', 'e.last_name'],
};

const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const num = (column: string) => `${column}::float8`;

/**
 * The response fields of a record r of employee e; the names of its work location and shift are
 * scalar subqueries, read for the page's rows only (planned in a fraction of the time of joins).
 */
const COLUMNS = `
  r.id, r.employee_id, e.first_name || ' ' || e.last_name as employee_name, e.employee_code,
  to_char(r.attendance_date, 'YYYY-MM-DD') as attendance_date,
  ${iso('r.check_in_time')} as check_in_time, ${iso('r.check_out_time')} as check_out_time,
  ${num('r.work_hours')} as work_hours, r.status, r.check_in_location, r.check_out_location,
  ${num('r.check_in_latitude')} as check_in_latitude, ${num('r.check_in_longitude')} as check_in_longitude,
  ${num('r.check_in_accuracy')} as check_in_accuracy, ${num('r.check_in_distance')} as check_in_distance,
  r.work_location_id, (select w.location_name from work_locations w where w.id = r.work_location_id) as work_location_name,
  r.shift_id, (select s.shift_name from shifts s where s.id = r.shift_id) as shift_name,
  r.is_offline, r.check_out_offline,
  ${iso('r.check_in_received_at')} as check_in_received_at, ${iso('r.check_out_received_at')} as check_out_received_at,
  r.auto_checked_out, r.notes, ${iso('r.corrected_at')} as corrected_at,
  ${iso('r.created_at')} as created_at, ${iso('r.updated_at')} as updated_at`;

/**
 * One page of a company's attendance under the conditions the monthly stats count
 * (countAttendance), in one prepared statement: planning the ORM's query with its joins over a
 * partitioned table took longer than running it. The company and the page are written into the
 * text (the plan depends on the company's size); the period is a parameter, so the generic plan
 * prunes to the period's partitions when it starts, and for the default order reads the page from
 * the (company, date, id) index of the month's partition.
 */
export async function attendancePage(em: EntityManager, f: CountableFilter, q: ListQuery): Promise<AttendanceResponseDto[]> {
  const dir = q.sort.order === 'DESC' ? 'desc' : 'asc';
  const order = [...(SORT[q.sort.field] ?? SORT.attendance_date), 'r.id'].map((c) => `${c} ${dir}`).join(', ');
  const where = [`r.company_id = ${Number(f.companyId)}`, `r.attendance_date >= ?::date`, `r.attendance_date <= ?::date`];
  const params: unknown[] = [f.from ?? '-infinity', f.to ?? 'infinity'];
  if (f.employeeIds) {
    where.push('r.employee_id = any(?::int[])');
    params.push(`{${f.employeeIds.join(',')}}`);
  }
  if (f.statuses) {
    where.push('r.status = any(?::text[])');
    params.push(`{${f.statuses.join(',')}}`);
  }
  const seen = seenCondition(f, 'r.employee_id');
  if (seen) {
    where.push(seen.sql);
    params.push(...seen.params);
  }
  return executePrepared<AttendanceResponseDto>(
    em,
    `select ${COLUMNS}
       from attendance_records r join employees e on e.id = r.employee_id
      where ${where.join(' and ')}
      order by ${order} limit ${Math.trunc(q.limit)} offset ${Math.trunc(q.offset)}`,
    params,
  );
}
