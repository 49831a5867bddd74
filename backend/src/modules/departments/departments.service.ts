import { Injectable } from '@nestjs/common';
import type { FilterQuery, QueryOrderMap } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../common/auth/auth-context';
import { Page } from '../../common/http/envelope';
import { badRequest, conflict, notFound } from '../../common/http/errors';
import { escapeLike, fieldWords } from '../../common/http/fields';
import { Filter, idList, type ListQuery, type ListQueryOptions } from '../../common/http/list-query';
import { assertOwnCompany, findRef } from '../../common/tenancy/refs';
import { Company } from '../companies/company.entity';
import { Employee } from '../employees/employee.entity';
import { Position } from '../positions/position.entity';
import type { CreateDepartmentDto, DepartmentResponseDto, UpdateDepartmentDto } from './dto/department.dto';
import { Department } from './department.entity';
import { toDepartmentResponse } from './department.mapper';

export const DEPARTMENT_LIST: ListQueryOptions = {
  sortable: ['id', 'department_code', 'department_name', 'cost_center', 'is_active', 'created_at', 'manager_name'],
  filterable: ['q', 'id', 'cost_center', 'is_active', 'manager_id', 'company_id'],
  defaultSort: ['department_name', 'ASC'],
  // exact codes: one or a list (a cost center is at most 20 characters)
  filters: { cost_center: Filter.text(20, { many: true }) },
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

@Injectable()
export class DepartmentsService {
  constructor(private readonly em: EntityManager) {}

  async list(ctx: AuthContext, q: ListQuery): Promise<Page<DepartmentResponseDto>> {
    const o = q.sort.order;
    const primary: QueryOrderMap<Department> =
      q.sort.field === 'manager_name'
        ? { manager: { first_name: o, last_name: o } }
        : ({ [q.sort.field]: o } as QueryOrderMap<Department>);
    const [rows, total] = await this.em.findAndCount(Department, this.where(q.filter), {
      populate: ['manager'],
      orderBy: [primary, { id: o }],
      offset: q.offset,
      limit: q.limit,
    });
    const counts = await employeeCounts(this.em, ctx.companyId!, 'department_id', rows.map((d) => d.id));
    return new Page(
      'hr/departments',
      rows.map((d) => toDepartmentResponse(d, counts.get(d.id) ?? 0)),
      q.offset,
      total,
    );
  }

  async get(ctx: AuthContext, id: number): Promise<DepartmentResponseDto> {
    const d = await this.em.findOne(Department, { id }, { populate: ['manager'] });
    if (!d) throw notFound('Department');
    const counts = await employeeCounts(this.em, ctx.companyId!, 'department_id', [d.id]);
    return toDepartmentResponse(d, counts.get(d.id) ?? 0);
  }

  async create(ctx: AuthContext, dto: CreateDepartmentDto): Promise<DepartmentResponseDto> {
    assertOwnCompany(ctx, dto.company_id);
    const id = await this.em.transactional(async (em) => {
      const taken = await em.count(Department, { department_code: { $ilike: escapeLike(dto.department_code) } });
      if (taken) throw conflict('Department code already exists', 'department_code');
      const manager = await findRef(em, Employee, dto.manager_id, 'Manager', 'manager_id');
      const d = em.create(Department, {
        company: em.getReference(Company, ctx.companyId!),
        department_code: dto.department_code,
        department_name: dto.department_name,
        description: dto.description ?? null,
        cost_center: dto.cost_center ?? null,
        manager: manager ?? null,
        ...(dto.is_active !== undefined ? { is_active: dto.is_active } : {}),
      });
      await em.flush();
      return d.id;
    });
    return this.get(ctx, id);
  }

  async update(ctx: AuthContext, id: number, dto: UpdateDepartmentDto): Promise<DepartmentResponseDto> {
    assertOwnCompany(ctx, dto.company_id);
    await this.em.transactional(async (em) => {
      const d = await em.findOne(Department, { id });
      if (!d) throw notFound('Department');
      if (dto.department_code !== undefined && dto.department_code !== d.department_code) {
        throw badRequest('Department code cannot be changed', 'department_code');
      }
      const manager = await findRef(em, Employee, dto.manager_id, 'Manager', 'manager_id');
      if (dto.department_name !== undefined) d.department_name = dto.department_name;
      if (dto.description !== undefined) d.description = dto.description;
      if (dto.cost_center !== undefined) d.cost_center = dto.cost_center;
      if (dto.is_active !== undefined) d.is_active = dto.is_active;
      if (manager !== undefined) d.manager = manager;
      await em.flush();
    });
    return this.get(ctx, id);
  }

  /** Refused (409) while employees or positions still belong to the department. */
  async remove(id: number): Promise<void> {
    await this.em.transactional(async (em) => {
      const d = await em.findOne(Department, { id });
      if (!d) throw notFound('Department');
      const employees = await em.count(Employee, { department: d.id });
      const positions = await em.count(Position, { department: d.id });
      if (employees || positions) {
        const parts = [
          ...(employees ? [plural(employees, 'employee', 'employees')] : []),
          ...(positions ? [plural(positions, 'position', 'positions')] : []),
        ];
        throw conflict(
          `Cannot delete this department: ${parts.join(' and ')} still ${employees + positions === 1 ? 'belongs' : 'belong'} to it`,
        );
      }
      em.remove(d);
      await em.flush();
    });
  }

  private where(filter: Record<string, unknown>): FilterQuery<Department> {
    const and: FilterQuery<Department>[] = [];
    if (filter.id !== undefined) and.push({ id: { $in: idList(filter.id, 'id') } });
    if (filter.company_id !== undefined) and.push({ company: { $in: idList(filter.company_id, 'company_id') } });
    if (filter.manager_id !== undefined) and.push({ manager: { $in: idList(filter.manager_id, 'manager_id') } });
    if (filter.is_active !== undefined) and.push({ is_active: booleanFilter(filter.is_active, 'is_active') });
    if (filter.cost_center !== undefined) and.push({ cost_center: { $in: textList(filter.cost_center, 'cost_center') } });
    if (filter.q !== undefined) {
      if (typeof filter.q !== 'string') throw badRequest('The search filter must be text', 'filter');
      const like = { $ilike: `%${escapeLike(filter.q.trim())}%` };
      and.push({ $or: [{ department_code: like }, { department_name: like }] });
    }
    return and.length ? { $and: and } : {};
  }
}

export function booleanFilter(value: unknown, field: string): boolean {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw badRequest(`The ${fieldWords(field)} filter must be true or false`, 'filter');
}

/** A text filter's values: one text or, from react-admin getMany, a list of them. */
export function textList(value: unknown, field: string): string[] {
  const list = Array.isArray(value) ? value : [value];
  if (!list.length || !list.every((v) => typeof v === 'string')) throw badRequest(`The ${fieldWords(field)} filter must be text or a list of texts`, 'filter');
  return list as string[];
}

/** How many employees each of these departments or positions has (raw SQL: scoped by company here). */
export async function employeeCounts(
  em: EntityManager,
  companyId: number,
  column: 'department_id' | 'position_id',
  ids: number[],
): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await em.execute<Array<{ id: number; n: number }>>(
    `select ${column} as id, count(*)::int as n from employees
      where company_id = ? and ${column} in (select value::int from json_array_elements_text(?::json))
      group by ${column}`,
    [companyId, JSON.stringify(ids)],
  );
  return new Map(rows.map((r) => [Number(r.id), Number(r.n)]));
}
