import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../common/auth/auth-context';
import { Page } from '../../common/http/envelope';
import { badRequest, conflict, notFound } from '../../common/http/errors';
import { Filter, type ListQuery, type ListQueryOptions } from '../../common/http/list-query';
import { assertOwnCompany } from '../../common/tenancy/refs';
import { Company } from '../companies/company.entity';
import type { CreateKpiDto, KpiResponseDto, UpdateKpiDto } from './dto/kpi.dto';
import { Kpi, KPI_CATEGORIES, PERIOD_TYPES } from './kpi.entity';
import { toKpiResponse, type Row } from './kpi.mapper';
import { bool, inIdRange, isoSql, SqlWhere, sqlPage } from './sql-list';

export const KPI_LIST: ListQueryOptions = {
  sortable: ['id', 'name', 'code', 'category', 'kpi_type', 'data_source_type', 'period_type', 'direction', 'is_active', 'targets_count', 'created_at', 'updated_at'],
  filterable: ['q', 'search', 'id', 'category', 'status', 'is_active', 'period', 'period_type', 'company_id'],
  defaultSort: ['name', 'ASC'],
  maxLimit: 1000,
  filters: {
    category: Filter.oneOf(KPI_CATEGORIES, { many: true }),
    status: Filter.oneOf(['active', 'inactive']),
    period: Filter.oneOf(PERIOD_TYPES, { many: true }),
    period_type: Filter.oneOf(PERIOD_TYPES, { many: true }),
  },
};

export const KPI_IN_USE = 'This KPI has approved or paid bonus payments and cannot be deleted; deactivate it instead';
const codeTaken = (code: string) => `A KPI with code ${code} already exists`;

const BASE = `
  select k.id, k.company_id, k.name, k.code, k.description, k.category, k.kpi_type, k.data_source_type, k.period_type,
         k.direction, k.unit, k.is_active,
         (select count(*) from kpi_targets t where t.company_id = k.company_id and t.kpi_id = k.id)::int as targets_count,
         (select r.id from bonus_rules r where r.company_id = k.company_id and r.kpi_id = k.id and r.is_active limit 1) as bonus_rule_id,
         ${isoSql('k.created_at')} as created_at, ${isoSql('k.updated_at')} as updated_at
    from kpis k`;

@Injectable()
export class KpisService {
  constructor(private readonly em: EntityManager) {}

  async list(ctx: AuthContext, q: ListQuery): Promise<Page<KpiResponseDto>> {
    const f = q.filter;
    const where = new SqlWhere('x.company_id', ctx.companyId!)
      .search(['x.name', 'x.code', 'x.description'], f.q ?? f.search)
      .ids('x.id', f.id, 'id')
      .ids('x.company_id', f.company_id, 'company_id')
      .oneOf('x.category', f.category, KPI_CATEGORIES, 'category')
      .oneOf('x.period_type', f.period_type ?? f.period, PERIOD_TYPES, f.period_type !== undefined ? 'period_type' : 'period');
    if (f.status !== undefined) {
      if (f.status !== 'active' && f.status !== 'inactive') throw badRequest('The status filter must be one of active or inactive', 'filter');
      where.add('x.is_active = ?', f.status === 'active');
    }
    if (f.is_active !== undefined) where.add('x.is_active = ?', bool(f.is_active, 'is_active'));
    const { rows, total } = await sqlPage<Row>(this.em, BASE, where, q);
    return new Page('kpi/kpis', rows.map(toKpiResponse), q.offset, total);
  }

  async get(ctx: AuthContext, id: number): Promise<KpiResponseDto> {
    const rows: Row[] = inIdRange(id) ? await this.em.execute(`${BASE} where k.company_id = ? and k.id = ?`, [ctx.companyId, id]) : [];
    if (!rows.length) throw notFound('KPI');
    return toKpiResponse(rows[0]);
  }

  async create(ctx: AuthContext, dto: CreateKpiDto): Promise<KpiResponseDto> {
    assertOwnCompany(ctx, dto.company_id);
    await this.assertCodeFree(dto.code);
    const kpi = this.em.create(Kpi, {
      company: this.em.getReference(Company, ctx.companyId!),
      name: dto.name,
      code: dto.code,
      description: dto.description ?? null,
      category: dto.category,
      unit: dto.unit ?? null,
      ...(dto.kpi_type ? { kpi_type: dto.kpi_type } : {}),
      ...(dto.data_source_type ? { data_source_type: dto.data_source_type } : {}),
      ...(dto.period_type ? { period_type: dto.period_type } : {}),
      ...(dto.direction ? { direction: dto.direction } : {}),
      ...(dto.is_active !== undefined ? { is_active: dto.is_active } : {}),
    });
    await this.em.flush();
    return this.get(ctx, kpi.id);
  }

  async update(ctx: AuthContext, id: number, dto: UpdateKpiDto): Promise<KpiResponseDto> {
    assertOwnCompany(ctx, dto.company_id);
    const kpi = await this.find(id);
    if (dto.code !== undefined && dto.code !== kpi.code) {
      await this.assertCodeFree(dto.code);
      kpi.code = dto.code;
    }
    if (dto.name !== undefined) kpi.name = dto.name;
    if (dto.category !== undefined) kpi.category = dto.category;
    if (dto.description !== undefined) kpi.description = dto.description;
    if (dto.unit !== undefined) kpi.unit = dto.unit;
    if (dto.kpi_type !== undefined) kpi.kpi_type = dto.kpi_type;
    if (dto.data_source_type !== undefined) kpi.data_source_type = dto.data_source_type;
    if (dto.period_type !== undefined) kpi.period_type = dto.period_type;
    if (dto.direction !== undefined) kpi.direction = dto.direction;
    if (dto.is_active !== undefined) kpi.is_active = dto.is_active;
    await this.em.flush();
    return this.get(ctx, id);
  }

  /**
   * Deletes a KPI with its targets, values and rules. Its calculated (not yet decided) payments go
   * too; rejected and cancelled ones stay as history. Approved or paid payments forbid it (409).
   */
  async remove(ctx: AuthContext, id: number): Promise<void> {
    const kpi = await this.find(id);
    const [row] = await this.em.execute<Array<{ n: number }>>(
      `select count(*)::int as n from bonus_payments where company_id = ? and kpi_id = ? and status in ('approved', 'paid')`,
      [ctx.companyId, kpi.id],
    );
    if (row.n > 0) throw conflict(KPI_IN_USE);
    await this.em.execute(`delete from bonus_payments where company_id = ? and kpi_id = ? and status = 'calculated'`, [ctx.companyId, kpi.id]);
    await this.em.removeAndFlush(kpi);
  }

  async find(id: number): Promise<Kpi> {
    const kpi = inIdRange(id) ? await this.em.findOne(Kpi, { id }) : null;
    if (!kpi) throw notFound('KPI');
    return kpi;
  }

  private async assertCodeFree(code: string): Promise<void> {
    if (await this.em.count(Kpi, { code })) throw conflict(codeTaken(code), 'code');
  }
}
