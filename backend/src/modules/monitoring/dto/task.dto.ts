import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsPositive,
  IsString,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import {
  TASK_CATEGORIES,
  TASK_PRIORITIES,
  TASK_STATUSES,
  type TaskCategory,
  type TaskPriority,
  type TaskStatus,
} from '../task.entity';
import { IsInDateRange, IsId, trim, IsOptionalNotNull, IsDecimal, oneOf } from '../../../common/http/fields';

export const TITLE_REQUIRED = 'Please enter a task title';
/** Empty form values ('' or null) mean "none". */
const emptyToNull = ({ value }: { value: unknown }) => (value === '' ? null : value);

/** Statuses a task may be created with or moved to by a user (overdue is set by the system). */
export const SETTABLE_STATUSES = ['pending', 'in_progress', 'on_hold', 'completed', 'cancelled'] as const;
export const INITIAL_STATUSES = ['pending', 'in_progress', 'on_hold'] as const;

const DUE_DATE_DOC =
  'ISO 8601 date-time, or a date (YYYY-MM-DD) meaning the end of that day in the company time zone';

/** The fields a task shares with a template and a bulk assignment. */
export class TaskFieldsDto {
  @ApiPropertyOptional({ nullable: true, type: String, maxLength: 10000 })
  @IsOptional()
  @Transform(emptyToNull)
  @IsString()
  @MaxLength(10000)
  description?: string | null;

  @ApiPropertyOptional({ enum: TASK_CATEGORIES, description: 'Default general when created' })
  @IsOptionalNotNull()
  @IsIn(TASK_CATEGORIES, { message: `Category must be one of ${oneOf(TASK_CATEGORIES)}` })
  category?: TaskCategory;

  @ApiPropertyOptional({ enum: TASK_PRIORITIES, description: 'Default medium when created' })
  @IsOptionalNotNull()
  @IsIn(TASK_PRIORITIES, { message: `Priority must be one of ${oneOf(TASK_PRIORITIES)}` })
  priority?: TaskPriority;

  @ApiPropertyOptional({ nullable: true, type: Number, minimum: 0, maximum: 99999, example: 4 })
  @IsOptional()
  @Transform(emptyToNull)
  @IsDecimal(2, { message: 'Estimated hours must be a number with at most 2 decimals' })
  @Min(0, { message: 'Estimated hours must not be negative' })
  @Max(99999, { message: 'Estimated hours must be at most 99999' })
  estimated_hours?: number | null;
}

export class CreateTaskDto extends TaskFieldsDto {
  @ApiProperty({ maxLength: 255, example: 'Prepare onboarding pack' })
  @Transform(trim)
  @IsString({ message: TITLE_REQUIRED })
  @MaxLength(255, { message: 'The task title must be at most 255 characters long' })
  @IsNotEmpty({ message: TITLE_REQUIRED })
  title!: string;

  @ApiPropertyOptional({ enum: INITIAL_STATUSES, description: 'Default pending' })
  @IsOptionalNotNull()
  @IsIn(INITIAL_STATUSES, { message: `Status must be one of ${oneOf(INITIAL_STATUSES)}` })
  status?: TaskStatus;

  @ApiPropertyOptional({ nullable: true, type: Number, description: 'Employee id of the assignee' })
  @IsOptional()
  @IsId('assigned_to')
  assigned_to?: number | null;

  @ApiPropertyOptional({ nullable: true, type: Number })
  @IsOptional()
  @IsId('department_id')
  department_id?: number | null;

  @ApiPropertyOptional({ nullable: true, type: Number })
  @IsOptional()
  @IsId('position_id')
  position_id?: number | null;

  @ApiPropertyOptional({ nullable: true, type: Number, description: 'Employee id the task is about' })
  @IsOptional()
  @IsId('employee_id')
  employee_id?: number | null;

