import { Injectable } from '@nestjs/common';
import { UniqueConstraintViolationException, type FilterQuery } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../common/auth/auth-context';
import { badRequest, conflict, notFound } from '../../common/http/errors';
import { Page } from '../../common/http/envelope';
import { dateMessage, isCalendarDate, fieldWords } from '../../common/http/fields';
import { Filter, type ListQuery } from '../../common/http/list-query';
import { assertOwnCompany } from '../../common/tenancy/refs';
import { Company } from '../companies/company.entity';
import type { CreateHolidayDto, HolidayResponseDto, UpdateHolidayDto } from './dto/holiday.dto';
import { Holiday } from './holiday.entity';
import { toHolidayResponse } from './leave.mapper';

export const HOLIDAY_LIST = {
  sortable: ['id', 'holiday_date', 'name'],
  filterable: ['year', 'from', 'to'],
  defaultSort: ['holiday_date', 'ASC'] as [string, 'ASC' | 'DESC'],
  maxLimit: 1000,
  filters: { year: Filter.year() },
};
const MAX_ID = 2147483647;

function dateFilter(value: unknown, name: string): string {
  if (typeof value !== 'string' || !isCalendarDate(value)) throw badRequest(dateMessage(value, `The ${fieldWords(name)} filter`), 'filter');
  return value;
}

@Injectable()
export class HolidaysService {
  constructor(private readonly em: EntityManager) {}

  async list(q: ListQuery): Promise<Page<HolidayResponseDto>> {
    const and: FilterQuery<Holiday>[] = [];
    if (q.filter.year !== undefined) {
      const year = Number(q.filter.year);
      if (!Number.isInteger(year) || year < 1900 || year > 9999) throw badRequest('The year filter must be a year from 1900 to 9999', 'filter');
      and.push({ holiday_date: { $gte: `${year}-01-01`, $lte: `${year}-12-31` } });
    }
    if (q.filter.from !== undefined) and.push({ holiday_date: { $gte: dateFilter(q.filter.from, 'from') } });
    if (q.filter.to !== undefined) and.push({ holiday_date: { $lte: dateFilter(q.filter.to, 'to') } });
    const [items, total] = await this.em.findAndCount(Holiday, and.length ? { $and: and } : {}, {
      orderBy: [{ [q.sort.field]: q.sort.order }, { id: 'ASC' }],
      offset: q.offset,
      limit: q.limit,
    });
    return new Page('holidays', items.map(toHolidayResponse), q.offset, total);
  }

  async get(id: number): Promise<HolidayResponseDto> {
    return toHolidayResponse(await this.find(id));
  }

  async create(ctx: AuthContext, dto: CreateHolidayDto): Promise<HolidayResponseDto> {
    assertOwnCompany(ctx, dto.company_id);
    const row = this.em.create(Holiday, {
      company: this.em.getReference(Company, ctx.companyId!),
      holiday_date: dto.holiday_date,
      name: dto.name,
    });
    await this.save(row);
    return toHolidayResponse(row);
  }

  async update(id: number, dto: UpdateHolidayDto): Promise<HolidayResponseDto> {
    const row = await this.find(id);
    if (dto.holiday_date !== undefined) row.holiday_date = dto.holiday_date;
    if (dto.name !== undefined) row.name = dto.name;
    await this.save(row);
    return toHolidayResponse(row);
  }

  async remove(id: number): Promise<void> {
    await this.em.remove(await this.find(id)).flush();
  }

  private async find(id: number): Promise<Holiday> {
    const row = id > 0 && id <= MAX_ID ? await this.em.findOne(Holiday, { id }) : null;
    if (!row) throw notFound('Holiday');
    return row;
  }

  private async save(row: Holiday): Promise<void> {
    try {
      await this.em.persist(row).flush();
    } catch (e) {
      if (e instanceof UniqueConstraintViolationException) {
        throw conflict(`There is already a holiday on ${row.holiday_date}`, 'holiday_date');
      }
      throw e;
    }
  }
}
