import { Injectable } from '@nestjs/common';
import type { FilterQuery, QueryOrderMap } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { DateTime } from 'luxon';
import { recordScope, scopeFilter, type RecordScope } from '../../common/auth/record-scope';
import type { AuthContext } from '../../common/auth/auth-context';
import { Page } from '../../common/http/envelope';
import { badRequest, conflict, notFound, unprocessable } from '../../common/http/errors';
import { dateMessage, escapeLike, isCalendarDate, oneOf, fieldLabel } from '../../common/http/fields';
import { Filter, idList, type ListQuery, type ListQueryOptions } from '../../common/http/list-query';
import { Company } from '../companies/company.entity';
import { Employee } from '../employees/employee.entity';
import type { EffectivePermissions } from '../permissions/permissions.service';
import type { AttendanceSettings } from '../settings/attendance-settings.defaults';
import { SettingsService } from '../settings/settings.service';
import { ShiftAssignmentsService } from '../shifts/shift-assignments.service';
import { hhmm } from '../shifts/shifts.mapper';
import { ATTENDANCE_STATUSES, AttendanceRecord, type AttendanceStatus } from './attendance-record.entity';
import { AttendanceRulesService, type ClientInfo } from './attendance-rules.service';
import { dayBefore, isLate, localDate, readTimestamp, validZone } from './attendance-time';
import { toAttendanceResponse } from './attendance.mapper';
import { countAttendance, type CountableFilter } from './attendance-count';
import { attendancePage } from './attendance-list';
import type { AttendanceResponseDto, AttendanceSummaryDto, AttendanceTodayDto } from './dto/attendance.dto';
import { DEFAULT_LOCATION_TEXT, type AttendancePunchDto } from './dto/check-in.dto';
import { formatHours } from '../../common/units';

export const ATTENDANCE_LIST: ListQueryOptions = {
  sortable: ['id', 'attendance_date', 'check_in_time', 'check_out_time', 'work_hours', 'status', 'employee_name'],
  filterable: ['q', 'id', 'employee_id', 'department_id', 'status', 'start_date', 'end_date', 'mine', 'is_offline'],
  defaultSort: ['attendance_date', 'DESC'],
  maxLimit: 1000,
  filters: { status: Filter.oneOf(ATTENDANCE_STATUSES, { many: true, commas: true }) },
};

export const NO_EMPLOYEE_RECORD = 'Your account is not linked to an employee record, so there is no attendance to record';
export const NOT_CHECKED_IN = 'You have not checked in today';
export const ADMIN_RECORDED = "This day's attendance was recorded by an administrator and cannot be changed by a check-in";
const POPULATE = ['employee', 'shift', 'work_location'] as const;
/** The list's filters attendance_month_stats can count (countAttendance). */
const COUNTABLE = ['start_date', 'end_date', 'status', 'employee_id', 'mine'];
const MAX_ID = 2147483647;

/**
 * Whose records a request reads (recordScope of attendance view, `rights`: the request's): company
 * admins and holders of attendance view over the company every employee's, a line manager their
 * team's, everyone their own; a request the self-service policy let in only its own.
 */
const readScope = (ctx: AuthContext, rights: EffectivePermissions | undefined): RecordScope =>
  recordScope(ctx, rights, 'attendance', 'view');

export interface PunchResult {
  record: AttendanceResponseDto;
  /** false when the answer is an earlier check-in or check-out (a repeated submit) */
  created: boolean;
  message: string;
}

@Injectable()
export class AttendanceService {
  constructor(
    private readonly em: EntityManager,
    private readonly settings: SettingsService,
    private readonly assignments: ShiftAssignmentsService,
    private readonly rules: AttendanceRulesService,
  ) {}

  async timeZone(companyId: number): Promise<string> {
    const company = await this.em.findOne(Company, { id: companyId }, { fields: ['time_zone'] });
    return validZone(company?.time_zone);
  }

  // ---- check-in and check-out ----------------------------------------------------------------

