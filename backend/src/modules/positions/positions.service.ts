import { Injectable } from '@nestjs/common';
import type { FilterQuery, QueryOrderMap } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../common/auth/auth-context';
import { Page } from '../../common/http/envelope';
import { badRequest, conflict, notFound } from '../../common/http/errors';
import { escapeLike, oneOf } from '../../common/http/fields';
import { Filter, idList, type ListQuery, type ListQueryOptions } from '../../common/http/list-query';
import { assertOwnCompany, findRef } from '../../common/tenancy/refs';
import { Company } from '../companies/company.entity';
import { Department } from '../departments/department.entity';
import { employeeCounts } from '../departments/departments.service';
import { Employee } from '../employees/employee.entity';
import type { CreatePositionDto, PositionResponseDto, UpdatePositionDto } from './dto/position.dto';
import { Position, POSITION_LEVELS, type PositionLevel } from './position.entity';
import { toPositionResponse } from './position.mapper';

export const POSITION_LIST: ListQueryOptions = {
  sortable: ['id', 'position_code', 'position_title', 'department_name', 'level', 'min_salary', 'max_salary', 'created_at'],
  filterable: ['q', 'id', 'department_id', 'level', 'company_id'],
  defaultSort: ['position_title', 'ASC'],
  filters: { level: Filter.oneOf(POSITION_LEVELS, { many: true }) },
};

const MAX_BELOW_MIN = 'Maximum salary must be greater than or equal to minimum salary';

@Injectable()
export class PositionsService {
  constructor(private readonly em: EntityManager) {}

  async list(ctx: AuthContext, q: ListQuery): Promise<Page<PositionResponseDto>> {
    const o = q.sort.order;
    const primary: QueryOrderMap<Position> =
      q.sort.field === 'department_name'
        ? { department: { department_name: o } }
        : ({ [q.sort.field]: o } as QueryOrderMap<Position>);
    const [rows, total] = await this.em.findAndCount(Position, this.where(q.filter), {
      populate: ['department'],
      orderBy: [primary, { id: o }],
      offset: q.offset,
      limit: q.limit,
    });
    const counts = await employeeCounts(this.em, ctx.companyId!, 'position_id', rows.map((p) => p.id));
    return new Page('hr/positions', rows.map((p) => toPositionResponse(p, counts.get(p.id) ?? 0)), q.offset, total);
  }

  async get(ctx: AuthContext, id: number): Promise<PositionResponseDto> {
    const p = await this.em.findOne(Position, { id }, { populate: ['department'] });
    if (!p) throw notFound('Position');
    const counts = await employeeCounts(this.em, ctx.companyId!, 'position_id', [p.id]);
    return toPositionResponse(p, counts.get(p.id) ?? 0);
  }

  async create(ctx: AuthContext, dto: CreatePositionDto): Promise<PositionResponseDto> {
    assertOwnCompany(ctx, dto.company_id);
    assertRange(dto.min_salary, dto.max_salary);
    const id = await this.em.transactional(async (em) => {
      const taken = await em.count(Position, { position_code: { $ilike: escapeLike(dto.position_code) } });
      if (taken) throw conflict('Position code already exists', 'position_code');
      const department = await findRef(em, Department, dto.department_id, 'Department', 'department_id');
      const p = em.create(Position, {
        company: em.getReference(Company, ctx.companyId!),
        position_code: dto.position_code,
        position_title: dto.position_title,
        department: department ?? null,
        ...(dto.level ? { level: dto.level } : {}),
        min_salary: dto.min_salary ?? null,
        max_salary: dto.max_salary ?? null,
        description: dto.description ?? null,
      });
      await em.flush();
      return p.id;
    });
    return this.get(ctx, id);
  }

  async update(ctx: AuthContext, id: number, dto: UpdatePositionDto): Promise<PositionResponseDto> {
    assertOwnCompany(ctx, dto.company_id);
    await this.em.transactional(async (em) => {
      const p = await em.findOne(Position, { id });
      if (!p) throw notFound('Position');
      if (dto.position_code !== undefined && dto.position_code !== p.position_code) {
        throw badRequest('Position code cannot be changed', 'position_code');
      }
      assertRange(
        dto.min_salary !== undefined ? dto.min_salary : p.min_salary,
        dto.max_salary !== undefined ? dto.max_salary : p.max_salary,
      );
      const department = await findRef(em, Department, dto.department_id, 'Department', 'department_id');
      if (dto.position_title !== undefined) p.position_title = dto.position_title;
      if (dto.level !== undefined) p.level = dto.level;
      if (dto.min_salary !== undefined) p.min_salary = dto.min_salary;
      if (dto.max_salary !== undefined) p.max_salary = dto.max_salary;
      if (dto.description !== undefined) p.description = dto.description;
      if (department !== undefined) p.department = department;
      await em.flush();
    });
    return this.get(ctx, id);
  }

  /** Refused (409) while employees still hold the position. */
  async remove(id: number): Promise<void> {
    await this.em.transactional(async (em) => {
      const p = await em.findOne(Position, { id });
      if (!p) throw notFound('Position');
      const employees = await em.count(Employee, { position: p.id });
      if (employees) {
        throw conflict(
          `Cannot delete this position: ${employees} ${employees === 1 ? 'employee still holds' : 'employees still hold'} it`,
        );
      }
      em.remove(p);
      await em.flush();
    });
  }

  private where(filter: Record<string, unknown>): FilterQuery<Position> {
    const and: FilterQuery<Position>[] = [];
    if (filter.id !== undefined) and.push({ id: { $in: idList(filter.id, 'id') } });
    if (filter.company_id !== undefined) and.push({ company: { $in: idList(filter.company_id, 'company_id') } });
    if (filter.department_id !== undefined) and.push({ department: { $in: idList(filter.department_id, 'department_id') } });
    if (filter.level !== undefined) {
      const levels = Array.isArray(filter.level) ? filter.level : [filter.level];
      if (!levels.every((l) => POSITION_LEVELS.includes(l as PositionLevel))) {
        throw badRequest(`The level filter must be one of ${oneOf(POSITION_LEVELS)}`, 'filter');
      }
      and.push({ level: { $in: levels as PositionLevel[] } });
    }
    if (filter.q !== undefined) {
      if (typeof filter.q !== 'string') throw badRequest('The search filter must be text', 'filter');
      const like = { $ilike: `%${escapeLike(filter.q.trim())}%` };
      and.push({ $or: [{ position_code: like }, { position_title: like }] });
    }
    return and.length ? { $and: and } : {};
  }
}

/** Amounts are normalized decimal strings; compared exactly, without floating point. */
function assertRange(min: string | null | undefined, max: string | null | undefined): void {
  if (min == null || max == null) return;
  const cents = (s: string) => BigInt(s.replace('.', ''));
  if (cents(max) < cents(min)) throw badRequest(MAX_BELOW_MIN, 'max_salary');
}
