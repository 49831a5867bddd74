import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';

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

export class TeamCalendarQueryDto {
  @ApiPropertyOptional({ example: '2026-11', description: "A month as YYYY-MM; the company's current month when left out" })
  @IsOptional()
  @Matches(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'Month must be a month like 2026-11' })
  month?: string;
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
