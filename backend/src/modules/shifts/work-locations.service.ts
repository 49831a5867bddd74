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
import { SettingsService } from '../settings/settings.service';
import type { CreateWorkLocationDto, UpdateWorkLocationDto, WorkLocationResponseDto } from './dto/work-location.dto';
import { ShiftAssignment } from './shift-assignment.entity';
import { MAX_ID } from './shifts.service';
import { toWorkLocationResponse } from './shifts.mapper';
import { WorkLocation } from './work-location.entity';

export const WORK_LOCATION_LIST: ListQueryOptions = {
  sortable: ['id', 'location_name', 'radius', 'is_active', 'created_at'],
  filterable: ['q', 'id', 'is_active', 'company_id'],
  defaultSort: ['location_name', 'ASC'],
};

/** Coordinates are stored as numeric(9,6): six decimals, about 11 cm. */
const coordinate = (value: number) => value.toFixed(6);

@Injectable()
export class WorkLocationsService {
  constructor(
    private readonly em: EntityManager,
    private readonly settings: SettingsService,
  ) {}

  async list(q: ListQuery): Promise<Page<WorkLocationResponseDto>> {
    const and: FilterQuery<WorkLocation>[] = [];
    const f = q.filter;
    if (f.id !== undefined) and.push({ id: { $in: idList(f.id, 'id') } });
    if (f.company_id !== undefined) and.push({ company: { $in: idList(f.company_id, 'company_id') } });
    if (f.is_active !== undefined) and.push({ is_active: booleanFilter(f.is_active, 'is_active') });
    if (f.q !== undefined) {
      if (typeof f.q !== 'string') throw badRequest('The search filter must be text', 'filter');
      const like = { $ilike: `%${escapeLike(f.q.trim())}%` };
      and.push({ $or: [{ location_name: like }, { address: like }] });
    }
    const [rows, total] = await this.em.findAndCount(WorkLocation, and.length ? { $and: and } : {}, {
      orderBy: [{ [q.sort.field]: q.sort.order }, { id: q.sort.order }],
      offset: q.offset,
      limit: q.limit,
    });
    return new Page('hr/work-locations', rows.map(toWorkLocationResponse), q.offset, total);
  }

  async get(id: number): Promise<WorkLocationResponseDto> {
    return toWorkLocationResponse(await this.find(this.em, id));
  }

  async create(ctx: AuthContext, dto: CreateWorkLocationDto): Promise<WorkLocationResponseDto> {
    assertOwnCompany(ctx, dto.company_id);
    const radius = dto.radius ?? (await this.settings.attendanceSettings(ctx.companyId!)).geolocation.default_radius;
    const location = this.em.create(WorkLocation, {
      company: this.em.getReference(Company, ctx.companyId!),
      location_name: dto.location_name,
      address: dto.address ?? null,
      latitude: coordinate(dto.latitude),
      longitude: coordinate(dto.longitude),
      radius,
      is_active: dto.is_active ?? true,
    });
    await this.em.flush();
    return toWorkLocationResponse(location);
  }

  async update(ctx: AuthContext, id: number, dto: UpdateWorkLocationDto): Promise<WorkLocationResponseDto> {
    assertOwnCompany(ctx, dto.company_id);
    const location = await this.find(this.em, id);
    if (dto.location_name !== undefined) location.location_name = dto.location_name;
    if (dto.address !== undefined) location.address = dto.address;
    if (dto.latitude !== undefined) location.latitude = coordinate(dto.latitude);
    if (dto.longitude !== undefined) location.longitude = coordinate(dto.longitude);
    if (dto.radius !== undefined) location.radius = dto.radius;
    if (dto.is_active !== undefined) location.is_active = dto.is_active;
    await this.em.flush();
    return toWorkLocationResponse(location);
  }

  /** Refused (409) while assignments name the location; past attendance keeps its coordinates. */
  async remove(id: number): Promise<void> {
    await this.em.transactional(async (em) => {
      const location = await this.find(em, id);
      const used = await em.count(ShiftAssignment, { location: location.id });
      if (used) {
        throw conflict(
          `Cannot delete this location: ${used} ${used === 1 ? 'assignment uses' : 'assignments use'} it. Delete or change ${used === 1 ? 'it' : 'them'} first`,
        );
      }
      em.remove(location);
      await em.flush();
    });
  }

  async find(em: EntityManager, id: number): Promise<WorkLocation> {
    const location = id > 0 && id <= MAX_ID ? await em.findOne(WorkLocation, { id }) : null;
    if (!location) throw notFound('Work location');
    return location;
  }
}