  @ApiPropertyOptional({ minimum: 0, maximum: 100, description: 'Default 0' })
  @IsOptionalNotNull()
  @IsInt({ message: 'Progress percentage must be a whole number from 0 to 100' })
  @Min(0, { message: 'Progress percentage must be a whole number from 0 to 100' })
  @Max(100, { message: 'Progress percentage must be a whole number from 0 to 100' })
  progress_percentage?: number;

  @ApiPropertyOptional({ nullable: true, type: String, description: DUE_DATE_DOC, example: '2026-12-31' })
  @IsOptional()
  @Transform(emptyToNull)
  @IsISO8601({ strict: true }, { message: 'Due date must be an ISO 8601 date' })
  @IsInDateRange()
  due_date?: string | null;

  @ApiPropertyOptional({ type: Number, description: 'Sent by an impersonating superadmin; must be the company of the token' })
  @IsOptionalNotNull()
  @IsId('company_id')
  company_id?: number;
}

export class UpdateTaskDto extends TaskFieldsDto {
  @ApiPropertyOptional({ maxLength: 255 })
  @IsOptionalNotNull()
  @Transform(trim)
  @IsString({ message: TITLE_REQUIRED })
  @MaxLength(255, { message: 'The task title must be at most 255 characters long' })
  @IsNotEmpty({ message: TITLE_REQUIRED })
  title?: string;

  @ApiPropertyOptional({
    enum: SETTABLE_STATUSES,
    description: 'completed and cancelled are final unless `reopen` is true; overdue is set by the system',
  })
  @IsOptionalNotNull()
  @IsIn(TASK_STATUSES, { message: `Status must be one of ${oneOf(SETTABLE_STATUSES)}` })
  status?: TaskStatus;

  @ApiPropertyOptional({ description: 'Reopen a completed or cancelled task (to `status`, default pending)' })
  @IsOptionalNotNull()
  @IsBoolean({ message: 'Reopen must be true or false' })
  reopen?: boolean;

  @ApiPropertyOptional({ nullable: true, type: Number })
  @IsOptional()
  @IsId('assigned_to')
  assigned_to?: number | null;

  @ApiPropertyOptional({ nullable: true, type: Number })
  @IsOptional()
  @IsId('department_id')
  department_id?: number | null;

  @ApiPropertyOptional({ nullable: true, type: Number })
  @IsOptional()
  @IsId('position_id')
  position_id?: number | null;

  @ApiPropertyOptional({ nullable: true, type: Number })
  @IsOptional()
  @IsId('employee_id')
  employee_id?: number | null;

  @ApiPropertyOptional({ minimum: 0, maximum: 100 })
  @IsOptionalNotNull()
  @IsInt({ message: 'Progress percentage must be a whole number from 0 to 100' })
  @Min(0, { message: 'Progress percentage must be a whole number from 0 to 100' })
  @Max(100, { message: 'Progress percentage must be a whole number from 0 to 100' })
  progress_percentage?: number;

  @ApiPropertyOptional({ nullable: true, type: String, description: DUE_DATE_DOC, example: '2026-12-31' })
  @IsOptional()
  @Transform(emptyToNull)
  @IsISO8601({ strict: true }, { message: 'Due date must be an ISO 8601 date' })
  @IsInDateRange()
  due_date?: string | null;
}

export class BulkCreateTasksDto extends TaskFieldsDto {
  @ApiProperty({ maxLength: 255 })
  @Transform(trim)
  @IsString({ message: TITLE_REQUIRED })
  @MaxLength(255, { message: 'The task title must be at most 255 characters long' })
  @IsNotEmpty({ message: TITLE_REQUIRED })
  title!: string;

  @ApiPropertyOptional({ type: [Number], description: 'Employees of these departments (and of position_id when given)' })
  @IsOptionalNotNull()
  @IsArray({ message: 'Department IDs must be a list of department ids' })
  @ArrayMaxSize(500)
  @IsInt({ each: true, message: 'Department IDs must be a list of department ids' })
  @IsPositive({ each: true, message: 'Department IDs must be a list of department ids' })
  department_ids?: number[];

