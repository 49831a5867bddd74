import { Body, Controller, Get, HttpCode, Param, ParseIntPipe, Post, Put, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { AllowedWhileBlocked, ApiAuthErrors, Auth, Roles } from '../../common/auth/decorators';
import type { AuthContext } from '../../common/auth/auth-context';
import { ApiEnvelope } from '../../common/http/api-envelope.decorator';
import { fileDownload } from '../../common/http/download';
import { ok, Page } from '../../common/http/envelope';
import { forbidden } from '../../common/http/errors';
import { ApiListQuery, ListParams, type ListQuery } from '../../common/http/list-query';
import {
  BillingSettingsDto,
  InvoiceDetailDto,
  InvoiceResponseDto,
  RecordPaymentDto,
  ReportPaymentDto,
  RevenueDto,
  UpdateBillingSettingsDto,
  VoidInvoiceDto,
} from './dto/billing.dto';
import { BillingSettingsService } from './billing-settings.service';
import { INVOICE_LIST, InvoicesService } from './invoices.service';
import { renderInvoice } from './invoice.pdf';

const who = (ctx: AuthContext, req: FastifyRequest) => ({ ctx, ip: req.ip, path: req.url.split('?')[0], method: req.method });

/**
 * Invoices and payments. A company admin sees their company's invoices; the superadmin sees every
 * company's (one company's while impersonating), records payments, voids invoices and reads revenue.
 */
@ApiTags('billing')
@ApiAuthErrors()
@Controller('billing')
export class BillingController {
  constructor(
    private readonly invoices: InvoicesService,
    private readonly settings: BillingSettingsService,
  ) {}

  @Get('invoices')
  @Roles('company_admin', 'superadmin')
  @ApiOperation({ summary: 'Invoices, newest first (filters: status, overdue=true, company_id, q = invoice number or company name)' })
  @ApiListQuery()
  @ApiEnvelope(InvoiceResponseDto, { isArray: true })
  async list(@Auth() ctx: AuthContext, @ListParams(INVOICE_LIST) q: ListQuery) {
    const [items, total] = await this.invoices.list(ctx, q);
    return new Page('billing/invoices', items, q.offset, total);
  }

  @Get('invoices/:id')
  @Roles('company_admin', 'superadmin')
  @ApiOperation({ summary: 'One invoice with its lines and payments' })
  @ApiEnvelope(InvoiceDetailDto)
  @ApiNotFoundResponse({ description: 'Invoice not found' })
  get(@Auth() ctx: AuthContext, @Param('id', ParseIntPipe) id: number): Promise<InvoiceDetailDto> {
    return this.invoices.get(ctx, id);
  }

  @Get('invoices/:id/pdf')
  @Roles('company_admin', 'superadmin')
  @ApiOperation({ summary: 'The invoice as a PDF, with the platform and the company' })
  @ApiProduces('application/pdf')
  @ApiNotFoundResponse({ description: 'Invoice not found' })
  async pdf(@Auth() ctx: AuthContext, @Param('id', ParseIntPipe) id: number) {
    const invoice = await this.invoices.get(ctx, id);
    const [seller, buyer] = await Promise.all([this.settings.get(), this.invoices.buyerOf(invoice.company_id)]);
    return fileDownload(await renderInvoice(invoice, seller, buyer), 'application/pdf', `${invoice.invoice_number}.pdf`);
  }

  @Post('invoices/:id/payments')
  @HttpCode(200)
  @Roles('superadmin')
  @AllowedWhileBlocked()
  @ApiOperation({
    summary:
      'Record a payment (manual provider). Partial payments add up; when the invoice is paid, a chosen plan applies and a past-due or suspended subscription is active again',
  })
  @ApiEnvelope(InvoiceDetailDto)
  @ApiBadRequestResponse({ description: 'A field is invalid; errors name it' })
  @ApiNotFoundResponse({ description: 'Invoice not found' })
  @ApiConflictResponse({ description: 'The invoice is paid or void' })
  @ApiUnprocessableEntityResponse({ description: 'The amount is more than what is due' })
  async pay(@Auth() ctx: AuthContext, @Param('id', ParseIntPipe) id: number, @Body() dto: RecordPaymentDto, @Req() req: FastifyRequest) {
    const invoice = await this.invoices.recordPayment(who(ctx, req), id, dto);
    return ok(
      invoice,
      invoice.status === 'paid'
        ? `Invoice ${invoice.invoice_number} is paid`
        : `Payment recorded: ${invoice.amount_due} ${invoice.currency} of invoice ${invoice.invoice_number} is still due`,
    );
  }

  @Post('invoices/:id/report-payment')
  @HttpCode(200)
  @Roles('company_admin', 'superadmin')
  @AllowedWhileBlocked()
  @ApiOperation({
    summary:
      '"I have paid": the company says it has paid an open invoice (by the payment instructions). The platform is told by e-mail and ' +
      'sees the invoice as "payment reported" until it records the payment. Saying it again changes nothing. Allowed while the company cannot write.',
  })
  @ApiEnvelope(InvoiceDetailDto)
  @ApiBadRequestResponse({ description: 'The note is too long' })
  @ApiForbiddenResponse({ description: 'Only the company (or the superadmin impersonating it) says it has paid' })
  @ApiNotFoundResponse({ description: 'Invoice not found' })
  @ApiConflictResponse({ description: 'The invoice is paid or void' })
  async reportPayment(@Auth() ctx: AuthContext, @Param('id', ParseIntPipe) id: number, @Body() dto: ReportPaymentDto, @Req() req: FastifyRequest) {
    if (!ctx.companyId) throw forbidden('Only the company says it has paid: record the payment instead');
    const { invoice, already } = await this.invoices.reportPayment(who(ctx, req), id, dto.note ?? null);
    return ok(
      invoice,
      already
        ? `The platform already knows you paid invoice ${invoice.invoice_number}: it is confirmed once the money arrives`
        : `Thank you: the platform is told you paid invoice ${invoice.invoice_number} and confirms it once the money arrives`,
    );
  }

  @Post('invoices/:id/void')
  @HttpCode(200)
  @Roles('superadmin')
  @AllowedWhileBlocked()
  @ApiOperation({ summary: 'Void an open invoice without payments, with a reason (a chosen plan waiting for it is withdrawn)' })
  @ApiEnvelope(InvoiceDetailDto)
  @ApiBadRequestResponse({ description: 'The reason is missing or too long' })
  @ApiNotFoundResponse({ description: 'Invoice not found' })
  @ApiConflictResponse({ description: 'The invoice is paid, void, or has payments' })
  async void(@Auth() ctx: AuthContext, @Param('id', ParseIntPipe) id: number, @Body() dto: VoidInvoiceDto, @Req() req: FastifyRequest) {
    const invoice = await this.invoices.void(who(ctx, req), id, dto.reason);
    return ok(invoice, `Invoice ${invoice.invoice_number} is void`);
  }

  @Get('revenue')
  @Roles('superadmin')
  @ApiOperation({ summary: 'Invoiced and collected per month over the last 12 months, and what is outstanding' })
  @ApiEnvelope(RevenueDto)
  revenue(): Promise<RevenueDto> {
    return this.invoices.revenue();
  }

  @Get('settings')
  @Roles('superadmin')
  @ApiOperation({ summary: "The platform's billing settings: currency, due days, grace period, reminder, seller details" })
  @ApiEnvelope(BillingSettingsDto)
  getSettings(): Promise<BillingSettingsDto> {
    return this.settings.get();
  }

  @Put('settings')
  @Roles('superadmin')
  @ApiOperation({ summary: "Change the platform's billing settings (new invoices use them)" })
  @ApiEnvelope(BillingSettingsDto)
  @ApiBadRequestResponse({ description: 'A field is invalid; errors name it' })
  async putSettings(@Body() dto: UpdateBillingSettingsDto) {
    return ok(await this.settings.update(dto), 'Billing settings saved');
  }
}
