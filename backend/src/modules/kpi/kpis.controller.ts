import { Body, Controller, Delete, Get, Param, ParseIntPipe, Post, Put, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { AuthContext } from '../../common/auth/auth-context';
import { ApiAuthErrors, Auth, RequireModule } from '../../common/auth/decorators';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { ok } from '../../common/http/envelope';
import { ApiListQuery, ListParams, type ListQuery } from '../../common/http/list-query';
import { foldPlain } from './sql-list';
import { CreateKpiDto, KpiResponseDto, KPI_REQUIRED, UpdateKpiDto } from './dto/kpi.dto';
import { RequireKpiFeature } from './kpi-feature.guard';
import { KPI_IN_USE, KPI_LIST, KpisService } from './kpis.service';

/**
 * KPIs (hr.md 2, 3, 7). Module hr (view to read, create/edit/delete to change) and the package's
 * kpi feature: company admins, an impersonating superadmin, and users whose position or
 * department is granted hr.
 */
@ApiTags('kpi')
@ApiAuthErrors()
@RequireKpiFeature()
@Controller('kpi/kpis')
export class KpisController {
  constructor(private readonly kpis: KpisService) {}

  @Get()
  @RequireModule('kpi', 'view')
  @ApiOperation({
    summary: 'KPIs, filtered and paged',
    description:
      'Filters: q/search (name, code, description), category, status (active | inactive) or is_active, period/period_type ' +
      '(monthly, quarterly, yearly), id. Each KPI carries its number of targets and its active bonus rule.',
  })
  @ApiListQuery()
  @ApiQuery({ name: 'category', required: false, description: 'Same as filter.category' })
  @ApiQuery({ name: 'status', required: false, description: 'active or inactive; same as filter.status' })
  @ApiQuery({ name: 'period', required: false, description: 'The period type (monthly, quarterly, yearly); same as filter.period' })
  @ApiQuery({ name: 'search', required: false, description: 'Same as filter.q' })
  @ApiEnvelope(KpiResponseDto, { isArray: true })
  list(
    @Auth() ctx: AuthContext,
    @ListParams(KPI_LIST) q: ListQuery,
    @Query('category') category?: string,
    @Query('status') status?: string,
    @Query('period') period?: string,
    @Query('search') search?: string,
  ) {
    return this.kpis.list(ctx, foldPlain(q, { category, status, period, q: search }));
  }

  @Post()
  @RequireModule('kpi', 'create')
  @ApiOperation({
    summary: 'Create a KPI',
    description:
      'name, code (unique in the company, stored upper-case) and category are required. Defaults: kpi_type number, ' +
      'data_source_type manual, period_type monthly, direction higher_is_better, active.',
  })
  @ApiEnvelope(KpiResponseDto, { status: 201 })
  @ApiBadRequestResponse({ description: `'${KPI_REQUIRED}'; an invalid field, named` })
  @ApiConflictResponse({ description: "'A KPI with code X already exists'" })
  async create(@Auth() ctx: AuthContext, @Body() dto: CreateKpiDto) {
    return ok(await this.kpis.create(ctx, dto), 'KPI created successfully');
  }

  @Get(':id')
  @RequireModule('kpi', 'view')
  @ApiOperation({ summary: 'One KPI' })
  @ApiEnvelope(KpiResponseDto)
  @ApiNotFoundResponse({ description: 'KPI not found' })
  get(@Auth() ctx: AuthContext, @Param('id', ParseIntPipe) id: number) {
    return this.kpis.get(ctx, id);
  }

  @Put(':id')
  @RequireModule('kpi', 'edit')
  @ApiOperation({ summary: 'Update a KPI (only the fields sent change)' })
  @ApiEnvelope(KpiResponseDto)
  @ApiNotFoundResponse({ description: 'KPI not found' })
  @ApiConflictResponse({ description: "'A KPI with code X already exists'" })
  async update(@Auth() ctx: AuthContext, @Param('id', ParseIntPipe) id: number, @Body() dto: UpdateKpiDto) {
    return ok(await this.kpis.update(ctx, id, dto), 'KPI updated successfully');
  }

  @Delete(':id')
  @RequireModule('kpi', 'delete')
  @ApiOperation({
    summary: 'Delete a KPI with its targets, values and bonus rules',
    description: 'Its calculated payments are removed; rejected and cancelled ones stay as history.',
  })
  @ApiEnvelope(null)
  @ApiNotFoundResponse({ description: 'KPI not found' })
  @ApiConflictResponse({ description: `'${KPI_IN_USE}'` })
  async remove(@Auth() ctx: AuthContext, @Param('id', ParseIntPipe) id: number) {
    await this.kpis.remove(ctx, id);
    return ok(null, 'KPI deleted successfully');
  }
}
