import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min, IsEmail, ValidateIf } from 'class-validator';
import { IsAmount, IsDateOnly, IsId, IsOptionalNotNull, trim, trimToNull } from '../../../common/http/fields';
import { BILLING_CYCLES, BILLING_STATUSES, type BillingCycle, type BillingStatus } from '../../companies/company.entity';
import { INVOICE_LINE_KINDS, type InvoiceLineKind } from '../invoice-line.entity';
import { INVOICE_REASONS, INVOICE_STATUSES, type InvoiceReason, type InvoiceStatus } from '../invoice.entity';
import { PAYMENT_METHODS, type PaymentMethod } from '../payment.entity';

// ---- requests

export class ChoosePlanDto {
  @ApiProperty({ description: 'The package the company continues with' })
  @IsId('package_id')
  package_id!: number;

  @ApiPropertyOptional({ enum: BILLING_CYCLES, default: 'monthly', description: 'Which price the company pays: monthly, or annual (the annual price)' })
  @IsOptionalNotNull()
  @IsIn([...BILLING_CYCLES], { message: 'Billing cycle must be monthly or annual' })
  billing_cycle?: BillingCycle;
}

export class RecordPaymentDto {
  @ApiProperty({ example: '79.00', description: 'More than 0 and at most what is still due' })
  @IsAmount('amount')
  amount!: string;

  @ApiProperty({ example: '2026-11-26', description: 'The day the money was received' })
  @IsDateOnly()
  paid_on!: string;

  @ApiProperty({ enum: PAYMENT_METHODS })
  @IsIn([...PAYMENT_METHODS], { message: 'Method must be one of: bank transfer, card, cash, check, other' })
  method!: PaymentMethod;

  @ApiPropertyOptional({ type: String, maxLength: 100, nullable: true, description: "The bank's or the payer's reference" })
  @Transform(trimToNull)
  @IsOptional()
  @IsString({ message: 'Reference must be text' })
  @MaxLength(100, { message: 'Reference must be at most 100 characters' })
  reference?: string | null;
}

export class VoidInvoiceDto {
  @ApiProperty({ minLength: 1, maxLength: 500, description: 'Why the invoice is voided; kept with it' })
  @Transform(trim)
  @IsString({ message: 'Reason must be text' })
  @IsNotEmpty({ message: 'A reason is required' })
  @MaxLength(500, { message: 'Reason must be at most 500 characters' })
  reason!: string;
}

export class UpdateBillingSettingsDto {
  @ApiPropertyOptional({ example: 'USD', description: 'ISO 4217 code of new invoices' })
  @IsOptionalNotNull()
  @Matches(/^[A-Z]{3}$/, { message: 'Currency must be a three-letter code such as USD' })
  currency?: string;

  @ApiPropertyOptional({ minimum: 0, maximum: 365, description: 'Days from issue to due date' })
  @IsOptionalNotNull()
  @IsInt({ message: 'Days until due must be a whole number' })
  @Min(0, { message: 'Days until due must be at least 0' })
  @Max(365, { message: 'Days until due must be at most 365' })
  due_days?: number;

  @ApiPropertyOptional({ minimum: 0, maximum: 365, description: 'Days after the due date before a past-due subscription is suspended' })
  @IsOptionalNotNull()
  @IsInt({ message: 'Grace period must be a whole number of days' })
  @Min(0, { message: 'Grace period must be at least 0 days' })
  @Max(365, { message: 'Grace period must be at most 365 days' })
  grace_days?: number;

  @ApiPropertyOptional({ minimum: 0, maximum: 60, description: 'Days before the due date the reminder goes out' })
  @IsOptionalNotNull()
  @IsInt({ message: 'Reminder days must be a whole number' })
  @Min(0, { message: 'Reminder days must be at least 0' })
  @Max(60, { message: 'Reminder days must be at most 60' })
  reminder_days?: number;

