import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, Max, Min, ValidateIf } from 'class-validator';
import { MAX_YEAR, MIN_YEAR } from '../../payroll/payroll-period';

export const TEAM_DAY_STATUSES = ['in', 'late', 'absent', 'on_leave', 'not_in'] as const;
export type TeamDayStatus = (typeof TEAM_DAY_STATUSES)[number];

export class TeamMemberTodayDto {
  @ApiProperty() employee_id!: number;
  @ApiProperty({ example: 'Pat Doe' }) name!: string;
  @ApiProperty({ nullable: true, type: String }) position_title!: string | null;
  @ApiProperty({ nullable: true, type: String }) department_name!: string | null;
  @ApiProperty({
    enum: TEAM_DAY_STATUSES,
    description: 'in (checked in on time), late, absent (marked absent), on_leave (approved leave today), not_in (no record yet today)',
  })
  status!: TeamDayStatus;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) check_in_time!: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) check_out_time!: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'The leave type when on leave' }) leave_type!: string | null;
}

export class TeamTodayCountsDto {
  @ApiProperty() in!: number;
  @ApiProperty() late!: number;
  @ApiProperty() absent!: number;
  @ApiProperty() on_leave!: number;
  @ApiProperty() not_in!: number;
}

export class TeamTodayDto {
  @ApiProperty({ example: '2026-11-28', description: "Today in the company's time zone" }) date!: string;
  @ApiProperty({ example: 'Europe/Berlin' }) time_zone!: string;
  @ApiProperty({ description: 'Everyone covered (active or on leave), whether or not listed' }) total!: number;
  @ApiProperty({ type: TeamTodayCountsDto }) counts!: TeamTodayCountsDto;
  @ApiProperty({ type: [TeamMemberTodayDto], description: 'By status (late, absent, not in, on leave, in), then name; at most 500' })
  members!: TeamMemberTodayDto[];
}

const toInt = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value);
const YEAR_MESSAGE = `Year must be a whole number from ${MIN_YEAR} to ${MAX_YEAR}`;
const MONTH_MESSAGE = 'Month must be a whole number from 1 to 12';

/** A month of the calendar; the company's current month when left out (both or neither). */
export class TeamCalendarQueryDto {
  @ApiPropertyOptional({ minimum: MIN_YEAR, maximum: MAX_YEAR, example: 2026, description: 'Needs month' })
  @ValidateIf((q: TeamCalendarQueryDto) => q.year !== undefined || q.month !== undefined)
  @Transform(toInt)
  @IsInt({ message: YEAR_MESSAGE })
  @Min(MIN_YEAR, { message: YEAR_MESSAGE })
  @Max(MAX_YEAR, { message: YEAR_MESSAGE })
  year?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 12, example: 11, description: 'Needs year' })
  @ValidateIf((q: TeamCalendarQueryDto) => q.year !== undefined || q.month !== undefined)
  @Transform(toInt)
  @IsInt({ message: MONTH_MESSAGE })
  @Min(1, { message: MONTH_MESSAGE })
  @Max(12, { message: MONTH_MESSAGE })
  month?: number;
}

export class TeamLeaveDto {
  @ApiProperty() id!: number;
  @ApiProperty() employee_id!: number;
  @ApiProperty({ example: 'Pat Doe' }) employee_name!: string;
  @ApiProperty({ example: 'Annual Leave' }) leave_type!: string;
  @ApiProperty({ example: '2026-11-02' }) start_date!: string;
  @ApiProperty({ example: '2026-11-04' }) end_date!: string;
  @ApiProperty({ example: '3.0' }) total_days!: string;
  @ApiProperty({ enum: ['pending', 'approved'] }) status!: 'pending' | 'approved';
  @ApiProperty({ description: "Overlaps another listed person's pending or approved leave" }) overlaps!: boolean;
}

export class TeamHolidayDto {
  @ApiProperty({ example: '2026-11-26' }) date!: string;
  @ApiProperty({ example: 'Thanksgiving' }) name!: string;
}

export class TeamCalendarDto {
  @ApiProperty({ example: '2026-11' }) month!: string;
  @ApiProperty({ example: '2026-11-01' }) start_date!: string;
  @ApiProperty({ example: '2026-11-30' }) end_date!: string;
  @ApiProperty({ type: [TeamLeaveDto], description: 'Pending and approved leave overlapping the month, by start date' })
  leave!: TeamLeaveDto[];
  @ApiProperty({ type: [TeamHolidayDto] }) holidays!: TeamHolidayDto[];
}
