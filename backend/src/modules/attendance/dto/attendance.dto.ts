import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsISO8601, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsInDateRange, IsDateOnly, IsId, trimToNull, IsOptionalNotNull, oneOf } from '../../../common/http/fields';
import { ATTENDANCE_STATUSES, type AttendanceStatus } from '../attendance-record.entity';

const STATUS_MESSAGE = `status must be one of ${oneOf(ATTENDANCE_STATUSES)}`;
const emptyToNull = ({ value }: { value: unknown }) => (value === '' ? null : value);

/** Times are ISO 8601 date-times or null. */
class AttendanceFieldsDto {
  @ApiPropertyOptional({ type: String, nullable: true, example: '2026-03-02T13:58:00.000Z' })
  @IsOptional()
  @Transform(emptyToNull)
  @IsISO8601({ strict: true }, { message: 'Check in time must be an ISO 8601 date-time' })
  @IsInDateRange()
  check_in_time?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: '2026-03-02T22:05:00.000Z' })
  @IsOptional()
  @Transform(emptyToNull)
  @IsISO8601({ strict: true }, { message: 'Check out time must be an ISO 8601 date-time' })
  @IsInDateRange()
  check_out_time?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 255 })
  @IsOptional()
  @Transform(trimToNull)
  @IsString({ message: 'Check in location must be text' })
  @MaxLength(255, { message: 'Check in location must be at most 255 characters long' })
  check_in_location?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 255 })
  @IsOptional()
  @Transform(trimToNull)
  @IsString({ message: 'Check out location must be text' })
  @MaxLength(255, { message: 'Check out location must be at most 255 characters long' })
  check_out_location?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 2000, example: 'Badge reader was down; confirmed by the manager' })
  @IsOptional()
  @Transform(trimToNull)
  @IsString({ message: 'Notes must be text' })
  @MaxLength(2000, { message: 'Notes must be at most 2000 characters long' })
  notes?: string | null;
}

/** An admin's correction: only the fields sent change. */
export class UpdateAttendanceDto extends AttendanceFieldsDto {
  @ApiPropertyOptional({ enum: ATTENDANCE_STATUSES })
  @IsOptionalNotNull()
  @IsIn(ATTENDANCE_STATUSES, { message: STATUS_MESSAGE })
  status?: AttendanceStatus;
}

/** An admin records a day that has no record yet (a forgotten check-in, a day off the system). */
export class CreateAttendanceDto extends AttendanceFieldsDto {
  @ApiProperty({ example: 12 })
  @IsId('employee_id')
  @IsNotEmpty({ message: 'Employee ID is required' })
  employee_id!: number;

  @ApiProperty({ example: '2026-03-02' })
  @IsDateOnly({ message: 'Attendance date must be a date (YYYY-MM-DD)' })
  @IsNotEmpty({ message: 'Attendance date is required' })
  attendance_date!: string;

  @ApiProperty({ enum: ATTENDANCE_STATUSES })
  @IsIn(ATTENDANCE_STATUSES, { message: STATUS_MESSAGE })
  @IsNotEmpty({ message: STATUS_MESSAGE })
  status!: AttendanceStatus;
}

