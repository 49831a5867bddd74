import { Entity, ManyToOne, Property, Unique, type Rel } from '@mikro-orm/core';
import type { Opt } from '@mikro-orm/core';
import { TenantScopedEntity } from '../../common/tenancy/base.entity';
import type { User } from '../users/user.entity';

/**
 * One row per company and calculation period. A calculation locks its row first, so identical
 * calculations running at the same time take turns instead of writing two sets of payments.
 */
@Entity({ tableName: 'bonus_calculation_runs' })
@Unique({ properties: ['company', 'period_start', 'period_end'] })
export class BonusCalculationRun extends TenantScopedEntity {
  @Property({ type: 'string', columnType: 'date' })
  period_start!: string;

  @Property({ type: 'string', columnType: 'date' })
  period_end!: string;

  @Property({ default: 0 })
  run_count: Opt<number> = 0;

  @Property({ default: 0 })
  payments_count: Opt<number> = 0;

  @Property({ type: 'decimal', precision: 14, scale: 2, default: '0' })
  total_amount: Opt<string> = '0';

  @ManyToOne({ entity: 'User', nullable: true, deleteRule: 'set null', index: true })
  last_run_by?: Rel<User> | null;
}