  /**
   * One check-in per employee and day: the insert meets the unique (employee_id, attendance_date)
   * key, so a repeated or concurrent submit answers the first check-in and never adds a row. A row
   * without a check-in that the system wrote (the absent-marking job's absent, a leave day) becomes
   * the check-in; one an administrator recorded or corrected (corrected_at set) is never changed by
   * a punch: 409.
   */
  async checkIn(ctx: AuthContext, dto: AttendancePunchDto, client: ClientInfo): Promise<PunchResult> {
    const employee = await this.ownEmployee(ctx);
    const companyId = ctx.companyId!;
    const [zone, settings] = await Promise.all([this.timeZone(companyId), this.settings.attendanceSettings(companyId)]);
    const { at, offline } = this.when(dto.timestamp, settings.general, 'check-in');
    const date = localDate(at, zone);

    const existing = await this.em.findOne(AttendanceRecord, { employee: employee.id, attendance_date: date }, { populate: POPULATE });
    if (existing?.check_in_time) return { record: toAttendanceResponse(existing), created: false, message: 'You have already checked in today' };
    if (existing?.corrected_at) throw conflict(ADMIN_RECORDED);

    const assignment = await this.assignments.activeFor(this.em, employee.id, date);
    const verified = await this.rules.verify(this.em, {
      companyId,
      employeeId: employee.id,
      settings,
      dto,
      client,
      assignment,
      offline,
      checkOut: false,
    });
    const shift = assignment?.shift_active ? assignment : null;
    const status: AttendanceStatus = isLate(at, zone, shift) ? 'late' : 'present';
    const rows = await this.em.execute<Array<{ id: number }>>(
      `insert into attendance_records as r (company_id, employee_id, attendance_date, check_in_time, status, check_in_location,
              check_in_latitude, check_in_longitude, check_in_accuracy, check_in_distance, check_in_ip, device_id,
              work_location_id, shift_id, is_offline, check_in_received_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, now())
       on conflict (employee_id, attendance_date) do update
          set check_in_time = excluded.check_in_time, status = excluded.status, check_in_location = excluded.check_in_location,
              check_in_latitude = excluded.check_in_latitude, check_in_longitude = excluded.check_in_longitude,
              check_in_accuracy = excluded.check_in_accuracy, check_in_distance = excluded.check_in_distance,
              check_in_ip = excluded.check_in_ip, device_id = excluded.device_id, work_location_id = excluded.work_location_id,
              shift_id = excluded.shift_id, is_offline = excluded.is_offline,
              check_in_received_at = excluded.check_in_received_at, updated_at = now()
        where r.check_in_time is null and r.corrected_at is null
       returning id`,
      [
        companyId,
        employee.id,
        date,
        at,
        status,
        dto.location ?? DEFAULT_LOCATION_TEXT,
        verified.position?.latitude.toFixed(6) ?? null,
        verified.position?.longitude.toFixed(6) ?? null,
        verified.position?.accuracy === null || !verified.position ? null : Math.min(verified.position.accuracy, 999999).toFixed(2),
        verified.fence ? Math.min(verified.fence.distance, 99999999).toFixed(2) : null,
        verified.ip,
        verified.deviceId,
        verified.fence?.inside ? verified.fence.id : null,
        shift?.shift_id ?? null,
        offline,
      ],
    );
    const created = rows.length > 0;
    const record = await this.em.findOneOrFail(
      AttendanceRecord,
      { employee: employee.id, attendance_date: date },
      { populate: POPULATE, refresh: true },
    );
    // an administrator recorded the day meanwhile
    if (!created && !record.check_in_time) throw conflict(ADMIN_RECORDED);
    return {
      record: toAttendanceResponse(record),
      created,
      message: created ? 'Check-in successful!' : 'You have already checked in today',
    };
  }

