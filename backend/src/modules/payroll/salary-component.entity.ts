import { Entity, Enum, Index, Property, Unique } from '@mikro-orm/core';
import type { Opt } from '@mikro-orm/core';
import { TenantScopedEntity } from '../../common/tenancy/base.entity';

export const COMPONENT_TYPES = ['allowance', 'deduction'] as const;
export const CALCULATION_TYPES = ['fixed', 'percentage'] as const;
export type ComponentType = (typeof COMPONENT_TYPES)[number];
export type CalculationType = (typeof CALCULATION_TYPES)[number];

/**
 * An allowance or deduction of a company: a fixed monthly amount or a percentage of the period's
 * basic salary. It applies to every employee (applies_to_all) or to those it is assigned to.
 */
@Entity({ tableName: 'salary_components' })
@Unique({ properties: ['company', 'component_code'] })
@Index({ properties: ['company', 'is_active'] })
export class SalaryComponent extends TenantScopedEntity {
  @Property({ length: 100 })
  component_name!: string;

  @Property({ length: 30 })
  component_code!: string;

  @Enum({ items: [...COMPONENT_TYPES] })
  component_type!: ComponentType;

  @Enum({ items: [...CALCULATION_TYPES] })
  calculation_type!: CalculationType;

  /** fixed: the monthly amount */
  @Property({ type: 'decimal', precision: 14, scale: 2, nullable: true })
  amount?: string | null;

  /** percentage: percent of the basic salary (0 to 100) */
  @Property({ type: 'decimal', precision: 7, scale: 4, nullable: true })
  percentage?: string | null;

  /** allowance: part of taxable income; deduction: false = taken before tax (lowers taxable income) */
  @Property({ default: true })
  is_taxable: Opt<boolean> = true;

  @Property({ default: false })
  applies_to_all: Opt<boolean> = false;

  @Property({ default: true })
  is_active: Opt<boolean> = true;

  @Property({ type: 'text', nullable: true })
  description?: string | null;
}
