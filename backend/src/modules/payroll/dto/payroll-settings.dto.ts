import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { IsAmount, IsId, normalizeAmount, trim, trimToNull, IsOptionalNotNull, oneOf, fieldLabel } from '../../../common/http/fields';
import {
  CALCULATION_TYPES,
  COMPONENT_TYPES,
  type CalculationType,
  type ComponentType,
} from '../salary-component.entity';

const PERCENT = /^(\d{1,3})(?:\.(\d{1,4}))?$/;

/**
 * A percentage sent as a number or a string, normalized to a decimal string ("10" → "10.0000"); an
 * empty text is left to the pattern, which refuses it (null clears it).
 */
export function normalizePercentage(value: unknown): unknown {
  if (value === '' || value === null || value === undefined) return value;
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== 'string') return value;
  const match = PERCENT.exec(text.trim());
  if (!match) return text;
  return `${Number(match[1])}.${(match[2] ?? '').padEnd(4, '0')}`;
}

/** A percentage from 0 to 100 with at most 4 decimals. */
export const IsPercentage = (field: string) =>
  applyDecorators(
    Transform(({ value }) => normalizePercentage(value)),
    Matches(/^(100\.0000|\d{1,2}\.\d{4})$/, { message: `${fieldLabel(field)} must be a percentage from 0 to 100 with at most 4 decimals` }),
  );

const COMPONENT_REQUIRED = 'Component name and code are required';

export class SalaryComponentFieldsDto {
  @ApiPropertyOptional({ type: String, nullable: true, example: '150.00', description: 'fixed: the monthly amount' })
  @IsOptional()
  @IsAmount('amount')
  amount?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: '5.0000', description: 'percentage: percent of the basic salary' })
  @IsOptional()
  @IsPercentage('percentage')
  percentage?: string | null;

  @ApiPropertyOptional({ description: 'Allowance: part of taxable income. Deduction: false = taken before tax. Default true' })
  @IsOptionalNotNull()
  @IsBoolean({ message: 'Is taxable must be true or false' })
  is_taxable?: boolean;

  @ApiPropertyOptional({ description: 'Applies to every employee (default false: only to assigned employees)' })
  @IsOptionalNotNull()
  @IsBoolean({ message: 'Applies to all must be true or false' })
  applies_to_all?: boolean;

  @ApiPropertyOptional({ description: 'Default true' })
  @IsOptionalNotNull()
  @IsBoolean({ message: 'Is active must be true or false' })
  is_active?: boolean;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 2000 })
  @IsOptional()
  @Transform(trimToNull)
  @IsString()
  @MaxLength(2000, { message: 'Description must be at most 2000 characters long' })
  description?: string | null;
}

export class CreateSalaryComponentDto extends SalaryComponentFieldsDto {
  @ApiProperty({ maxLength: 100, example: 'Transport allowance' })
  @Transform(trim)
  @IsString({ message: COMPONENT_REQUIRED })
  @MaxLength(100, { message: 'Component name must be at most 100 characters long' })
  @IsNotEmpty({ message: COMPONENT_REQUIRED })
  component_name!: string;

  @ApiProperty({ maxLength: 30, example: 'TRANSPORT', description: 'Letters, digits and _ (stored upper-case)' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toUpperCase() : value))
  @IsString({ message: COMPONENT_REQUIRED })
  @Matches(/^[A-Z0-9_]{0,30}$/, { message: 'Component code must be at most 30 letters, digits or _' })
  @IsNotEmpty({ message: COMPONENT_REQUIRED })
  component_code!: string;

  @ApiProperty({ enum: COMPONENT_TYPES })
  @IsIn([...COMPONENT_TYPES], { message: `Component type must be one of ${oneOf(COMPONENT_TYPES)}` })
  component_type!: ComponentType;

  @ApiProperty({ enum: CALCULATION_TYPES })
  @IsIn([...CALCULATION_TYPES], { message: `Calculation type must be one of ${oneOf(CALCULATION_TYPES)}` })
  calculation_type!: CalculationType;
}

export class UpdateSalaryComponentDto extends SalaryComponentFieldsDto {
  @ApiPropertyOptional({ enum: COMPONENT_TYPES })
  @IsOptionalNotNull()
  @IsIn([...COMPONENT_TYPES], { message: `Component type must be one of ${oneOf(COMPONENT_TYPES)}` })
  component_type?: ComponentType;

  @ApiPropertyOptional({ enum: CALCULATION_TYPES })
  @IsOptionalNotNull()
  @IsIn([...CALCULATION_TYPES], { message: `Calculation type must be one of ${oneOf(CALCULATION_TYPES)}` })
  calculation_type?: CalculationType;

