import { Body, Controller, Delete, Get, Param, ParseIntPipe, Post, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthContext, RecordScope } from '../../common/auth/auth-context';
import { ApiAuthErrors, Auth, RequireModule, ScopedRecords } from '../../common/auth/decorators';
import { KPI_SCOPE, KpiScope } from './kpi-scope';
import { SelfService } from '../../common/auth/self-service';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { ok } from '../../common/http/envelope';
import { ApiListQuery, ListParams, type ListQuery } from '../../common/http/list-query';
import { CreateKpiTargetDto, KpiTargetResponseDto, UpdateKpiTargetDto } from './dto/kpi-target.dto';
import { RequireKpiFeature } from './kpi-feature.guard';
import { TARGET_EXISTS, TARGET_IN_USE, TARGET_LIST, TARGET_LOCKED, KpiTargetsService } from './kpi-targets.service';

const ACHIEVEMENT =
  "actual_value is the subject's value for the same KPI and period (a department or position target uses the department's " +
  'or position\'s value). achievement_percentage = actual / target × 100, or target / actual × 100 for lower-is-better KPIs ' +
  '(an actual of 0 or less beats any positive target: 1000; meets a target of 0: 100), 2 decimals, kept between 0 and 1000; ' +
  'null without a value (or with a target of 0 on a higher-is-better KPI). achieved = achievement of 100 or more. ' +
  'calculated_bonus = the bonus payments of the target that are not rejected or cancelled (for a team target, all members).';

/** KPI targets (hr.md 2, 3, 7): module kpi (KPI & Bonus), which the package's kpi feature grants. */
@ApiTags('kpi')
@ApiAuthErrors()
@RequireKpiFeature()
@Controller('kpi/kpi-targets')
export class KpiTargetsController {
  constructor(private readonly targets: KpiTargetsService) {}

  @Get()
  @RequireModule('kpi', 'view')
  @SelfService()
  @ScopedRecords()
  @ApiOperation({
    summary: 'Targets with their actual value, achievement and calculated bonus',
    description:
      `${KPI_SCOPE} ${ACHIEVEMENT} Filters: q (KPI name or code, subject name), kpi_id, target_type, target_id, employee_id, department_id, ` +
      'position_id, period_start / period_end (targets whose whole period lies inside), achieved (true/false), id.',
  })
  @ApiListQuery()
  @ApiEnvelope(KpiTargetResponseDto, { isArray: true })
  list(@Auth() ctx: AuthContext, @KpiScope() scope: RecordScope, @ListParams(TARGET_LIST) q: ListQuery) {
    return this.targets.list(ctx, scope, q);
  }

  @Post()
  @RequireModule('kpi', 'create')
  @ApiOperation({
    summary: 'Set a target',
    description:
      'kpi_id, target_type (employee, department or position), target_id (that employee, department or position), ' +
      'period_start_date, period_end_date (on or after the start, at most 366 days) and target_value (at least 0). ' +
      'One target per KPI, subject and period. A department or position target applies to each of its active members when bonuses are calculated.',
  })
  @ApiEnvelope(KpiTargetResponseDto, { status: 201 })
  @ApiBadRequestResponse({ description: 'A field missing or invalid, named; period_end_date before period_start_date' })
  @ApiNotFoundResponse({ description: 'KPI, employee, department or position not found (naming kpi_id or target_id)' })
  @ApiConflictResponse({ description: `'${TARGET_EXISTS}'` })
  async create(@Auth() ctx: AuthContext, @Body() dto: CreateKpiTargetDto) {
    return ok(await this.targets.create(ctx, dto), 'Target created successfully');
  }

  @Get(':id')
  @RequireModule('kpi', 'view')
  @SelfService()
  @ScopedRecords()
  @ApiOperation({ summary: 'One target', description: `${KPI_SCOPE} ${ACHIEVEMENT}` })
  @ApiEnvelope(KpiTargetResponseDto)
  @ApiNotFoundResponse({ description: "KPI target not found, or outside the caller's scope" })
  get(@Auth() ctx: AuthContext, @KpiScope() scope: RecordScope, @Param('id', ParseIntPipe) id: number) {
    return this.targets.get(ctx, scope, id);
  }

  @Put(':id')
  @RequireModule('kpi', 'edit')
  @ApiOperation({
    summary: 'Update a target (only the fields sent change)',
    description: 'Once a bonus payment of the target is approved or paid, only its notes may change. A new target_type needs its target_id.',
  })
  @ApiEnvelope(KpiTargetResponseDto)
  @ApiNotFoundResponse({ description: 'KPI target not found; or the KPI or subject sent' })
  @ApiConflictResponse({ description: `'${TARGET_LOCKED}'; '${TARGET_EXISTS}'` })
  async update(@Auth() ctx: AuthContext, @Param('id', ParseIntPipe) id: number, @Body() dto: UpdateKpiTargetDto) {
    return ok(await this.targets.update(ctx, id, dto), 'Target updated successfully');
  }

  @Delete(':id')
  @RequireModule('kpi', 'delete')
  @ApiOperation({ summary: 'Delete a target', description: 'Its calculated payments go with it.' })
  @ApiEnvelope(null)
  @ApiNotFoundResponse({ description: 'KPI target not found' })
  @ApiConflictResponse({ description: `'${TARGET_IN_USE}'` })
  async remove(@Auth() ctx: AuthContext, @Param('id', ParseIntPipe) id: number) {
    await this.targets.remove(ctx, id);
    return ok(null, 'Target deleted successfully');
  }
}
