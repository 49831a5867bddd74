import { Body, Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Post, Put, Req } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthedRequest } from '../../../common/auth/access.guard';
import { ApiAuthErrors, Auth, RequireModule, Roles } from '../../../common/auth/decorators';
import type { AuthContext } from '../../../common/auth/auth-context';
import { ApiEnvelope } from '../../../common/http/api-envelope.decorator';
import { ok } from '../../../common/http/envelope';
import { ApiListQuery, ListParams, type ListQuery } from '../../../common/http/list-query';
import { DeletedDto } from '../../shifts/shifts.controller';
import { CreateReportSubscriptionDto, ReportSubscriptionResponseDto, UpdateReportSubscriptionDto } from '../dto/report-subscription.dto';
import { MAX_SUBSCRIPTIONS_PER_COMPANY, REPORT_SUBSCRIPTION_LIST, ReportSubscriptionsService } from './report-subscriptions.service';

/** Scheduled reports: a company admin subscribes users of the company to a report sent by e-mail. */
@ApiTags('reports')
@ApiAuthErrors()
@Roles('company_admin', 'superadmin')
@RequireModule('reports', 'view')
@Controller('reports/subscriptions')
export class ReportSubscriptionsController {
  constructor(private readonly subscriptions: ReportSubscriptionsService) {}

  @Get()
  @ApiOperation({ summary: 'Scheduled reports, next to be sent first (filters: report_id, is_active)' })
  @ApiListQuery()
  @ApiEnvelope(ReportSubscriptionResponseDto, { isArray: true })
  list(@ListParams(REPORT_SUBSCRIPTION_LIST) q: ListQuery) {
    return this.subscriptions.list(q);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One scheduled report' })
  @ApiEnvelope(ReportSubscriptionResponseDto)
  @ApiNotFoundResponse({ description: 'Scheduled report not found' })
  get(@Param('id', ParseIntPipe) id: number) {
    return this.subscriptions.get(id);
  }

  @Post()
  @ApiOperation({ summary: 'Schedule a report: weekly (Monday 07:00) or monthly (the 1st, 07:00) in the company’s time zone' })
  @ApiEnvelope(ReportSubscriptionResponseDto, { status: 201 })
  @ApiBadRequestResponse({ description: 'A field is invalid, or a recipient is not a user of the company who may see the report' })
  @ApiConflictResponse({ description: `The same report is already scheduled alike, or the company keeps ${MAX_SUBSCRIPTIONS_PER_COMPANY} scheduled reports already; or a request with the same Idempotency-Key is still running` })
  async create(@Auth() ctx: AuthContext, @Req() req: AuthedRequest, @Body() dto: CreateReportSubscriptionDto) {
    return ok(await this.subscriptions.create(ctx, req.permissions!, dto), 'Report scheduled');
  }

  @Put(':id')
  @ApiOperation({ summary: 'Change a scheduled report' })
  @ApiEnvelope(ReportSubscriptionResponseDto)
  @ApiBadRequestResponse({ description: 'A field is invalid, or a recipient is not a user of the company who may see the report' })
  @ApiNotFoundResponse({ description: 'Scheduled report not found' })
  @ApiConflictResponse({ description: 'Another scheduled report sends the same report alike; or a request with the same Idempotency-Key is still running' })
  async update(@Auth() ctx: AuthContext, @Req() req: AuthedRequest, @Param('id', ParseIntPipe) id: number, @Body() dto: UpdateReportSubscriptionDto) {
    return ok(await this.subscriptions.update(ctx, req.permissions!, id, dto), 'Scheduled report updated');
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Stop sending a scheduled report' })
  @ApiEnvelope(DeletedDto)
  @ApiNotFoundResponse({ description: 'Scheduled report not found' })
  async remove(@Param('id', ParseIntPipe) id: number) {
    await this.subscriptions.remove(id);
    return ok({ id }, 'Scheduled report deleted');
  }
}
