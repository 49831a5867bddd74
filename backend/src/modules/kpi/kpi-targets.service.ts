import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext, RecordScope } from '../../common/auth/auth-context';
import { subjectScope } from './kpi-scope';
import { Page } from '../../common/http/envelope';
import { badRequest, conflict, notFound } from '../../common/http/errors';
import { Filter, type ListQuery, type ListQueryOptions } from '../../common/http/list-query';
import { assertOwnCompany } from '../../common/tenancy/refs';
import { Company } from '../companies/company.entity';
import { achievementSql, VALUE_OF_TARGET } from './achievement';
import type { CreateKpiTargetDto, KpiTargetResponseDto, UpdateKpiTargetDto } from './dto/kpi-target.dto';
import { toTargetResponse, type Row } from './kpi.mapper';
import { SUBJECT_ID, SUBJECT_NAME, SUBJECT_TYPES, subjectJoins, type SubjectType } from './kpi-subject';
import { KpiTarget } from './kpi-target.entity';
import { assertPeriod, MAX_PERIOD_DAYS } from './period';
import { bool, daySql, inIdRange, isoSql, SqlWhere, sqlPage } from './sql-list';
import { resolveKpi, resolveSubject, subjectIdOf } from './subject-ref';

export const TARGET_LIST: ListQueryOptions = {
  sortable: [
    'id',
    'kpi_name',
    'target_type',
    'target_name',
    'period_start_date',
    'period_end_date',
    'target_value',
    'actual_value',
    'achievement_percentage',
    'calculated_bonus',
    'created_at',
  ],
  filterable: [
    'q',
    'id',
    'kpi_id',
    'target_type',
    'target_id',
    'employee_id',
    'department_id',
    'position_id',
    'period_start',
    'period_end',
    'achieved',
    'company_id',
  ],
  defaultSort: ['period_start_date', 'DESC'],
  maxLimit: 1000,
  filters: {
    target_type: Filter.oneOf(SUBJECT_TYPES, { many: true }),
    period_start: Filter.date(),
    period_end: Filter.date(),
    achieved: Filter.flag(),
  },
};

export const TARGET_EXISTS = 'A target for this KPI, subject and period already exists';
export const TARGET_LOCKED =
  "This target has approved or paid bonus payments: its KPI, subject, period and value can no longer change (notes can)";
export const TARGET_IN_USE = 'This target has approved or paid bonus payments and cannot be deleted';

const BASE = `
  select t.id, t.company_id, t.kpi_id, k.name as kpi_name, k.code as kpi_code, k.kpi_type, k.direction, t.target_type,
         ${SUBJECT_ID('t')} as target_id, ${SUBJECT_NAME} as target_name,
         t.employee_id, t.department_id, t.position_id,
         ${daySql('t.period_start_date')} as period_start_date, ${daySql('t.period_end_date')} as period_end_date,
         t.period_start_date as start_day, t.period_end_date as end_day,
         t.target_value, v.actual_value, v.id as value_id,
         ${achievementSql('k.direction', 'v.actual_value', 't.target_value')} as achievement_percentage,
         (select sum(b.bonus_amount) from bonus_payments b
           where b.company_id = t.company_id and b.kpi_target_id = t.id and b.status not in ('rejected', 'cancelled')) as calculated_bonus,
         t.notes, ${isoSql('t.created_at')} as created_at, ${isoSql('t.updated_at')} as updated_at
    from kpi_targets t
    join kpis k on k.id = t.kpi_id
    ${subjectJoins('t')}
    left join kpi_values v on ${VALUE_OF_TARGET}`;

@Injectable()
export class KpiTargetsService {
  constructor(private readonly em: EntityManager) {}

  /**
   * Targets with their subject's value for the same KPI and period, the achievement derived from
   * it and the bonus calculated for them. period_start/period_end keep the targets whose whole
   * period lies inside (the Targets tab's dates). Below the company scope, the targets of the
   * employees within it.
   */
  async list(ctx: AuthContext, scope: RecordScope, q: ListQuery): Promise<Page<KpiTargetResponseDto>> {
    const f = q.filter;
    const where = new SqlWhere('x.company_id', ctx.companyId!)
      .search(['x.kpi_name', 'x.kpi_code', 'x.target_name'], f.q)
      .ids('x.id', f.id, 'id')
      .ids('x.company_id', f.company_id, 'company_id')
      .ids('x.kpi_id', f.kpi_id, 'kpi_id')
      .oneOf('x.target_type', f.target_type, SUBJECT_TYPES, 'target_type')
      .ids('x.target_id', f.target_id, 'target_id')
      .ids('x.employee_id', f.employee_id, 'employee_id')
      .ids('x.department_id', f.department_id, 'department_id')
      .ids('x.position_id', f.position_id, 'position_id')
      .date('x.start_day >= ?::date', f.period_start, 'period_start')
      .date('x.end_day <= ?::date', f.period_end, 'period_end');
    const covered = subjectScope(ctx, scope, 'x.target_type', 'x.employee_id');
    if (covered) where.add(covered.sql, ...covered.params);
    if (f.achieved !== undefined) {
      where.add(bool(f.achieved, 'achieved') ? 'x.achievement_percentage >= 100' : 'coalesce(x.achievement_percentage, 0) < 100');
    }
    const { rows, total } = await sqlPage<Row>(this.em, BASE, where, q);
    return new Page('kpi/kpi-targets', rows.map(toTargetResponse), q.offset, total);
  }

