import { Injectable } from '@nestjs/common';
import type { FilterQuery } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../common/auth/auth-context';
import { Page } from '../../common/http/envelope';
import { badRequest, conflict, notFound } from '../../common/http/errors';
import { escapeLike } from '../../common/http/fields';
import { idList, type ListQuery, type ListQueryOptions } from '../../common/http/list-query';
import { assertOwnCompany } from '../../common/tenancy/refs';
import { Company } from '../companies/company.entity';
import { booleanFilter } from '../departments/departments.service';
import type { CreateShiftDto, ShiftResponseDto, UpdateShiftDto } from './dto/shift.dto';
import { ShiftAssignment } from './shift-assignment.entity';
import { Shift } from './shift.entity';
import { toShiftResponse } from './shifts.mapper';

export const SHIFT_LIST: ListQueryOptions = {
  sortable: ['id', 'shift_name', 'shift_code', 'start_time', 'end_time', 'is_active', 'created_at'],
  filterable: ['q', 'id', 'is_active', 'company_id'],
  defaultSort: ['start_time', 'ASC'],
};

export const MAX_ID = 2147483647;
const seconds = (time: string) => (time.length === 5 ? `${time}:00` : time);

@Injectable()
export class ShiftsService {
  constructor(private readonly em: EntityManager) {}

  async list(q: ListQuery): Promise<Page<ShiftResponseDto>> {
    const and: FilterQuery<Shift>[] = [];
    const f = q.filter;
    if (f.id !== undefined) and.push({ id: { $in: idList(f.id, 'id') } });
    if (f.company_id !== undefined) and.push({ company: { $in: idList(f.company_id, 'company_id') } });
    if (f.is_active !== undefined) and.push({ is_active: booleanFilter(f.is_active, 'is_active') });
    if (f.q !== undefined) {
      if (typeof f.q !== 'string') throw badRequest('The search filter must be text', 'filter');
      const like = { $ilike: `%${escapeLike(f.q.trim())}%` };
      and.push({ $or: [{ shift_name: like }, { shift_code: like }] });
    }
    const [rows, total] = await this.em.findAndCount(Shift, and.length ? { $and: and } : {}, {
      orderBy: [{ [q.sort.field]: q.sort.order }, { id: q.sort.order }],
      offset: q.offset,
      limit: q.limit,
    });
    const counts = await this.assignmentCounts(rows.map((s) => s.id));
    return new Page('hr/shifts', rows.map((s) => toShiftResponse(s, counts.get(s.id) ?? 0)), q.offset, total);
  }

  async get(id: number): Promise<ShiftResponseDto> {
    const shift = await this.find(this.em, id);
    const counts = await this.assignmentCounts([id]);
    return toShiftResponse(shift, counts.get(id) ?? 0);
  }

  async create(ctx: AuthContext, dto: CreateShiftDto): Promise<ShiftResponseDto> {
    assertOwnCompany(ctx, dto.company_id);
    const id = await this.em.transactional(async (em) => {
      await this.assertCodeFree(em, dto.shift_code);
      const shift = em.create(Shift, {
        company: em.getReference(Company, ctx.companyId!),
        shift_name: dto.shift_name,
        shift_code: dto.shift_code,
        start_time: seconds(dto.start_time),
        end_time: seconds(dto.end_time),
        break_duration: dto.break_duration ?? 0,
        grace_period: dto.grace_period ?? undefined,
        is_active: dto.is_active ?? true,
        description: dto.description ?? null,
      });
      await em.flush();
      return shift.id;
    });
    return this.get(id);
  }

  async update(ctx: AuthContext, id: number, dto: UpdateShiftDto): Promise<ShiftResponseDto> {
    assertOwnCompany(ctx, dto.company_id);
    await this.em.transactional(async (em) => {
      const shift = await this.find(em, id);
      if (dto.shift_code !== undefined && dto.shift_code.toLowerCase() !== shift.shift_code.toLowerCase()) {
        await this.assertCodeFree(em, dto.shift_code);
      }
      if (dto.shift_code !== undefined) shift.shift_code = dto.shift_code;
      if (dto.shift_name !== undefined) shift.shift_name = dto.shift_name;
      if (dto.start_time !== undefined) shift.start_time = seconds(dto.start_time);
      if (dto.end_time !== undefined) shift.end_time = seconds(dto.end_time);
      if (dto.break_duration !== undefined) shift.break_duration = dto.break_duration;
      if (dto.grace_period !== undefined) shift.grace_period = dto.grace_period;
      if (dto.is_active !== undefined) shift.is_active = dto.is_active;
      if (dto.description !== undefined) shift.description = dto.description;
      await em.flush();
    });
    return this.get(id);
  }

  /** Refused (409) while assignments use the shift; past attendance keeps its times. */
  async remove(id: number): Promise<void> {
    await this.em.transactional(async (em) => {
      const shift = await this.find(em, id);
      const used = await em.count(ShiftAssignment, { shift: shift.id });
      if (used) {
        throw conflict(
          `Cannot delete this shift: ${used} ${used === 1 ? 'assignment uses' : 'assignments use'} it. Delete or change ${used === 1 ? 'it' : 'them'} first`,
        );
      }
      em.remove(shift);
      await em.flush();
    });
  }

  async find(em: EntityManager, id: number): Promise<Shift> {
    const shift = id > 0 && id <= MAX_ID ? await em.findOne(Shift, { id }) : null;
    if (!shift) throw notFound('Shift');
    return shift;
  }

  private async assertCodeFree(em: EntityManager, code: string): Promise<void> {
    const taken = await em.count(Shift, { shift_code: { $ilike: escapeLike(code) } });
    if (taken) throw conflict('Shift code already exists', 'shift_code');
  }

  private async assignmentCounts(ids: number[]): Promise<Map<number, number>> {
    if (!ids.length) return new Map();
    const rows = await this.em.execute<Array<{ shift_id: number; n: number }>>(
      `select shift_id, count(*)::int as n from shift_assignments
        where shift_id in (select value::int from json_array_elements_text(?::json)) group by shift_id`,
      [JSON.stringify(ids)],
    );
    return new Map(rows.map((r) => [Number(r.shift_id), Number(r.n)]));
  }
}