export class AttendanceResponseDto {
  @ApiProperty({ example: 1 }) id!: number;
  @ApiProperty({ example: 12 }) employee_id!: number;
  @ApiProperty({ example: 'Jane Doe' }) employee_name!: string;
  @ApiProperty({ example: 'EMP001' }) employee_code!: string;
  @ApiProperty({ example: '2026-03-02', description: "The company's local date" }) attendance_date!: string;
  @ApiProperty({ type: String, nullable: true, example: '2026-03-02T13:58:00.000Z' }) check_in_time!: string | null;
  @ApiProperty({ type: String, nullable: true }) check_out_time!: string | null;
  @ApiProperty({ type: Number, nullable: true, example: 8.25, description: 'Hours, 2 decimals, less the shift break' })
  work_hours!: number | null;
  @ApiProperty({ enum: ATTENDANCE_STATUSES }) status!: AttendanceStatus;
  @ApiProperty({ type: String, nullable: true, example: 'Office' }) check_in_location!: string | null;
  @ApiProperty({ type: String, nullable: true }) check_out_location!: string | null;
  @ApiProperty({ type: Number, nullable: true }) check_in_latitude!: number | null;
  @ApiProperty({ type: Number, nullable: true }) check_in_longitude!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'metres' }) check_in_accuracy!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'metres from the work location' }) check_in_distance!: number | null;
  @ApiProperty({ type: Number, nullable: true }) work_location_id!: number | null;
  @ApiProperty({ type: String, nullable: true }) work_location_name!: string | null;
  @ApiProperty({ type: Number, nullable: true }) shift_id!: number | null;
  @ApiProperty({ type: String, nullable: true }) shift_name!: string | null;
  @ApiProperty({ description: 'Checked in offline and sent later with its original time' }) is_offline!: boolean;
  @ApiProperty({ description: 'Checked out offline and sent later with its original time' }) check_out_offline!: boolean;
  @ApiProperty({
    type: String,
    nullable: true,
    example: '2026-03-02T16:20:00.000Z',
    description: "When the server received the employee's check-in (later than check_in_time when sent offline); null when an administrator recorded it",
  })
  check_in_received_at!: string | null;
  @ApiProperty({ type: String, nullable: true, description: "When the server received the employee's check-out" })
  check_out_received_at!: string | null;
  @ApiProperty({ description: 'Closed by the auto check-out at the configured time' }) auto_checked_out!: boolean;
  @ApiProperty({ type: String, nullable: true }) notes!: string | null;
  @ApiProperty({ type: String, nullable: true }) corrected_at!: string | null;
  @ApiProperty() created_at!: string;
  @ApiProperty() updated_at!: string;
}

export class TodayShiftDto {
  @ApiProperty({ example: 'Morning' }) shift_name!: string;
  @ApiProperty({ example: '09:00' }) start_time!: string;
  @ApiProperty({ example: 15 }) grace_period!: number;
  @ApiProperty({ type: String, nullable: true, example: 'Head Office' }) location_name!: string | null;
}

/** What the check-in screen needs: today's record and the rules the server will apply. */
export class AttendanceTodayDto {
  @ApiProperty({ example: '2026-03-02', description: "Today in the company's time zone" }) date!: string;
  @ApiProperty({ example: 'America/New_York' }) time_zone!: string;
  @ApiProperty({
    type: AttendanceResponseDto,
    nullable: true,
    description: "Today's record; without one, yesterday's when its shift runs past midnight (still open, or closed today)",
  })
  record!: AttendanceResponseDto | null;
  @ApiProperty({ description: 'The caller has an employee record, has not checked in today, and no administrator recorded today' })
  can_check_in!: boolean;
  @ApiProperty({ description: 'The record is checked in and not yet out (a check-out closes it)' }) can_check_out!: boolean;
  @ApiProperty({ type: TodayShiftDto, nullable: true }) shift!: TodayShiftDto | null;
  @ApiProperty() enable_geolocation!: boolean;
  @ApiProperty() require_location_check!: boolean;
  @ApiProperty() allow_offline_checkin!: boolean;
  @ApiProperty({ example: 10000, description: 'ms the browser may take to locate' }) location_timeout!: number;
  @ApiProperty({ example: 50, description: 'metres' }) accuracy_threshold!: number;
}

export class AttendanceSummaryDto {
  @ApiProperty({ example: '2026-02-01' }) start_date!: string;
  @ApiProperty({ example: '2026-03-02' }) end_date!: string;
  @ApiProperty({ description: 'Days with a record' }) total_days!: number;
  @ApiProperty() present_days!: number;
  @ApiProperty() late_days!: number;
  @ApiProperty() absent_days!: number;
  @ApiProperty() leave_days!: number;
  @ApiProperty({ example: 161.5 }) total_work_hours!: number;
  @ApiProperty({ example: 8.08, description: 'Over the days with work hours' }) average_work_hours!: number;
  @ApiProperty({ example: 95, description: 'Present and late days over days with a record, whole percent' })
  attendance_rate!: number;
}
