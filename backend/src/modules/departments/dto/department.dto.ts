import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { IsId, trim, trimToNull, IsOptionalNotNull } from '../../../common/http/fields';

export const DEPARTMENT_REQUIRED = 'Department code and name are required';

const present = (_: object, value: unknown) => value !== undefined;

class DepartmentDetailsDto {
  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @Transform(trimToNull)
  @IsString()
  @MaxLength(2000, { message: 'description must be at most 2000 characters long' })
  description?: string | null;

  @ApiPropertyOptional({ type: Number, nullable: true, description: "An employee of the caller's company" })
  @IsOptional()
  @IsId('manager_id')
  manager_id?: number | null;

  @ApiPropertyOptional({ default: true })
  @Transform(({ value }) => (value === null ? undefined : value))
  @IsOptionalNotNull()
  @IsBoolean({ message: 'is_active must be true or false' })
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
  @MaxLength(50, { message: 'department_code must be at most 50 characters long' })
  @IsNotEmpty({ message: DEPARTMENT_REQUIRED })
  department_code!: string;

  @ApiProperty({ maxLength: 200, example: 'Finance' })
  @Transform(trim)
  @IsString({ message: DEPARTMENT_REQUIRED })
  @MaxLength(200, { message: 'department_name must be at most 200 characters long' })
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
  @MaxLength(200, { message: 'department_name must be at most 200 characters long' })
  @IsNotEmpty({ message: DEPARTMENT_REQUIRED })
  department_name?: string;
}

export class DepartmentResponseDto {
  @ApiProperty() id!: number;
  @ApiProperty() company_id!: number;
  @ApiProperty() department_code!: string;
  @ApiProperty() department_name!: string;
  @ApiProperty({ type: String, nullable: true }) description!: string | null;
  @ApiProperty({ type: Number, nullable: true }) manager_id!: number | null;
  @ApiProperty({ type: String, nullable: true }) manager_name!: string | null;
  @ApiProperty() is_active!: boolean;
  @ApiProperty({ description: 'Employees in the department (terminated ones included)' }) employees_count!: number;
  @ApiProperty() created_at!: Date;
  @ApiProperty() updated_at!: Date;
}
