import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext, RecordScope } from '../../common/auth/auth-context';
import { subjectScope } from './kpi-scope';
import { Page } from '../../common/http/envelope';
import { conflict, notFound, unprocessable } from '../../common/http/errors';
import { Filter, type ListQuery, type ListQueryOptions } from '../../common/http/list-query';
import { assertOwnCompany } from '../../common/tenancy/refs';
import { Company } from '../companies/company.entity';
import { User } from '../users/user.entity';
import { VALUE_OF_TARGET } from './achievement';
import { companyZone } from './company-zone';
import type {
  CalculateKpiValuesDto,
  CalculateKpiValuesResultDto,
  CreateKpiValueDto,
  KpiValueResponseDto,
  UpdateKpiValueDto,
} from './dto/kpi-value.dto';
import { toValueResponse, type Row } from './kpi.mapper';
import { SUBJECT_ID, SUBJECT_NAME, SUBJECT_TYPES, subjectJoins } from './kpi-subject';
import { KpiValue } from './kpi-value.entity';
import { EMPLOYEE_VALUES_SQL, employeeValuesParams, teamValuesParams, teamValuesSql, type ValuePair } from './kpi-values.sql';
import { assertPeriod, MAX_PERIOD_DAYS } from './period';
import { daySql, inIdRange, isoSql, SqlWhere, sqlPage } from './sql-list';
import { resolveKpi, resolveSubject } from './subject-ref';

export const VALUE_LIST: ListQueryOptions = {
  sortable: ['id', 'kpi_name', 'entity_type', 'entity_name', 'period_start_date', 'period_end_date', 'actual_value', 'source', 'created_at', 'updated_at'],
  filterable: [
    'q',
    'id',
    'kpi_id',
    'entity_type',
    'entity_id',
    'employee_id',
    'department_id',
    'position_id',
    'period_start',
    'period_end',
    'company_id',
  ],
  defaultSort: ['period_end_date', 'DESC'],
  maxLimit: 1000,
  filters: {
    entity_type: Filter.oneOf(SUBJECT_TYPES, { many: true }),
    period_start: Filter.date(),
    period_end: Filter.date(),
  },
};

export const COMPUTED_KPI = 'Values of this KPI are computed from the records: use Calculate instead';
export const COMPUTED_VALUE = 'A computed value changes only by calculating again';
export const VALUE_EXISTS = 'A value for this KPI, subject and period already exists: correct that value instead';
export const NOT_COMPUTED = 'This KPI is entered manually: it has nothing to calculate';

const BASE = `
  select v.id, v.company_id, v.kpi_id, k.name as kpi_name, k.code as kpi_code, v.entity_type,
         ${SUBJECT_ID('v')} as entity_id, ${SUBJECT_NAME} as entity_name, v.employee_id, v.department_id, v.position_id,
         ${daySql('v.period_start_date')} as period_start_date, ${daySql('v.period_end_date')} as period_end_date,
         v.period_start_date as start_day, v.period_end_date as end_day,
         v.actual_value, t.target_value, v.source, v.notes, v.recorded_by_id as recorded_by,
         ${isoSql('v.created_at')} as created_at, ${isoSql('v.updated_at')} as updated_at
    from kpi_values v
    join kpis k on k.id = v.kpi_id
    ${subjectJoins('v')}
    left join kpi_targets t on ${VALUE_OF_TARGET}`;

@Injectable()
export class KpiValuesService {
  constructor(private readonly em: EntityManager) {}

  async list(ctx: AuthContext, scope: RecordScope, q: ListQuery): Promise<Page<KpiValueResponseDto>> {
    const f = q.filter;
    const where = new SqlWhere('x.company_id', ctx.companyId!)
      .search(['x.kpi_name', 'x.kpi_code', 'x.entity_name'], f.q)
      .ids('x.id', f.id, 'id')
      .ids('x.company_id', f.company_id, 'company_id')
      .ids('x.kpi_id', f.kpi_id, 'kpi_id')
      .oneOf('x.entity_type', f.entity_type, SUBJECT_TYPES, 'entity_type')
      .ids('x.entity_id', f.entity_id, 'entity_id')
      .ids('x.employee_id', f.employee_id, 'employee_id')
      .ids('x.department_id', f.department_id, 'department_id')
      .ids('x.position_id', f.position_id, 'position_id')
      .date('x.start_day >= ?::date', f.period_start, 'period_start')
      .date('x.end_day <= ?::date', f.period_end, 'period_end');
    // below the company scope: the values of the employees within it
    const covered = subjectScope(ctx, scope, 'x.entity_type', 'x.employee_id');
    if (covered) where.add(covered.sql, ...covered.params);
    const { rows, total } = await sqlPage<Row>(this.em, BASE, where, q);
    return new Page('kpi/kpi-values', rows.map(toValueResponse), q.offset, total);
  }

  /** One value within `scope` of the caller (the answer of a write: the company). */
  async get(ctx: AuthContext, scope: RecordScope, id: number): Promise<KpiValueResponseDto> {
    const covered = subjectScope(ctx, scope, 'v.entity_type', 'v.employee_id');
    const rows: Row[] = inIdRange(id)
      ? await this.em.execute(`${BASE} where v.company_id = ? and v.id = ?${covered ? ` and ${covered.sql}` : ''}`, [
          ctx.companyId,
          id,
          ...(covered?.params ?? []),
        ])
      : [];
    if (!rows.length) throw notFound('KPI value');
    return toValueResponse(rows[0]);
  }

