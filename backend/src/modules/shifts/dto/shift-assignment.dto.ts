import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsOptional, ValidateIf } from 'class-validator';
import { IsDateOnly, IsId, IsOptionalNotNull } from '../../../common/http/fields';

export const ASSIGNMENT_REQUIRED = 'Employee, shift and start date are required';

const present = (_: object, value: unknown) => value !== undefined;
const noNull = ({ value }: { value: unknown }) => (value === null ? undefined : value);
const emptyToNull = ({ value }: { value: unknown }) => (value === '' ? null : value);

class AssignmentDetailsDto {
  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Work location checked in at; none = any active location' })
  @IsOptional()
  @IsId('location_id')
  location_id?: number | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: '2026-12-31', description: 'Inclusive; null = open-ended' })
  @IsOptional()
  @Transform(emptyToNull)
  @IsDateOnly({ message: 'End date must be a date (YYYY-MM-DD)' })
  end_date?: string | null;

  @ApiPropertyOptional({ default: true })
  @IsOptionalNotNull()
  @Transform(noNull)
  @IsBoolean({ message: 'Is active must be true or false' })
  is_active?: boolean;

  @ApiPropertyOptional({ description: "Sent under impersonation; must be the caller's company" })
  @IsOptionalNotNull()
  @IsId('company_id')
  company_id?: number;
}

export class CreateShiftAssignmentDto extends AssignmentDetailsDto {
  @ApiProperty({ example: 12 })
  @IsId('employee_id')
  @IsNotEmpty({ message: ASSIGNMENT_REQUIRED })
  employee_id!: number;

  @ApiProperty({ example: 3 })
  @IsId('shift_id')
  @IsNotEmpty({ message: ASSIGNMENT_REQUIRED })
  shift_id!: number;

  @ApiProperty({ example: '2026-01-05' })
  @IsDateOnly({ message: 'Start date must be a date (YYYY-MM-DD)' })
  @IsNotEmpty({ message: ASSIGNMENT_REQUIRED })
  start_date!: string;
}

export class UpdateShiftAssignmentDto extends AssignmentDetailsDto {
  @ApiPropertyOptional({ example: 12 })
  @ValidateIf(present)
  @IsId('employee_id')
  employee_id?: number;

  @ApiPropertyOptional({ example: 3 })
  @ValidateIf(present)
  @IsId('shift_id')
  shift_id?: number;

  @ApiPropertyOptional({ example: '2026-01-05' })
  @ValidateIf(present)
  @IsDateOnly({ message: 'Start date must be a date (YYYY-MM-DD)' })
  start_date?: string;
}

export class ShiftAssignmentResponseDto {
  @ApiProperty({ example: 1 }) id!: number;
  @ApiProperty({ example: 1 }) company_id!: number;
  @ApiProperty({ example: 12 }) employee_id!: number;
  @ApiProperty({ example: 'Jane Doe' }) employee_name!: string;
  @ApiProperty({ type: String, nullable: true, example: 'EMP001' }) employee_code!: string | null;
  @ApiProperty({ example: 3 }) shift_id!: number;
  @ApiProperty({ example: 'Morning' }) shift_name!: string;
  @ApiProperty({ type: Number, nullable: true }) location_id!: number | null;
  @ApiProperty({ type: String, nullable: true, example: 'Head Office' }) location_name!: string | null;
  @ApiProperty({ example: '2026-01-05' }) start_date!: string;
  @ApiProperty({ type: String, nullable: true }) end_date!: string | null;
  @ApiProperty() is_active!: boolean;
  @ApiProperty() created_at!: string;
  @ApiProperty() updated_at!: string;
}