  @ApiPropertyOptional({ maxLength: 200, description: 'The seller named on invoices' })
  @IsOptionalNotNull()
  @Transform(trim)
  @IsString({ message: 'Seller name must be text' })
  @IsNotEmpty({ message: 'Seller name is required' })
  @MaxLength(200, { message: 'Seller name must be at most 200 characters' })
  seller_name?: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 500 })
  @Transform(trimToNull)
  @IsOptional()
  @IsString({ message: 'Seller address must be text' })
  @MaxLength(500, { message: 'Seller address must be at most 500 characters' })
  seller_address?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 255 })
  // an empty text is no e-mail address (null clears it)
  @Transform(trim)
  @IsOptional()
  @ValidateIf((_o: object, v: unknown) => v !== null)
  @IsEmail({}, { message: 'Seller e-mail must be a valid e-mail address' })
  @MaxLength(255, { message: 'Seller e-mail must be at most 255 characters' })
  seller_email?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 50 })
  @Transform(trimToNull)
  @IsOptional()
  @IsString({ message: 'Seller tax ID must be text' })
  @MaxLength(50, { message: 'Seller tax ID must be at most 50 characters' })
  seller_tax_id?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: 2000,
    description: 'How a company pays (bank details, or any text): shown on every open invoice, its PDF and e-mail, with the invoice number to quote',
  })
  @Transform(trimToNull)
  @IsOptional()
  @IsString({ message: 'Payment instructions must be text' })
  @MaxLength(2000, { message: 'Payment instructions must be at most 2000 characters' })
  payment_instructions?: string | null;
}

export class ReportPaymentDto {
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: 500,
    description: 'What the platform needs to find the payment: when and how it was paid, the payer',
  })
  @Transform(trimToNull)
  @IsOptional()
  @IsString({ message: 'Note must be text' })
  @MaxLength(500, { message: 'Note must be at most 500 characters' })
  note?: string | null;
}

// ---- responses

export class InvoiceLineDto {
  @ApiProperty() line_no!: number;
  @ApiProperty({ enum: INVOICE_LINE_KINDS }) kind!: InvoiceLineKind;
  @ApiProperty() description!: string;
  @ApiProperty({ example: '2026-11-26' }) period_start!: string;
  @ApiProperty({ example: '2026-12-26', description: 'The day after the last day covered' }) period_end!: string;
  @ApiProperty({ example: '44.77', description: 'Negative for a credit' }) amount!: string;
}

export class PaymentDto {
  @ApiProperty() id!: number;
  @ApiProperty({ example: '79.00' }) amount!: string;
  @ApiProperty({ example: '2026-11-26' }) paid_on!: string;
  @ApiProperty({ enum: PAYMENT_METHODS }) method!: PaymentMethod;
  @ApiProperty({ type: String, nullable: true }) reference!: string | null;
  @ApiProperty({ example: 'manual' }) provider!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Who recorded it' }) recorded_by_name!: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) created_at!: Date;
}

export class InvoiceResponseDto {
  @ApiProperty() id!: number;
  @ApiProperty({ example: 'INV-2026-000123' }) invoice_number!: string;
  @ApiProperty() company_id!: number;
  @ApiProperty() company_name!: string;
  @ApiProperty({ enum: INVOICE_REASONS }) reason!: InvoiceReason;
  @ApiProperty() package_id!: number;
  @ApiProperty() package_name!: string;
  @ApiProperty({ enum: BILLING_CYCLES }) billing_cycle!: BillingCycle;
  @ApiProperty({ example: '2026-11-26' }) period_start!: string;
  @ApiProperty({ example: '2026-12-26' }) period_end!: string;
  @ApiProperty({ example: 'USD' }) currency!: string;
  @ApiProperty({ example: '79.00' }) subtotal!: string;
  @ApiProperty({ example: '0.00', description: 'Percent' }) tax_rate!: string;
  @ApiProperty({ example: '0.00' }) tax!: string;
  @ApiProperty({ example: '79.00' }) total!: string;
  @ApiProperty({ example: '0.00' }) amount_paid!: string;
  @ApiProperty({ example: '79.00', description: 'total − amount_paid' }) amount_due!: string;
  @ApiProperty({ enum: INVOICE_STATUSES }) status!: InvoiceStatus;
  @ApiProperty({ description: 'Open and past its due date' }) overdue!: boolean;
  @ApiProperty({ example: '2026-11-26' }) issue_date!: string;
  @ApiProperty({ example: '2026-12-10' }) due_date!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) paid_at!: Date | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) voided_at!: Date | null;
  @ApiProperty({ type: String, nullable: true }) void_reason!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the company said it has paid (the platform has not recorded it yet)' })
  payment_reported_at!: Date | null;
  @ApiProperty({ type: String, nullable: true, description: 'Who said it' }) payment_reported_by_name!: string | null;
  @ApiProperty({ type: String, nullable: true, description: "The company's note with it" }) payment_report_note!: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) created_at!: Date;
}

