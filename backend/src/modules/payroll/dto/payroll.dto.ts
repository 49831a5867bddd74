import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, Max, Min, ValidateIf } from 'class-validator';
import { IsDateOnly, IsId, IsOptionalNotNull, oneOf } from '../../../common/http/fields';
import { LINE_CATEGORIES, LINE_TYPES, type LineCategory, type LineType } from '../payroll-line.entity';
import { PAYMENT_STATUSES, type PaymentStatus } from '../payroll-record.entity';
import { MAX_YEAR, MIN_YEAR } from '../payroll-period';

const toInt = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;

const YEAR_MESSAGE = `year must be a whole number from ${MIN_YEAR} to ${MAX_YEAR}`;
const MONTH_MESSAGE = 'month must be a whole number from 1 to 12';

/** A pay period: a calendar month. */
export class PayPeriodDto {
  @ApiProperty({ minimum: MIN_YEAR, maximum: MAX_YEAR, example: 2026 })
  @Transform(toInt)
  @IsInt({ message: YEAR_MESSAGE })
  @Min(MIN_YEAR, { message: YEAR_MESSAGE })
  @Max(MAX_YEAR, { message: YEAR_MESSAGE })
  year!: number;

  @ApiProperty({ minimum: 1, maximum: 12, example: 11 })
  @Transform(toInt)
  @IsInt({ message: MONTH_MESSAGE })
  @Min(1, { message: MONTH_MESSAGE })
  @Max(12, { message: MONTH_MESSAGE })
  month!: number;
}

export class RunPayrollDto extends PayPeriodDto {
  @ApiPropertyOptional({ type: Number, description: "Sent by an impersonating superadmin; must be the token's company" })
  @IsOptionalNotNull()
  @IsId('company_id')
  company_id?: number;
}

export class PayrollRunResultDto {
  @ApiProperty({ example: 12 }) run_id!: number;
  @ApiProperty({ example: 2026 }) year!: number;
  @ApiProperty({ example: 11 }) month!: number;
  @ApiProperty({ format: 'date', example: '2026-11-01' }) pay_period_start!: string;
  @ApiProperty({ format: 'date', example: '2026-11-30' }) pay_period_end!: string;
  @ApiProperty({ description: 'Records written', example: 42 }) employee_count!: number;
  @ApiProperty({ description: 'Sum of net_salary, decimal string', example: '251234.50' }) total_net!: string;
  @ApiProperty({ description: 'How many times the period has been computed', example: 1 }) run_count!: number;
  @ApiProperty({ type: String, format: 'date-time' }) run_at!: string;
}

export class PayrollSummaryDto {
  @ApiProperty({ example: 2026 }) year!: number;
  @ApiProperty({ example: 11 }) month!: number;
  @ApiProperty({ format: 'date' }) pay_period_start!: string;
  @ApiProperty({ format: 'date' }) pay_period_end!: string;
  @ApiProperty({ description: 'Sum of net_salary of the period, decimal string', example: '251234.50' }) total_payroll!: string;
  @ApiProperty({ description: 'Records of the period', example: 42 }) total_records!: number;
  @ApiProperty({ description: 'Records paid', example: 40 }) processed_count!: number;
  @ApiProperty({ description: 'Records not paid yet (pending or processing)', example: 2 }) pending_count!: number;
  @ApiProperty({ description: 'Records being paid', example: 0 }) processing_count!: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the period was last computed' })
  last_run_at!: string | null;
}

export class PayrollRecordResponseDto {
  @ApiProperty() id!: number;
  @ApiProperty() employee_id!: number;
  @ApiProperty({ example: 'EMP001' }) employee_code!: string;
  @ApiProperty({ example: 'Jane Doe' }) employee_name!: string;
  @ApiProperty({ type: String, nullable: true }) department_name!: string | null;
  @ApiProperty({ type: String, nullable: true }) position_title!: string | null;
  @ApiProperty({ format: 'date', example: '2026-11-01' }) pay_period_start!: string;
  @ApiProperty({ format: 'date', example: '2026-11-30' }) pay_period_end!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    example: '85000.00',
    description: "The employee's annual salary the record was computed from (the basic is its share for the period); null on records computed before it was kept",
  })
  annual_salary!: string | null;
  @ApiProperty({ example: '7083.33', description: "The period's share of the annual salary, pro-rated to the days employed" }) basic_salary!: string;
  @ApiProperty({ example: '150.00' }) allowances!: string;
  @ApiProperty({ example: '0.00' }) bonuses!: string;
  @ApiProperty({ example: '7233.33', description: 'basic_salary + allowances + bonuses' }) gross_salary!: string;
  @ApiProperty({ example: '6879.17' }) taxable_income!: string;
  @ApiProperty({ example: '1075.83' }) tax!: string;
  @ApiProperty({ example: '1430.00', description: 'unpaid leave + absences + deductions + tax' }) total_deductions!: string;
  @ApiProperty({ example: '5803.33', description: 'gross_salary − total_deductions' }) net_salary!: string;
  @ApiProperty({ example: 'USD' }) salary_currency!: string;
  @ApiProperty({ example: 'monthly' }) payment_frequency!: string;
  @ApiProperty({ description: 'Working days of the period', example: 21 }) working_days!: number;
  @ApiProperty({ description: 'Working days of the period the employee was employed', example: 21 }) employed_days!: number;
  @ApiProperty({ example: '0.0' }) unpaid_leave_days!: string;
  @ApiProperty({ example: '0.0' }) absent_days!: string;
  @ApiProperty({ enum: PAYMENT_STATUSES }) payment_status!: PaymentStatus;
  @ApiProperty({ type: String, format: 'date', nullable: true }) payment_date!: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) created_at!: string;
  @ApiProperty({ type: String, format: 'date-time' }) updated_at!: string;
}