  @ApiPropertyOptional({ nullable: true, type: Number })
  @IsOptional()
  @IsId('position_id')
  position_id?: number | null;

  @ApiPropertyOptional({
    type: [Number],
    description: 'Only these employees of the selection; one that is not part of it is reported as failed',
  })
  @IsOptionalNotNull()
  @IsArray({ message: 'Employee IDs must be a list of employee ids' })
  @ArrayMaxSize(5000)
  @IsInt({ each: true, message: 'Employee IDs must be a list of employee ids' })
  @IsPositive({ each: true, message: 'Employee IDs must be a list of employee ids' })
  employee_ids?: number[];

  @ApiPropertyOptional({ nullable: true, type: String, description: DUE_DATE_DOC, example: '2026-12-31' })
  @IsOptional()
  @Transform(emptyToNull)
  @IsISO8601({ strict: true }, { message: 'Due date must be an ISO 8601 date' })
  @IsInDateRange()
  due_date?: string | null;

  @ApiPropertyOptional({ type: Number, description: 'Sent by an impersonating superadmin; must be the company of the token' })
  @IsOptionalNotNull()
  @IsId('company_id')
  company_id?: number;
}

export class CreateTaskFromTemplateDto {
  @ApiPropertyOptional({ maxLength: 255, description: 'Defaults to the template title' })
  @IsOptionalNotNull()
  @Transform(trim)
  @IsString({ message: TITLE_REQUIRED })
  @MaxLength(255, { message: 'The task title must be at most 255 characters long' })
  @IsNotEmpty({ message: TITLE_REQUIRED })
  title?: string;

  @ApiPropertyOptional({ nullable: true, type: String })
  @IsOptional()
  @Transform(emptyToNull)
  @IsString()
  @MaxLength(10000)
  description?: string | null;

  @ApiPropertyOptional({ nullable: true, type: String, description: `${DUE_DATE_DOC}; defaults to due_in_days of the template` })
  @IsOptional()
  @Transform(emptyToNull)
  @IsISO8601({ strict: true }, { message: 'Due date must be an ISO 8601 date' })
  @IsInDateRange()
  due_date?: string | null;

  @ApiPropertyOptional({ nullable: true, type: Number })
  @IsOptional()
  @IsId('assigned_to')
  assigned_to?: number | null;

  @ApiPropertyOptional({ nullable: true, type: Number, description: 'Defaults to the template department' })
  @IsOptional()
  @IsId('department_id')
  department_id?: number | null;

  @ApiPropertyOptional({ nullable: true, type: Number, description: 'Defaults to the template position' })
  @IsOptional()
  @IsId('position_id')
  position_id?: number | null;

  @ApiPropertyOptional({ nullable: true, type: Number })
  @IsOptional()
  @IsId('employee_id')
  employee_id?: number | null;

  @ApiPropertyOptional({ type: Number, description: 'Sent by an impersonating superadmin; must be the company of the token' })
  @IsOptionalNotNull()
  @IsId('company_id')
  company_id?: number;
}

