import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { IsDateOnly, trimToNull, IsOptionalNotNull, IsDecimal } from '../../../common/http/fields';
import { LEAVE_STATUSES, type LeaveStatus } from '../leave-request.entity';
import { CHOSEN, IsChosen } from './chosen';

const toNumber = ({ value }: { value: unknown }) =>
  value === '' || value === null ? undefined : typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : value;

export const TOTAL_DAYS_MESSAGE = 'Total days must be at least 0.5, in steps of 0.5';

export class CreateLeaveRequestDto {
  @ApiProperty({ example: 1 })
  @IsChosen(CHOSEN.leave_type)
  leave_type_id!: number;

  @ApiProperty({ format: 'date', example: '2026-07-06' })
  @IsDateOnly({ message: 'Start date must be a date (YYYY-MM-DD)' })
  start_date!: string;

  @ApiProperty({ format: 'date', example: '2026-07-08' })
  @IsDateOnly({ message: 'End date must be a date (YYYY-MM-DD)' })
  end_date!: string;

  @ApiPropertyOptional({
    minimum: 0.5,
    multipleOf: 0.5,
    example: 3,
    description: 'Days of leave; default the working days between start_date and end_date (weekends and company holidays excluded)',
  })
  @IsOptionalNotNull()
  @Transform(toNumber)
  @IsDecimal(1, { message: TOTAL_DAYS_MESSAGE })
  @Min(0.5, { message: TOTAL_DAYS_MESSAGE })
  @Max(366, { message: 'Total days must be at most 366' })
  total_days?: number;

  @ApiPropertyOptional({ nullable: true, type: String, maxLength: 2000, example: 'Family holiday' })
  @IsOptional()
  @Transform(trimToNull)
  @IsString()
  @MaxLength(2000, { message: 'Reason must be at most 2000 characters long' })
  reason?: string | null;

  @ApiPropertyOptional({ type: Number, description: 'Id returned by POST /hr/leave-requests/attachments' })
  @IsOptional()
  @IsChosen(CHOSEN.attachment)
  attachment_id?: number | null;

  @ApiPropertyOptional({ type: Number, description: "Request for this employee (needs leave edit); default the caller's own employee record" })
  @IsOptionalNotNull()
  @IsChosen(CHOSEN.employee)
  employee_id?: number;

  @ApiPropertyOptional({ type: Number, description: 'Sent by an impersonating superadmin; must be the company of the token' })
  @IsOptionalNotNull()
  @IsChosen(CHOSEN.company)
  company_id?: number;
}

export class RejectLeaveRequestDto {
  @ApiPropertyOptional({ nullable: true, type: String, maxLength: 2000, example: 'Team is short-staffed that week' })
  @IsOptional()
  @Transform(trimToNull)
  @IsString({ message: 'Reason must be text' })
  @MaxLength(2000, { message: 'Reason must be at most 2000 characters long' })
  reason?: string | null;

  @ApiPropertyOptional({ nullable: true, type: String, description: 'Same as reason' })
  @IsOptional()
  @Transform(trimToNull)
  @IsString({ message: 'Rejection reason must be text' })
  @MaxLength(2000, { message: 'Rejection reason must be at most 2000 characters long' })
  rejection_reason?: string | null;
}

export class WorkingDaysQueryDto {
  @ApiProperty({ format: 'date', example: '2026-07-06' })
  @IsDateOnly({ message: 'Start date must be a date (YYYY-MM-DD)' })
  start_date!: string;

  @ApiProperty({ format: 'date', example: '2026-07-10' })
  @IsDateOnly({ message: 'End date must be a date (YYYY-MM-DD)' })
  end_date!: string;
}

export class WorkingDaysDto {
  @ApiProperty({ format: 'date' }) start_date!: string;
  @ApiProperty({ format: 'date' }) end_date!: string;
  @ApiProperty({ example: 5, description: 'Days that are neither Saturday, Sunday nor a company holiday' }) working_days!: number;
  @ApiProperty({ type: [String], example: ['2026-07-06'], description: 'The working days themselves' }) dates!: string[];
  @ApiProperty({ type: [String], description: 'Company holidays on weekdays in the range' }) holidays!: string[];
}

export class LeaveAttachmentDto {
  @ApiProperty({ example: 1 }) id!: number;
  @ApiProperty({ example: 'doctor-note.pdf' }) file_name!: string;
  @ApiProperty({ example: 'application/pdf' }) content_type!: string;
  @ApiProperty({ example: 20480 }) size_bytes!: number;
}

export class LeaveAttachmentUploadDto {
  @ApiProperty({ type: 'string', format: 'binary', description: 'PDF, PNG or JPEG, at most 5 MB' })
  file!: unknown;
}

export class LeaveRequestResponseDto {
  @ApiProperty({ example: 1 }) id!: number;
  @ApiProperty() employee_id!: number;
  @ApiProperty({ example: 'Jane Doe' }) employee_name!: string;
  @ApiProperty({ type: String, nullable: true, example: 'EMP001' }) employee_code!: string | null;
  @ApiProperty() leave_type_id!: number;
  @ApiProperty({ example: 'Annual Leave' }) leave_type_name!: string;
  @ApiProperty({ format: 'date' }) start_date!: string;
  @ApiProperty({ format: 'date' }) end_date!: string;
  @ApiProperty({ example: '3.0', description: 'decimal days' }) total_days!: string;
  @ApiProperty({ type: String, nullable: true }) reason!: string | null;
  @ApiProperty({ enum: LEAVE_STATUSES }) status!: LeaveStatus;
  @ApiProperty() requested_at!: Date;
  @ApiProperty({ type: Number, nullable: true }) decided_by!: number | null;
  @ApiProperty({ type: String, nullable: true, example: 'Alex Morgan' }) decided_by_name!: string | null;
  @ApiProperty({ type: Date, nullable: true }) decided_at!: Date | null;
  @ApiProperty({ type: String, nullable: true }) rejection_reason!: string | null;
  @ApiProperty({ type: LeaveAttachmentDto, nullable: true }) attachment!: LeaveAttachmentDto | null;
  @ApiProperty() created_at!: Date;
  @ApiProperty() updated_at!: Date;
}

export class LeaveBalanceDto {
  @ApiProperty() employee_id!: number;
  @ApiProperty({ example: 'Jane Doe' }) employee_name!: string;
  @ApiProperty({ type: String, nullable: true }) employee_code!: string | null;
  @ApiProperty() leave_type_id!: number;
  @ApiProperty({ example: 'Annual Leave' }) leave_type_name!: string;
  @ApiProperty({ example: 'AL' }) type_code!: string;
  @ApiProperty({ example: 2026 }) year!: number;
  @ApiProperty({ description: 'false: the type has no yearly limit (remaining is null)' }) limited!: boolean;
  @ApiProperty({ example: '20.0', description: 'Days granted this year (pro-rated for joiners when the policy says so)' }) entitlement!: string;
  @ApiProperty({ example: '5.0', description: "Unused days of last year still usable (capped; 0 once expired beyond what was taken before the expiry)" }) carried_over!: string;
  @ApiProperty({ example: '3.0', description: 'Approved days' }) taken!: string;
  @ApiProperty({ example: '2.0', description: 'Days of pending requests' }) pending!: string;
  @ApiProperty({ type: String, nullable: true, example: '20.0', description: 'entitlement + carried_over - taken - pending; null when unlimited' })
  remaining!: string | null;
}
