import { Body, Controller, Get, Param, ParseIntPipe, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiProduces,
  ApiQuery,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { ApiAuthErrors, Auth, RequireModule } from '../../common/auth/decorators';
import { SelfService } from '../../common/auth/self-service';
import type { AuthContext } from '../../common/auth/auth-context';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { ok } from '../../common/http/envelope';
import { ApiListQuery, ListParams, type ListQuery } from '../../common/http/list-query';
import { assertOwnCompany } from '../../common/tenancy/refs';
import {
  PayPeriodDto,
  PayrollRecordDetailDto,
  PayrollRecordResponseDto,
  PayrollRunResponseDto,
  PayrollRunResultDto,
  PayrollSummaryDto,
  RunPayrollDto,
  SetPaymentStatusBulkDto,
  SetPaymentStatusDto,
  StatusChangeResultDto,
} from './dto/payroll.dto';
import { Access, CompanyPayroll, StaffAccess, STAFF_ONLY, type PayrollAccess } from './payroll-access';
import { monthPeriod } from './payroll-period';
import { PayrollRunService } from './payroll-run.service';
import { PAYROLL_LIST, PayrollService } from './payroll.service';
import { payrollToCsv } from './payroll.csv';
import { renderPayslip } from './payslip.pdf';
import { fileDownload } from '../../common/http/download';

const SCOPE =
  'Payroll staff (company_admin, an impersonating superadmin, or payroll view over the company, which create/edit rights give by default) see every record; ' +
  'a grant of payroll view over the department or the team sees the records of those employees; other users only their own.';

/**
 * Payroll (hr.md 2, 3, 7): records of a pay period (a calendar month), the run that computes
 * them, payment status, CSV export and payslip PDFs.
 */
@ApiTags('payroll')
@ApiAuthErrors()
@Controller('hr/payroll')
export class PayrollController {
  constructor(
    private readonly payroll: PayrollService,
    private readonly runs: PayrollRunService,
  ) {}

  @Get()
  @RequireModule('payroll', 'view')
  @SelfService()
  @ApiOperation({
    summary: 'Payroll records, filtered and paged',
    description:
      `${SCOPE} filter: year, month (needs year), payment_status (or status), employee_id, q (employee name or code), id. ` +
      'The plain query parameters year, month, status and employee_id do the same.',
  })
  @ApiListQuery()
  @ApiQuery({ name: 'year', required: false, schema: { type: 'integer', example: 2026 } })
  @ApiQuery({ name: 'month', required: false, schema: { type: 'integer', example: 11 } })
  @ApiQuery({ name: 'status', required: false, enum: ['pending', 'processing', 'paid'] })
  @ApiQuery({ name: 'employee_id', required: false, schema: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } })
  @ApiEnvelope(PayrollRecordResponseDto, { isArray: true })
  @ApiBadRequestResponse({ description: 'A filter is invalid; the message names it' })
  list(
    @Access() access: PayrollAccess,
    @ListParams(PAYROLL_LIST) q: ListQuery,
    @Query('year') year?: string,
    @Query('month') month?: string,
    @Query('status') status?: string,
    @Query('employee_id') employeeId?: string,
  ) {
    const plain = { year, month, payment_status: status, employee_id: employeeId };
    for (const [key, value] of Object.entries(plain)) {
      if (value !== undefined && value !== '' && q.filter[key] === undefined) q.filter[key] = value;
    }
    return this.payroll.list(access, q);
  }

  @Post()
  @RequireModule('payroll', 'create')
  @ApiOperation({
    summary: 'Process payroll: compute the records of every employee for a month',
    description:
      'One transaction, set-based. Re-running a period that is not paid replaces its records; a period with paid ' +
      'or processing records is locked (409). Concurrent runs of one period wait for each other and leave one result. ' +
      'Rules: salary is the gross annual salary; monthly basic = salary / 12 (semi_monthly 2/24, weekly Fridays/52, ' +
      'biweekly pay Fridays/26); joiners and leavers pro-rated by working days (Mon–Fri, holidays excluded); ' +
      'one unpaid or absent day = monthly basic / working days; components fixed (monthly, pro-rated) or % of basic; ' +
      'approved bonus payments whose period ends in the month; progressive tax on monthly taxable income; ' +
      'every line rounded half-up to the cent.',
  })
  @ApiEnvelope(PayrollRunResultDto, { status: 201 })
  @ApiBadRequestResponse({ description: 'year or month invalid' })
  @ApiConflictResponse({ description: 'The period has paid or processing records' })
  @ApiForbiddenResponse({ description: `Payroll create below the company: "${STAFF_ONLY}"` })
  async run(@Auth() ctx: AuthContext, @CompanyPayroll('create') _access: PayrollAccess, @Body() dto: RunPayrollDto) {
    assertOwnCompany(ctx, dto.company_id);
    const result = await this.runs.run(ctx.companyId!, dto.year, dto.month, ctx.userId);
    const label = monthPeriod(dto.year, dto.month).label;
    return ok(result, `Payroll processed for ${label}: ${result.employee_count} ${result.employee_count === 1 ? 'employee' : 'employees'}`);
  }

  @Get('summary')
  @RequireModule('payroll', 'view')
  @SelfService()
  @ApiOperation({ summary: 'The cards of a month: total payroll (sum of net_salary), processed (paid) and pending counts', description: SCOPE })
  @ApiEnvelope(PayrollSummaryDto)
  @ApiBadRequestResponse({ description: 'year or month invalid' })
  summary(@Access() access: PayrollAccess, @Query() query: PayPeriodDto) {
    return this.payroll.summary(access, query.year, query.month);
  }

  @Get('runs')
  @RequireModule('payroll', 'view')
  @ApiOperation({ summary: 'Processed pay periods, newest first (payroll staff)' })
  @ApiQuery({ name: 'year', required: false, schema: { type: 'integer', example: 2026 } })
  @ApiEnvelope(PayrollRunResponseDto, { isArray: true })
  listRuns(@StaffAccess() _access: PayrollAccess, @Query('year') year?: string) {
    const y = year && /^\d{4}$/.test(year) ? Number(year) : undefined;
    return this.payroll.runs(y);
  }

  @Get('export')
  @RequireModule('payroll', 'view')
  @ApiOperation({ summary: "The records of a month as CSV (payroll-YYYY-MM.csv)", description: SCOPE })
  @ApiProduces('text/csv')
  @ApiBadRequestResponse({ description: 'year or month invalid' })
  async export(@Access() access: PayrollAccess, @Query() query: PayPeriodDto) {
    const period = monthPeriod(query.year, query.month);
    const records = await this.payroll.all(access, { year: query.year, month: query.month });
    // the BOM lets spreadsheet programs read the file as UTF-8
    return fileDownload(Buffer.from(`\uFEFF${payrollToCsv(records)}`, 'utf8'), 'text/csv; charset=utf-8', `payroll-${period.start.slice(0, 7)}.csv`);
  }

  @Put('status')
  @RequireModule('payroll', 'edit')
  @ApiOperation({
    summary: 'Set the payment status of records (ids) or of every record of a month (year, month)',
    description:
      'pending ⇄ processing → paid; paid is final. Marking paid sets payment_date (default today in the company time zone) ' +
      'and marks the approved bonus payments included in those records paid with the same date.',
  })
  @ApiEnvelope(StatusChangeResultDto)
  @ApiNotFoundResponse({ description: "A record id is not the caller's company's" })
  @ApiUnprocessableEntityResponse({ description: 'A paid payroll record cannot change; or the month has no payroll' })
  @ApiConflictResponse({ description: 'A bonus payment included in the records was cancelled or rejected after the run: process it again' })
  @ApiForbiddenResponse({ description: `The records include the caller's own; or payroll edit below the company: "${STAFF_ONLY}"` })
  async setStatus(@Auth() ctx: AuthContext, @CompanyPayroll('edit') _access: PayrollAccess, @Body() dto: SetPaymentStatusBulkDto) {
    const result = await this.payroll.setStatus(ctx, dto);
    const updated = `${result.updated} payroll ${result.updated === 1 ? 'record' : 'records'} updated`;
    return ok(result, result.own_record_skipped ? `${updated}; your own record is left to another payroll user or a company admin` : updated);
  }

  @Get(':id')
  @RequireModule('payroll', 'view')
  @SelfService()
  @ApiOperation({ summary: 'One payroll record with its earnings and deductions lines', description: SCOPE })
  @ApiEnvelope(PayrollRecordDetailDto)
  @ApiNotFoundResponse({ description: 'Payroll record not found' })
  get(@Access() access: PayrollAccess, @Param('id', ParseIntPipe) id: number) {
    return this.payroll.get(access, id);
  }

  @Get(':id/payslip')
  @RequireModule('payroll', 'view')
  @SelfService()
  @ApiOperation({ summary: 'The payslip of a record as a PDF', description: SCOPE })
  @ApiProduces('application/pdf')
  @ApiNotFoundResponse({ description: 'Payroll record not found' })
  async payslip(@Access() access: PayrollAccess, @Param('id', ParseIntPipe) id: number) {
    const record = await this.payroll.get(access, id);
    const pdf = await renderPayslip(record, await this.payroll.companyName(access.companyId));
    return fileDownload(pdf, 'application/pdf', `payslip-${record.employee_code}-${record.pay_period_start.slice(0, 7)}.pdf`);
  }

  @Put(':id/status')
  @RequireModule('payroll', 'edit')
  @ApiOperation({ summary: 'Set the payment status of one record (pending ⇄ processing → paid)' })
  @ApiEnvelope(StatusChangeResultDto)
  @ApiNotFoundResponse({ description: 'Payroll record not found' })
  @ApiUnprocessableEntityResponse({ description: 'A paid payroll record cannot change' })
  @ApiForbiddenResponse({ description: `The record is the caller's own; or payroll edit below the company: "${STAFF_ONLY}"` })
  async setOneStatus(
    @Auth() ctx: AuthContext,
    @CompanyPayroll('edit') _access: PayrollAccess,
    @Param('id', ParseIntPipe) id: number,
    @Body() dto: SetPaymentStatusDto,
  ) {
    const result = await this.payroll.setStatus(ctx, { ...dto, ids: [id] });
    return ok(result, 'Payroll record updated');
  }
}
