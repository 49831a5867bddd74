import { Injectable } from '@nestjs/common';
import type { FilterQuery } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../common/auth/auth-context';
import { Page } from '../../common/http/envelope';
import { badRequest, conflict, notFound } from '../../common/http/errors';
import { dateMessage, escapeLike, isCalendarDate } from '../../common/http/fields';
import { idList, type ListQuery, type ListQueryOptions } from '../../common/http/list-query';
import { assertOwnCompany, findRef } from '../../common/tenancy/refs';
import { Company } from '../companies/company.entity';
import { booleanFilter } from '../departments/departments.service';
import { Employee } from '../employees/employee.entity';
import type {
  CreateShiftAssignmentDto,
  ShiftAssignmentResponseDto,
  UpdateShiftAssignmentDto,
} from './dto/shift-assignment.dto';
import { ShiftAssignment } from './shift-assignment.entity';
import { Shift } from './shift.entity';
import { MAX_ID } from './shifts.service';
import { toAssignmentResponse } from './shifts.mapper';
import { WorkLocation } from './work-location.entity';

export const ASSIGNMENT_LIST: ListQueryOptions = {
  sortable: ['id', 'start_date', 'end_date', 'is_active', 'created_at', 'employee_name', 'shift_name'],
  filterable: ['q', 'id', 'employee_id', 'shift_id', 'location_id', 'is_active', 'active_on', 'company_id'],
  defaultSort: ['start_date', 'DESC'],
};

const POPULATE = ['employee', 'shift', 'location'] as const;

/** What attendance needs of an employee's active assignment on a date. */
export interface ActiveAssignment {
  assignment_id: number;
  shift_id: number;
  /** HH:MM:SS */
  start_time: string;
  grace_period: number;
  break_duration: number;
  shift_active: boolean;
  location_id: number | null;
  location_name: string | null;
  latitude: string | null;
  longitude: string | null;
  radius: number | null;
  location_active: boolean | null;
}

@Injectable()
export class ShiftAssignmentsService {
  constructor(private readonly em: EntityManager) {}

  async list(q: ListQuery): Promise<Page<ShiftAssignmentResponseDto>> {
    const and: FilterQuery<ShiftAssignment>[] = [];
    const f = q.filter;
    if (f.id !== undefined) and.push({ id: { $in: idList(f.id, 'id') } });
    if (f.company_id !== undefined) and.push({ company: { $in: idList(f.company_id, 'company_id') } });
    if (f.employee_id !== undefined) and.push({ employee: { $in: idList(f.employee_id, 'employee_id') } });
    if (f.shift_id !== undefined) and.push({ shift: { $in: idList(f.shift_id, 'shift_id') } });
    if (f.location_id !== undefined) and.push({ location: { $in: idList(f.location_id, 'location_id') } });
    if (f.is_active !== undefined) and.push({ is_active: booleanFilter(f.is_active, 'is_active') });
    if (f.active_on !== undefined) {
      if (typeof f.active_on !== 'string' || !isCalendarDate(f.active_on)) {
        throw badRequest(dateMessage(f.active_on, 'The active on filter'), 'filter');
      }
      and.push({ is_active: true, start_date: { $lte: f.active_on }, $or: [{ end_date: null }, { end_date: { $gte: f.active_on } }] });
    }
    if (f.q !== undefined) {
      if (typeof f.q !== 'string') throw badRequest('The search filter must be text', 'filter');
      const like = { $ilike: `%${escapeLike(f.q.trim())}%` };
      and.push({
        $or: [
          { employee: { first_name: like } },
          { employee: { last_name: like } },
          { employee: { employee_code: like } },
          { shift: { shift_name: like } },
        ],
      });
    }
    const o = q.sort.order;
    const primary =
      q.sort.field === 'employee_name'
        ? { employee: { first_name: o, last_name: o } }
        : q.sort.field === 'shift_name'
          ? { shift: { shift_name: o } }
          : { [q.sort.field]: o };
    const [rows, total] = await this.em.findAndCount(ShiftAssignment, and.length ? { $and: and } : {}, {
      populate: POPULATE,
      orderBy: [primary, { id: o }],
      offset: q.offset,
      limit: q.limit,
    });
    return new Page('hr/shift-assignments', rows.map(toAssignmentResponse), q.offset, total);
  }

  async get(id: number): Promise<ShiftAssignmentResponseDto> {
    return toAssignmentResponse(await this.find(this.em, id));
  }

