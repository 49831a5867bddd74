import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { DateTime } from 'luxon';
import type { AuthContext } from '../../common/auth/auth-context';
import { recordScope, scopeCondition } from '../../common/auth/record-scope';
import { requireCompany } from '../../common/auth/require-company';
import type { EffectivePermissions } from '../permissions/permissions.service';
import { todayIn } from '../leave/leave-days';
import type { TeamCalendarDto, TeamDayStatus, TeamMemberTodayDto, TeamTodayDto } from './dto/team.dto';

/** The most people a day's list carries; the counts cover everyone. */
const TODAY_LIMIT = 500;

interface TodayRow extends Omit<TeamMemberTodayDto, 'status' | 'check_in_time' | 'check_out_time'> {
  status: TeamDayStatus;
  check_in_time: Date | null;
  check_out_time: Date | null;
  total: number;
}

/**
 * A manager's view of the people they cover: who is in, late, absent or on leave today, and the
 * month's leave beside the holidays. Whom it covers is the caller's scope of attendance (today)
 * and of leave (the calendar): the team for a line manager, the company for an admin.
 */
@Injectable()
export class TeamService {
  constructor(private readonly em: EntityManager) {}

  async today(ctx: AuthContext, rights: EffectivePermissions | undefined): Promise<TeamTodayDto> {
    const companyId = requireCompany(ctx);
    const zone = await this.zone(companyId);
    const date = todayIn(zone);
    const where = ['e.company_id = ?', "e.employment_status in ('active', 'on_leave')", 'e.id <> ?'];
    const params: unknown[] = [date, date, date, companyId, ctx.employeeId ?? -1];
    const scope = scopeCondition(ctx, recordScope(ctx, rights, 'attendance', 'view'), 'e.id');
    if (scope) {
      where.push(scope.sql);
      params.push(...scope.params);
    }
    // one statement: the people, today's record and an approved leave covering today
    const rows = await this.em.execute<TodayRow[]>(
      `with covered as (
         select e.id as employee_id, e.first_name || ' ' || e.last_name as name, p.position_title, d.department_name,
                case when l.type_name is not null or a.status = 'leave' then 'on_leave'
                     when a.status = 'late' then 'late'
                     when a.status = 'absent' then 'absent'
                     when a.status = 'present' then 'in'
                     else 'not_in' end as status,
                a.check_in_time, a.check_out_time, l.type_name as leave_type
           from employees e
           left join positions p on p.id = e.position_id
           left join departments d on d.id = e.department_id
           left join attendance_records a on a.employee_id = e.id and a.company_id = e.company_id and a.attendance_date = ?
           left join lateral (
             select lt.type_name from leave_requests lr join leave_types lt on lt.id = lr.leave_type_id
              where lr.employee_id = e.id and lr.status = 'approved' and lr.start_date <= ? and lr.end_date >= ?
              limit 1) l on true
          where ${where.join(' and ')})
       select c.*, count(*) over ()::int as total,
              count(*) filter (where status = 'in') over ()::int as n_in,
              count(*) filter (where status = 'late') over ()::int as n_late,
              count(*) filter (where status = 'absent') over ()::int as n_absent,
              count(*) filter (where status = 'on_leave') over ()::int as n_on_leave,
              count(*) filter (where status = 'not_in') over ()::int as n_not_in
         from covered c
        order by array_position(array['late', 'absent', 'not_in', 'on_leave', 'in'], c.status), c.name, c.employee_id
        limit ${TODAY_LIMIT}`,
      params,
    );
    const first = rows[0] as (TodayRow & Record<string, number>) | undefined;
    return {
      date,
      time_zone: zone,
      total: first?.total ?? 0,
      counts: {
        in: first?.n_in ?? 0,
        late: first?.n_late ?? 0,
        absent: first?.n_absent ?? 0,
        on_leave: first?.n_on_leave ?? 0,
        not_in: first?.n_not_in ?? 0,
      },
      members: rows.map((r) => ({
        employee_id: r.employee_id,
        name: r.name,
        position_title: r.position_title ?? null,
        department_name: r.department_name ?? null,
        status: r.status,
        check_in_time: r.check_in_time ? new Date(r.check_in_time).toISOString() : null,
        check_out_time: r.check_out_time ? new Date(r.check_out_time).toISOString() : null,
        leave_type: r.leave_type ?? null,
      })),
    };
  }

  async calendar(ctx: AuthContext, rights: EffectivePermissions | undefined, month?: { year: number; month: number }): Promise<TeamCalendarDto> {
    const companyId = requireCompany(ctx);
    const zone = await this.zone(companyId);
    const first = month
      ? DateTime.fromObject({ year: month.year, month: month.month, day: 1 }, { zone: 'UTC' })
      : DateTime.fromISO(todayIn(zone), { zone: 'UTC' }).startOf('month');
    const start = first.toISODate()!;
    const end = first.endOf('month').toISODate()!;
    // the caller's own leave is on the calendar too: it overlaps the team's like anyone's
    const scope = scopeCondition(ctx, recordScope(ctx, rights, 'leave', 'view'), 'e.id', { withOwn: true });
    const covered = scope ? `and ${scope.sql}` : '';
    const params: unknown[] = [companyId, end, start, ...(scope?.params ?? [])];
    const leave = await this.em.execute<Array<TeamCalendarDto['leave'][number]>>(
      `with listed as (
         select lr.id, lr.employee_id, e.first_name || ' ' || e.last_name as employee_name, lt.type_name as leave_type,
                lr.start_date::text as start_date, lr.end_date::text as end_date, lr.total_days::text as total_days, lr.status
           from leave_requests lr
           join employees e on e.id = lr.employee_id and e.company_id = lr.company_id
           join leave_types lt on lt.id = lr.leave_type_id
          where lr.company_id = ? and lr.status in ('pending', 'approved') and lr.start_date <= ? and lr.end_date >= ? ${covered})
       select l.*, exists (select 1 from listed o
                            where o.employee_id <> l.employee_id and o.start_date <= l.end_date and o.end_date >= l.start_date) as overlaps
         from listed l
        order by l.start_date, l.employee_name, l.id`,
      params,
    );
    const holidays = await this.em.execute<Array<{ date: string; name: string }>>(
      `select holiday_date::text as date, name from holidays where company_id = ? and holiday_date between ? and ? order by holiday_date`,
      [companyId, start, end],
    );
    return { month: start.slice(0, 7), start_date: start, end_date: end, leave, holidays };
  }

  private async zone(companyId: number): Promise<string> {
    const [row] = await this.em.execute<Array<{ time_zone: string }>>('select time_zone from companies where id = ?', [companyId]);
    return row?.time_zone ?? 'UTC';
  }
}
