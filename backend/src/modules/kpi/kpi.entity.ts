import { Entity, Enum, Index, Property, Unique } from '@mikro-orm/core';
import type { Opt } from '@mikro-orm/core';
import { TenantScopedEntity } from '../../common/tenancy/base.entity';

export const KPI_CATEGORIES = ['sales', 'hr', 'operations', 'finance', 'productivity'] as const;
export const KPI_TYPES = ['number', 'percentage', 'currency'] as const;
/** manual: values are entered; the others are computed from the product's own records. */
export const DATA_SOURCE_TYPES = ['manual', 'attendance_rate', 'task_completion_rate', 'leave_days'] as const;
export const PERIOD_TYPES = ['monthly', 'quarterly', 'yearly'] as const;
export const DIRECTIONS = ['higher_is_better', 'lower_is_better'] as const;
export type KpiCategory = (typeof KPI_CATEGORIES)[number];
export type KpiType = (typeof KPI_TYPES)[number];
export type DataSourceType = (typeof DATA_SOURCE_TYPES)[number];
export type PeriodType = (typeof PERIOD_TYPES)[number];
export type Direction = (typeof DIRECTIONS)[number];

@Entity({ tableName: 'kpis' })
@Unique({ properties: ['company', 'code'] })
@Index({ properties: ['company', 'category'] })
@Index({ properties: ['company', 'is_active'] })
@Index({ properties: ['company', 'period_type'] })
@Index({ properties: ['company', 'name'] })
export class Kpi extends TenantScopedEntity {
  @Property({ length: 150 })
  name!: string;

  /** Unique in the company; stored upper-case. */
  @Property({ length: 50 })
  code!: string;

  @Property({ type: 'text', nullable: true })
  description?: string | null;

  @Enum({ items: [...KPI_CATEGORIES] })
  category!: KpiCategory;

  @Enum({ items: [...KPI_TYPES], default: 'number' })
  kpi_type: Opt<KpiType> = 'number';

  @Enum({ items: [...DATA_SOURCE_TYPES], default: 'manual' })
  data_source_type: Opt<DataSourceType> = 'manual';

  @Enum({ items: [...PERIOD_TYPES], default: 'monthly' })
  period_type: Opt<PeriodType> = 'monthly';

  @Enum({ items: [...DIRECTIONS], default: 'higher_is_better' })
  direction: Opt<Direction> = 'higher_is_better';

  /** Shown beside values, e.g. "USD", "%", "deals". */
  @Property({ length: 30, nullable: true })
  unit?: string | null;

  @Property({ default: true })
  is_active: Opt<boolean> = true;
}
