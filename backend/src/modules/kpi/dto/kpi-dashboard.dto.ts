import { ApiProperty } from '@nestjs/swagger';
import { KPI_CATEGORIES, type KpiCategory } from '../kpi.entity';
import { SUBJECT_TYPES, type SubjectType } from '../kpi-subject';

export class KpiCategorySummaryDto {
  @ApiProperty({ enum: KPI_CATEGORIES }) category!: KpiCategory;
  @ApiProperty({ example: 5 }) total_kpis!: number;
  @ApiProperty({ example: 4 }) active_kpis!: number;
}

export class TargetsSummaryDto {
  @ApiProperty({ example: 7 }) achieved_targets!: number;
  @ApiProperty({ example: 10 }) total_targets!: number;
  @ApiProperty({ example: 70, description: 'achieved / total as a whole percent; 0 without targets' }) achievement_rate!: number;
}

export class BonusSummaryDto {
  @ApiProperty({ example: '4200.00', description: 'Total of the paid payments' }) total_bonus_amount!: string;
  @ApiProperty({ example: 9 }) paid_payments!: number;
  @ApiProperty({ example: '1500.00', description: 'Total of the calculated and approved payments' }) pending_bonus_amount!: string;
  @ApiProperty({ example: 3 }) pending_payments!: number;
}

export class TopPerformerDto {
  @ApiProperty({ example: 12 }) employee_id!: number;
  @ApiProperty({ example: 'Jane Doe' }) employee_name!: string;
  @ApiProperty({ example: 3 }) payment_count!: number;
  @ApiProperty({ example: '1500.00', description: 'Calculated, approved and paid bonuses' }) total_bonus!: string;
}

export class RecentValueDto {
  @ApiProperty({ example: 90 }) id!: number;
  @ApiProperty({ example: 'Monthly sales revenue' }) kpi_name!: string;
  @ApiProperty({ enum: SUBJECT_TYPES }) entity_type!: SubjectType;
  @ApiProperty({ type: String, nullable: true, example: 'Jane Doe' }) entity_name!: string | null;
  @ApiProperty({ example: '56250.00' }) actual_value!: string;
  @ApiProperty({ type: String, nullable: true, example: '50000.00' }) target_value!: string | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    example: 13,
    description: 'Whole percent by which the value beats (positive) or misses (negative) its target; lower-is-better KPIs count a lower value as positive',
  })
  variance_percentage!: number | null;
  @ApiProperty({ example: '2026-01-31' }) period_end_date!: string;
}

export class KpiDashboardDto {
  @ApiProperty({ type: [KpiCategorySummaryDto], description: 'Categories that have KPIs' }) kpi_summary!: KpiCategorySummaryDto[];
  @ApiProperty() targets_summary!: TargetsSummaryDto;
  @ApiProperty() bonus_summary!: BonusSummaryDto;
  @ApiProperty({ type: [TopPerformerDto], description: 'The 5 employees with the highest bonus total' }) top_performers!: TopPerformerDto[];
  @ApiProperty({ type: [RecentValueDto], description: 'The 10 latest values by period end' }) recent_values!: RecentValueDto[];
}
