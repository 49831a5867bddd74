import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { IsId, trim, trimToNull, IsOptionalNotNull } from '../../../common/http/fields';

export const DEPARTMENT_REQUIRED = 'Department code and name are required';
export const COST_CENTER_PATTERN = /^[A-Z0-9-]+$/;
export const COST_CENTER_CHARACTERS = 'Cost center may contain only capital letters, digits and hyphens';

const COST_CENTER_DOC = {
  type: String,
  nullable: true,
  maxLength: 20,
  pattern: COST_CENTER_PATTERN.source,
  example: 'CC-1200',
  description: 'The cost center the department books to in accounting: capital letters, digits and hyphens; null for none',
} as const;

const present = (_: object, value: unknown) => value !== undefined;

class DepartmentDetailsDto {
  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @Transform(trimToNull)
  @IsString()
  @MaxLength(2000, { message: 'Description must be at most 2000 characters long' })
  description?: string | null;

  @ApiPropertyOptional(COST_CENTER_DOC)
  @IsOptional()
  @Transform(trimToNull)
  @Matches(COST_CENTER_PATTERN, { message: COST_CENTER_CHARACTERS })
  @MaxLength(20, { message: 'Cost center must be at most 20 characters long' })
  @IsString({ message: 'Cost center must be text' })
  cost_center?: string | null;

  @ApiPropertyOptional({ type: Number, nullable: true, description: "An employee of the caller's company" })
  @IsOptional()
  @IsId('manager_id')
  manager_id?: number | null;

  @ApiPropertyOptional({ default: true })
  @Transform(({ value }) => (value === null ? undefined : value))
  @IsOptionalNotNull()
  @IsBoolean({ message: 'Is active must be true or false' })
  is_active?: boolean;

  @ApiPropertyOptional({ description: "Sent under impersonation; must be the caller's company" })
  @IsOptionalNotNull()
  @IsId('company_id')
  company_id?: number;
}

export class CreateDepartmentDto extends DepartmentDetailsDto {
  @ApiProperty({ maxLength: 50, example: 'FIN', description: 'Unique in the company; cannot change after create' })
  @Transform(trim)
  @IsString({ message: DEPARTMENT_REQUIRED })
  @MaxLength(50, { message: 'Department code must be at most 50 characters long' })
  @IsNotEmpty({ message: DEPARTMENT_REQUIRED })
  department_code!: string;

  @ApiProperty({ maxLength: 200, example: 'Finance' })
  @Transform(trim)
  @IsString({ message: DEPARTMENT_REQUIRED })
  @MaxLength(200, { message: 'Department name must be at most 200 characters long' })
  @IsNotEmpty({ message: DEPARTMENT_REQUIRED })
  department_name!: string;
}

/** department_code may be sent (react-admin sends the whole record) but must equal the current code. */
export class UpdateDepartmentDto extends DepartmentDetailsDto {
  @ApiPropertyOptional({ maxLength: 50, description: 'Read-only: must equal the current code when sent' })
  @ValidateIf(present)
  @Transform(trim)
  @IsString({ message: DEPARTMENT_REQUIRED })
  @IsNotEmpty({ message: DEPARTMENT_REQUIRED })
  department_code?: string;

  @ApiPropertyOptional({ maxLength: 200 })
  @ValidateIf(present)
  @Transform(trim)
  @IsString({ message: DEPARTMENT_REQUIRED })
  @MaxLength(200, { message: 'Department name must be at most 200 characters long' })
  @IsNotEmpty({ message: DEPARTMENT_REQUIRED })
  department_name?: string;
}

export class DepartmentResponseDto {
  @ApiProperty() id!: number;
  @ApiProperty() company_id!: number;
  @ApiProperty() department_code!: string;
  @ApiProperty() department_name!: string;
  @ApiProperty({ type: String, nullable: true }) description!: string | null;
  @ApiProperty(COST_CENTER_DOC) cost_center!: string | null;
  @ApiProperty({ type: Number, nullable: true }) manager_id!: number | null;
  @ApiProperty({ type: String, nullable: true }) manager_name!: string | null;
  @ApiProperty() is_active!: boolean;
  @ApiProperty({ description: 'Employees in the department (terminated ones included)' }) employees_count!: number;
  @ApiProperty() created_at!: Date;
  @ApiProperty() updated_at!: Date;
}
