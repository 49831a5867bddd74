import { HttpStatus, Injectable } from '@nestjs/common';
import type { FilterQuery } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../common/auth/auth-context';
import type { RecordScope } from '../../common/auth/record-scope';
import { ApiError, badRequest, conflict, forbidden, notFound, unprocessable } from '../../common/http/errors';
import { Page } from '../../common/http/envelope';
import { dateMessage, escapeLike, isCalendarDate, oneOf, fieldWords } from '../../common/http/fields';
import { Filter, idList, type ListQuery } from '../../common/http/list-query';
import { assertOwnCompany, findRef } from '../../common/tenancy/refs';
import { Company } from '../companies/company.entity';
import { Employee } from '../employees/employee.entity';
import { User } from '../users/user.entity';
import type { RecentLeaveRequestDto } from '../dashboard/dto/company-dashboard.dto';
import type { CreateLeaveRequestDto, LeaveRequestResponseDto, RejectLeaveRequestDto, WorkingDaysDto } from './dto/leave-request.dto';
import { TOTAL_DAYS_MESSAGE } from './dto/leave-request.dto';
import { LeaveAccess, seenRequests } from './leave-access';
import type { EffectivePermissions } from '../permissions/permissions.service';
import { LeaveAttachment } from './leave-attachment.entity';
import { LeaveBalancesService } from './leave-balances.service';
import { assertRange, workingDays } from './leave-days';
import { LEAVE_STATUSES, LeaveRequest, type LeaveStatus } from './leave-request.entity';
import { LeaveType } from './leave-type.entity';
import { attachmentRequired, toRequestResponse } from './leave.mapper';
import { NotificationsService } from '../notifications/notifications.service';
import { REQUEST_DECIDED, REQUEST_SUBMITTED } from './leave-notices';

export const LEAVE_REQUEST_LIST = {
  sortable: ['id', 'start_date', 'end_date', 'total_days', 'status', 'requested_at', 'created_at'],
  filterable: ['q', 'id', 'status', 'employee_id', 'leave_type_id', 'from', 'to', 'year', 'mine', 'company_id'],
  defaultSort: ['requested_at', 'DESC'] as [string, 'ASC' | 'DESC'],
  maxLimit: 500,
  filters: { status: Filter.oneOf(LEAVE_STATUSES, { many: true }), year: Filter.year() },
};
export const SUBMITTED = 'Leave request submitted successfully!';
export const OWN_DECISION = 'You cannot approve or reject your own leave request';
export const OUT_OF_SCOPE = 'You can only decide the leave requests of the people in your scope';
const FOR_YOURSELF = 'You can only request leave for yourself';
const FOR_SCOPE = 'You can only request leave for yourself and the people in your scope';
const POPULATE = ['employee', 'leave_type', 'decided_by', 'attachment'] as const;
const MAX_ID = 2147483647;

/** "3" for 3.0, "2.5" for 2.5. */
export const days = (value: string | number) => String(Number(value));
const plural = (value: string | number) => `${days(value)} ${Number(value) === 1 ? 'day' : 'days'}`;

function dateFilter(value: unknown, name: string): string {
  if (typeof value !== 'string' || !isCalendarDate(value)) throw badRequest(dateMessage(value, `The ${fieldWords(name)} filter`), 'filter');
  return value;
}

@Injectable()
export class LeaveRequestsService {
  constructor(
    private readonly em: EntityManager,
    private readonly access: LeaveAccess,
    private readonly balances: LeaveBalancesService,
    private readonly notifications: NotificationsService,
  ) {}

  // ---- reads ---------------------------------------------------------------------------------

  /** `rights`: the request's effective permissions (req.permissions). */
  async list(ctx: AuthContext, q: ListQuery, rights?: EffectivePermissions): Promise<Page<LeaveRequestResponseDto>> {
    const where = this.listWhere(ctx, q.filter, await this.access.scope(ctx, 'view', rights));
    const [items, total] = await this.em.findAndCount(LeaveRequest, where, {
      populate: POPULATE,
      orderBy: [{ [q.sort.field]: q.sort.order }, { id: q.sort.order }],
      offset: q.offset,
      limit: q.limit,
    });
    return new Page('leave-requests', items.map(toRequestResponse), q.offset, total);
  }

