import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { IsDateOnly, IsId, IsOptionalNotNull } from '../../../common/http/fields';
import { REPORTS } from '../catalogue';
import { CHART_KINDS, COLUMN_TYPES, REPORT_FILTERS, REPORT_GROUPS, type ChartKind, type ColumnType, type ReportFilter, type ReportGroup } from '../report-definition';

/** Whose records a report covers for its reader (a report of one's own records is not offered). */
export const REPORT_SCOPES = ['company', 'department', 'team'] as const;
export type ReportScopeName = (typeof REPORT_SCOPES)[number];

export const EXPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const toInt = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value);
const emptyToUndefined = ({ value }: { value: unknown }) => (value === '' ? undefined : value);

/** Every report's groupings (the document's enum), and which report takes which, in words. */
const GROUPINGS = [...new Set(REPORTS.flatMap((r) => (r.groupBy ?? []).map((g) => g.id)))];
const GROUPINGS_BY_REPORT = REPORTS.filter((r) => r.groupBy)
  .map((r) => `${r.id}: ${r.groupBy!.map((g) => g.id).join(', ')} (default ${r.groupBy![0].id})`)
  .join('; ');

// ---- requests

/** The filters of a report; each report uses those its catalogue entry lists and ignores the others. */
export class ReportQueryDto {
  @ApiPropertyOptional({ example: '2026-01-01', description: "First day of the period (default: the first day of the month 11 months ago, in the company's time zone)" })
  @Transform(emptyToUndefined)
  @IsOptionalNotNull()
  @IsDateOnly()
  from?: string;

  @ApiPropertyOptional({ example: '2026-11-30', description: 'Last day of the period (default: today)' })
  @Transform(emptyToUndefined)
  @IsOptionalNotNull()
  @IsDateOnly()
  to?: string;

  @ApiPropertyOptional({ example: '2026-11-26', description: 'The day a snapshot report is taken at (default: today)' })
  @Transform(emptyToUndefined)
  @IsOptionalNotNull()
  @IsDateOnly()
  at?: string;

  @ApiPropertyOptional({ type: Number, description: 'Only employees of this department' })
  @Transform(emptyToUndefined)
  @IsOptionalNotNull()
  @IsId('department_id')
  department_id?: number;

  @ApiPropertyOptional({ type: Number, description: 'Only employees in this position' })
  @Transform(emptyToUndefined)
  @IsOptionalNotNull()
  @IsId('position_id')
  position_id?: number;

  @ApiPropertyOptional({ type: Number, description: 'Only this work location (attendance at it; otherwise employees assigned to it)' })
  @Transform(emptyToUndefined)
  @IsOptionalNotNull()
  @IsId('location_id')
  location_id?: number;

  @ApiPropertyOptional({
    enum: GROUPINGS,
    description:
      "One of the report's groupings (group_by_options of its catalogue entry); another is a 400 naming group_by. " +
      `By report: ${GROUPINGS_BY_REPORT}. The other reports have no grouping and ignore it`,
  })
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString({ message: 'Group by must be text' })
  group_by?: string;

  @ApiPropertyOptional({ minimum: 0, maximum: 365, default: 7, description: 'Pending requests made more than this many days ago' })
  @Transform(emptyToUndefined)
  @Transform(toInt)
  @IsOptionalNotNull()
  @IsInt({ message: 'Older than (days) must be a whole number from 0 to 365' })
  @Min(0, { message: 'Older than (days) must be a whole number from 0 to 365' })
  @Max(365, { message: 'Older than (days) must be a whole number from 0 to 365' })
  older_than_days?: number;
}

export class ReportExportQueryDto extends ReportQueryDto {
  @ApiProperty({ enum: EXPORT_FORMATS, description: 'csv, xlsx (Excel) or pdf' })
  @IsIn([...EXPORT_FORMATS], { message: 'Format must be one of: CSV, XLSX, PDF' })
  format!: ExportFormat;
}

// ---- responses

export class ReportOptionDto {
  @ApiProperty({ example: 'department' }) id!: string;
  @ApiProperty({ example: 'Department' }) name!: string;
}

export class ReportDefaultsDto {
  @ApiProperty({ example: '2026-01-01' }) from!: string;
  @ApiProperty({ example: '2026-11-26' }) to!: string;
  @ApiProperty({ example: '2026-11-26' }) at!: string;
  @ApiProperty({ type: String, nullable: true, example: 'department' }) group_by!: string | null;
  @ApiProperty({ example: 7 }) older_than_days!: number;
}

export class ReportInfoDto {
  @ApiProperty({ example: 'headcount-breakdown' }) id!: string;
  @ApiProperty({ enum: REPORT_GROUPS }) group!: ReportGroup;
  @ApiProperty({ example: 'Headcount' }) title!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ enum: REPORT_FILTERS, isArray: true, description: 'The filters the report takes' }) filters!: ReportFilter[];
  @ApiProperty({ type: [ReportOptionDto], description: 'The groupings offered (empty when the report has none); the first is the default' })
  group_by_options!: ReportOptionDto[];
  @ApiProperty({ type: ReportDefaultsDto, description: "The filters' values when not sent, in the company's time zone" })
  defaults!: ReportDefaultsDto;
  @ApiProperty({
    enum: REPORT_SCOPES,
    description:
      "Whose records the caller's report covers: the whole company, or their department or team (everyone who reports to them, " +
      "directly or through others), by the caller's view right in the report's module",
  })
  scope!: ReportScopeName;
}

export class ReportColumnDto {
  @ApiProperty({ example: 'employees' }) key!: string;
  @ApiProperty({ example: 'Employees' }) label!: string;
  @ApiProperty({ enum: COLUMN_TYPES, description: 'integer and percent are numbers (12.5 = 12.5 %); money and number are text with 2 decimals; date is YYYY-MM-DD' })
  type!: ColumnType;
}

export class ReportSeriesDto {
  @ApiProperty() key!: string;
  @ApiProperty() label!: string;
}

export class ReportChartDto {
  @ApiProperty({ enum: CHART_KINDS }) kind!: ChartKind;
  @ApiProperty({ description: 'The column along the x axis' }) x!: string;
  @ApiProperty({ type: [ReportSeriesDto] }) series!: ReportSeriesDto[];
}

const CELLS = { type: 'object' as const, additionalProperties: { anyOf: [{ type: 'string' as const, nullable: true }, { type: 'number' as const, nullable: true }] } };

export class ReportResultDto {
  @ApiProperty({ example: 'headcount-breakdown' }) id!: string;
  @ApiProperty({ enum: REPORT_GROUPS }) group!: ReportGroup;
  @ApiProperty({ example: 'Headcount' }) title!: string;
  @ApiProperty({ example: 'At 26 November 2026 · by Department · Engineering', description: 'The period and filters in words' })
  subtitle!: string;
  @ApiProperty({ type: [ReportColumnDto] }) columns!: ReportColumnDto[];
  @ApiProperty({ type: 'array', items: CELLS, description: 'The rows, keyed by column (at most 1,000; the exports have all)' })
  rows!: Array<Record<string, string | number | null>>;
  @ApiProperty({ ...CELLS, nullable: true, description: 'The totals row, null when the report has none' })
  totals!: Record<string, string | number | null> | null;
  @ApiProperty({ type: ReportChartDto, nullable: true }) chart!: ReportChartDto | null;
  @ApiProperty({ type: String, nullable: true, example: 'USD', description: 'The currency of the money columns when there is one' })
  currency!: string | null;
  @ApiProperty({ example: 12 }) total_rows!: number;
  @ApiProperty({ description: 'More rows than shown: export the report for all of them' }) truncated!: boolean;
}
