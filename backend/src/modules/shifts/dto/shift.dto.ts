import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { IsId, trim, trimToNull, IsOptionalNotNull } from '../../../common/http/fields';
import { DEFAULT_GRACE_PERIOD } from '../shift.entity';
import { formatMinutes } from '../../../common/units';

export const SHIFT_REQUIRED = 'Shift name, code, start time and end time are required';
/** HH:MM or HH:MM:SS, 00:00 to 23:59:59 */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

const present = (_: object, value: unknown) => value !== undefined;
const noNull = ({ value }: { value: unknown }) => (value === null ? undefined : value);

class ShiftDetailsDto {
  @ApiPropertyOptional({ minimum: 0, maximum: 1440, default: 0, description: 'Minutes of unpaid break, deducted from work hours' })
  @IsOptionalNotNull()
  @Transform(noNull)
  @IsInt({ message: 'Break duration must be a whole number of minutes, at least 0' })
  @Min(0, { message: 'Break duration must be a whole number of minutes, at least 0' })
  @Max(1440, { message: `Break duration must be at most ${formatMinutes(1440)}` })
  break_duration?: number;

  @ApiPropertyOptional({
    minimum: 0,
    maximum: 1440,
    default: DEFAULT_GRACE_PERIOD,
    description: 'Minutes after the start time before a check-in counts as late',
  })
  @IsOptionalNotNull()
  @Transform(noNull)
  @IsInt({ message: 'Grace period must be a whole number of minutes, at least 0' })
  @Min(0, { message: 'Grace period must be a whole number of minutes, at least 0' })
  @Max(1440, { message: `Grace period must be at most ${formatMinutes(1440)}` })
  grace_period?: number;

  @ApiPropertyOptional({ default: true })
  @IsOptionalNotNull()
  @Transform(noNull)
  @IsBoolean({ message: 'Is active must be true or false' })
  is_active?: boolean;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 2000, example: 'Front desk and support' })
  @IsOptional()
  @Transform(trimToNull)
  @IsString({ message: 'Description must be text' })
  @MaxLength(2000, { message: 'Description must be at most 2000 characters long' })
  description?: string | null;

  @ApiPropertyOptional({ description: "Sent under impersonation; must be the caller's company" })
  @IsOptionalNotNull()
  @IsId('company_id')
  company_id?: number;
}

export class CreateShiftDto extends ShiftDetailsDto {
  @ApiProperty({ maxLength: 100, example: 'Morning' })
  @Transform(trim)
  @IsString({ message: SHIFT_REQUIRED })
  @MaxLength(100, { message: 'Shift name must be at most 100 characters long' })
  @IsNotEmpty({ message: SHIFT_REQUIRED })
  shift_name!: string;

  @ApiProperty({ maxLength: 50, example: 'MORN', description: 'Unique in the company (case-insensitive)' })
  @Transform(trim)
  @IsString({ message: SHIFT_REQUIRED })
  @MaxLength(50, { message: 'Shift code must be at most 50 characters long' })
  @IsNotEmpty({ message: SHIFT_REQUIRED })
  shift_code!: string;

  @ApiProperty({ example: '09:00', description: 'HH:MM in the company time zone' })
  @IsString({ message: SHIFT_REQUIRED })
  @Matches(TIME_OF_DAY, { message: 'Start time must be a time HH:MM' })
  @IsNotEmpty({ message: SHIFT_REQUIRED })
  start_time!: string;

  @ApiProperty({ example: '17:00', description: 'HH:MM; earlier than start_time for a shift ending the next day' })
  @IsString({ message: SHIFT_REQUIRED })
  @Matches(TIME_OF_DAY, { message: 'End time must be a time HH:MM' })
  @IsNotEmpty({ message: SHIFT_REQUIRED })
  end_time!: string;
}

export class UpdateShiftDto extends ShiftDetailsDto {
  @ApiPropertyOptional({ maxLength: 100 })
  @ValidateIf(present)
  @Transform(trim)
  @IsString({ message: SHIFT_REQUIRED })
  @MaxLength(100, { message: 'Shift name must be at most 100 characters long' })
  @IsNotEmpty({ message: SHIFT_REQUIRED })
  shift_name?: string;

  @ApiPropertyOptional({ maxLength: 50 })
  @ValidateIf(present)
  @Transform(trim)
  @IsString({ message: SHIFT_REQUIRED })
  @MaxLength(50, { message: 'Shift code must be at most 50 characters long' })
  @IsNotEmpty({ message: SHIFT_REQUIRED })
  shift_code?: string;

  @ApiPropertyOptional({ example: '09:00' })
  @ValidateIf(present)
  @IsString({ message: SHIFT_REQUIRED })
  @Matches(TIME_OF_DAY, { message: 'Start time must be a time HH:MM' })
  @IsNotEmpty({ message: SHIFT_REQUIRED })
  start_time?: string;

  @ApiPropertyOptional({ example: '17:00' })
  @ValidateIf(present)
  @IsString({ message: SHIFT_REQUIRED })
  @Matches(TIME_OF_DAY, { message: 'End time must be a time HH:MM' })
  @IsNotEmpty({ message: SHIFT_REQUIRED })
  end_time?: string;
}

export class ShiftResponseDto {
  @ApiProperty({ example: 1 }) id!: number;
  @ApiProperty({ example: 1 }) company_id!: number;
  @ApiProperty({ example: 'Morning' }) shift_name!: string;
  @ApiProperty({ example: 'MORN' }) shift_code!: string;
  @ApiProperty({ example: '09:00', description: 'HH:MM' }) start_time!: string;
  @ApiProperty({ example: '17:00', description: 'HH:MM' }) end_time!: string;
  @ApiProperty({ example: 60 }) break_duration!: number;
  @ApiProperty({ example: 15 }) grace_period!: number;
  @ApiProperty() is_active!: boolean;
  @ApiProperty({ type: String, nullable: true }) description!: string | null;
  @ApiProperty({ description: 'Assignments of this shift' }) assignments_count!: number;
  @ApiProperty() created_at!: string;
  @ApiProperty() updated_at!: string;
}