  async create(ctx: AuthContext, dto: CreateShiftAssignmentDto): Promise<ShiftAssignmentResponseDto> {
    assertOwnCompany(ctx, dto.company_id);
    const id = await this.em.transactional(async (em) => {
      const employee = (await findRef(em, Employee, inRange(dto.employee_id), 'Employee', 'employee_id'))!;
      const shift = (await findRef(em, Shift, inRange(dto.shift_id), 'Shift', 'shift_id'))!;
      const location = (await findRef(em, WorkLocation, inRange(dto.location_id), 'Work location', 'location_id')) ?? null;
      const assignment = em.create(ShiftAssignment, {
        company: em.getReference(Company, ctx.companyId!),
        employee,
        shift,
        location,
        start_date: dto.start_date,
        end_date: dto.end_date ?? null,
        is_active: dto.is_active ?? true,
      });
      await this.assertValid(em, assignment);
      await em.flush();
      return assignment.id;
    });
    return this.get(id);
  }

  async update(ctx: AuthContext, id: number, dto: UpdateShiftAssignmentDto): Promise<ShiftAssignmentResponseDto> {
    assertOwnCompany(ctx, dto.company_id);
    await this.em.transactional(async (em) => {
      const a = await this.find(em, id);
      if (dto.employee_id !== undefined) a.employee = (await findRef(em, Employee, inRange(dto.employee_id), 'Employee', 'employee_id'))!;
      if (dto.shift_id !== undefined) a.shift = (await findRef(em, Shift, inRange(dto.shift_id), 'Shift', 'shift_id'))!;
      if (dto.location_id !== undefined) {
        a.location = (await findRef(em, WorkLocation, inRange(dto.location_id), 'Work location', 'location_id')) ?? null;
      }
      if (dto.start_date !== undefined) a.start_date = dto.start_date;
      if (dto.end_date !== undefined) a.end_date = dto.end_date;
      if (dto.is_active !== undefined) a.is_active = dto.is_active;
      await this.assertValid(em, a);
      await em.flush();
    });
    return this.get(id);
  }

  async remove(id: number): Promise<void> {
    const a = await this.find(this.em, id);
    await this.em.removeAndFlush(a);
  }

  /**
   * The employee's active assignment covering `date` (YYYY-MM-DD), with its shift and location.
   * Raw SQL in the caller's transaction (row-level security scopes it to the company).
   */
  async activeFor(em: EntityManager, employeeId: number, date: string): Promise<ActiveAssignment | null> {
    const [row] = await em.execute<ActiveAssignment[]>(
      `select a.id as assignment_id, s.id as shift_id, s.start_time::text as start_time, s.grace_period, s.break_duration,
              s.is_active as shift_active, l.id as location_id, l.location_name, l.latitude::text as latitude,
              l.longitude::text as longitude, l.radius, l.is_active as location_active
         from shift_assignments a
         join shifts s on s.id = a.shift_id
         left join work_locations l on l.id = a.location_id
        where a.employee_id = ? and a.is_active and a.start_date <= ?::date
          and (a.end_date is null or a.end_date >= ?::date)
        order by a.start_date desc, a.id desc
        limit 1`,
      [employeeId, date, date],
    );
    return row ?? null;
  }

  private async find(em: EntityManager, id: number): Promise<ShiftAssignment> {
    const a = id > 0 && id <= MAX_ID ? await em.findOne(ShiftAssignment, { id }, { populate: POPULATE }) : null;
    if (!a) throw notFound('Shift assignment');
    return a;
  }

  /**
   * end_date not before start_date, and at most one active assignment per employee on any date.
   * The employee's row is locked first so two concurrent saves cannot both pass the check.
   */
  private async assertValid(em: EntityManager, a: ShiftAssignment): Promise<void> {
    if (a.end_date && a.end_date < a.start_date) {
      throw badRequest('End date must be on or after the start date', 'end_date');
    }
    if (!a.is_active) return;
    await em.execute('select id from employees where id = ? for update', [a.employee.id]);
    const [clash] = await em.execute<Array<{ id: number; start_date: string; end_date: string | null; shift_name: string }>>(
      `select a.id, a.start_date::text as start_date, a.end_date::text as end_date, s.shift_name
         from shift_assignments a join shifts s on s.id = a.shift_id
        where a.employee_id = ? and a.is_active and a.id <> ?
          and a.start_date <= coalesce(?::date, 'infinity'::date)
          and coalesce(a.end_date, 'infinity'::date) >= ?::date
        limit 1`,
      [a.employee.id, a.id ?? 0, a.end_date ?? null, a.start_date],
    );
    if (clash) {
      const until = clash.end_date ? `to ${clash.end_date}` : 'with no end date';
      throw conflict(
        `This employee already has an active assignment (${clash.shift_name}, from ${clash.start_date} ${until}) overlapping these dates`,
        'start_date',
      );
    }
  }
}

/** An id past the int4 range matches no row. */
const inRange = (id: number | null | undefined) => (typeof id === 'number' && id > MAX_ID ? -1 : id);