export class HowToPayDto {
  @ApiProperty({ type: String, nullable: true, description: "The platform's payment instructions (bank details)" })
  instructions!: string | null;
  @ApiProperty({ example: 'INV-2026-000123', description: 'The reference to quote with the payment: the invoice number' })
  reference!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Where the invoice can be paid online, when a payment provider offers it' })
  checkout_url!: string | null;
}

export class InvoiceDetailDto extends InvoiceResponseDto {
  @ApiProperty({ type: [InvoiceLineDto] }) lines!: InvoiceLineDto[];
  @ApiProperty({ type: [PaymentDto] }) payments!: PaymentDto[];
  @ApiProperty({ type: HowToPayDto, nullable: true, description: 'How to pay it, while it is open' }) how_to_pay!: HowToPayDto | null;
}

export class PlanChangePreviewDto {
  @ApiProperty({
    enum: ['new_subscription', 'upgrade', 'downgrade', 'free'],
    description:
      'new_subscription: an invoice now, the plan applies when it is paid; upgrade: the plan applies now with a prorated invoice; downgrade: the plan applies at the period end; free: applies now, nothing to pay',
  })
  change!: 'new_subscription' | 'upgrade' | 'downgrade' | 'free';
  @ApiProperty() package_id!: number;
  @ApiProperty() package_name!: string;
  @ApiProperty({ enum: BILLING_CYCLES }) billing_cycle!: BillingCycle;
  @ApiProperty({ example: '2026-11-26', description: 'The day the new plan takes effect (for new_subscription: once paid)' })
  effective_date!: string;
  @ApiProperty({ type: [InvoiceLineDto], description: 'The invoice it issues now (none for a downgrade or a free plan)' })
  lines!: InvoiceLineDto[];
  @ApiProperty({ example: '44.77' }) subtotal!: string;
  @ApiProperty({ example: '0.00' }) tax_rate!: string;
  @ApiProperty({ example: '0.00' }) tax!: string;
  @ApiProperty({ example: '44.77' }) total!: string;
  @ApiProperty({ example: 'USD' }) currency!: string;
  @ApiProperty({ description: 'What happens, in words' }) message!: string;
}

export class ScheduledChangeDto {
  @ApiProperty() package_id!: number;
  @ApiProperty() package_name!: string;
  @ApiProperty({ enum: BILLING_CYCLES }) billing_cycle!: BillingCycle;
  @ApiProperty({ example: '2026-12-26' }) effective_date!: string;
}

export class NextInvoiceDto {
  @ApiProperty({ example: '2026-12-26', description: 'The renewal date' }) issue_date!: string;
  @ApiProperty() package_name!: string;
  @ApiProperty({ enum: BILLING_CYCLES }) billing_cycle!: BillingCycle;
  @ApiProperty({ example: '79.00' }) subtotal!: string;
  @ApiProperty({ example: '0.00' }) tax!: string;
  @ApiProperty({ example: '79.00' }) total!: string;
  @ApiProperty({ example: 'USD' }) currency!: string;
}

export class BillingSettingsDto {
  @ApiProperty({ example: 'USD' }) currency!: string;
  @ApiProperty() due_days!: number;
  @ApiProperty() grace_days!: number;
  @ApiProperty() reminder_days!: number;
  @ApiProperty() seller_name!: string;
  @ApiProperty({ type: String, nullable: true }) seller_address!: string | null;
  @ApiProperty({ type: String, nullable: true }) seller_email!: string | null;
  @ApiProperty({ type: String, nullable: true }) seller_tax_id!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'How a company pays (bank details, or any text)' }) payment_instructions!: string | null;
}

export class RevenueMonthDto {
  @ApiProperty({ example: '2026-11' }) month!: string;
  @ApiProperty({ example: '158.00', description: 'Totals of the invoices issued in the month (not void)' }) invoiced!: string;
  @ApiProperty({ example: '79.00', description: 'Payments received in the month' }) collected!: string;
}

export class RevenueDto {
  @ApiProperty({ example: 'USD' }) currency!: string;
  @ApiProperty({ type: [RevenueMonthDto], description: 'The last 12 months, oldest first' }) months!: RevenueMonthDto[];
  @ApiProperty({ example: '237.00', description: 'Open invoices: what is still due' }) outstanding!: string;
  @ApiProperty({ example: '79.00', description: 'Of that, past its due date' }) overdue!: string;
}

export { BILLING_STATUSES };
export type { BillingStatus };