  /** One target within `scope` of the caller (the answer of a write: the company). */
  async get(ctx: AuthContext, scope: RecordScope, id: number): Promise<KpiTargetResponseDto> {
    const covered = subjectScope(ctx, scope, 't.target_type', 't.employee_id');
    const rows: Row[] = inIdRange(id)
      ? await this.em.execute(`${BASE} where t.company_id = ? and t.id = ?${covered ? ` and ${covered.sql}` : ''}`, [
          ctx.companyId,
          id,
          ...(covered?.params ?? []),
        ])
      : [];
    if (!rows.length) throw notFound('KPI target');
    return toTargetResponse(rows[0]);
  }

  async create(ctx: AuthContext, dto: CreateKpiTargetDto): Promise<KpiTargetResponseDto> {
    assertOwnCompany(ctx, dto.company_id);
    assertPeriod(dto.period_start_date, dto.period_end_date, 'period_end_date', 'period_start_date', MAX_PERIOD_DAYS);
    const kpi = await resolveKpi(this.em, dto.kpi_id);
    const subject = await resolveSubject(this.em, dto.target_type, dto.target_id, 'target_id');
    await this.assertFree(ctx, kpi.id, dto.target_type, dto.target_id, dto.period_start_date, dto.period_end_date);
    const target = this.em.create(KpiTarget, {
      company: this.em.getReference(Company, ctx.companyId!),
      kpi,
      target_type: dto.target_type,
      ...subject,
      period_start_date: dto.period_start_date,
      period_end_date: dto.period_end_date,
      target_value: dto.target_value,
      notes: dto.notes ?? null,
    });
    await this.em.flush();
    return this.get(ctx, 'company', target.id);
  }

  /** Only the fields sent change; once a payment of the target is approved or paid, only its notes. */
  async update(ctx: AuthContext, id: number, dto: UpdateKpiTargetDto): Promise<KpiTargetResponseDto> {
    assertOwnCompany(ctx, dto.company_id);
    const target = await this.find(id);
    const kpi = dto.kpi_id !== undefined ? await resolveKpi(this.em, dto.kpi_id) : target.kpi;
    const type = dto.target_type ?? target.target_type;
    if (dto.target_type !== undefined && dto.target_type !== target.target_type && dto.target_id === undefined) {
      throw badRequest('Target ID is required when the target type changes', 'target_id');
    }
    const subjectId = dto.target_id ?? subjectIdOf(target);
    const start = dto.period_start_date ?? target.period_start_date;
    const end = dto.period_end_date ?? target.period_end_date;
    const value = dto.target_value ?? target.target_value;
    const moved =
      kpi.id !== target.kpi.id ||
      type !== target.target_type ||
      subjectId !== subjectIdOf(target) ||
      start !== target.period_start_date ||
      end !== target.period_end_date;
    if (moved || value !== target.target_value) {
      if (await this.hasDecidedPayments(ctx, target.id)) throw conflict(TARGET_LOCKED);
      const subject = await resolveSubject(this.em, type, subjectId, 'target_id');
      assertPeriod(start, end, 'period_end_date', 'period_start_date', MAX_PERIOD_DAYS);
      if (moved) await this.assertFree(ctx, kpi.id, type, subjectId, start, end, target.id);
      Object.assign(target, { kpi, target_type: type, ...subject, period_start_date: start, period_end_date: end, target_value: value });
    }
    if (dto.notes !== undefined) target.notes = dto.notes;
    await this.em.flush();
    return this.get(ctx, 'company', id);
  }

  /** Calculated payments of the target go with it; approved or paid ones forbid the delete (409). */
  async remove(ctx: AuthContext, id: number): Promise<void> {
    const target = await this.find(id);
    if (await this.hasDecidedPayments(ctx, target.id)) throw conflict(TARGET_IN_USE);
    await this.em.execute(`delete from bonus_payments where company_id = ? and kpi_target_id = ? and status = 'calculated'`, [
      ctx.companyId,
      target.id,
    ]);
    await this.em.removeAndFlush(target);
  }

  private async find(id: number): Promise<KpiTarget> {
    const target = inIdRange(id) ? await this.em.findOne(KpiTarget, { id }) : null;
    if (!target) throw notFound('KPI target');
    return target;
  }

  private async hasDecidedPayments(ctx: AuthContext, targetId: number): Promise<boolean> {
    const [row] = await this.em.execute<Array<{ n: number }>>(
      `select count(*)::int as n from bonus_payments where company_id = ? and kpi_target_id = ? and status in ('approved', 'paid')`,
      [ctx.companyId, targetId],
    );
    return row.n > 0;
  }

  private async assertFree(
    ctx: AuthContext,
    kpiId: number,
    type: SubjectType,
    subjectId: number,
    start: string,
    end: string,
    exceptId = 0,
  ): Promise<void> {
    const column = `${type}_id`;
    const [row] = await this.em.execute<Array<{ n: number }>>(
      `select count(*)::int as n from kpi_targets
        where company_id = ? and kpi_id = ? and ${column} = ? and period_start_date = ? and period_end_date = ? and id <> ?`,
      [ctx.companyId, kpiId, subjectId, start, end, exceptId],
    );
    if (row.n > 0) throw conflict(TARGET_EXISTS);
  }
}
