import { Entity, Enum, Index, ManyToOne, Property, Unique, type Rel } from '@mikro-orm/core';
import type { Opt } from '@mikro-orm/core';
import { TenantScopedEntity } from '../../common/tenancy/base.entity';
import type { Employee } from '../employees/employee.entity';
import type { User } from '../users/user.entity';
import type { BonusRule } from './bonus-rule.entity';
import { BONUS_TYPES, type BonusType } from './bonus-rule-tier.entity';
import type { Kpi } from './kpi.entity';
import type { KpiTarget } from './kpi-target.entity';

export const BONUS_PAYMENT_STATUSES = ['calculated', 'approved', 'paid', 'rejected', 'cancelled'] as const;
export type BonusPaymentStatus = (typeof BONUS_PAYMENT_STATUSES)[number];

/**
 * One employee's bonus for one KPI and one target period. Payroll reads the approved ones whose
 * payment_period_end falls in its pay period and marks them paid with the payroll's paid_date.
 */
@Entity({ tableName: 'bonus_payments' })
@Unique({ properties: ['company', 'employee', 'kpi', 'payment_period_start', 'payment_period_end'] })
@Index({ properties: ['company', 'status'] })
@Index({ properties: ['company', 'payment_period_end'] })
@Index({ properties: ['company', 'payment_period_start'] })
export class BonusPayment extends TenantScopedEntity {
  @ManyToOne({ entity: 'Employee', deleteRule: 'cascade', index: true })
  employee!: Rel<Employee>;

  @ManyToOne({ entity: 'Kpi', nullable: true, deleteRule: 'set null', index: true })
  kpi?: Rel<Kpi> | null;

  @ManyToOne({ entity: 'KpiTarget', nullable: true, deleteRule: 'set null', index: true })
  kpi_target?: Rel<KpiTarget> | null;

  @ManyToOne({ entity: 'BonusRule', nullable: true, deleteRule: 'set null', index: true })
  bonus_rule?: Rel<BonusRule> | null;

  @Property({ type: 'string', columnType: 'date' })
  payment_period_start!: string;

  @Property({ type: 'string', columnType: 'date' })
  payment_period_end!: string;

  @Property({ type: 'decimal', precision: 14, scale: 2 })
  bonus_amount!: string;

  @Enum({ items: [...BONUS_PAYMENT_STATUSES], default: 'calculated' })
  status: Opt<BonusPaymentStatus> = 'calculated';

  @Property({ type: 'string', columnType: 'date', nullable: true })
  paid_date?: string | null;

  @Property({ type: 'decimal', precision: 7, scale: 2, nullable: true })
  achievement_percentage?: string | null;

  @Property({ type: 'decimal', precision: 14, scale: 2, nullable: true })
  actual_value?: string | null;

  @Property({ type: 'decimal', precision: 14, scale: 2, nullable: true })
  target_value?: string | null;

  @Enum({ items: [...BONUS_TYPES], nullable: true })
  bonus_type?: BonusType | null;

  @Property({ columnType: 'timestamptz', nullable: true })
  approved_at?: Date | null;

  @ManyToOne({ entity: 'User', nullable: true, deleteRule: 'set null', index: true })
  approved_by?: Rel<User> | null;

  /** Why a payment was rejected or cancelled. */
  @Property({ type: 'text', nullable: true })
  status_note?: string | null;
}