  /**
   * Closes the caller's open record (today's, or yesterday's for a shift past midnight) and
   * computes work_hours less the shift's break. A repeated submit answers the closed record.
   */
  async checkOut(ctx: AuthContext, dto: AttendancePunchDto, client: ClientInfo): Promise<PunchResult> {
    const employee = await this.ownEmployee(ctx);
    const companyId = ctx.companyId!;
    const [zone, settings] = await Promise.all([this.timeZone(companyId), this.settings.attendanceSettings(companyId)]);
    const { at, offline } = this.when(dto.timestamp, settings.general, 'check-out');
    const date = localDate(at, zone);
    const previous = dayBefore(date);

    // locked, so two check-outs at once close the record once
    const [open] = await this.em.execute<Array<{ id: number; check_in_time: Date; break_duration: number | null }>>(
      `select r.id, r.check_in_time, s.break_duration
         from attendance_records r left join shifts s on s.id = r.shift_id
        where r.employee_id = ? and r.attendance_date in (?, ?) and r.check_in_time is not null and r.check_out_time is null
        order by r.attendance_date desc limit 1
          for update of r`,
      [employee.id, date, previous],
    );
    if (!open) {
      const { today, overnight } = await this.currentRecords(employee.id, date, zone);
      const done = [today, overnight].find((r) => r?.check_out_time && localDate(r.check_out_time, zone) === date);
      if (done) return { record: toAttendanceResponse(done), created: false, message: 'You have already checked out today' };
      throw unprocessable(NOT_CHECKED_IN);
    }
    const checkInTime = new Date(open.check_in_time);
    if (at.getTime() < checkInTime.getTime()) {
      throw unprocessable('The check-out time is before your check-in time', 'timestamp');
    }
    const verified = await this.rules.verify(this.em, {
      companyId,
      employeeId: employee.id,
      settings,
      dto,
      client,
      assignment: null,
      offline,
      checkOut: true,
    });
    await this.em.execute(
      `update attendance_records
          set check_out_time = ?::timestamptz, check_out_location = ?, check_out_latitude = ?, check_out_longitude = ?,
              check_out_accuracy = ?, check_out_ip = ?, check_out_offline = ?, check_out_received_at = now(), updated_at = now(),
              work_hours = least(999.99, round(greatest(0, floor(extract(epoch from (?::timestamptz - check_in_time)) / 60) - ?) / 60.0, 2))
        where id = ?`,
      [
        at,
        dto.location ?? DEFAULT_LOCATION_TEXT,
        verified.position?.latitude.toFixed(6) ?? null,
        verified.position?.longitude.toFixed(6) ?? null,
        verified.position?.accuracy === null || !verified.position ? null : Math.min(verified.position.accuracy, 999999).toFixed(2),
        verified.ip,
        offline,
        at,
        open.break_duration ?? 0,
        open.id,
      ],
    );
    const record = await this.em.findOneOrFail(AttendanceRecord, { id: open.id }, { populate: POPULATE, refresh: true });
    return { record: toAttendanceResponse(record), created: true, message: 'Check-out successful!' };
  }

  /**
   * The moment of a punch: now, or an offline entry's original time when the company allows them,
   * at most offline_checkin_max_age_hours back.
   */
  private when(timestamp: string | undefined, general: AttendanceSettings['general'], what: string): { at: Date; offline: boolean } {
    const maxAge = general.offline_checkin_max_age_hours;
    const reading = readTimestamp(timestamp, new Date(), maxAge);
    if (reading.kind === 'future') throw unprocessable('Timestamp must not be in the future', 'timestamp');
    if (reading.kind === 'offline' && !general.allow_offline_checkin) {
      throw unprocessable(`Offline ${what} is not enabled for your company. Please ${what.replace('-', ' ')} while online`, 'timestamp');
    }
    if (reading.kind === 'too_old') {
      throw unprocessable(`An offline ${what} can be sent at most ${formatHours(maxAge)} after it happened`, 'timestamp');
    }
    return { at: reading.at, offline: reading.kind === 'offline' };
  }

  private async ownEmployee(ctx: AuthContext): Promise<Employee> {
    if (!ctx.employeeId) throw unprocessable(NO_EMPLOYEE_RECORD);
    const employee = await this.em.findOne(Employee, { id: ctx.employeeId });
    if (!employee) throw unprocessable(NO_EMPLOYEE_RECORD);
    if (employee.employment_status === 'terminated' || employee.employment_status === 'suspended') {
      throw unprocessable(`Attendance cannot be recorded for ${oneOf([employee.employment_status])} employees`);
    }
    return employee;
  }

  // ---- reads -----------------------------------------------------------------------------------

  /**
   * Own records and those of the people within the caller's scope (readScope; filter.mine = own
   * only). start_date, end_date and status arrive as plain query parameters (the spec's call) or
   * in filter.
   */
  async list(ctx: AuthContext, q: ListQuery, rights: EffectivePermissions | undefined): Promise<Page<AttendanceResponseDto>> {
    const mine = q.filter.mine === true || q.filter.mine === 'true';
    const scope = mine ? 'own' : readScope(ctx, rights);
    const where = this.where(ctx, q.filter, scope);
    if (!where) return new Page('hr/attendance', [], q.offset, 0);
    const countable = this.countable(ctx, q.filter, scope);
    if (countable) {
      const items = await attendancePage(this.em, countable, q);
      // a page shorter than asked, not past the end, holds the last rows: its total needs no count
      const total = items.length && items.length < q.limit ? q.offset + items.length : await countAttendance(this.em, countable);
      return new Page('hr/attendance', items, q.offset, total);
    }
    const o = q.sort.order;
    const primary: QueryOrderMap<AttendanceRecord> =
      q.sort.field === 'employee_name'
        ? { employee: { first_name: o, last_name: o } }
        : ({ [q.sort.field]: o } as QueryOrderMap<AttendanceRecord>);
    const rows = await this.em.find(AttendanceRecord, where, {
      populate: POPULATE,
      orderBy: [primary, { id: o }],
      offset: q.offset,
      limit: q.limit,
    });
    // a page shorter than asked, not past the end, holds the last rows: its total needs no count
    const total = rows.length && rows.length < q.limit ? q.offset + rows.length : await this.em.count(AttendanceRecord, where);
    return new Page('hr/attendance', rows.map(toAttendanceResponse), q.offset, total);
  }

