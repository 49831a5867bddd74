import { Entity, Enum, ManyToOne, Property, type Rel } from '@mikro-orm/core';
import { TenantScopedEntity } from '../../common/tenancy/base.entity';
import type { Company } from '../companies/company.entity';
import type { PayrollRecord } from './payroll-record.entity';

export const LINE_TYPES = ['earning', 'deduction'] as const;
export const LINE_CATEGORIES = ['basic', 'allowance', 'bonus', 'unpaid_leave', 'absence', 'deduction', 'tax'] as const;
export type LineType = (typeof LINE_TYPES)[number];
export type LineCategory = (typeof LINE_CATEGORIES)[number];

/**
 * One earning or deduction of a payroll record, so every figure of the record is explainable.
 * A run writes tens of thousands of lines, so the line carries only the foreign key it needs
 * (its record, which cascades from the company and the employee); component_id and
 * bonus_payment_id are plain ids that stay as history when the component or bonus goes.
 */
@Entity({ tableName: 'payroll_lines' })
export class PayrollLine extends TenantScopedEntity {
  @ManyToOne({ entity: 'Company', index: true, createForeignKeyConstraint: false })
  override company!: Rel<Company>;

  @ManyToOne({ entity: 'PayrollRecord', deleteRule: 'cascade', index: true })
  record!: Rel<PayrollRecord>;

  @Enum({ items: [...LINE_TYPES] })
  line_type!: LineType;

  @Enum({ items: [...LINE_CATEGORIES] })
  category!: LineCategory;

  @Property({ length: 30 })
  code!: string;

  @Property({ length: 150 })
  name!: string;

  /** days for basic pay, unpaid leave and absences */
  @Property({ type: 'decimal', precision: 7, scale: 1, nullable: true })
  quantity?: string | null;

  /** the day value, the fixed amount or the percentage the amount comes from */
  @Property({ type: 'decimal', precision: 14, scale: 4, nullable: true })
  rate?: string | null;

  @Property({ type: 'decimal', precision: 14, scale: 2 })
  amount!: string;

  /** earnings: part of taxable income; deductions: false = taken before tax */
  @Property()
  is_taxable!: boolean;

  /** the salary component the line comes from */
  @Property({ type: 'integer', nullable: true })
  component_id?: number | null;

  /** the bonus payment (KPI module) this line pays; it becomes paid with the record */
  @Property({ type: 'integer', nullable: true, index: true })
  bonus_payment_id?: number | null;

  @Property()
  sort_order!: number;
}