  private listWhere(ctx: AuthContext, f: Record<string, unknown>, scope: RecordScope): FilterQuery<LeaveRequest> {
    const and: FilterQuery<LeaveRequest>[] = [];
    const mine = f.mine === true || f.mine === 'true';
    const seen = seenRequests(ctx, mine ? 'own' : scope);
    if (Object.keys(seen).length) and.push(seen);
    if (f.q !== undefined) {
      if (typeof f.q !== 'string') throw badRequest('The search filter must be text', 'filter');
      const like = `${escapeLike(f.q.trim().toLowerCase())}%`;
      and.push({
        employee: {
          $or: [{ first_name: { $ilike: like } }, { last_name: { $ilike: like } }, { employee_code: { $ilike: like } }],
        },
      });
    }
    if (f.id !== undefined) and.push({ id: { $in: idList(f.id, 'id') } });
    if (f.company_id !== undefined) and.push({ company: { $in: idList(f.company_id, 'company_id') } });
    if (f.employee_id !== undefined) and.push({ employee: { $in: idList(f.employee_id, 'employee_id') } });
    if (f.leave_type_id !== undefined) and.push({ leave_type: { $in: idList(f.leave_type_id, 'leave_type_id') } });
    if (f.status !== undefined) {
      const list = Array.isArray(f.status) ? f.status : [f.status];
      if (!list.every((s) => LEAVE_STATUSES.includes(s as LeaveStatus))) {
        throw badRequest(`The status filter must be one of ${oneOf(LEAVE_STATUSES)}`, 'filter');
      }
      and.push({ status: { $in: list as LeaveStatus[] } });
    }
    // from/to select the requests overlapping the range
    if (f.from !== undefined) and.push({ end_date: { $gte: dateFilter(f.from, 'from') } });
    if (f.to !== undefined) and.push({ start_date: { $lte: dateFilter(f.to, 'to') } });
    if (f.year !== undefined) {
      const year = Number(f.year);
      if (!Number.isInteger(year) || year < 1900 || year > 9999) throw badRequest('The year filter must be a year from 1900 to 9999', 'filter');
      and.push({ start_date: { $gte: `${year}-01-01`, $lte: `${year}-12-31` } });
    }
    return and.length ? { $and: and } : {};
  }

  async get(ctx: AuthContext, id: number, rights?: EffectivePermissions): Promise<LeaveRequestResponseDto> {
    const row = await this.find(id);
    if (!(await this.access.covers(ctx, await this.access.scope(ctx, 'view', rights), row.employee.id))) throw notFound('Leave request');
    return toRequestResponse(row);
  }

  private async find(id: number): Promise<LeaveRequest> {
    const row = id > 0 && id <= MAX_ID ? await this.em.findOne(LeaveRequest, { id }, { populate: POPULATE, refresh: true }) : null;
    if (!row) throw notFound('Leave request');
    return row;
  }

  async workingDays(ctx: AuthContext, start: string, end: string): Promise<WorkingDaysDto> {
    assertRange(start, end);
    const result = await workingDays(this.em, ctx.companyId!, start, end);
    return { start_date: start, end_date: end, working_days: result.dates.length, ...result };
  }

  // ---- dashboard -----------------------------------------------------------------------------

  // the cards count and list the requests the caller's list shows
  async pendingCount(ctx: AuthContext): Promise<number> {
    const seen = seenRequests(ctx, await this.access.scope(ctx, 'view'));
    return this.em.count(LeaveRequest, { status: 'pending', ...seen });
  }

  async recent(ctx: AuthContext, limit: number): Promise<RecentLeaveRequestDto[]> {
    const rows = await this.em.find(LeaveRequest, seenRequests(ctx, await this.access.scope(ctx, 'view')), {
      populate: ['employee', 'leave_type'],
      orderBy: { requested_at: 'DESC', id: 'DESC' },
      limit,
    });
    return rows.map((r) => {
      const dto = toRequestResponse(r);
      return {
        id: dto.id,
        employee_id: dto.employee_id,
        employee_name: dto.employee_name,
        leave_type_name: dto.leave_type_name,
        start_date: dto.start_date,
        end_date: dto.end_date,
        total_days: dto.total_days,
        status: dto.status,
        requested_at: dto.requested_at.toISOString(),
      };
    });
  }

  // ---- writes --------------------------------------------------------------------------------

