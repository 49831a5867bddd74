import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { IsAmount, IsId, trim, trimToNull, IsOptionalNotNull, oneOf } from '../../../common/http/fields';
import { POSITION_LEVELS, type PositionLevel } from '../position.entity';

export const POSITION_REQUIRED = 'Position code and title are required';

const present = (_: object, value: unknown) => value !== undefined;

class PositionDetailsDto {
  @ApiPropertyOptional({ type: Number, nullable: true, description: "A department of the caller's company" })
  @IsOptional()
  @IsId('department_id')
  department_id?: number | null;

  @ApiPropertyOptional({ enum: POSITION_LEVELS, default: 'mid' })
  @Transform(({ value }) => (value === null || value === '' ? undefined : value))
  @IsOptionalNotNull()
  @IsIn([...POSITION_LEVELS], { message: `Level must be one of ${oneOf(POSITION_LEVELS)}` })
  level?: PositionLevel;

  @ApiPropertyOptional({ type: String, nullable: true, example: '50000.00', description: 'decimal, at least 0' })
  @IsOptional()
  @IsAmount('min_salary')
  min_salary?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: '90000.00', description: 'decimal, at least min_salary' })
  @IsOptional()
  @IsAmount('max_salary')
  max_salary?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @Transform(trimToNull)
  @IsString()
  @MaxLength(2000, { message: 'Description must be at most 2000 characters long' })
  description?: string | null;

  @ApiPropertyOptional({ description: "Sent under impersonation; must be the caller's company" })
  @IsOptionalNotNull()
  @IsId('company_id')
  company_id?: number;
}

export class CreatePositionDto extends PositionDetailsDto {
  @ApiProperty({ maxLength: 50, example: 'ACC', description: 'Unique in the company; cannot change after create' })
  @Transform(trim)
  @IsString({ message: POSITION_REQUIRED })
  @MaxLength(50, { message: 'Position code must be at most 50 characters long' })
  @IsNotEmpty({ message: POSITION_REQUIRED })
  position_code!: string;

  @ApiProperty({ maxLength: 200, example: 'Accountant' })
  @Transform(trim)
  @IsString({ message: POSITION_REQUIRED })
  @MaxLength(200, { message: 'Position title must be at most 200 characters long' })
  @IsNotEmpty({ message: POSITION_REQUIRED })
  position_title!: string;
}

/** position_code may be sent (react-admin sends the whole record) but must equal the current code. */
export class UpdatePositionDto extends PositionDetailsDto {
  @ApiPropertyOptional({ maxLength: 50, description: 'Read-only: must equal the current code when sent' })
  @ValidateIf(present)
  @Transform(trim)
  @IsString({ message: POSITION_REQUIRED })
  @IsNotEmpty({ message: POSITION_REQUIRED })
  position_code?: string;

  @ApiPropertyOptional({ maxLength: 200 })
  @ValidateIf(present)
  @Transform(trim)
  @IsString({ message: POSITION_REQUIRED })
  @MaxLength(200, { message: 'Position title must be at most 200 characters long' })
  @IsNotEmpty({ message: POSITION_REQUIRED })
  position_title?: string;
}

export class PositionResponseDto {
  @ApiProperty() id!: number;
  @ApiProperty() company_id!: number;
  @ApiProperty() position_code!: string;
  @ApiProperty() position_title!: string;
  @ApiProperty({ type: Number, nullable: true }) department_id!: number | null;
  @ApiProperty({ type: String, nullable: true }) department_name!: string | null;
  @ApiProperty({ enum: POSITION_LEVELS }) level!: PositionLevel;
  @ApiProperty({ type: String, nullable: true, example: '50000.00' }) min_salary!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '90000.00' }) max_salary!: string | null;
  @ApiProperty({ type: String, nullable: true }) description!: string | null;
  @ApiProperty({ description: 'Employees holding the position (terminated ones included)' }) employees_count!: number;
  @ApiProperty() created_at!: Date;
  @ApiProperty() updated_at!: Date;
}
