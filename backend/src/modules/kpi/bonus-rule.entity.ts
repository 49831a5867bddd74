import { Entity, Index, ManyToOne, Property, type Rel } from '@mikro-orm/core';
import type { Opt } from '@mikro-orm/core';
import { TenantScopedEntity } from '../../common/tenancy/base.entity';
import type { Kpi } from './kpi.entity';

/** How achievement of a KPI's targets turns into a bonus: its tiers, and an optional cap. */
@Entity({ tableName: 'bonus_rules' })
@Index({ properties: ['company', 'kpi'] })
@Index({ properties: ['company', 'is_active'] })
// at most one active rule per KPI, so a target yields at most one bonus
@Index({
  name: 'bonus_rules_one_active_per_kpi',
  expression:
    'create unique index "bonus_rules_one_active_per_kpi" on "bonus_rules" ("company_id", "kpi_id") where "is_active"',
})
export class BonusRule extends TenantScopedEntity {
  @ManyToOne({ entity: 'Kpi', deleteRule: 'cascade' })
  kpi!: Rel<Kpi>;

  @Property({ length: 150 })
  name!: string;

  @Property({ type: 'text', nullable: true })
  description?: string | null;

  /** Highest bonus one payment may reach; none when null. */
  @Property({ type: 'decimal', precision: 14, scale: 2, nullable: true })
  max_bonus_amount?: string | null;

  @Property({ default: true })
  is_active: Opt<boolean> = true;
}
