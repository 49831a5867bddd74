import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { IsId, IsOptionalNotNull, trim } from '../../../common/http/fields';
import { EMPLOYMENT_STATUSES, type EmploymentStatus } from '../../employees/employee.entity';

export const SEARCH_MIN = 2;
export const SEARCH_MAX = 100;

export class OrgChartQueryDto {
  @ApiPropertyOptional({ type: Number, description: 'The employee whose direct reports to answer; without it (and without q), the top of the chart' })
  @IsOptionalNotNull()
  @IsId('manager_id')
  manager_id?: number;

  @ApiPropertyOptional({
    type: String,
    minLength: SEARCH_MIN,
    maxLength: SEARCH_MAX,
    description: 'Words of a name (each must occur in the first or last name): up to 20 matches, each with its chain of managers',
  })
  @IsOptionalNotNull()
  @Transform(trim)
  @IsString({ message: 'Search must be text' })
  @MinLength(SEARCH_MIN, { message: `Type at least ${SEARCH_MIN} characters of a name to search` })
  @MaxLength(SEARCH_MAX, { message: `Search must be at most ${SEARCH_MAX} characters long` })
  q?: string;
}

export class OrgChartStepDto {
  @ApiProperty({ example: 7 }) id!: number;
  @ApiProperty({ example: 'Ada Park' }) name!: string;
}

export class OrgChartNodeDto {
  @ApiProperty({ example: 42 }) id!: number;
  @ApiProperty({ description: 'First and last name', example: 'Pat Lee' }) name!: string;
  @ApiProperty({ type: String, nullable: true, example: 'Engineering Manager' }) position_title!: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'Engineering' }) department_name!: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Whom the employee reports to (null at the top of the company)' })
  manager_id!: number | null;
  @ApiProperty({ description: "How many people report directly to the employee, within the caller's view (terminated employees left out)", example: 3 })
  direct_reports!: number;
  @ApiProperty({ enum: EMPLOYMENT_STATUSES.filter((s) => s !== 'terminated') }) employment_status!: Exclude<EmploymentStatus, 'terminated'>;

  @ApiPropertyOptional({
    type: [OrgChartStepDto],
    description:
      "In answers to a search only: the chain from the top of the caller's chart down to the employee, the employee last (the nodes to expand to show them)",
  })
  path?: OrgChartStepDto[];
}
