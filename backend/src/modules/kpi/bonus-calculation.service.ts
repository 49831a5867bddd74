import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../common/auth/auth-context';
import { assertOwnCompany } from '../../common/tenancy/refs';
import { bonusCalculationSql, COMPUTED_TARGET_PERIODS } from './bonus-calculation.sql';
import type { BonusCalculateDto, BonusCalculationResultDto } from './dto/bonus-payment.dto';
import { KpiValuesService } from './kpi-values.service';
import type { ValuePair } from './kpi-values.sql';
import { assertPeriod, MAX_PERIOD_DAYS } from './period';

@Injectable()
export class BonusCalculationService {
  constructor(
    private readonly em: EntityManager,
    private readonly values: KpiValuesService,
  ) {}

  /**
   * Calculates the bonus payments of every target whose whole period lies in [period_start,
   * period_end] (rules in bonusCalculationSql), inside the request's transaction. The period's
   * calculation row is locked first, so identical calculations running at once take turns and
   * leave one set of payments. The values of computed KPIs for those targets' periods are
   * refreshed from the records first.
   */
  async calculate(ctx: AuthContext, dto: BonusCalculateDto): Promise<BonusCalculationResultDto> {
    assertOwnCompany(ctx, dto.company_id);
    assertPeriod(dto.period_start, dto.period_end, 'period_end', 'period_start', MAX_PERIOD_DAYS);
    const companyId = ctx.companyId!;
    const period = [companyId, dto.period_start, dto.period_end];
    await this.em.execute(
      `insert into bonus_calculation_runs (company_id, period_start, period_end) values (?, ?, ?)
       on conflict (company_id, period_start, period_end) do nothing`,
      period,
    );
    const [run] = await this.em.execute<Array<{ id: number }>>(
      'select id from bonus_calculation_runs where company_id = ? and period_start = ? and period_end = ? for update',
      period,
    );

    const pairs = await this.em.execute<ValuePair[]>(COMPUTED_TARGET_PERIODS, period);
    await this.values.refresh(ctx, pairs);

    const [result] = await this.em.execute<Array<{ due: number; removed: number; written: number; updated: number; total: string }>>(
      bonusCalculationSql(companyId, dto.period_start, dto.period_end),
    );
    await this.em.execute(
      `update bonus_calculation_runs
          set run_count = run_count + 1, payments_count = ?, total_amount = ?, last_run_by_id = ?, updated_at = now()
        where id = ?`,
      [result.written, result.total, ctx.userId, run.id],
    );
    return {
      period_start: dto.period_start,
      period_end: dto.period_end,
      payments_created: result.written,
      total_amount: result.total,
      replaced: result.updated + result.removed,
      kept: result.due - result.written,
    };
  }
}
