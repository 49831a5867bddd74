import { Body, Controller, Delete, Get, Param, ParseIntPipe, Post, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthContext } from '../../common/auth/auth-context';
import { ApiAuthErrors, Auth, RequireModule } from '../../common/auth/decorators';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { ok } from '../../common/http/envelope';
import { ApiListQuery, ListParams, type ListQuery } from '../../common/http/list-query';
import { BonusRulesService, DISTINCT_TIERS, ONE_ACTIVE_RULE, RULE_LIST } from './bonus-rules.service';
import { BonusRuleResponseDto, CreateBonusRuleDto, UpdateBonusRuleDto } from './dto/bonus-rule.dto';
import { RequireKpiFeature } from './kpi-feature.guard';

const TIER_RULES =
  'The highest tier whose min_achievement (percent, 0 to 1000) is at most the achievement applies: fixed pays bonus_value; ' +
  'salary_percentage pays bonus_value percent (at most 1000) of the monthly salary (the annual salary / 12). The amount is ' +
  'rounded half-up to the cent, then capped at max_bonus_amount when set. Below the lowest tier nothing is paid. ' +
  'A KPI has at most one active rule.';

/** Bonus rules (hr.md 2, 7): module kpi (KPI & Bonus), which the package's kpi feature grants. */
@ApiTags('kpi')
@ApiAuthErrors()
@RequireKpiFeature()
@Controller('kpi/bonus-rules')
export class BonusRulesController {
  constructor(private readonly rules: BonusRulesService) {}

  @Get()
  @RequireModule('kpi', 'view')
  @ApiOperation({ summary: 'Bonus rules with their tiers', description: `${TIER_RULES} Filters: q (name, KPI name), kpi_id, is_active, id.` })
  @ApiListQuery()
  @ApiEnvelope(BonusRuleResponseDto, { isArray: true })
  list(@Auth() ctx: AuthContext, @ListParams(RULE_LIST) q: ListQuery) {
    return this.rules.list(ctx, q);
  }

  @Post()
  @RequireModule('kpi', 'create')
  @ApiOperation({ summary: "Create a KPI's bonus rule", description: TIER_RULES })
  @ApiEnvelope(BonusRuleResponseDto, { status: 201 })
  @ApiBadRequestResponse({ description: `A field missing or invalid, named; '${DISTINCT_TIERS}'` })
  @ApiNotFoundResponse({ description: 'KPI not found' })
  @ApiConflictResponse({ description: `'${ONE_ACTIVE_RULE}'` })
  async create(@Auth() ctx: AuthContext, @Body() dto: CreateBonusRuleDto) {
    return ok(await this.rules.create(ctx, dto), 'Bonus rule created successfully');
  }

  @Get(':id')
  @RequireModule('kpi', 'view')
  @ApiOperation({ summary: 'One bonus rule' })
  @ApiEnvelope(BonusRuleResponseDto)
  @ApiNotFoundResponse({ description: 'Bonus rule not found' })
  get(@Auth() ctx: AuthContext, @Param('id', ParseIntPipe) id: number) {
    return this.rules.get(ctx, id);
  }

  @Put(':id')
  @RequireModule('kpi', 'edit')
  @ApiOperation({
    summary: 'Update a bonus rule (only the fields sent change; tiers, when sent, replace all tiers)',
    description: 'Payments already calculated keep their amounts until bonuses are calculated again.',
  })
  @ApiEnvelope(BonusRuleResponseDto)
  @ApiNotFoundResponse({ description: 'Bonus rule not found; or the KPI sent' })
  @ApiConflictResponse({ description: `'${ONE_ACTIVE_RULE}'` })
  async update(@Auth() ctx: AuthContext, @Param('id', ParseIntPipe) id: number, @Body() dto: UpdateBonusRuleDto) {
    return ok(await this.rules.update(ctx, id, dto), 'Bonus rule updated successfully');
  }

  @Delete(':id')
  @RequireModule('kpi', 'delete')
  @ApiOperation({ summary: 'Delete a bonus rule', description: 'Its calculated payments go with it; decided ones stay.' })
  @ApiEnvelope(null)
  @ApiNotFoundResponse({ description: 'Bonus rule not found' })
  async remove(@Auth() ctx: AuthContext, @Param('id', ParseIntPipe) id: number) {
    await this.rules.remove(ctx, id);
    return ok(null, 'Bonus rule deleted successfully');
  }
}
