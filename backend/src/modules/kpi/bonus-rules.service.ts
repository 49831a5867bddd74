import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../common/auth/auth-context';
import { Page } from '../../common/http/envelope';
import { badRequest, conflict, notFound } from '../../common/http/errors';
import type { ListQuery, ListQueryOptions } from '../../common/http/list-query';
import { assertOwnCompany } from '../../common/tenancy/refs';
import { Company } from '../companies/company.entity';
import { BonusRule } from './bonus-rule.entity';
import { BonusRuleTier } from './bonus-rule-tier.entity';
import type { BonusRuleResponseDto, BonusTierDto, CreateBonusRuleDto, UpdateBonusRuleDto } from './dto/bonus-rule.dto';
import { toRuleResponse, type Row } from './kpi.mapper';
import { bool, inIdRange, isoSql, SqlWhere, sqlPage } from './sql-list';
import { resolveKpi } from './subject-ref';

export const RULE_LIST: ListQueryOptions = {
  sortable: ['id', 'name', 'kpi_name', 'is_active', 'max_bonus_amount', 'created_at', 'updated_at'],
  filterable: ['q', 'id', 'kpi_id', 'is_active', 'company_id'],
  defaultSort: ['kpi_name', 'ASC'],
  maxLimit: 1000,
};

export const ONE_ACTIVE_RULE = 'This KPI already has an active bonus rule: deactivate it first';
export const DISTINCT_TIERS = 'Each tier needs a different minimum achievement';
const MAX_PERCENT = 1000;

const BASE = `
  select r.id, r.company_id, r.kpi_id, k.name as kpi_name, r.name, r.description, r.max_bonus_amount, r.is_active,
         (select coalesce(json_agg(json_build_object('min_achievement', x.min_achievement::text, 'bonus_type', x.bonus_type,
                                                     'bonus_value', x.bonus_value::text) order by x.min_achievement), '[]'::json)
            from bonus_rule_tiers x where x.company_id = r.company_id and x.bonus_rule_id = r.id) as tiers,
         ${isoSql('r.created_at')} as created_at, ${isoSql('r.updated_at')} as updated_at
    from bonus_rules r
    join kpis k on k.id = r.kpi_id`;

/** Tiers are percents of achievement (0 to 1000) and, for salary_percentage, percents of the monthly salary (up to 1000). */
function assertTiers(tiers: BonusTierDto[]): void {
  tiers.forEach((tier, i) => {
    if (Number(tier.min_achievement) > MAX_PERCENT) {
      throw badRequest(`Minimum achievement must be at most ${MAX_PERCENT}`, `tiers.${i}.min_achievement`);
    }
    if (tier.bonus_type === 'salary_percentage' && Number(tier.bonus_value) > MAX_PERCENT) {
      throw badRequest(`A salary percentage must be at most ${MAX_PERCENT}`, `tiers.${i}.bonus_value`);
    }
  });
  if (new Set(tiers.map((t) => t.min_achievement)).size !== tiers.length) throw badRequest(DISTINCT_TIERS, 'tiers');
}

@Injectable()
export class BonusRulesService {
  constructor(private readonly em: EntityManager) {}

  async list(ctx: AuthContext, q: ListQuery): Promise<Page<BonusRuleResponseDto>> {
    const f = q.filter;
    const where = new SqlWhere('x.company_id', ctx.companyId!)
      .search(['x.name', 'x.kpi_name'], f.q)
      .ids('x.id', f.id, 'id')
      .ids('x.company_id', f.company_id, 'company_id')
      .ids('x.kpi_id', f.kpi_id, 'kpi_id');
    if (f.is_active !== undefined) where.add('x.is_active = ?', bool(f.is_active, 'is_active'));
    const { rows, total } = await sqlPage<Row>(this.em, BASE, where, q);
    return new Page('kpi/bonus-rules', rows.map(toRuleResponse), q.offset, total);
  }

  async get(ctx: AuthContext, id: number): Promise<BonusRuleResponseDto> {
    const rows: Row[] = inIdRange(id) ? await this.em.execute(`${BASE} where r.company_id = ? and r.id = ?`, [ctx.companyId, id]) : [];
    if (!rows.length) throw notFound('Bonus rule');
    return toRuleResponse(rows[0]);
  }

  async create(ctx: AuthContext, dto: CreateBonusRuleDto): Promise<BonusRuleResponseDto> {
    assertOwnCompany(ctx, dto.company_id);
    assertTiers(dto.tiers);
    const kpi = await resolveKpi(this.em, dto.kpi_id);
    const active = dto.is_active ?? true;
    if (active) await this.assertNoOtherActive(kpi.id);
    const company = this.em.getReference(Company, ctx.companyId!);
    const rule = this.em.create(BonusRule, {
      company,
      kpi,
      name: dto.name,
      description: dto.description ?? null,
      max_bonus_amount: dto.max_bonus_amount ?? null,
      is_active: active,
    });
    for (const tier of dto.tiers) this.em.create(BonusRuleTier, { company, bonus_rule: rule, ...tier });
    await this.em.flush();
    return this.get(ctx, rule.id);
  }

  /** Only the fields sent change; tiers, when sent, replace all the tiers. */
  async update(ctx: AuthContext, id: number, dto: UpdateBonusRuleDto): Promise<BonusRuleResponseDto> {
    assertOwnCompany(ctx, dto.company_id);
    if (dto.tiers) assertTiers(dto.tiers);
    const rule = await this.find(id);
    if (dto.kpi_id !== undefined) rule.kpi = await resolveKpi(this.em, dto.kpi_id);
    if (dto.is_active !== undefined) rule.is_active = dto.is_active;
    if (rule.is_active && (dto.kpi_id !== undefined || dto.is_active)) await this.assertNoOtherActive(rule.kpi.id, rule.id);
    if (dto.name !== undefined) rule.name = dto.name;
    if (dto.description !== undefined) rule.description = dto.description;
    if (dto.max_bonus_amount !== undefined) rule.max_bonus_amount = dto.max_bonus_amount;
    if (dto.tiers) {
      await this.em.nativeDelete(BonusRuleTier, { bonus_rule: rule.id });
      const company = this.em.getReference(Company, ctx.companyId!);
      for (const tier of dto.tiers) this.em.create(BonusRuleTier, { company, bonus_rule: rule, ...tier });
    }
    rule.updated_at = new Date();
    await this.em.flush();
    return this.get(ctx, id);
  }

  /** Calculated payments of the rule go with it; decided ones keep their amounts as history. */
  async remove(ctx: AuthContext, id: number): Promise<void> {
    const rule = await this.find(id);
    await this.em.execute(`delete from bonus_payments where company_id = ? and bonus_rule_id = ? and status = 'calculated'`, [
      ctx.companyId,
      rule.id,
    ]);
    await this.em.removeAndFlush(rule);
  }

  private async find(id: number): Promise<BonusRule> {
    const rule = inIdRange(id) ? await this.em.findOne(BonusRule, { id }) : null;
    if (!rule) throw notFound('Bonus rule');
    return rule;
  }

  private async assertNoOtherActive(kpiId: number, exceptId = 0): Promise<void> {
    if (await this.em.count(BonusRule, { kpi: kpiId, is_active: true, id: { $ne: exceptId } })) {
      throw conflict(ONE_ACTIVE_RULE, 'kpi_id');
    }
  }
}
