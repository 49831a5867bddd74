import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsEmail, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsId, IsOptionalNotNull } from '../../../common/http/fields';
import { REPORT_IDS } from '../catalogue';
import { REPORT_FREQUENCIES, type ReportFrequency } from '../schedule/report-subscription.entity';
import { EXPORT_FORMATS, type ExportFormat } from './report.dto';

const lowerList = ({ value }: { value: unknown }) =>
  Array.isArray(value) ? [...new Set(value.map((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v)))] : value;

export class CreateReportSubscriptionDto {
  @ApiProperty({ enum: REPORT_IDS, description: 'The report sent' })
  @IsIn(REPORT_IDS, { message: 'Choose one of the reports' })
  report_id!: string;

  @ApiProperty({ enum: REPORT_FREQUENCIES, description: "weekly: Monday morning, the week before; monthly: the 1st, the month before (the company's time zone)" })
  @IsIn([...REPORT_FREQUENCIES], { message: 'Frequency must be weekly or monthly' })
  frequency!: ReportFrequency;

  @ApiProperty({ enum: EXPORT_FORMATS, description: 'The file attached: CSV, XLSX or PDF' })
  @IsIn([...EXPORT_FORMATS], { message: 'Format must be one of: CSV, XLSX, PDF' })
  format!: ExportFormat;

  @ApiProperty({ type: [String], minItems: 1, maxItems: 20, example: ['admin@acme.example.com'], description: 'E-mail addresses of users of the company who may see the report' })
  @Transform(lowerList)
  @IsArray({ message: 'Recipients must be a list of e-mail addresses' })
  @ArrayMinSize(1, { message: 'Add at least one recipient' })
  @ArrayMaxSize(20, { message: 'At most 20 recipients' })
  @IsEmail({}, { each: true, message: 'Each recipient must be a valid e-mail address' })
  recipients!: string[];

  @ApiPropertyOptional({ type: String, nullable: true, description: "One of the report's groupings" })
  @IsOptional()
  @IsString({ message: 'Group by must be text' })
  @MaxLength(30, { message: 'Group by must be one of the report’s groupings' })
  group_by?: string | null;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Only employees of this department' })
  @IsOptional()
  @IsId('department_id')
  department_id?: number | null;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Only employees in this position' })
  @IsOptional()
  @IsId('position_id')
  position_id?: number | null;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Only this work location' })
  @IsOptional()
  @IsId('location_id')
  location_id?: number | null;

  @ApiPropertyOptional({ default: true, description: 'Paused subscriptions send nothing' })
  @IsOptionalNotNull()
  @IsBoolean({ message: 'Active must be true or false' })
  is_active?: boolean;
}

/** An update changes only the fields it sends, with the rules of creation, and never sets one to null. */
export class UpdateReportSubscriptionDto extends PartialType(CreateReportSubscriptionDto, { skipNullProperties: false }) {}

export class ReportSubscriptionResponseDto {
  @ApiProperty() id!: number;
  @ApiProperty({ enum: REPORT_IDS }) report_id!: string;
  @ApiProperty({ example: 'Payroll cost' }) report_title!: string;
  @ApiProperty({ enum: REPORT_FREQUENCIES }) frequency!: ReportFrequency;
  @ApiProperty({ enum: EXPORT_FORMATS }) format!: ExportFormat;
  @ApiProperty({ type: [String] }) recipients!: string[];
  @ApiProperty({ type: String, nullable: true }) group_by!: string | null;
  @ApiProperty({ type: Number, nullable: true }) department_id!: number | null;
  @ApiProperty({ type: Number, nullable: true }) position_id!: number | null;
  @ApiProperty({ type: Number, nullable: true }) location_id!: number | null;
  @ApiProperty() is_active!: boolean;
  @ApiProperty({ format: 'date-time', readOnly: true, description: 'When it is sent next' }) next_run_at!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, readOnly: true }) last_sent_at!: string | null;
  @ApiProperty({ type: String, nullable: true, readOnly: true, description: 'Why the last run sent nothing' }) last_error!: string | null;
  @ApiProperty({ format: 'date-time', readOnly: true }) created_at!: string;
}