  @ApiPropertyOptional({ maxLength: 100 })
  @IsOptionalNotNull()
  @Transform(trim)
  @IsString({ message: COMPONENT_REQUIRED })
  @MaxLength(100, { message: 'Component name must be at most 100 characters long' })
  @IsNotEmpty({ message: COMPONENT_REQUIRED })
  component_name?: string;

  @ApiPropertyOptional({ maxLength: 30 })
  @IsOptionalNotNull()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toUpperCase() : value))
  @IsString({ message: COMPONENT_REQUIRED })
  @Matches(/^[A-Z0-9_]{0,30}$/, { message: 'Component code must be at most 30 letters, digits or _' })
  @IsNotEmpty({ message: COMPONENT_REQUIRED })
  component_code?: string;
}

export class SalaryComponentResponseDto {
  @ApiProperty() id!: number;
  @ApiProperty({ example: 'Transport allowance' }) component_name!: string;
  @ApiProperty({ example: 'TRANSPORT' }) component_code!: string;
  @ApiProperty({ enum: COMPONENT_TYPES }) component_type!: ComponentType;
  @ApiProperty({ enum: CALCULATION_TYPES }) calculation_type!: CalculationType;
  @ApiProperty({ type: String, nullable: true, example: '150.00' }) amount!: string | null;
  @ApiProperty({ type: String, nullable: true, example: null }) percentage!: string | null;
  @ApiProperty() is_taxable!: boolean;
  @ApiProperty() applies_to_all!: boolean;
  @ApiProperty() is_active!: boolean;
  @ApiProperty({ type: String, nullable: true }) description!: string | null;
  @ApiProperty({ description: 'Employees it is assigned to' }) assigned_count!: number;
}

export class CreateAssignmentDto {
  @ApiProperty({ example: 3 })
  @IsId('employee_id')
  employee_id!: number;

  @ApiProperty({ example: 1 })
  @IsId('component_id')
  component_id!: number;

  @ApiPropertyOptional({ type: String, nullable: true, example: '200.00', description: "Overrides a fixed component's amount" })
  @IsOptional()
  @IsAmount('amount')
  amount?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: "Overrides a percentage component's percentage" })
  @IsOptional()
  @IsPercentage('percentage')
  percentage?: string | null;
}

export class UpdateAssignmentDto {
  @ApiPropertyOptional({ type: String, nullable: true, example: '200.00' })
  @IsOptional()
  @IsAmount('amount')
  amount?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsPercentage('percentage')
  percentage?: string | null;
}

export class AssignmentResponseDto {
  @ApiProperty() id!: number;
  @ApiProperty() employee_id!: number;
  @ApiProperty({ example: 'Jane Doe' }) employee_name!: string;
  @ApiProperty({ example: 'EMP001' }) employee_code!: string;
  @ApiProperty() component_id!: number;
  @ApiProperty({ example: 'Transport allowance' }) component_name!: string;
  @ApiProperty({ type: String, nullable: true }) amount!: string | null;
  @ApiProperty({ type: String, nullable: true }) percentage!: string | null;
}

export class TaxBracketDto {
  @ApiProperty({ example: '1000.00', description: 'Monthly taxable income from which the rate applies' })
  @Transform(({ value }) => normalizeAmount(value))
  @Matches(/^\d{1,12}\.\d{2}$/, { message: 'Lower bound must be an amount of at least 0 with at most 2 decimals' })
  lower_bound!: string;

  @ApiProperty({ type: String, nullable: true, example: '4000.00', description: 'Up to this income; null = no limit (last band)' })
  @IsOptional()
  @IsAmount('upper_bound')
  upper_bound!: string | null;

  @ApiProperty({ example: '10.00', description: 'Percent, 0 to 100, at most 2 decimals' })
  @Transform(({ value }) => normalizeAmount(value))
  @Matches(/^(100\.00|\d{1,2}\.\d{2})$/, { message: 'Rate must be a percentage from 0 to 100 with at most 2 decimals' })
  rate!: string;
}

export class ReplaceTaxBracketsDto {
  @ApiProperty({
    type: [TaxBracketDto],
    description: 'The whole table, lowest band first: starts at 0, each band starts where the previous ends, only the last is open-ended',
  })
  @IsArray({ message: 'Brackets must be a list' })
  @ArrayMaxSize(50, { message: 'Brackets: at most 50 bands' })
  @ValidateNested({ each: true })
  @Type(() => TaxBracketDto)
  brackets!: TaxBracketDto[];
}

export class TaxBracketResponseDto {
  @ApiProperty() id!: number;
  @ApiProperty({ example: '0.00' }) lower_bound!: string;
  @ApiProperty({ type: String, nullable: true, example: '1000.00' }) upper_bound!: string | null;
  @ApiProperty({ example: '0.00' }) rate!: string;
}