  async create(ctx: AuthContext, dto: CreateLeaveRequestDto, rights?: EffectivePermissions): Promise<LeaveRequestResponseDto> {
    assertOwnCompany(ctx, dto.company_id);
    const employee = await this.employeeFor(ctx, dto.employee_id, rights);
    const type = (await findRef(this.em, LeaveType, dto.leave_type_id, 'Leave type', 'leave_type_id'))!;
    await this.em.populate(type, ['policy']);
    if (!type.is_active) throw unprocessable(`${type.type_name} is not active`, 'leave_type_id');

    assertRange(dto.start_date, dto.end_date);
    const available = (await workingDays(this.em, ctx.companyId!, dto.start_date, dto.end_date)).dates.length;
    if (available === 0) throw unprocessable('The selected dates contain no working days', 'end_date');
    const total = dto.total_days ?? available;
    if (!Number.isInteger(total * 2)) throw badRequest(TOTAL_DAYS_MESSAGE, 'total_days');
    if (total > available || total < available - 0.5) {
      throw unprocessable(
        `Total days must be ${available === 1 ? '0.5 or 1' : `${available - 0.5} or ${available}`} for the ${plural(available).replace('day', 'working day')} from the start date to the end date`,
        'total_days',
      );
    }
    const limit = type.policy?.consecutive_days_limit;
    if (limit !== null && limit !== undefined && total > limit) {
      throw unprocessable(`${type.type_name} allows at most ${plural(limit)} per request`, 'total_days');
    }
    const attachment = await this.attachmentFor(ctx, dto.attachment_id, type);

    // one employee's requests are checked and written one at a time (overlaps, balance)
    await this.lockEmployee(employee.id);
    const [overlap] = await this.em.execute<{ start_date: string; end_date: string }[]>(
      `select to_char(start_date, 'YYYY-MM-DD') as start_date, to_char(end_date, 'YYYY-MM-DD') as end_date
         from leave_requests
        where employee_id = ? and status in ('pending', 'approved') and start_date <= ? and end_date >= ?
        limit 1`,
      [employee.id, dto.end_date, dto.start_date],
    );
    if (overlap) {
      throw conflict(
        `These dates overlap another leave request (${overlap.start_date} to ${overlap.end_date})`,
        'start_date',
      );
    }
    const balance = await this.balances.one(ctx.companyId!, employee.id, type.id, Number(dto.start_date.slice(0, 4)));
    if (balance?.limited && Number(balance.remaining) < total) {
      throw unprocessable(`Insufficient leave balance: ${plural(balance.remaining!)} remaining`, 'total_days');
    }

    const row = this.em.create(LeaveRequest, {
      company: this.em.getReference(Company, ctx.companyId!),
      employee,
      leave_type: type,
      start_date: dto.start_date,
      end_date: dto.end_date,
      total_days: total.toFixed(1),
      reason: dto.reason ?? null,
      attachment: attachment ?? null,
      requested_by: this.em.getReference(User, ctx.userId),
    });
    if (attachment) attachment.employee = employee;
    await this.em.flush();
    // a type that needs no approval is approved as it is requested
    if (!type.requires_approval) await this.approveLocked(row.id, null);
    else await this.notifications.queue(this.em, 'leave_requests', REQUEST_SUBMITTED, [row.id, ctx.userId]);
    return toRequestResponse(await this.find(row.id));
  }

  async approve(ctx: AuthContext, id: number, rights?: EffectivePermissions): Promise<LeaveRequestResponseDto> {
    const row = await this.decidable(ctx, id, rights);
    const balance = await this.balances.one(ctx.companyId!, row.employee_id, row.leave_type_id, Number(row.start_date.slice(0, 4)));
    if (balance?.limited && Number(balance.approvable) < Number(row.total_days)) {
      throw unprocessable(`Insufficient leave balance: ${plural(Math.max(0, Number(balance.approvable)))} remaining`);
    }
    await this.approveLocked(id, ctx.userId);
    await this.notifications.queue(this.em, 'leave_requests', REQUEST_DECIDED, [id]);
    return toRequestResponse(await this.find(id));
  }

  async reject(ctx: AuthContext, id: number, dto: RejectLeaveRequestDto, rights?: EffectivePermissions): Promise<LeaveRequestResponseDto> {
    await this.decidable(ctx, id, rights);
    await this.em.execute(
      `update leave_requests set status = 'rejected', decided_by_id = ?, decided_at = now(), rejection_reason = ?, updated_at = now()
        where id = ?`,
      [ctx.userId, dto.reason ?? dto.rejection_reason ?? null, id],
    );
    await this.notifications.queue(this.em, 'leave_requests', REQUEST_DECIDED, [id]);
    return toRequestResponse(await this.find(id));
  }

  async cancel(ctx: AuthContext, id: number, rights?: EffectivePermissions): Promise<LeaveRequestResponseDto> {
    const head = await this.head(id);
    if (head.employee_id !== ctx.employeeId) {
      if (await this.access.covers(ctx, await this.access.scope(ctx, 'view', rights), head.employee_id)) {
        throw forbidden('Only the employee can cancel their own leave request');
      }
      throw notFound('Leave request');
    }
    await this.lockEmployee(head.employee_id);
    const row = await this.head(id, true);
    if (row.status !== 'pending') throw conflict(`Only pending requests can be cancelled; this one is ${row.status}`);
    await this.em.execute(`update leave_requests set status = 'cancelled', updated_at = now() where id = ?`, [id]);
    return toRequestResponse(await this.find(id));
  }

