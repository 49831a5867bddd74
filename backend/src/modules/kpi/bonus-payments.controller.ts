import { applyDecorators, Body, Controller, Get, Param, ParseIntPipe, Put, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { AuthContext, RecordScope } from '../../common/auth/auth-context';
import { ApiAuthErrors, Auth, RequireModule, ScopedRecords } from '../../common/auth/decorators';
import { KPI_SCOPE, KpiScope } from './kpi-scope';
import { SelfService } from '../../common/auth/self-service';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { ok } from '../../common/http/envelope';
import { ApiListQuery, ListParams, type ListQuery } from '../../common/http/list-query';
import { BonusPaymentsService, OWN_BONUS, PAYMENT_LIST } from './bonus-payments.service';
import { CompanyScopedDto } from './dto/common.dto';
import { BonusPaymentResponseDto, BonusTotalsDto, MarkPaidDto, StatusNoteDto } from './dto/bonus-payment.dto';
import { RequireKpiFeature } from './kpi-feature.guard';
import { foldPlain } from './sql-list';

const FILTERS =
  'Filters: q (employee name or code, KPI name), status, employee_id (or employee), kpi_id, kpi_target_id, ' +
  'period (YYYY-MM or YYYY: the payment period ends in that month or year), period_start / period_end (the payment period lies inside), id.';
/** The spec's plain query parameters (status, employee, period), folded into the filter. */
const ApiPlainQuery = () =>
  applyDecorators(
    ApiQuery({ name: 'status', required: false, description: 'Same as filter.status', schema: { type: 'string', maxLength: 200 } }),
    ApiQuery({
      name: 'employee',
      required: false,
      description: 'An employee id; same as filter.employee_id',
      schema: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
    }),
    ApiQuery({
      name: 'period',
      required: false,
      description: 'YYYY-MM or YYYY; same as filter.period',
      schema: { type: 'string', pattern: '^\\d{4}(-(0[1-9]|1[0-2]))?$', example: '2026-11' },
    }),
  );

type Plain = { status?: string; employee?: string; period?: string };

/**
 * Bonus payments (hr.md 2, 3, 4, 7): module kpi (KPI & Bonus), which the package's kpi feature grants. Statuses move
 * calculated → approved → paid, or from calculated or approved to rejected or cancelled; approved
 * payments whose period ends in a pay month are paid by that month's payroll.
 */
@ApiTags('kpi')
@ApiAuthErrors()
@RequireKpiFeature()
@Controller('kpi/bonus-payments')
export class BonusPaymentsController {
  constructor(private readonly payments: BonusPaymentsService) {}

  @Get()
  @RequireModule('kpi', 'view')
  @SelfService()
  @ScopedRecords()
  @ApiOperation({ summary: 'Bonus payments, filtered and paged', description: `${KPI_SCOPE} ${FILTERS}` })
  @ApiListQuery()
  @ApiPlainQuery()
  @ApiEnvelope(BonusPaymentResponseDto, { isArray: true })
  list(@Auth() ctx: AuthContext, @KpiScope() scope: RecordScope, @ListParams(PAYMENT_LIST) q: ListQuery, @Query() plain: Plain) {
    return this.payments.list(ctx, scope, foldPlain(q, { status: plain.status, employee: plain.employee, period: plain.period }));
  }

  @Get('totals')
  @RequireModule('kpi', 'view')
  @SelfService()
  @ScopedRecords()
  @ApiOperation({
    summary: 'Totals of the bonus payments the filter selects',
    description: `All (rejected and cancelled left out), paid, and pending (calculated or approved): counts and amounts. ${KPI_SCOPE} ${FILTERS}`,
  })
  // the list's filter, documented from PAYMENT_LIST as the list's is (its sort and range do nothing here)
  @ApiQuery({ name: 'filter', required: false, description: 'JSON object of filters, as for the list' })
  @ApiPlainQuery()
  @ApiEnvelope(BonusTotalsDto)
  totals(@Auth() ctx: AuthContext, @KpiScope() scope: RecordScope, @ListParams(PAYMENT_LIST) q: ListQuery, @Query() plain: Plain) {
    return this.payments.totals(ctx, scope, foldPlain(q, { status: plain.status, employee: plain.employee, period: plain.period }).filter);
  }

  @Get(':id')
  @RequireModule('kpi', 'view')
  @SelfService()
  @ScopedRecords()
  @ApiOperation({ summary: 'One bonus payment', description: KPI_SCOPE })
  @ApiEnvelope(BonusPaymentResponseDto)
  @ApiNotFoundResponse({ description: "Bonus payment not found, or outside the caller's scope" })
  get(@Auth() ctx: AuthContext, @KpiScope() scope: RecordScope, @Param('id', ParseIntPipe) id: number) {
    return this.payments.get(ctx, scope, id);
  }

  @Put(':id/approve')
  @RequireModule('kpi', 'edit')
  @ApiOperation({ summary: 'Approve a calculated payment', description: 'Records who approved it and when. Payroll pays approved payments.' })
  @ApiEnvelope(BonusPaymentResponseDto)
  @ApiNotFoundResponse({ description: 'Bonus payment not found' })
  @ApiForbiddenResponse({ description: `'${OWN_BONUS}'` })
  @ApiConflictResponse({ description: 'The payment is not calculated' })
  async approve(@Auth() ctx: AuthContext, @Param('id', ParseIntPipe) id: number, @Body() dto: CompanyScopedDto) {
    const { payment, message } = await this.payments.transition(ctx, id, 'approve', dto);
    return ok(payment, message);
  }

  @Put(':id/mark-paid')
  @RequireModule('kpi', 'edit')
  @ApiOperation({
    summary: 'Mark an approved payment paid outside payroll',
    description:
      "paid_date defaults to today in the company's time zone. A payment included in a payroll run is paid by that payroll instead (409).",
  })
  @ApiEnvelope(BonusPaymentResponseDto)
  @ApiNotFoundResponse({ description: 'Bonus payment not found' })
  @ApiForbiddenResponse({ description: `'${OWN_BONUS}'` })
  @ApiConflictResponse({ description: 'The payment is not approved, or a payroll run includes it' })
  async markPaid(@Auth() ctx: AuthContext, @Param('id', ParseIntPipe) id: number, @Body() dto: MarkPaidDto) {
    const { payment, message } = await this.payments.transition(ctx, id, 'mark-paid', dto);
    return ok(payment, message);
  }

  @Put(':id/reject')
  @RequireModule('kpi', 'edit')
  @ApiOperation({
    summary: 'Reject a calculated or approved payment, with an optional reason',
    description: 'Recalculating keeps a rejected payment as it is. Not while a payroll that includes it is being paid (409).',
  })
  @ApiEnvelope(BonusPaymentResponseDto)
  @ApiNotFoundResponse({ description: 'Bonus payment not found' })
  @ApiConflictResponse({ description: 'The payment is paid, rejected or cancelled; or its payroll is being paid' })
  async reject(@Auth() ctx: AuthContext, @Param('id', ParseIntPipe) id: number, @Body() dto: StatusNoteDto) {
    const { payment, message } = await this.payments.transition(ctx, id, 'reject', dto);
    return ok(payment, message);
  }

  @Put(':id/cancel')
  @RequireModule('kpi', 'edit')
  @ApiOperation({
    summary: 'Cancel a calculated or approved payment, with an optional reason',
    description: 'Recalculating keeps a cancelled payment as it is. Not while a payroll that includes it is being paid (409).',
  })
  @ApiEnvelope(BonusPaymentResponseDto)
  @ApiNotFoundResponse({ description: 'Bonus payment not found' })
  @ApiConflictResponse({ description: 'The payment is paid, rejected or cancelled; or its payroll is being paid' })
  async cancel(@Auth() ctx: AuthContext, @Param('id', ParseIntPipe) id: number, @Body() dto: StatusNoteDto) {
    const { payment, message } = await this.payments.transition(ctx, id, 'cancel', dto);
    return ok(payment, message);
  }
}