  /** A value entered by hand, for a KPI whose data source is manual. */
  async create(ctx: AuthContext, dto: CreateKpiValueDto): Promise<KpiValueResponseDto> {
    assertOwnCompany(ctx, dto.company_id);
    assertPeriod(dto.period_start_date, dto.period_end_date, 'period_end_date', 'period_start_date', MAX_PERIOD_DAYS);
    const kpi = await resolveKpi(this.em, dto.kpi_id);
    if (kpi.data_source_type !== 'manual') throw unprocessable(COMPUTED_KPI, 'kpi_id');
    const subject = await resolveSubject(this.em, dto.entity_type, dto.entity_id, 'entity_id');
    const [taken] = await this.em.execute<Array<{ n: number }>>(
      `select count(*)::int as n from kpi_values
        where company_id = ? and kpi_id = ? and ${dto.entity_type}_id = ? and period_start_date = ? and period_end_date = ?`,
      [ctx.companyId, kpi.id, dto.entity_id, dto.period_start_date, dto.period_end_date],
    );
    if (taken.n > 0) throw conflict(VALUE_EXISTS);
    const value = this.em.create(KpiValue, {
      company: this.em.getReference(Company, ctx.companyId!),
      kpi,
      entity_type: dto.entity_type,
      ...subject,
      period_start_date: dto.period_start_date,
      period_end_date: dto.period_end_date,
      actual_value: dto.actual_value,
      source: 'manual',
      notes: dto.notes ?? null,
      recorded_by: this.em.getReference(User, ctx.userId),
    });
    await this.em.flush();
    return this.get(ctx, 'company', value.id);
  }

  /** Corrects a manual value (approved and paid payments keep the figures they were decided on). */
  async update(ctx: AuthContext, id: number, dto: UpdateKpiValueDto): Promise<KpiValueResponseDto> {
    assertOwnCompany(ctx, dto.company_id);
    const value = await this.findManual(id);
    if (dto.actual_value !== undefined) value.actual_value = dto.actual_value;
    if (dto.notes !== undefined) value.notes = dto.notes;
    value.recorded_by = this.em.getReference(User, ctx.userId);
    await this.em.flush();
    return this.get(ctx, 'company', id);
  }

  async remove(id: number): Promise<void> {
    await this.em.removeAndFlush(await this.findManual(id));
  }

  private async findManual(id: number): Promise<KpiValue> {
    const value = inIdRange(id) ? await this.em.findOne(KpiValue, { id }) : null;
    if (!value) throw notFound('KPI value');
    if (value.source !== 'manual') throw unprocessable(COMPUTED_VALUE);
    return value;
  }

  /** Computes the computed KPIs (all active ones, or the one named) for one period. */
  async calculate(ctx: AuthContext, dto: CalculateKpiValuesDto): Promise<CalculateKpiValuesResultDto> {
    assertOwnCompany(ctx, dto.company_id);
    assertPeriod(dto.period_start, dto.period_end, 'period_end', 'period_start', MAX_PERIOD_DAYS);
    let kpis: Array<{ id: number; name: string; data_source_type: string }>;
    if (dto.kpi_id !== undefined && dto.kpi_id !== null) {
      const kpi = await resolveKpi(this.em, dto.kpi_id);
      if (kpi.data_source_type === 'manual') throw unprocessable(NOT_COMPUTED, 'kpi_id');
      kpis = [kpi];
    } else {
      kpis = await this.em.execute(
        `select id, name, data_source_type from kpis where company_id = ? and is_active and data_source_type <> 'manual' order by name, id`,
        [ctx.companyId],
      );
    }
    const pairs = kpis.map((k) => ({ kpi_id: k.id, source: k.data_source_type, ps: dto.period_start, pe: dto.period_end }));
    const counts = await this.refresh(ctx, pairs);
    const result = kpis.map((k) => ({ kpi_id: k.id, kpi_name: k.name, data_source_type: k.data_source_type, values_count: counts.get(k.id) ?? 0 }));
    return {
      period_start: dto.period_start,
      period_end: dto.period_end,
      kpis: result,
      values_count: result.reduce((sum, k) => sum + k.values_count, 0),
    };
  }

  /** Recomputes the values of these (KPI, period) pairs in three statements; answers the values written per KPI. */
  async refresh(ctx: AuthContext, pairs: ValuePair[]): Promise<Map<number, number>> {
    const counts = new Map<number, number>();
    if (!pairs.length) return counts;
    const companyId = ctx.companyId!;
    const zone = await companyZone(this.em, companyId);
    const add = (rows: Array<{ kpi_id: number; n: number }>) => rows.forEach((r) => counts.set(r.kpi_id, (counts.get(r.kpi_id) ?? 0) + r.n));
    add(await this.em.execute(EMPLOYEE_VALUES_SQL, employeeValuesParams(pairs, companyId, zone, ctx.userId)));
    add(await this.em.execute(teamValuesSql('department'), teamValuesParams(pairs, companyId, ctx.userId)));
    add(await this.em.execute(teamValuesSql('position'), teamValuesParams(pairs, companyId, ctx.userId)));
    return counts;
  }
}