  // ---- helpers -------------------------------------------------------------------------------

  /** Locks the employee and the request, and checks that the caller may decide it now. */
  private async decidable(ctx: AuthContext, id: number, rights: EffectivePermissions | undefined) {
    const head = await this.head(id);
    if (head.employee_id === ctx.employeeId) throw forbidden(OWN_DECISION);
    await this.assertDecides(ctx, head.employee_id, rights);
    await this.lockEmployee(head.employee_id);
    const row = await this.head(id, true);
    if (row.status !== 'pending') throw conflict(`This leave request has already been ${row.status}`);
    return row;
  }

  /** 404 for a request the caller does not see, 403 for one they see but whose employee is outside the scope of their edit right. */
  private async assertDecides(ctx: AuthContext, employeeId: number, rights: EffectivePermissions | undefined): Promise<void> {
    const sees = await this.access.scope(ctx, 'view', rights);
    if (!(await this.access.covers(ctx, sees, employeeId))) throw notFound('Leave request');
    const decides = await this.access.scope(ctx, 'edit', rights);
    if (decides !== sees && !(await this.access.covers(ctx, decides, employeeId))) throw forbidden(OUT_OF_SCOPE);
  }

  private async head(id: number, forUpdate = false) {
    const [row] =
      id > 0 && id <= MAX_ID
        ? await this.em.execute<
            { id: number; employee_id: number; leave_type_id: number; status: LeaveStatus; start_date: string; total_days: string }[]
          >(
            `select id, employee_id, leave_type_id, status, to_char(start_date, 'YYYY-MM-DD') as start_date, total_days::text as total_days
               from leave_requests where id = ?${forUpdate ? ' for update' : ''}`,
            [id],
          )
        : [];
    if (!row) throw notFound('Leave request');
    return row;
  }

  private async lockEmployee(employeeId: number): Promise<void> {
    await this.em.execute('select id from employees where id = ? for update', [employeeId]);
  }

  /**
   * Approves a pending request, and marks its working days 'leave' in attendance (a day already
   * checked in keeps its record).
   */
  private async approveLocked(id: number, deciderId: number | null): Promise<void> {
    await this.em.execute(
      `update leave_requests set status = 'approved', decided_by_id = ?, decided_at = now(), updated_at = now()
        where id = ? and status = 'pending'`,
      [deciderId, id],
    );
    await this.em.execute(
      `insert into attendance_records (company_id, employee_id, attendance_date, status)
       select r.company_id, r.employee_id, d::date, 'leave'
         from leave_requests r
         cross join generate_series(r.start_date, r.end_date, interval '1 day') d
        where r.id = ?
          and extract(isodow from d) < 6
          and not exists (select 1 from holidays h where h.company_id = r.company_id and h.holiday_date = d::date)
       on conflict (employee_id, attendance_date) do update set status = 'leave', updated_at = now()
        where attendance_records.check_in_time is null`,
      [id],
    );
  }

  /** The employee of a new request: the caller, or someone within the scope of the caller's create right. */
  private async employeeFor(ctx: AuthContext, employeeId: number | undefined, rights: EffectivePermissions | undefined): Promise<Employee> {
    if (employeeId !== undefined && employeeId !== ctx.employeeId) {
      const scope = await this.access.scope(ctx, 'create', rights);
      if (scope === 'own') throw forbidden(FOR_YOURSELF);
      const employee = (await findRef(this.em, Employee, employeeId, 'Employee', 'employee_id'))!;
      if (!(await this.access.covers(ctx, scope, employee.id))) throw forbidden(FOR_SCOPE);
      return employee;
    }
    if (!ctx.employeeId) {
      throw unprocessable('Your account is not linked to an employee record; choose the employee', 'employee_id');
    }
    return this.em.findOneOrFail(Employee, { id: ctx.employeeId });
  }

  private async attachmentFor(ctx: AuthContext, id: number | null | undefined, type: LeaveType): Promise<LeaveAttachment | null> {
    if (id === undefined || id === null) {
      if (attachmentRequired(type)) throw unprocessable(`${type.type_name} requires an attachment`, 'attachment_id');
      return null;
    }
    const attachment = await findRef(this.em, LeaveAttachment, id, 'Attachment', 'attachment_id');
    if (!attachment || attachment.uploaded_by?.id !== ctx.userId) {
      throw new ApiError(HttpStatus.NOT_FOUND, 'Attachment not found', [{ field: 'attachment_id', message: 'Attachment not found' }]);
    }
    const used = await this.em.count(LeaveRequest, { attachment: attachment.id });
    if (used) throw conflict('This attachment already belongs to another leave request', 'attachment_id');
    return attachment;
  }
}
