import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { IsDateOnly, IsId, trimToNull, oneOf } from '../../../common/http/fields';
import { SUBJECT_TYPES, type SubjectType } from '../kpi-subject';
import { VALUE_SOURCES, type ValueSource } from '../kpi-value.entity';
import { CompanyScopedDto, IsSignedAmount } from './common.dto';

const present = (_: object, value: unknown) => value !== undefined;

class ValueNotesDto extends CompanyScopedDto {
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 2000, example: 'From the CRM export of 2 Feb' })
  @IsOptional()
  @Transform(trimToNull)
  @IsString()
  @MaxLength(2000, { message: 'Notes must be at most 2000 characters long' })
  notes?: string | null;
}

export class CreateKpiValueDto extends ValueNotesDto {
  @ApiProperty({ example: 7, description: 'A KPI whose data_source_type is manual' })
  @IsId('kpi_id')
  @IsNotEmpty({ message: 'KPI ID is required' })
  kpi_id!: number;

  @ApiProperty({ enum: SUBJECT_TYPES })
  @IsIn(SUBJECT_TYPES, { message: `Entity type must be one of ${oneOf(SUBJECT_TYPES)}` })
  @IsNotEmpty({ message: 'Entity type is required' })
  entity_type!: SubjectType;

  @ApiProperty({ example: 12, description: 'The id of the employee, department or position' })
  @IsId('entity_id')
  @IsNotEmpty({ message: 'Entity ID is required' })
  entity_id!: number;

  @ApiProperty({ example: '2026-01-01' })
  @IsDateOnly()
  @IsNotEmpty({ message: 'Period start date is required' })
  period_start_date!: string;

  @ApiProperty({ example: '2026-01-31' })
  @IsDateOnly()
  @IsNotEmpty({ message: 'Period end date is required' })
  period_end_date!: string;

  @ApiProperty({ example: '56250.00', description: 'Decimal string or number, 2 decimals at most; may be negative' })
  @IsSignedAmount('actual_value')
  @IsNotEmpty({ message: 'Actual value is required' })
  actual_value!: string;
}

export class UpdateKpiValueDto extends ValueNotesDto {
  @ApiPropertyOptional({ example: '57000.00' })
  @ValidateIf(present)
  @IsSignedAmount('actual_value')
  actual_value?: string;
}

export class CalculateKpiValuesDto extends CompanyScopedDto {
  @ApiProperty({ example: '2026-01-01' })
  @IsDateOnly()
  @IsNotEmpty({ message: 'Period start is required' })
  period_start!: string;

  @ApiProperty({ example: '2026-01-31' })
  @IsDateOnly()
  @IsNotEmpty({ message: 'Period end is required' })
  period_end!: string;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Only this KPI (it must be computed); all active computed KPIs when left out or null' })
  @IsOptional()
  @IsId('kpi_id')
  kpi_id?: number | null;
}

export class KpiValueResponseDto {
  @ApiProperty({ example: 90 }) id!: number;
  @ApiProperty() company_id!: number;
  @ApiProperty({ example: 7 }) kpi_id!: number;
  @ApiProperty({ example: 'Monthly sales revenue' }) kpi_name!: string;
  @ApiProperty({ example: 'SALES_REV' }) kpi_code!: string;
  @ApiProperty({ enum: SUBJECT_TYPES }) entity_type!: SubjectType;
  @ApiProperty({ example: 12 }) entity_id!: number;
  @ApiProperty({ type: String, nullable: true, example: 'Jane Doe' }) entity_name!: string | null;
  @ApiProperty({ example: '2026-01-01' }) period_start_date!: string;
  @ApiProperty({ example: '2026-01-31' }) period_end_date!: string;
  @ApiProperty({ example: '56250.00' }) actual_value!: string;
  @ApiProperty({ type: String, nullable: true, example: '50000.00', description: 'The target of the same subject and period' })
  target_value!: string | null;
  @ApiProperty({ enum: VALUE_SOURCES }) source!: ValueSource;
  @ApiProperty({ type: String, nullable: true }) notes!: string | null;
  @ApiProperty({ type: Number, nullable: true }) recorded_by!: number | null;
  @ApiProperty() created_at!: Date;
  @ApiProperty() updated_at!: Date;
}

export class CalculatedKpiDto {
  @ApiProperty({ example: 9 }) kpi_id!: number;
  @ApiProperty({ example: 'Attendance rate' }) kpi_name!: string;
  @ApiProperty({ example: 'attendance_rate' }) data_source_type!: string;
  @ApiProperty({ example: 42, description: 'Values written (employees, departments and positions)' }) values_count!: number;
}

export class CalculateKpiValuesResultDto {
  @ApiProperty({ example: '2026-01-01' }) period_start!: string;
  @ApiProperty({ example: '2026-01-31' }) period_end!: string;
  @ApiProperty({ type: [CalculatedKpiDto] }) kpis!: CalculatedKpiDto[];
  @ApiProperty({ example: 42 }) values_count!: number;
}