  /**
   * The list's conditions as attendance_month_stats counts them (period, employee, status), or
   * null when a condition is one the stats do not hold (search, department, offline, ids).
   */
  private countable(ctx: AuthContext, filter: Record<string, unknown>, scope: RecordScope): CountableFilter | null {
    if (Object.keys(filter).some((key) => !COUNTABLE.includes(key))) return null;
    const own = scope === 'own';
    if (own && filter.employee_id !== undefined) return null;
    const employeeIds = own ? [ctx.employeeId!] : filter.employee_id !== undefined ? idList(filter.employee_id, 'employee_id') : undefined;
    if (employeeIds?.some((id) => id > MAX_ID)) return null;
    const statuses = filter.status === undefined ? undefined : Array.isArray(filter.status) ? filter.status : String(filter.status).split(',');
    return {
      companyId: ctx.companyId!,
      from: filter.start_date as string | undefined,
      to: filter.end_date as string | undefined,
      employeeIds,
      statuses: statuses && ([...new Set(statuses)] as AttendanceStatus[]),
      seenBy: own || scope === 'company' ? undefined : { viewer: ctx, scope },
    };
  }

  /**
   * The employee's record of `date`, and yesterday's while its shift runs past midnight: checked
   * in and still open, or checked out on `date`.
   */
  private async currentRecords(
    employeeId: number,
    date: string,
    zone: string,
  ): Promise<{ today?: AttendanceRecord; overnight?: AttendanceRecord }> {
    const previous = dayBefore(date);
    const records = await this.em.find(AttendanceRecord, { employee: employeeId, attendance_date: { $in: [date, previous] } }, { populate: POPULATE });
    return {
      today: records.find((r) => r.attendance_date === date),
      overnight: records.find(
        (r) => r.attendance_date === previous && r.check_in_time && (!r.check_out_time || localDate(r.check_out_time, zone) === date),
      ),
    };
  }

  async get(ctx: AuthContext, id: number, rights: EffectivePermissions | undefined): Promise<AttendanceResponseDto> {
    const seen = id > 0 && id <= MAX_ID ? this.seen(ctx, readScope(ctx, rights)) : null;
    const record = seen ? await this.em.findOne(AttendanceRecord, { $and: [{ id }, seen] }, { populate: POPULATE }) : null;
    if (!record) throw notFound('Attendance record');
    return toAttendanceResponse(record);
  }

  async today(ctx: AuthContext): Promise<AttendanceTodayDto> {
    const companyId = ctx.companyId!;
    const [zone, settings] = await Promise.all([this.timeZone(companyId), this.settings.attendanceSettings(companyId)]);
    const date = localDate(new Date(), zone);
    const { today: own, overnight } = ctx.employeeId ? await this.currentRecords(ctx.employeeId, date, zone) : {};
    // today's record, else yesterday's while its shift runs past midnight
    const record = own ?? overnight ?? null;
    const assignment = ctx.employeeId ? await this.assignments.activeFor(this.em, ctx.employeeId, date) : null;
    const shiftName = assignment?.shift_active
      ? await this.em.execute<Array<{ shift_name: string }>>('select shift_name from shifts where id = ?', [assignment.shift_id])
      : [];
    return {
      date,
      time_zone: zone,
      record: record ? toAttendanceResponse(record) : null,
      // a day an administrator recorded is not the employee's to check in (409)
      can_check_in: !!ctx.employeeId && !own?.check_in_time && !own?.corrected_at,
      can_check_out: !!record?.check_in_time && !record.check_out_time,
      shift:
        assignment?.shift_active && shiftName[0]
          ? {
              shift_name: shiftName[0].shift_name,
              start_time: hhmm(assignment.start_time),
              grace_period: assignment.grace_period,
              location_name: assignment.location_active ? assignment.location_name : null,
            }
          : null,
      enable_geolocation: settings.general.enable_geolocation,
      require_location_check: settings.general.require_location_check,
      allow_offline_checkin: settings.general.allow_offline_checkin,
      location_timeout: settings.geolocation.location_timeout,
      accuracy_threshold: settings.geolocation.accuracy_threshold,
    };
  }

