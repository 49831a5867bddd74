import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { trim, trimToNull, oneOf } from '../../../common/http/fields';
import {
  DATA_SOURCE_TYPES,
  DIRECTIONS,
  KPI_CATEGORIES,
  KPI_TYPES,
  PERIOD_TYPES,
  type DataSourceType,
  type Direction,
  type KpiCategory,
  type KpiType,
  type PeriodType,
} from '../kpi.entity';
import { CompanyScopedDto } from './common.dto';

export const KPI_REQUIRED = 'KPI name, code and category are required';
const present = (_: object, value: unknown) => value !== undefined;
const upper = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toUpperCase() : value);
const noNull = ({ value }: { value: unknown }) => (value === null ? undefined : value);

class KpiDetailsDto extends CompanyScopedDto {
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 2000, example: 'New revenue booked in the period' })
  @IsOptional()
  @Transform(trimToNull)
  @IsString()
  @MaxLength(2000, { message: 'Description must be at most 2000 characters long' })
  description?: string | null;

  @ApiPropertyOptional({ enum: KPI_TYPES, default: 'number', description: 'How values read: a count, a percent or an amount' })
  @Transform(noNull)
  @IsOptional()
  @IsIn(KPI_TYPES, { message: `KPI type must be one of ${oneOf(KPI_TYPES)}` })
  kpi_type?: KpiType;

  @ApiPropertyOptional({
    enum: DATA_SOURCE_TYPES,
    default: 'manual',
    description:
      'manual: values are entered; attendance_rate (% of working days present or late), task_completion_rate ' +
      '(% of the tasks created in the period that are completed) and leave_days (approved leave days) are ' +
      'computed by POST /kpi/kpi-values/calculate',
  })
  @Transform(noNull)
  @IsOptional()
  @IsIn(DATA_SOURCE_TYPES, { message: `Data source type must be one of ${oneOf(DATA_SOURCE_TYPES)}` })
  data_source_type?: DataSourceType;

  @ApiPropertyOptional({ enum: PERIOD_TYPES, default: 'monthly', description: 'The usual length of its target periods' })
  @Transform(noNull)
  @IsOptional()
  @IsIn(PERIOD_TYPES, { message: `Period type must be one of ${oneOf(PERIOD_TYPES)}` })
  period_type?: PeriodType;

  @ApiPropertyOptional({
    enum: DIRECTIONS,
    default: 'higher_is_better',
    description: 'lower_is_better: achievement = target / actual (e.g. leave days, defects)',
  })
  @Transform(noNull)
  @IsOptional()
  @IsIn(DIRECTIONS, { message: `Direction must be one of ${oneOf(DIRECTIONS)}` })
  direction?: Direction;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 30, example: 'USD' })
  @IsOptional()
  @Transform(trimToNull)
  @IsString()
  @MaxLength(30, { message: 'Unit must be at most 30 characters long' })
  unit?: string | null;

  @ApiPropertyOptional({ default: true })
  @Transform(noNull)
  @IsOptional()
  @IsBoolean({ message: 'Is active must be true or false' })
  is_active?: boolean;
}

export class CreateKpiDto extends KpiDetailsDto {
  @ApiProperty({ maxLength: 150, example: 'Monthly sales revenue' })
  @Transform(trim)
  @IsString({ message: KPI_REQUIRED })
  @MaxLength(150, { message: 'Name must be at most 150 characters long' })
  @IsNotEmpty({ message: KPI_REQUIRED })
  name!: string;

  @ApiProperty({ maxLength: 50, example: 'SALES_REV', description: 'Unique in the company; stored upper-case' })
  @Transform(upper)
  @IsString({ message: KPI_REQUIRED })
  @MaxLength(50, { message: 'Code must be at most 50 characters long' })
  @Matches(/^[A-Z0-9][A-Z0-9_.-]*$/, { message: 'Code may contain only letters, digits, _ . and -' })
  @IsNotEmpty({ message: KPI_REQUIRED })
  code!: string;

  @ApiProperty({ enum: KPI_CATEGORIES, example: 'sales' })
  @IsIn(KPI_CATEGORIES, { message: `Category must be one of ${oneOf(KPI_CATEGORIES)}` })
  @IsNotEmpty({ message: KPI_REQUIRED })
  category!: KpiCategory;
}

/** Every field optional: only the fields sent change. */
export class UpdateKpiDto extends KpiDetailsDto {
  @ApiPropertyOptional({ maxLength: 150 })
  @ValidateIf(present)
  @Transform(trim)
  @IsString({ message: KPI_REQUIRED })
  @MaxLength(150, { message: 'Name must be at most 150 characters long' })
  @IsNotEmpty({ message: KPI_REQUIRED })
  name?: string;

  @ApiPropertyOptional({ maxLength: 50 })
  @ValidateIf(present)
  @Transform(upper)
  @IsString({ message: KPI_REQUIRED })
  @MaxLength(50, { message: 'Code must be at most 50 characters long' })
  @Matches(/^[A-Z0-9][A-Z0-9_.-]*$/, { message: 'Code may contain only letters, digits, _ . and -' })
  @IsNotEmpty({ message: KPI_REQUIRED })
  code?: string;

  @ApiPropertyOptional({ enum: KPI_CATEGORIES })
  @ValidateIf(present)
  @IsIn(KPI_CATEGORIES, { message: `Category must be one of ${oneOf(KPI_CATEGORIES)}` })
  category?: KpiCategory;
}

export class KpiResponseDto {
  @ApiProperty({ example: 7 }) id!: number;
  @ApiProperty({ example: 3 }) company_id!: number;
  @ApiProperty({ example: 'Monthly sales revenue' }) name!: string;
  @ApiProperty({ example: 'SALES_REV' }) code!: string;
  @ApiProperty({ type: String, nullable: true }) description!: string | null;
  @ApiProperty({ enum: KPI_CATEGORIES }) category!: KpiCategory;
  @ApiProperty({ enum: KPI_TYPES }) kpi_type!: KpiType;
  @ApiProperty({ enum: DATA_SOURCE_TYPES }) data_source_type!: DataSourceType;
  @ApiProperty({ enum: PERIOD_TYPES }) period_type!: PeriodType;
  @ApiProperty({ enum: DIRECTIONS }) direction!: Direction;
  @ApiProperty({ type: String, nullable: true, example: 'USD' }) unit!: string | null;
  @ApiProperty() is_active!: boolean;
  @ApiProperty({ description: 'Targets set for this KPI', example: 4 }) targets_count!: number;
  @ApiProperty({ type: Number, nullable: true, description: 'The active bonus rule, if any' }) bonus_rule_id!: number | null;
  @ApiProperty() created_at!: Date;
  @ApiProperty() updated_at!: Date;
}
