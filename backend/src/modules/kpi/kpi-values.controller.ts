import { Body, Controller, Delete, Get, Param, ParseIntPipe, Post, Put } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { AuthContext, RecordScope } from '../../common/auth/auth-context';
import { ApiAuthErrors, Auth, RequireModule, ScopedRecords } from '../../common/auth/decorators';
import { KPI_SCOPE, KpiScope } from './kpi-scope';
import { SelfService } from '../../common/auth/self-service';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { ok } from '../../common/http/envelope';
import { ApiListQuery, ListParams, type ListQuery } from '../../common/http/list-query';
import {
  CalculateKpiValuesDto,
  CalculateKpiValuesResultDto,
  CreateKpiValueDto,
  KpiValueResponseDto,
  UpdateKpiValueDto,
} from './dto/kpi-value.dto';
import { RequireKpiFeature } from './kpi-feature.guard';
import { COMPUTED_KPI, COMPUTED_VALUE, NOT_COMPUTED, VALUE_EXISTS, VALUE_LIST, KpiValuesService } from './kpi-values.service';

const COMPUTED_RULES =
  'attendance_rate: days present or late in percent of the days of the period with an attendance record of status present, ' +
  'late or absent (approved leave days do not count against it; no record, no value). task_completion_rate: tasks assigned ' +
  "to the employee and created in the period (whole days in the company's time zone) that are completed, in percent (no task, " +
  'no value). leave_days: approved leave days in the period; a request crossing a bound counts its working days inside the ' +
  'period (Monday to Friday, company holidays excluded), at most its total_days; every employee employed in the period gets a ' +
  'value, 0 without leave. Departments and positions get the average of their current members\' rates, or the sum of their ' +
  'leave days. Rates are rounded half-up to 2 decimals. Re-running replaces the values of the period (idempotent); values ' +
  'whose subject has no data any more are removed.';

/** KPI values (hr.md 3, 7): module kpi (KPI & Bonus), which the package's kpi feature grants. */
@ApiTags('kpi')
@ApiAuthErrors()
@RequireKpiFeature()
@Controller('kpi/kpi-values')
export class KpiValuesController {
  constructor(private readonly values: KpiValuesService) {}

  @Get()
  @RequireModule('kpi', 'view')
  @SelfService()
  @ScopedRecords()
  @ApiOperation({
    summary: 'Measured values of KPIs, with the target of the same subject and period',
    description:
      `${KPI_SCOPE} ` +
      'Filters: q (KPI name or code, subject name), kpi_id, entity_type, entity_id, employee_id, department_id, position_id, ' +
      'period_start / period_end (values whose whole period lies inside), id.',
  })
  @ApiListQuery()
  @ApiEnvelope(KpiValueResponseDto, { isArray: true })
  list(@Auth() ctx: AuthContext, @KpiScope() scope: RecordScope, @ListParams(VALUE_LIST) q: ListQuery) {
    return this.values.list(ctx, scope, q);
  }

  @Post('calculate')
  @RequireModule('kpi', 'create')
  @ApiOperation({
    summary: 'Compute the values of the computed KPIs for a period from the records',
    description: `All active KPIs whose data_source_type is not manual, or only kpi_id. ${COMPUTED_RULES}`,
  })
  @ApiEnvelope(CalculateKpiValuesResultDto, { status: 201 })
  @ApiBadRequestResponse({ description: 'period_start or period_end missing or invalid; end before start; over 366 days' })
  @ApiNotFoundResponse({ description: 'KPI not found' })
  @ApiUnprocessableEntityResponse({ description: `'${NOT_COMPUTED}'` })
  async calculate(@Auth() ctx: AuthContext, @Body() dto: CalculateKpiValuesDto) {
    const result = await this.values.calculate(ctx, dto);
    return ok(result, `${result.values_count} ${result.values_count === 1 ? 'value' : 'values'} calculated`);
  }

  @Post()
  @RequireModule('kpi', 'create')
  @ApiOperation({
    summary: 'Record a value by hand',
    description:
      'For a KPI whose data_source_type is manual: kpi_id, entity_type and entity_id (the employee, department or position), ' +
      'the period and actual_value (may be negative). One value per KPI, subject and period.',
  })
  @ApiEnvelope(KpiValueResponseDto, { status: 201 })
  @ApiBadRequestResponse({ description: 'A field missing or invalid, named' })
  @ApiNotFoundResponse({ description: 'KPI, employee, department or position not found (naming kpi_id or entity_id)' })
  @ApiConflictResponse({ description: `'${VALUE_EXISTS}'` })
  @ApiUnprocessableEntityResponse({ description: `'${COMPUTED_KPI}'` })
  async create(@Auth() ctx: AuthContext, @Body() dto: CreateKpiValueDto) {
    return ok(await this.values.create(ctx, dto), 'KPI value recorded successfully');
  }

  @Get(':id')
  @RequireModule('kpi', 'view')
  @SelfService()
  @ScopedRecords()
  @ApiOperation({ summary: 'One value', description: KPI_SCOPE })
  @ApiEnvelope(KpiValueResponseDto)
  @ApiNotFoundResponse({ description: "KPI value not found, or outside the caller's scope" })
  get(@Auth() ctx: AuthContext, @KpiScope() scope: RecordScope, @Param('id', ParseIntPipe) id: number) {
    return this.values.get(ctx, scope, id);
  }

  @Put(':id')
  @RequireModule('kpi', 'edit')
  @ApiOperation({
    summary: 'Correct a manual value',
    description: 'Approved and paid bonus payments keep the figures they were decided on; calculate bonuses again to update calculated ones.',
  })
  @ApiEnvelope(KpiValueResponseDto)
  @ApiNotFoundResponse({ description: 'KPI value not found' })
  @ApiUnprocessableEntityResponse({ description: `'${COMPUTED_VALUE}'` })
  async update(@Auth() ctx: AuthContext, @Param('id', ParseIntPipe) id: number, @Body() dto: UpdateKpiValueDto) {
    return ok(await this.values.update(ctx, id, dto), 'KPI value updated successfully');
  }

  @Delete(':id')
  @RequireModule('kpi', 'delete')
  @ApiOperation({ summary: 'Delete a manual value' })
  @ApiEnvelope(null)
  @ApiNotFoundResponse({ description: 'KPI value not found' })
  @ApiUnprocessableEntityResponse({ description: `'${COMPUTED_VALUE}'` })
  async remove(@Param('id', ParseIntPipe) id: number) {
    await this.values.remove(id);
    return ok(null, 'KPI value deleted successfully');
  }
}
