import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../common/auth/auth-context';
import { badRequest, conflict, notFound } from '../../common/http/errors';
import { findRef } from '../../common/tenancy/refs';
import { AuditService } from '../audit/audit.service';
import { Company } from '../companies/company.entity';
import { Employee } from '../employees/employee.entity';
import { User } from '../users/user.entity';
import { AttendanceRecord } from './attendance-record.entity';
import { workHours } from './attendance-time';
import { toAttendanceResponse } from './attendance.mapper';
import type { AttendanceResponseDto, CreateAttendanceDto, UpdateAttendanceDto } from './dto/attendance.dto';

const POPULATE = ['employee', 'shift', 'work_location'] as const;
const MAX_ID = 2147483647;
type Snapshot = Record<
  'status' | 'check_in_time' | 'check_out_time' | 'work_hours' | 'check_in_location' | 'check_out_location' | 'notes',
  unknown
>;

/** Admins correct a record or record a missing day; every change goes to the audit log with before and after. */
@Injectable()
export class AttendanceCorrectionsService {
  constructor(
    private readonly em: EntityManager,
    private readonly audit: AuditService,
  ) {}

  async create(ctx: AuthContext, dto: CreateAttendanceDto, request: { path: string; ip: string }): Promise<AttendanceResponseDto> {
    const employee = (await findRef(this.em, Employee, dto.employee_id > MAX_ID ? -1 : dto.employee_id, 'Employee', 'employee_id'))!;
    const taken = await this.em.count(AttendanceRecord, { employee: employee.id, attendance_date: dto.attendance_date });
    if (taken) throw conflict(`${employee.first_name} ${employee.last_name} already has a record on ${dto.attendance_date}; correct it instead`, 'attendance_date');
    const record = this.em.create(AttendanceRecord, {
      company: this.em.getReference(Company, ctx.companyId!),
      employee,
      attendance_date: dto.attendance_date,
      status: dto.status,
    });
    this.apply(ctx, record, dto);
    await this.em.flush();
    await this.em.populate(record, POPULATE);
    await this.record(ctx, request, 'POST', record.id, null, snapshot(record));
    return toAttendanceResponse(record);
  }

  async update(ctx: AuthContext, id: number, dto: UpdateAttendanceDto, request: { path: string; ip: string }): Promise<AttendanceResponseDto> {
    const record = id > 0 && id <= MAX_ID ? await this.em.findOne(AttendanceRecord, { id }, { populate: POPULATE }) : null;
    if (!record) throw notFound('Attendance record');
    if (!Object.values(dto).some((v) => v !== undefined)) throw badRequest('Send at least one field to change', 'status');
    const before = snapshot(record);
    if (dto.status !== undefined) record.status = dto.status;
    this.apply(ctx, record, dto);
    await this.em.flush();
    await this.record(ctx, request, 'PUT', record.id, before, snapshot(record));
    return toAttendanceResponse(record);
  }

  private apply(ctx: AuthContext, record: AttendanceRecord, dto: UpdateAttendanceDto | CreateAttendanceDto): void {
    if (dto.check_in_time !== undefined) record.check_in_time = dto.check_in_time ? new Date(dto.check_in_time) : null;
    if (dto.check_out_time !== undefined) record.check_out_time = dto.check_out_time ? new Date(dto.check_out_time) : null;
    if (dto.check_in_location !== undefined) record.check_in_location = dto.check_in_location;
    if (dto.check_out_location !== undefined) record.check_out_location = dto.check_out_location;
    if (dto.notes !== undefined) record.notes = dto.notes;
    if (record.check_out_time && !record.check_in_time) {
      throw badRequest('A record with a check-out time needs a check-in time', 'check_in_time');
    }
    if (record.check_in_time && record.check_out_time && record.check_out_time < record.check_in_time) {
      throw badRequest('Check-out time must not be before the check-in time', 'check_out_time');
    }
    if (record.check_in_time && record.check_out_time) {
      const hours = (record.check_out_time.getTime() - record.check_in_time.getTime()) / 3600000;
      if (hours > 48) throw badRequest('A record cannot span more than 48 hours', 'check_out_time');
      record.work_hours = workHours(record.check_in_time, record.check_out_time, record.shift?.break_duration ?? 0);
    } else {
      record.work_hours = null;
    }
    record.corrected_by = this.em.getReference(User, ctx.impersonatorId ?? ctx.userId);
    record.corrected_at = new Date();
  }

  private record(ctx: AuthContext, request: { path: string; ip: string }, method: string, id: number, before: Snapshot | null, after: Snapshot) {
    return this.audit.record({
      userId: ctx.impersonatorId ?? ctx.userId,
      companyId: ctx.companyId,
      action: 'write',
      method,
      path: request.path,
      statusCode: method === 'POST' ? 201 : 200,
      ip: request.ip,
      details: { attendance_correction: { id, before, after } },
    });
  }
}

function snapshot(r: AttendanceRecord): Snapshot {
  return {
    status: r.status,
    check_in_time: r.check_in_time?.toISOString() ?? null,
    check_out_time: r.check_out_time?.toISOString() ?? null,
    work_hours: r.work_hours ?? null,
    check_in_location: r.check_in_location ?? null,
    check_out_location: r.check_out_location ?? null,
    notes: r.notes ?? null,
  };
}