export class TaskResponseDto {
  @ApiProperty() id!: number;
  @ApiProperty() title!: string;
  @ApiProperty({ nullable: true, type: String }) description!: string | null;
  @ApiProperty({ enum: TASK_CATEGORIES }) category!: TaskCategory;
  @ApiProperty({ enum: TASK_PRIORITIES }) priority!: TaskPriority;
  @ApiProperty({ enum: TASK_STATUSES, description: 'overdue when past due and not done, even before the job marks it' })
  status!: TaskStatus;
  @ApiProperty({ nullable: true, type: Number, description: 'Employee id of the assignee' }) assigned_to!: number | null;
  @ApiProperty({ nullable: true, type: String }) assigned_to_name!: string | null;
  @ApiProperty({ nullable: true, type: Number }) department_id!: number | null;
  @ApiProperty({ nullable: true, type: String }) department_name!: string | null;
  @ApiProperty({ nullable: true, type: Number }) position_id!: number | null;
  @ApiProperty({ nullable: true, type: String }) position_title!: string | null;
  @ApiProperty({ nullable: true, type: Number }) employee_id!: number | null;
  @ApiProperty({ nullable: true, type: String }) employee_name!: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) due_date!: string | null;
  @ApiProperty({ nullable: true, type: Number }) estimated_hours!: number | null;
  @ApiProperty({ minimum: 0, maximum: 100 }) progress_percentage!: number;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) completed_at!: string | null;
  @ApiProperty() is_overdue!: boolean;
  @ApiProperty({ nullable: true, type: Number }) template_id!: number | null;
  @ApiProperty({ nullable: true, type: Number, description: 'User id' }) created_by!: number | null;
  @ApiProperty({ nullable: true, type: String }) created_by_name!: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) created_at!: string;
  @ApiProperty({ type: String, format: 'date-time' }) updated_at!: string;
}

export class BulkFailureDto {
  @ApiProperty() employee_id!: number;
  @ApiProperty({ nullable: true, type: String }) employee_name!: string | null;
  @ApiProperty() message!: string;
}

export class BulkCreateResultDto {
  @ApiProperty({ description: 'Tasks created' }) created!: number;
  @ApiProperty({ type: [BulkFailureDto] }) failed!: BulkFailureDto[];
  @ApiProperty({ description: 'Employees targeted (created + failed)' }) total!: number;
  @ApiProperty({ type: [Number] }) task_ids!: number[];
}

export class StatusBreakdownDto {
  @ApiProperty() pending!: number;
  @ApiProperty() in_progress!: number;
  @ApiProperty() completed!: number;
  @ApiProperty() cancelled!: number;
  @ApiProperty() on_hold!: number;
  @ApiProperty({ description: 'Open tasks past their due date, as on read' }) overdue!: number;
}

export class PriorityBreakdownDto {
  @ApiProperty() low!: number;
  @ApiProperty() medium!: number;
  @ApiProperty() high!: number;
  @ApiProperty() urgent!: number;
  @ApiProperty() critical!: number;
}

export class TaskMetricsDto {
  @ApiProperty({ nullable: true, type: String, format: 'date', description: 'First day of the range (inclusive)' })
  start_date!: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date', description: 'Last day of the range (inclusive)' })
  end_date!: string | null;
  @ApiProperty() total_created!: number;
  @ApiProperty() total_completed!: number;
  @ApiProperty({ type: StatusBreakdownDto, description: 'Tasks per status' })
  status_breakdown!: StatusBreakdownDto;
  @ApiProperty({ type: PriorityBreakdownDto, description: 'Tasks per priority' })
  priority_breakdown!: PriorityBreakdownDto;
  @ApiProperty() overdue_tasks!: number;
  @ApiProperty({ nullable: true, type: Number, description: 'Created to completed, 2 decimals; null when none completed' })
  avg_completion_time_hours!: number | null;
  @ApiProperty({ description: 'total_completed / total_created as a rounded percent' }) completion_rate!: number;
}

export class TaskMetricsQueryDto {
  @ApiPropertyOptional({ type: String, format: 'date', description: 'Tasks created on or after this day (company time)' })
  @IsOptionalNotNull()
  @IsISO8601({ strict: true }, { message: 'Start date must be an ISO 8601 date' })
  @IsInDateRange()
  start_date?: string;

  @ApiPropertyOptional({ type: String, format: 'date', description: 'Tasks created on or before this day (company time)' })
  @IsOptionalNotNull()
  @IsISO8601({ strict: true }, { message: 'End date must be an ISO 8601 date' })
  @IsInDateRange()
  end_date?: string;

  @ApiPropertyOptional({ type: Number, description: 'Sent by an impersonating superadmin; must be the company of the token' })
  @IsOptionalNotNull()
  @IsId('company_id')
  company_id?: number;
}
