import { Injectable } from '@nestjs/common';
import { UniqueConstraintViolationException, type FilterQuery } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../common/auth/auth-context';
import { badRequest, conflict, notFound } from '../../common/http/errors';
import { Page } from '../../common/http/envelope';
import { escapeLike, fieldWords } from '../../common/http/fields';
import { idList, type ListQuery } from '../../common/http/list-query';
import { assertOwnCompany, findRef } from '../../common/tenancy/refs';
import { Company } from '../companies/company.entity';
import type { CreateLeaveTypeDto, LeaveTypeResponseDto, UpdateLeaveTypeDto } from './dto/leave-type.dto';
import { LeavePolicy } from './leave-policy.entity';
import { LeaveType } from './leave-type.entity';
import { toLeaveTypeResponse } from './leave.mapper';

export const LEAVE_TYPE_LIST = {
  sortable: ['id', 'type_name', 'type_code', 'max_days_per_year', 'is_active', 'created_at'],
  filterable: ['q', 'id', 'is_active', 'is_paid', 'policy_id', 'company_id'],
  defaultSort: ['type_name', 'ASC'] as [string, 'ASC' | 'DESC'],
  maxLimit: 1000,
};
const MAX_ID = 2147483647;

@Injectable()
export class LeaveTypesService {
  constructor(private readonly em: EntityManager) {}

  async list(q: ListQuery): Promise<Page<LeaveTypeResponseDto>> {
    const and: FilterQuery<LeaveType>[] = [];
    const f = q.filter;
    if (f.q !== undefined) {
      if (typeof f.q !== 'string') throw badRequest('The search filter must be text', 'filter');
      const like = `%${escapeLike(f.q.trim())}%`;
      and.push({ $or: [{ type_name: { $ilike: like } }, { type_code: { $ilike: like } }] });
    }
    if (f.id !== undefined) and.push({ id: { $in: idList(f.id, 'id') } });
    if (f.company_id !== undefined) and.push({ company: { $in: idList(f.company_id, 'company_id') } });
    if (f.policy_id !== undefined) and.push({ policy: { $in: idList(f.policy_id, 'policy_id') } });
    for (const key of ['is_active', 'is_paid'] as const) {
      if (f[key] === undefined) continue;
      if (![true, false, 'true', 'false'].includes(f[key] as never)) throw badRequest(`The ${fieldWords(key)} filter must be true or false`, 'filter');
      and.push({ [key]: f[key] === true || f[key] === 'true' });
    }
    const [items, total] = await this.em.findAndCount(LeaveType, and.length ? { $and: and } : {}, {
      populate: ['policy'],
      orderBy: [{ [q.sort.field]: q.sort.order }, { id: 'ASC' }],
      offset: q.offset,
      limit: q.limit,
    });
    return new Page('leave-types', items.map(toLeaveTypeResponse), q.offset, total);
  }

  async get(id: number): Promise<LeaveTypeResponseDto> {
    return toLeaveTypeResponse(await this.find(id));
  }

  async find(id: number): Promise<LeaveType> {
    const row = id > 0 && id <= MAX_ID ? await this.em.findOne(LeaveType, { id }, { populate: ['policy'] }) : null;
    if (!row) throw notFound('Leave type');
    return row;
  }

  async create(ctx: AuthContext, dto: CreateLeaveTypeDto): Promise<LeaveTypeResponseDto> {
    assertOwnCompany(ctx, dto.company_id);
    const policy = await findRef(this.em, LeavePolicy, dto.policy_id, 'Leave policy', 'policy_id');
    const row = this.em.create(LeaveType, {
      company: this.em.getReference(Company, ctx.companyId!),
      type_name: dto.type_name,
      type_code: dto.type_code,
      description: dto.description ?? null,
      max_days_per_year: dto.max_days_per_year ?? 0,
      is_paid: dto.is_paid ?? true,
      requires_approval: dto.requires_approval ?? true,
      requires_attachment: dto.requires_attachment ?? false,
      is_active: dto.is_active ?? true,
      policy: policy ?? null,
    });
    await this.save(row);
    return toLeaveTypeResponse(row);
  }

  async update(ctx: AuthContext, id: number, dto: UpdateLeaveTypeDto): Promise<LeaveTypeResponseDto> {
    assertOwnCompany(ctx, dto.company_id);
    const row = await this.find(id);
    const policy = await findRef(this.em, LeavePolicy, dto.policy_id, 'Leave policy', 'policy_id');
    const { company_id: _company, policy_id: _policy, ...fields } = dto;
    for (const [key, value] of Object.entries(fields)) {
      if (value !== undefined) (row as unknown as Record<string, unknown>)[key] = key === 'description' ? (value ?? null) : value;
    }
    if (policy !== undefined) row.policy = policy;
    await this.save(row);
    return toLeaveTypeResponse(row);
  }

  async remove(id: number): Promise<void> {
    const row = await this.find(id);
    const [{ n }] = await this.em.execute<{ n: string }[]>('select count(*) as n from leave_requests where leave_type_id = ?', [row.id]);
    if (Number(n) > 0) {
      throw conflict(`This leave type is used by ${n} leave ${Number(n) === 1 ? 'request' : 'requests'}; deactivate it instead`);
    }
    await this.em.remove(row).flush();
  }

  private async save(row: LeaveType): Promise<void> {
    try {
      await this.em.persist(row).flush();
    } catch (e) {
      if (e instanceof UniqueConstraintViolationException) {
        throw conflict(`A leave type with code ${row.type_code} already exists`, 'type_code');
      }
      throw e;
    }
  }
}