  /** The caller's statistics over a date range (default the last 30 days up to today). */
  async summary(ctx: AuthContext, startDate?: string, endDate?: string): Promise<AttendanceSummaryDto> {
    const zone = await this.timeZone(ctx.companyId!);
    const end = endDate ? dateParam(endDate, 'end_date') : localDate(new Date(), zone);
    const start = startDate ? dateParam(startDate, 'start_date') : DateTime.fromISO(end).minus({ days: 29 }).toISODate()!;
    if (start > end) throw badRequest('Start date must not be after the end date', 'start_date');
    const empty = { total: 0, present: 0, late: 0, absent: 0, leave: 0, hours: '0', worked: 0 };
    const [row] = ctx.employeeId
      ? await this.em.execute<Array<typeof empty>>(
          `select count(*)::int as total,
                  count(*) filter (where status = 'present')::int as present,
                  count(*) filter (where status = 'late')::int as late,
                  count(*) filter (where status = 'absent')::int as absent,
                  count(*) filter (where status = 'leave')::int as leave,
                  coalesce(sum(work_hours), 0)::text as hours,
                  count(work_hours)::int as worked
             from attendance_records where employee_id = ? and attendance_date between ?::date and ?::date`,
          [ctx.employeeId, start, end],
        )
      : [empty];
    const hours = Number(row.hours);
    return {
      start_date: start,
      end_date: end,
      total_days: row.total,
      present_days: row.present,
      late_days: row.late,
      absent_days: row.absent,
      leave_days: row.leave,
      total_work_hours: Math.round(hours * 100) / 100,
      average_work_hours: row.worked ? Math.round((hours / row.worked) * 100) / 100 : 0,
      attendance_rate: row.total ? Math.round(((row.present + row.late) / row.total) * 100) : 0,
    };
  }

  /** The caller's own records and those within `scope`; null when the caller has no records to see. */
  private seen(ctx: AuthContext, scope: RecordScope): FilterQuery<AttendanceRecord> | null {
    if (scope === 'own' && !ctx.employeeId) return null;
    return scopeFilter(ctx, scope, 'employee_id', { withOwn: true });
  }

  private where(ctx: AuthContext, filter: Record<string, unknown>, scope: RecordScope): FilterQuery<AttendanceRecord> | null {
    const seen = this.seen(ctx, scope);
    if (!seen) return null;
    const and: FilterQuery<AttendanceRecord>[] = Object.keys(seen).length ? [seen] : [];
    if (filter.id !== undefined) and.push({ id: { $in: idList(filter.id, 'id') } });
    if (filter.employee_id !== undefined) and.push({ employee: { $in: idList(filter.employee_id, 'employee_id') } });
    if (filter.department_id !== undefined) {
      and.push({ employee: { department: { $in: idList(filter.department_id, 'department_id') } } });
    }
    if (filter.start_date !== undefined) and.push({ attendance_date: { $gte: dateParam(filter.start_date, 'start_date') } });
    if (filter.end_date !== undefined) and.push({ attendance_date: { $lte: dateParam(filter.end_date, 'end_date') } });
    if (filter.status !== undefined) {
      const list = Array.isArray(filter.status) ? filter.status : String(filter.status).split(',');
      if (!list.every((s) => (ATTENDANCE_STATUSES as readonly unknown[]).includes(s))) {
        throw badRequest(`Status must be one of ${oneOf(ATTENDANCE_STATUSES)}`, 'status');
      }
      and.push({ status: { $in: list as AttendanceStatus[] } });
    }
    if (filter.is_offline !== undefined) and.push({ is_offline: filter.is_offline === true || filter.is_offline === 'true' });
    if (filter.q !== undefined) {
      if (typeof filter.q !== 'string') throw badRequest('The search filter must be text', 'filter');
      const like = { $ilike: `%${escapeLike(filter.q.trim())}%` };
      and.push({ $or: [{ employee: { first_name: like } }, { employee: { last_name: like } }, { employee: { employee_code: like } }] });
    }
    return and.length ? { $and: and } : {};
  }
}

export function dateParam(value: unknown, field: string): string {
  if (typeof value !== 'string' || !isCalendarDate(value)) throw badRequest(dateMessage(value, fieldLabel(field)), field);
  return value;
}
