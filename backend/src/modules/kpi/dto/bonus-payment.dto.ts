import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsDateOnly, trimToNull } from '../../../common/http/fields';
import { BONUS_PAYMENT_STATUSES, type BonusPaymentStatus } from '../bonus-payment.entity';
import { BONUS_TYPES, type BonusType } from '../bonus-rule-tier.entity';
import { CompanyScopedDto } from './common.dto';

export class BonusCalculateDto extends CompanyScopedDto {
  @ApiProperty({ example: '2026-01-01', description: 'Targets whose whole period lies in [period_start, period_end] are calculated' })
  @IsDateOnly()
  @IsNotEmpty({ message: 'Period start is required' })
  period_start!: string;

  @ApiProperty({ example: '2026-03-31' })
  @IsDateOnly()
  @IsNotEmpty({ message: 'Period end is required' })
  period_end!: string;
}

export class BonusCalculationResultDto {
  @ApiProperty({ example: '2026-01-01' }) period_start!: string;
  @ApiProperty({ example: '2026-03-31' }) period_end!: string;
  @ApiProperty({ example: 12, description: "Payments written with status 'calculated'" }) payments_created!: number;
  @ApiProperty({ example: '5400.00', description: 'Their total' }) total_amount!: string;
  @ApiProperty({ example: 10, description: "'calculated' payments of the period that this run replaced" }) replaced!: number;
  @ApiProperty({ example: 2, description: 'Employees and targets skipped because a payment was already approved, paid, rejected or cancelled' })
  kept!: number;
}

export class MarkPaidDto extends CompanyScopedDto {
  @ApiPropertyOptional({ example: '2026-02-28', description: "Default: today in the company's time zone" })
  @IsOptional()
  @IsDateOnly()
  paid_date?: string;
}

export class StatusNoteDto extends CompanyScopedDto {
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 1000, example: 'Target revised after audit' })
  @IsOptional()
  @Transform(trimToNull)
  @IsString()
  @MaxLength(1000, { message: 'Reason must be at most 1000 characters long' })
  reason?: string | null;
}

export class BonusPaymentResponseDto {
  @ApiProperty({ example: 55 }) id!: number;
  @ApiProperty() company_id!: number;
  @ApiProperty({ example: 12 }) employee_id!: number;
  @ApiProperty({ example: 'Jane Doe' }) employee_name!: string;
  @ApiProperty({ type: String, nullable: true, example: 'EMP001' }) employee_code!: string | null;
  @ApiProperty({ type: Number, nullable: true }) kpi_id!: number | null;
  @ApiProperty({ type: String, nullable: true, example: 'Monthly sales revenue' }) kpi_name!: string | null;
  @ApiProperty({ type: Number, nullable: true }) kpi_target_id!: number | null;
  @ApiProperty({ type: Number, nullable: true }) bonus_rule_id!: number | null;
  @ApiProperty({ example: '2026-01-01' }) payment_period_start!: string;
  @ApiProperty({ example: '2026-01-31' }) payment_period_end!: string;
  @ApiProperty({ example: '500.00' }) bonus_amount!: string;
  @ApiProperty({ type: Number, nullable: true, example: 112.5 }) achievement_percentage!: number | null;
  @ApiProperty({ type: String, nullable: true, example: '56250.00' }) actual_value!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '50000.00' }) target_value!: string | null;
  @ApiProperty({ enum: BONUS_TYPES, nullable: true }) bonus_type!: BonusType | null;
  @ApiProperty({ enum: BONUS_PAYMENT_STATUSES }) status!: BonusPaymentStatus;
  @ApiProperty({ type: String, nullable: true, example: '2026-02-28' }) paid_date!: string | null;
  @ApiProperty({ type: Date, nullable: true }) approved_at!: Date | null;
  @ApiProperty({ type: String, nullable: true }) status_note!: string | null;
  @ApiProperty() created_at!: Date;
  @ApiProperty() updated_at!: Date;
}

export class BonusTotalsDto {
  @ApiProperty({ example: 12 }) total_count!: number;
  @ApiProperty({ example: '5400.00', description: 'All payments but rejected and cancelled ones' }) total_amount!: string;
  @ApiProperty({ example: 4 }) paid_count!: number;
  @ApiProperty({ example: '1800.00' }) paid_amount!: string;
  @ApiProperty({ example: 8, description: 'calculated and approved, not yet paid' }) pending_count!: number;
  @ApiProperty({ example: '3600.00' }) pending_amount!: string;
}
