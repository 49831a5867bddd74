import type { EntityManager } from '@mikro-orm/postgresql';
import { DateTime } from 'luxon';
import type { AuthContext } from '../../common/auth/auth-context';
import { scopeCondition, type RecordScope, type ScopeCondition } from '../../common/auth/record-scope';
import type { AttendanceStatus } from './attendance-record.entity';

/** The conditions of the attendance list that attendance_month_stats can count. */
export interface CountableFilter {
  companyId: number;
  /** YYYY-MM-DD, inclusive; none: from the first record */
  from?: string;
  /** YYYY-MM-DD, inclusive; none: up to the last record */
  to?: string;
  employeeIds?: number[];
  statuses?: AttendanceStatus[];
  /** the records of this caller and of the people within this scope of theirs (a team, a department) */
  seenBy?: { viewer: Pick<AuthContext, 'companyId' | 'employeeId'>; scope: RecordScope };
}

/**
 * The condition of `f.seenBy` on a column of employee ids (`column`): the caller's own records and
 * those of the people within their scope; null without one, or for the company.
 */
export function seenCondition(f: Pick<CountableFilter, 'seenBy'>, column: string): ScopeCondition | null {
  if (!f.seenBy) return null;
  const { viewer, scope } = f.seenBy;
  return scopeCondition(viewer, scope, column, { withOwn: true });
}

/** The figure of attendance_month_stats that counts the records of each status. */
const STAT_OF: Record<AttendanceStatus, string> = { present: 'present', late: 'late', absent: 'absent', leave: 'on_leave' };

const month = (d: string) => DateTime.fromISO(d, { zone: 'utc' }).startOf('month');

/**
 * The exact number of a company's attendance records in a period, by employee and status, in a
 * few milliseconds at any size: the months wholly inside the period summed from
 * attendance_month_stats (kept by triggers in the writing transaction, so always current), the
 * days of a partial first or last month counted from the records of their partition (the whole
 * month from the stats as well when nothing is recorded outside the period in it: a month up to
 * today). The month of a 10,000-employee company is 217,734 records and 10,000 rows of stats.
 */
export async function countAttendance(em: EntityManager, f: CountableFilter): Promise<number> {
  // [lo, hi): the months the stats answer, as first days; a partial edge month may join them
  let lo = f.from ? month(f.from) : null;
  let hi = f.to ? month(f.to).plus({ months: 1 }) : null;
  const params: unknown[] = [];
  const edges: string[] = [];
  const recordConditions = (): string => {
    let sql = '';
    if (f.employeeIds) {
      sql += ' and r.employee_id = any(?::int[])';
      params.push(`{${f.employeeIds.join(',')}}`);
    }
    if (f.statuses) {
      sql += ' and r.status = any(?::text[])';
      params.push(`{${f.statuses.join(',')}}`);
    }
    const seen = seenCondition(f, 'r.employee_id');
    if (seen) {
      sql += ` and ${seen.sql}`;
      params.push(...seen.params);
    }
    return sql;
  };
  // a first month only partly inside the period counts from the stats when it has no record before the period
  const loEdge = f.from && lo && f.from !== lo.toISODate() ? { start: lo.toISODate()!, end: f.from } : null;
  const hiNext = f.to ? DateTime.fromISO(f.to, { zone: 'utc' }).plus({ days: 1 }).toISODate()! : null;
  const hiEdge = hiNext && hi && hiNext !== hi.toISODate() ? { start: hiNext, end: hi.toISODate()! } : null;
  if (loEdge || hiEdge) {
    const probes = [loEdge, hiEdge].map((edge) =>
      edge
        ? `exists (select 1 from attendance_records where company_id = ${Number(f.companyId)} and attendance_date >= '${edge.start}'::date and attendance_date < '${edge.end}'::date)`
        : 'false',
    );
    const [row] = await em.execute<Array<{ before: boolean; after: boolean }>>(`select ${probes[0]} as before, ${probes[1]} as after`);
    if (loEdge && row.before) lo = lo!.plus({ months: 1 });
    if (hiEdge && row.after) hi = hi!.minus({ months: 1 });
  }
  const loDay = lo?.toISODate();
  const hiDay = hi?.toISODate();
  const empty = !!(loDay && hiDay && loDay >= hiDay);
  // the days of the period outside [lo, hi), from the records themselves
  const dayRange = (start: string | undefined, endExclusive: string | undefined) => {
    const parts = [`r.company_id = ${Number(f.companyId)}`];
    if (start) parts.push(`r.attendance_date >= '${start}'::date`);
    if (endExclusive) parts.push(`r.attendance_date < '${endExclusive}'::date`);
    return `(select count(*) from attendance_records r where ${parts.join(' and ')}${recordConditions()})`;
  };
  if (empty) {
    edges.push(dayRange(f.from, hiNext ?? undefined));
  } else {
    if (f.from && loDay && f.from < loDay) edges.push(dayRange(f.from, loDay));
    if (hiNext && hiDay && hiDay < hiNext) edges.push(dayRange(hiDay, hiNext));
  }
  let stats = '0';
  if (!empty) {
    const figure = f.statuses ? f.statuses.map((s) => `s.${STAT_OF[s]}`).join(' + ') : 's.records';
    const where = [`s.company_id = ${Number(f.companyId)}`];
    if (loDay) where.push(`s.month >= '${loDay}'::date`);
    if (hiDay) where.push(`s.month < '${hiDay}'::date`);
    // the statistics come first in the statement: their parameters go before the edges'
    const statsParams: unknown[] = [];
    if (f.employeeIds) {
      where.push('s.employee_id = any(?::int[])');
      statsParams.push(`{${f.employeeIds.join(',')}}`);
    }
    const seen = seenCondition(f, 's.employee_id');
    if (seen) {
      where.push(seen.sql);
      statsParams.push(...seen.params);
    }
    params.unshift(...statsParams);
    stats = `(select coalesce(sum(${figure}), 0) from attendance_month_stats s where ${where.join(' and ')})`;
  }
  const [row] = await em.execute<Array<{ total: number }>>(`select (${[stats, ...edges].join(' + ')})::int as total`, params);
  return row.total;
}