export class PayrollLineResponseDto {
  @ApiProperty() id!: number;
  @ApiProperty({ enum: LINE_TYPES }) line_type!: LineType;
  @ApiProperty({ enum: LINE_CATEGORIES }) category!: LineCategory;
  @ApiProperty({ example: 'BASIC' }) code!: string;
  @ApiProperty({ example: 'Basic salary' }) name!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Days (basic, unpaid leave, absences)', example: '21.0' })
  quantity!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Day value, fixed amount or percentage', example: '337.3016' })
  rate!: string | null;
  @ApiProperty({ example: '7083.33' }) amount!: string;
  @ApiProperty({ description: 'Earnings: taxable; deductions: false = taken before tax' }) is_taxable!: boolean;
  @ApiProperty({ type: Number, nullable: true }) component_id!: number | null;
  @ApiProperty({ type: Number, nullable: true }) bonus_payment_id!: number | null;
}

export class PayrollRecordDetailDto extends PayrollRecordResponseDto {
  @ApiProperty({ type: [PayrollLineResponseDto] }) lines!: PayrollLineResponseDto[];
}

/** Settable statuses: pending ⇄ processing → paid; paid is final. */
export class SetPaymentStatusDto {
  @ApiProperty({ enum: PAYMENT_STATUSES })
  @IsIn([...PAYMENT_STATUSES], { message: `Payment status must be one of ${oneOf(PAYMENT_STATUSES)}` })
  payment_status!: PaymentStatus;

  @ApiPropertyOptional({
    type: String,
    format: 'date',
    example: '2026-11-30',
    description: 'With paid: the payment date (default today in the company time zone); ignored otherwise',
  })
  @IsOptionalNotNull()
  @IsDateOnly({ message: 'Payment date must be a date (YYYY-MM-DD)' })
  payment_date?: string;
}

/** Either ids, or year and month (every record of that period). */
export class SetPaymentStatusBulkDto extends SetPaymentStatusDto {
  @ApiPropertyOptional({ type: [Number], description: 'Record ids (at most 10000)', example: [1, 2, 3] })
  @ValidateIf((o: SetPaymentStatusBulkDto) => o.ids !== undefined || o.year === undefined)
  @IsArray({ message: 'IDs must be a list of record IDs, or send year and month' })
  @ArrayMinSize(1, { message: 'IDs must not be empty' })
  @ArrayMaxSize(10000, { message: 'IDs: at most 10000 records at once' })
  @Type(() => Number)
  @IsInt({ each: true, message: 'IDs must be record IDs' })
  @Min(1, { each: true, message: 'IDs must be record IDs' })
  ids?: number[];

  @ApiPropertyOptional({ minimum: MIN_YEAR, maximum: MAX_YEAR })
  // checked whenever sent: with ids too (a month 13 beside ids was taken)
  @ValidateIf((o: SetPaymentStatusBulkDto) => o.ids === undefined || o.year !== undefined)
  @Transform(toInt)
  @IsInt({ message: YEAR_MESSAGE })
  @Min(MIN_YEAR, { message: YEAR_MESSAGE })
  @Max(MAX_YEAR, { message: YEAR_MESSAGE })
  year?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 12 })
  // checked whenever sent: with ids too (a month 13 beside ids was taken)
  @ValidateIf((o: SetPaymentStatusBulkDto) => o.ids === undefined || o.month !== undefined)
  @Transform(toInt)
  @IsInt({ message: MONTH_MESSAGE })
  @Min(1, { message: MONTH_MESSAGE })
  @Max(12, { message: MONTH_MESSAGE })
  month?: number;
}

export class StatusChangeResultDto {
  @ApiProperty({ description: 'Records changed', example: 42 }) updated!: number;
  @ApiProperty({ enum: PAYMENT_STATUSES }) payment_status!: PaymentStatus;
  @ApiProperty({ type: String, format: 'date', nullable: true }) payment_date!: string | null;
  @ApiProperty({ description: 'Bonus payments marked paid with the records', example: 3 }) bonuses_paid!: number;
  @ApiProperty({ description: "The caller's own record of the month was left unchanged: another payroll user or a company admin changes it" })
  own_record_skipped!: boolean;
}

export class PayrollRunResponseDto {
  @ApiProperty() id!: number;
  @ApiProperty({ format: 'date' }) period_start!: string;
  @ApiProperty({ format: 'date' }) period_end!: string;
  @ApiProperty() employee_count!: number;
  @ApiProperty({ example: '251234.50' }) total_net!: string;
  @ApiProperty() run_count!: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) last_run_at!: string | null;
  @ApiProperty({ type: Number, nullable: true }) run_by!: number | null;
}
