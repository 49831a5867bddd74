import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { IsAmount, IsDateOnly, IsId, trimToNull, oneOf } from '../../../common/http/fields';
import { SUBJECT_TYPES, type SubjectType } from '../kpi-subject';
import { CompanyScopedDto } from './common.dto';

const present = (_: object, value: unknown) => value !== undefined;

class TargetDetailsDto extends CompanyScopedDto {
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 2000 })
  @IsOptional()
  @Transform(trimToNull)
  @IsString()
  @MaxLength(2000, { message: 'Notes must be at most 2000 characters long' })
  notes?: string | null;
}

export class CreateKpiTargetDto extends TargetDetailsDto {
  @ApiProperty({ example: 7 })
  @IsId('kpi_id')
  @IsNotEmpty({ message: 'KPI ID is required' })
  kpi_id!: number;

  @ApiProperty({
    enum: SUBJECT_TYPES,
    description: 'employee: one person; department or position: a team target applied to each active member',
  })
  @IsIn(SUBJECT_TYPES, { message: `Target type must be one of ${oneOf(SUBJECT_TYPES)}` })
  @IsNotEmpty({ message: 'Target type is required' })
  target_type!: SubjectType;

  @ApiProperty({ example: 12, description: 'The id of the employee, department or position' })
  @IsId('target_id')
  @IsNotEmpty({ message: 'Target ID is required' })
  target_id!: number;

  @ApiProperty({ example: '2026-01-01' })
  @IsDateOnly()
  @IsNotEmpty({ message: 'Period start date is required' })
  period_start_date!: string;

  @ApiProperty({ example: '2026-01-31', description: 'On or after period_start_date' })
  @IsDateOnly()
  @IsNotEmpty({ message: 'Period end date is required' })
  period_end_date!: string;

  @ApiProperty({ example: '50000.00', description: 'Decimal string or number, at least 0, 2 decimals at most' })
  @IsAmount('target_value')
  @IsNotEmpty({ message: 'Target value is required' })
  target_value!: string;
}

/** Only the fields sent change. kpi, subject, period and value are locked once a payment is approved or paid. */
export class UpdateKpiTargetDto extends TargetDetailsDto {
  @ApiPropertyOptional({ example: 7 })
  @ValidateIf(present)
  @IsId('kpi_id')
  kpi_id?: number;

  @ApiPropertyOptional({ enum: SUBJECT_TYPES })
  @ValidateIf(present)
  @IsIn(SUBJECT_TYPES, { message: `Target type must be one of ${oneOf(SUBJECT_TYPES)}` })
  target_type?: SubjectType;

  @ApiPropertyOptional({ example: 12 })
  @ValidateIf(present)
  @IsId('target_id')
  target_id?: number;

  @ApiPropertyOptional({ example: '2026-01-01' })
  @ValidateIf(present)
  @IsDateOnly()
  period_start_date?: string;

  @ApiPropertyOptional({ example: '2026-01-31' })
  @ValidateIf(present)
  @IsDateOnly()
  period_end_date?: string;

  @ApiPropertyOptional({ example: '55000.00' })
  @ValidateIf(present)
  @IsAmount('target_value')
  target_value?: string;
}

export class KpiTargetResponseDto {
  @ApiProperty({ example: 31 }) id!: number;
  @ApiProperty() company_id!: number;
  @ApiProperty({ example: 7 }) kpi_id!: number;
  @ApiProperty({ example: 'Monthly sales revenue' }) kpi_name!: string;
  @ApiProperty({ example: 'SALES_REV' }) kpi_code!: string;
  @ApiProperty({ example: 'currency' }) kpi_type!: string;
  @ApiProperty({ example: 'higher_is_better' }) direction!: string;
  @ApiProperty({ enum: SUBJECT_TYPES }) target_type!: SubjectType;
  @ApiProperty({ example: 12 }) target_id!: number;
  @ApiProperty({ type: String, nullable: true, example: 'Jane Doe', description: 'Employee name, department name or position title' })
  target_name!: string | null;
  @ApiProperty({ example: '2026-01-01' }) period_start_date!: string;
  @ApiProperty({ example: '2026-01-31' }) period_end_date!: string;
  @ApiProperty({ example: '50000.00' }) target_value!: string;
  @ApiProperty({ type: String, nullable: true, example: '56250.00', description: "The subject's value for this KPI and period" })
  actual_value!: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'The id of that value, to correct it' }) value_id!: number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    example: 112.5,
    description: 'actual / target × 100 (target / actual for lower-is-better KPIs), 2 decimals, 0 to 1000',
  })
  achievement_percentage!: number | null;
  @ApiProperty({ type: String, nullable: true, example: '500.00', description: 'Bonus calculated for this target (rejected and cancelled payments excluded)' })
  calculated_bonus!: string | null;
  @ApiProperty({ description: 'Achievement of 100% or more' }) achieved!: boolean;
  @ApiProperty({ type: String, nullable: true }) notes!: string | null;
  @ApiProperty() created_at!: Date;
  @ApiProperty() updated_at!: Date;
}
