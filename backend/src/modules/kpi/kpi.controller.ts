import { Body, Controller, Get, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiForbiddenResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthContext } from '../../common/auth/auth-context';
import { ApiAuthErrors, Auth, RequireModule, Rights } from '../../common/auth/decorators';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { ok } from '../../common/http/envelope';
import { BonusCalculationService } from './bonus-calculation.service';
import { BonusCalculateDto, BonusCalculationResultDto } from './dto/bonus-payment.dto';
import { KpiDashboardDto } from './dto/kpi-dashboard.dto';
import { KpiDashboardService } from './kpi-dashboard.service';
import { coversCompany } from '../../common/auth/record-scope';
import { forbidden } from '../../common/http/errors';
import type { EffectivePermissions } from '../permissions/permissions.service';

export const KPI_DASHBOARD_COMPANY =
  "The KPI dashboard adds up the whole company's KPI results: only company admins and holders of KPI & Bonus view over the company can see it";
import { RequireKpiFeature } from './kpi-feature.guard';

/** Bonus calculation and the KPI dashboard (hr.md 2, 3, 7): module kpi (KPI & Bonus), which the package's kpi feature grants. */
@ApiTags('kpi')
@ApiAuthErrors()
@RequireKpiFeature()
@Controller('kpi')
export class KpiController {
  constructor(
    private readonly calculation: BonusCalculationService,
    private readonly dashboardService: KpiDashboardService,
  ) {}

  @Post('bonus-calculate')
  @RequireModule('kpi', 'create')
  @ApiOperation({
    summary: 'Calculate the bonus payments of a period',
    description:
      'For every target whose whole period lies in [period_start, period_end], of an active KPI with an active bonus rule, in ' +
      "one transaction. The values of computed KPIs for those targets' periods are refreshed from the records first. The " +
      "achievement is the target's own subject value (a department or position target uses the department's or position's " +
      'value); the highest tier reached gives a fixed amount or a percent of the monthly salary (annual salary / 12), rounded ' +
      'half-up to the cent and capped at the rule\'s max_bonus_amount. An employee target pays that employee (unless ' +
      'terminated); a department or position target pays each active member. An employee with several targets of one KPI ' +
      'and period is judged by the most specific one only (employee, position, department), even when it pays nothing. No ' +
      'value, no tier reached or an amount ' +
      "of 0: no payment. Idempotent: 'calculated' payments of the period are replaced (replaced), approved, paid, rejected and " +
      'cancelled ones are left as they are (kept). Identical calculations at the same time take turns and leave one set of payments.',
  })
  @ApiEnvelope(BonusCalculationResultDto, { status: 201 })
  @ApiBadRequestResponse({ description: 'period_start or period_end missing or invalid; period_end before period_start; over 366 days' })
  async calculate(@Auth() ctx: AuthContext, @Body() dto: BonusCalculateDto) {
    const result = await this.calculation.calculate(ctx, dto);
    const count = `${result.payments_created} ${result.payments_created === 1 ? 'payment' : 'payments'}`;
    return ok(result, `Bonuses calculated: ${count}, ${result.total_amount} in total`);
  }

  @Get('kpi-dashboard')
  @RequireModule('kpi', 'view')
  @ApiOperation({
    summary: 'The KPI dashboard',
    description:
      'kpi_summary: KPIs per category (total, active). targets_summary: targets whose achievement is 100% or more, all ' +
      'targets, and their ratio as a whole percent. bonus_summary: total and count of the paid payments, and of the pending ' +
      '(calculated or approved) ones. top_performers: the 5 employees with the highest total of calculated, approved and paid ' +
      'bonuses. recent_values: the 10 latest values by period end, with the target of the same subject and period and the ' +
      'variance in whole percent (positive when the value beats the target; lower-is-better KPIs count a lower value as positive).',
  })
  @ApiEnvelope(KpiDashboardDto)
  @ApiForbiddenResponse({ description: `'${KPI_DASHBOARD_COMPANY}'` })
  dashboard(@Auth() ctx: AuthContext, @Rights() rights: EffectivePermissions) {
    // its figures and top performers are the whole company's
    if (!coversCompany(ctx, rights, 'kpi')) throw forbidden(KPI_DASHBOARD_COMPANY);
    return this.dashboardService.dashboard(ctx);
  }
}
