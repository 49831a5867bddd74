import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { IsId, trim, IsOptionalNotNull } from '../../../common/http/fields';
import { TASK_CATEGORIES, TASK_PRIORITIES, type TaskCategory, type TaskPriority } from '../task.entity';
import { TaskFieldsDto, TITLE_REQUIRED } from './task.dto';

const emptyToNull = ({ value }: { value: unknown }) => (value === '' ? null : value);

export class CreateTaskTemplateDto extends TaskFieldsDto {
  @ApiProperty({ maxLength: 200, example: 'New hire onboarding' })
  @Transform(trim)
  @IsString({ message: 'Please enter a template name' })
  @MaxLength(200, { message: 'The template name must be at most 200 characters long' })
  @IsNotEmpty({ message: 'Please enter a template name' })
  name!: string;

  @ApiProperty({ maxLength: 255, example: 'Prepare onboarding pack' })
  @Transform(trim)
  @IsString({ message: TITLE_REQUIRED })
  @MaxLength(255, { message: 'The task title must be at most 255 characters long' })
  @IsNotEmpty({ message: TITLE_REQUIRED })
  title!: string;

  @ApiPropertyOptional({ nullable: true, type: Number, minimum: 0, maximum: 3650, description: 'Tasks are due this many days after creation' })
  @IsOptional()
  @Transform(emptyToNull)
  @IsInt({ message: 'Due in days must be a whole number of days' })
  @Min(0, { message: 'Due in days must not be negative' })
  @Max(3650, { message: 'Due in days must be at most 3650' })
  due_in_days?: number | null;

  @ApiPropertyOptional({ nullable: true, type: Number })
  @IsOptional()
  @IsId('department_id')
  department_id?: number | null;

  @ApiPropertyOptional({ nullable: true, type: Number })
  @IsOptional()
  @IsId('position_id')
  position_id?: number | null;

  @ApiPropertyOptional({ description: 'Default true' })
  @IsOptionalNotNull()
  @IsBoolean({ message: 'Is active must be true or false' })
  is_active?: boolean;

  @ApiPropertyOptional({ type: Number, description: 'Sent by an impersonating superadmin; must be the company of the token' })
  @IsOptionalNotNull()
  @IsId('company_id')
  company_id?: number;
}

export class TaskTemplateResponseDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ nullable: true, type: String }) description!: string | null;
  @ApiProperty({ enum: TASK_CATEGORIES }) category!: TaskCategory;
  @ApiProperty({ enum: TASK_PRIORITIES }) priority!: TaskPriority;
  @ApiProperty({ nullable: true, type: Number }) estimated_hours!: number | null;
  @ApiProperty({ nullable: true, type: Number }) due_in_days!: number | null;
  @ApiProperty({ nullable: true, type: Number }) department_id!: number | null;
  @ApiProperty({ nullable: true, type: String }) department_name!: string | null;
  @ApiProperty({ nullable: true, type: Number }) position_id!: number | null;
  @ApiProperty({ nullable: true, type: String }) position_title!: string | null;
  @ApiProperty() is_active!: boolean;
  @ApiProperty({ type: String, format: 'date-time' }) created_at!: string;
}
