import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { trim, trimToNull, IsOptionalNotNull } from '../../../common/http/fields';
import { CHOSEN, IsChosen } from './chosen';

export const TYPE_REQUIRED = 'Type name and code are required';
const toInt = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;

class LeaveTypeFieldsDto {
  @ApiPropertyOptional({ nullable: true, type: String, example: 'Paid time off for rest and holidays' })
  @IsOptional()
  @Transform(trimToNull)
  @IsString()
  @MaxLength(2000, { message: 'Description must be at most 2000 characters long' })
  description?: string | null;

  @ApiPropertyOptional({ minimum: 0, maximum: 366, example: 20, description: 'Days granted each year; 0 (default) means no yearly limit' })
  @IsOptionalNotNull()
  @Transform(toInt)
  @IsInt({ message: 'Max days per year must be a whole number of at least 0' })
  @Min(0, { message: 'Max days per year must be a whole number of at least 0' })
  @Max(366, { message: 'Max days per year must be at most 366' })
  max_days_per_year?: number;

  @ApiPropertyOptional({ description: 'Default true' })
  @IsOptionalNotNull()
  @IsBoolean({ message: 'Is paid must be true or false' })
  is_paid?: boolean;

  @ApiPropertyOptional({ description: 'Default true; false approves requests of this type when they are made' })
  @IsOptionalNotNull()
  @IsBoolean({ message: 'Requires approval must be true or false' })
  requires_approval?: boolean;

  @ApiPropertyOptional({ description: 'Default false' })
  @IsOptionalNotNull()
  @IsBoolean({ message: 'Requires attachment must be true or false' })
  requires_attachment?: boolean;

  @ApiPropertyOptional({ description: 'Default true' })
  @IsOptionalNotNull()
  @IsBoolean({ message: 'Is active must be true or false' })
  is_active?: boolean;

  @ApiPropertyOptional({ nullable: true, type: Number, description: 'The leave policy the type follows' })
  @IsOptional()
  @IsChosen(CHOSEN.policy)
  policy_id?: number | null;

  @ApiPropertyOptional({ type: Number, description: 'Sent by an impersonating superadmin; must be the company of the token' })
  @IsOptionalNotNull()
  @IsChosen(CHOSEN.company)
  company_id?: number;
}

export class CreateLeaveTypeDto extends LeaveTypeFieldsDto {
  @ApiProperty({ maxLength: 100, example: 'Annual Leave' })
  @Transform(trim)
  @IsString({ message: TYPE_REQUIRED })
  @MaxLength(100, { message: 'Type name must be at most 100 characters long' })
  @IsNotEmpty({ message: TYPE_REQUIRED })
  type_name!: string;

  @ApiProperty({ maxLength: 20, example: 'AL' })
  @Transform(trim)
  @IsString({ message: TYPE_REQUIRED })
  @MaxLength(20, { message: 'Type code must be at most 20 characters long' })
  @IsNotEmpty({ message: TYPE_REQUIRED })
  type_code!: string;
}

export class UpdateLeaveTypeDto extends LeaveTypeFieldsDto {
  @ApiPropertyOptional({ maxLength: 100, example: 'Annual Leave' })
  @IsOptionalNotNull()
  @Transform(trim)
  @IsString({ message: TYPE_REQUIRED })
  @MaxLength(100, { message: 'Type name must be at most 100 characters long' })
  @IsNotEmpty({ message: TYPE_REQUIRED })
  type_name?: string;

  @ApiPropertyOptional({ maxLength: 20, example: 'AL' })
  @IsOptionalNotNull()
  @Transform(trim)
  @IsString({ message: TYPE_REQUIRED })
  @MaxLength(20, { message: 'Type code must be at most 20 characters long' })
  @IsNotEmpty({ message: TYPE_REQUIRED })
  type_code?: string;
}

export class LeaveTypeResponseDto {
  @ApiProperty({ example: 1 }) id!: number;
  @ApiProperty({ example: 'Annual Leave' }) type_name!: string;
  @ApiProperty({ example: 'Annual Leave', description: 'Same as type_name (the request form reads this name)' })
  leave_type_name!: string;
  @ApiProperty({ example: 'AL' }) type_code!: string;
  @ApiProperty({ type: String, nullable: true }) description!: string | null;
  @ApiProperty({ example: 20, description: '0 means no yearly limit' }) max_days_per_year!: number;
  @ApiProperty() is_paid!: boolean;
  @ApiProperty() requires_approval!: boolean;
  @ApiProperty() requires_attachment!: boolean;
  @ApiProperty({ description: 'Requests need an attached document: requires_attachment, or a policy requiring a doctor note' })
  attachment_required!: boolean;
  @ApiProperty() is_active!: boolean;
  @ApiProperty({ type: Number, nullable: true }) policy_id!: number | null;
  @ApiProperty({ type: String, nullable: true, example: 'Annual' }) policy_name!: string | null;
  @ApiProperty() company_id!: number;
  @ApiProperty() created_at!: Date;
  @ApiProperty() updated_at!: Date;
}
